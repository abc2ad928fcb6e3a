import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { todayInBrasilia } from '../../../shared/brasilia';
import { INSCRICAO_MESSAGES } from '../../../shared/schemas/inscricao';
import { type Executor, executeRows } from '../connect';
import { auditLog, eventos, leads, presencasLote, users } from '../schema';

/**
 * Issue 49 (ADR 105): the door of Colégio Horizonte's last event of the year, run partly without a signal -- two
 * devices' queues delivered after the event (most families in by the reception's phone or the entrance's tablet),
 * two families checked in on both devices and one the online screen had first (the event's 'Conflitos'), and a
 * voucher unknown to the event refused. Each offline presence's audit row says so, and each device's batch has its
 * row on the event. A newcomer signed in as the cliente opens that event's check-in and finds it all.
 */

/** The two devices of the demo's door, and who sent each one's queue (the school, its micro-franquia). */
const APARELHOS = [
  { dispositivo: 'demo-recepcao-01', dispositivoNome: 'Celular da recepção' },
  { dispositivo: 'demo-entrada-02', dispositivoNome: 'Tablet da entrada' },
] as const;

/** A stable UUID for a demo check-in: the same network each load. */
const uuidDe = (texto: string) => {
  const h = createHash('md5').update(`demo-check-in:${texto}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

const MINUTO = 60_000;

/** Answers how many offline check-ins it wrote (0 when the school has no past event with presences). */
export async function checkInOfflineDaDemo(
  tx: Executor,
  ids: { horizonteClienteId: string; horizonteUserId: string; microUserId: string },
  now: Date,
): Promise<number> {
  const [evento] = await executeRows<{
    id: string;
    franqueador_id: string;
    franquia_id: string | null;
    micro_franquia_id: string | null;
  }>(
    tx,
    sql`select e.id, e.franqueador_id, e.franquia_id, e.micro_franquia_id from ${eventos} e
      where e.cliente_id = ${ids.horizonteClienteId}::uuid and e.data_evento < ${todayInBrasilia(now)}::date
        and exists (select 1 from ${leads} l where l.evento_id = e.id and l.presente_em is not null)
      order by e.data_evento desc, e.id limit 1`,
  );
  if (!evento) return 0;
  const presentes = await executeRows<{ id: string; presente_em: Date | string }>(
    tx,
    sql`select l.id, l.presente_em from ${leads} l where l.evento_id = ${evento.id}::uuid and l.presente_em is not null
      order by l.presente_em, l.id limit 40`,
  );
  if (presentes.length < 4) return 0;
  const usuarios = [ids.horizonteUserId, ids.microUserId];
  // Two thirds came in offline; the rest at the online screen.
  const offline = presentes.slice(0, Math.ceil((presentes.length * 2) / 3));
  const online = presentes.slice(offline.length);
  const rows: (typeof presencasLote.$inferInsert)[] = offline.map((lead, i) => {
    const em = new Date(lead.presente_em);
    return {
      idCliente: uuidDe(`registrada:${lead.id}`),
      eventoId: evento.id,
      leadId: lead.id,
      ...APARELHOS[i % 2]!,
      usuarioId: usuarios[i % 2]!,
      em,
      recebidaEm: new Date(em.getTime() + 90 * MINUTO),
      resultado: 'registrada',
    };
  });
  const registradas = [...rows];
  // The same family on the other device, a few minutes later: one presence, one line in Conflitos each.
  for (const [k, ganhou] of registradas.slice(0, 2).entries()) {
    const outro = k % 2 === 0 ? 1 : 0;
    rows.push({
      idCliente: uuidDe(`conflito:${ganhou.leadId}`),
      eventoId: evento.id,
      leadId: ganhou.leadId,
      ...APARELHOS[outro]!,
      usuarioId: usuarios[outro]!,
      em: new Date(ganhou.em!.getTime() + 4 * MINUTO),
      recebidaEm: new Date(ganhou.em!.getTime() + 95 * MINUTO),
      resultado: 'conflito',
      conflitoCom: ganhou.idCliente,
    });
  }
  // A family the online screen let in first, scanned again on the tablet.
  const naPorta = online[0];
  if (naPorta) {
    const em = new Date(new Date(naPorta.presente_em).getTime() + 2 * MINUTO);
    rows.push({
      idCliente: uuidDe(`conflito-porta:${naPorta.id}`),
      eventoId: evento.id,
      leadId: naPorta.id,
      ...APARELHOS[1],
      usuarioId: usuarios[1]!,
      em,
      recebidaEm: new Date(em.getTime() + 80 * MINUTO),
      resultado: 'conflito',
    });
  }
  // A voucher of no family of the event.
  const recusadaEm = new Date(registradas[0]!.em!.getTime() + 10 * MINUTO);
  rows.push({
    idCliente: uuidDe(`recusada:${evento.id}`),
    eventoId: evento.id,
    ...APARELHOS[0],
    usuarioId: usuarios[0]!,
    em: recusadaEm,
    recebidaEm: new Date(recusadaEm.getTime() + 80 * MINUTO),
    resultado: 'recusada',
    motivo: INSCRICAO_MESSAGES.inscricaoNaoEncontrada,
  });
  await tx.insert(presencasLote).values(rows);

  // The offline presences' audit rows say how they came, and who sent them; each device's batch has its own row.
  const detalhes = registradas.map((r) => ({
    lead_id: r.leadId,
    usuario_id: r.usuarioId,
    detalhes: {
      eventoId: evento.id,
      meio: 'offline',
      dispositivo: r.dispositivo,
      dispositivoNome: r.dispositivoNome,
      idCliente: r.idCliente,
    },
  }));
  await tx.execute(sql`update ${auditLog} a set detalhes = d.detalhes, usuario_id = d.usuario_id,
      papel = (select u.role from ${users} u where u.id = d.usuario_id)
    from jsonb_to_recordset(${JSON.stringify(detalhes)}::jsonb) as d(lead_id uuid, usuario_id uuid, detalhes jsonb)
    where a.acao = 'lead.presenca' and a.entidade_id = d.lead_id`);
  const conta = (dispositivo: string, resultado: string) =>
    rows.filter((r) => r.dispositivo === dispositivo && r.resultado === resultado).length;
  await tx.insert(auditLog).values(
    APARELHOS.map((aparelho, i) => {
      const deste = rows.filter((r) => r.dispositivo === aparelho.dispositivo);
      return {
        em: new Date(Math.max(...deste.map((r) => r.recebidaEm!.getTime()))),
        usuarioId: usuarios[i]!,
        papel: i === 0 ? ('cliente' as const) : ('micro_franquia' as const),
        acao: 'evento.presencas_lote',
        entidade: 'evento',
        entidadeId: evento.id,
        detalhes: {
          ...aparelho,
          itens: deste.length,
          registradas: conta(aparelho.dispositivo, 'registrada'),
          jaRegistradas: 0,
          conflitos: conta(aparelho.dispositivo, 'conflito'),
          recusadas: conta(aparelho.dispositivo, 'recusada'),
          reenviadas: 0,
        },
        franqueadorId: evento.franqueador_id,
        franquiaId: evento.franquia_id,
        microFranquiaId: evento.micro_franquia_id,
      };
    }),
  );
  return rows.length;
}
