import { and, eq, type SQL, sql } from 'drizzle-orm';
import {
  WHATSAPP_CATEGORIAS,
  WHATSAPP_CUSTOS_PADRAO,
  type WhatsappCategoria,
  type WhatsappModeloData,
  type WhatsappMomento,
  type WhatsappStatus,
  type WhatsappVariavel,
} from '../../../shared/schemas/whatsapp-cloud';
import { type Executor, executeRows } from '../../db/connect';
import {
  consentimentos,
  jobs,
  leads,
  preMatriculas,
  whatsappCloudModelos,
  whatsappCustos,
  whatsappMensagens,
  whatsappMomentos,
  whatsappRecebidas,
} from '../../db/schema';

/** WhatsApp oficial (issue 47, ADR 103): the network's templates, moments and prices, and each notice's delivery. */

export interface ModeloRow {
  id: string;
  nome: string;
  idioma: string;
  categoria: WhatsappCategoria;
  variaveis: WhatsappVariavel[];
  updatedAt: Date;
}

const modeloColunas = {
  id: whatsappCloudModelos.id,
  nome: whatsappCloudModelos.nome,
  idioma: whatsappCloudModelos.idioma,
  categoria: whatsappCloudModelos.categoria,
  variaveis: whatsappCloudModelos.variaveis,
  updatedAt: whatsappCloudModelos.updatedAt,
};

export async function listModelos(db: Executor, franqueadorId: string): Promise<ModeloRow[]> {
  const rows = await db
    .select(modeloColunas)
    .from(whatsappCloudModelos)
    .where(eq(whatsappCloudModelos.franqueadorId, franqueadorId))
    .orderBy(whatsappCloudModelos.nome, whatsappCloudModelos.idioma);
  return rows as ModeloRow[];
}

export async function findModelo(db: Executor, franqueadorId: string, id: string): Promise<ModeloRow | undefined> {
  const [row] = await db
    .select(modeloColunas)
    .from(whatsappCloudModelos)
    .where(and(eq(whatsappCloudModelos.id, id), eq(whatsappCloudModelos.franqueadorId, franqueadorId)))
    .for('update');
  return row as ModeloRow | undefined;
}

const valores = (m: WhatsappModeloData) => ({
  nome: m.nome,
  idioma: m.idioma,
  categoria: m.categoria,
  variaveis: m.variaveis.map((v) => ({
    componente: v.componente,
    posicao: v.posicao,
    botao: v.componente === 'button' ? (v.botao ?? 0) : null,
    campo: v.campo,
  })),
});

/** A new template; undefined when the network has one of that name and language. */
export async function insertModelo(
  db: Executor,
  franqueadorId: string,
  modelo: WhatsappModeloData,
): Promise<ModeloRow | undefined> {
  const [row] = await db
    .insert(whatsappCloudModelos)
    .values({ franqueadorId, ...valores(modelo) })
    .onConflictDoNothing()
    .returning(modeloColunas);
  return row as ModeloRow | undefined;
}

/** The template rewritten; undefined when another of the network's has that name and language. */
export async function updateModelo(
  db: Executor,
  franqueadorId: string,
  id: string,
  modelo: WhatsappModeloData,
  now: Date,
): Promise<ModeloRow | undefined> {
  const [outro] = await db
    .select({ id: whatsappCloudModelos.id })
    .from(whatsappCloudModelos)
    .where(
      and(
        eq(whatsappCloudModelos.franqueadorId, franqueadorId),
        eq(whatsappCloudModelos.nome, modelo.nome),
        eq(whatsappCloudModelos.idioma, modelo.idioma),
        sql`${whatsappCloudModelos.id} <> ${id}::uuid`,
      ),
    );
  if (outro) return undefined;
  const [row] = await db
    .update(whatsappCloudModelos)
    .set({ ...valores(modelo), updatedAt: now })
    .where(and(eq(whatsappCloudModelos.id, id), eq(whatsappCloudModelos.franqueadorId, franqueadorId)))
    .returning(modeloColunas);
  return row as ModeloRow | undefined;
}

export async function deleteModelo(db: Executor, franqueadorId: string, id: string): Promise<void> {
  await db
    .delete(whatsappCloudModelos)
    .where(and(eq(whatsappCloudModelos.id, id), eq(whatsappCloudModelos.franqueadorId, franqueadorId)));
}

/** Each moment's template of the network (absent: by e-mail). */
export async function listMomentos(
  db: Executor,
  franqueadorId: string,
): Promise<{ momento: WhatsappMomento; modeloId: string }[]> {
  const rows = await db
    .select({ momento: whatsappMomentos.momento, modeloId: whatsappMomentos.modeloId })
    .from(whatsappMomentos)
    .where(eq(whatsappMomentos.franqueadorId, franqueadorId));
  return rows as { momento: WhatsappMomento; modeloId: string }[];
}

export async function setMomento(
  db: Executor,
  franqueadorId: string,
  momento: WhatsappMomento,
  modeloId: string | null,
  now: Date,
): Promise<void> {
  if (modeloId === null) {
    await db
      .delete(whatsappMomentos)
      .where(and(eq(whatsappMomentos.franqueadorId, franqueadorId), eq(whatsappMomentos.momento, momento)));
    return;
  }
  await db
    .insert(whatsappMomentos)
    .values({ franqueadorId, momento, modeloId, updatedAt: now })
    .onConflictDoUpdate({
      target: [whatsappMomentos.franqueadorId, whatsappMomentos.momento],
      set: { modeloId, updatedAt: now },
    });
}

/** The network's price per category, the product's where it set none. */
export async function findCustos(db: Executor, franqueadorId: string): Promise<Record<WhatsappCategoria, number>> {
  const rows = await db
    .select({ categoria: whatsappCustos.categoria, centavos: whatsappCustos.centavos })
    .from(whatsappCustos)
    .where(eq(whatsappCustos.franqueadorId, franqueadorId));
  const custos = { ...WHATSAPP_CUSTOS_PADRAO };
  for (const r of rows) {
    if ((WHATSAPP_CATEGORIAS as readonly string[]).includes(r.categoria)) {
      custos[r.categoria as WhatsappCategoria] = r.centavos;
    }
  }
  return custos;
}

export async function setCusto(
  db: Executor,
  franqueadorId: string,
  categoria: WhatsappCategoria,
  centavos: number,
  now: Date,
): Promise<void> {
  await db
    .insert(whatsappCustos)
    .values({ franqueadorId, categoria, centavos, updatedAt: now })
    .onConflictDoUpdate({
      target: [whatsappCustos.franqueadorId, whatsappCustos.categoria],
      set: { centavos, updatedAt: now },
    });
}

/** The family a notice is for: its lead, or its pré-matrícula when it has none. */
export interface Familia {
  leadId: string | null;
  preMatriculaId: string | null;
}

/**
 * The WhatsApp consent of a family still standing: given on its sign-up or on its activation, not withdrawn, its
 * data not anonymised. Each place a consent may be is its own `exists`, read through that column's index (one
 * condition with `or` across the columns read the whole table).
 */
const consentiu = (f: Familia) => {
  const valido = sql`c.finalidade = 'whatsapp' and c.revogado_em is null`;
  const lugares: SQL[] = [];
  if (f.leadId) {
    lugares.push(sql`exists (select 1 from ${consentimentos} c where c.lead_id = ${f.leadId}::uuid and ${valido})`);
    lugares.push(sql`exists (select 1 from ${preMatriculas} p join ${consentimentos} c on c.pre_matricula_id = p.id
      where p.lead_id = ${f.leadId}::uuid and ${valido})`);
  }
  if (f.preMatriculaId) {
    lugares.push(
      sql`exists (select 1 from ${consentimentos} c where c.pre_matricula_id = ${f.preMatriculaId}::uuid and ${valido})`,
    );
  }
  const anonimizado = f.leadId
    ? sql`exists (select 1 from ${leads} l where l.id = ${f.leadId}::uuid and l.anonimizado_em is not null)`
    : sql`false`;
  return lugares.length ? sql`((${sql.join(lugares, sql` or `)}) and not ${anonimizado})` : sql`false`;
};

/** Whether the family consented to WhatsApp notices (a notice is queued as one only then). */
export async function familiaConsentiu(db: Executor, familia: Familia): Promise<boolean> {
  if (!familia.leadId && !familia.preMatriculaId) return false;
  const [row] = await executeRows<{ ok: boolean }>(db, sql`select ${consentiu(familia)} as ok`);
  return row?.ok === true;
}

/** What a notice's job needs when it runs: its network and record, the moment's template, the consent, the price. */
export interface ContextoDoEnvio {
  franqueadorId: string | null;
  registroId: string | null;
  consentiu: boolean;
  modelo: ModeloRow | null;
  /** A message of this job already taken by the API (a try after a crash): nothing is sent again. */
  jaEnviada: boolean;
  custos: Record<WhatsappCategoria, number>;
}

export async function contextoDoEnvio(
  db: Executor,
  jobId: string,
  momento: WhatsappMomento | 'sair',
  familia: Familia,
): Promise<ContextoDoEnvio> {
  const [row] = await executeRows<{
    franqueador_id: string | null;
    registro_id: string | null;
    consentiu: boolean;
    ja_enviada: boolean;
    modelo: (Omit<ModeloRow, 'updatedAt'> & { updatedAt: string }) | null;
  }>(
    db,
    sql`select j.franqueador_id, j.registro_id,
        ${consentiu(familia)} as consentiu,
        exists (select 1 from ${whatsappMensagens} m where m.job_id = j.id) as ja_enviada,
        (select jsonb_build_object('id', t.id, 'nome', t.nome, 'idioma', t.idioma, 'categoria', t.categoria,
            'variaveis', t.variaveis, 'updatedAt', t.updated_at)
          from ${whatsappMomentos} wm join ${whatsappCloudModelos} t on t.id = wm.modelo_id
          where wm.franqueador_id = j.franqueador_id and wm.momento = ${momento}) as modelo
      from ${jobs} j where j.id = ${jobId}::uuid`,
  );
  const franqueadorId = row?.franqueador_id ?? null;
  return {
    franqueadorId,
    registroId: row?.registro_id ?? null,
    consentiu: row?.consentiu === true,
    jaEnviada: row?.ja_enviada === true,
    modelo: row?.modelo ? { ...row.modelo, updatedAt: new Date(row.modelo.updatedAt) } : null,
    custos: franqueadorId ? await findCustos(db, franqueadorId) : { ...WHATSAPP_CUSTOS_PADRAO },
  };
}

export interface NovaMensagem {
  jobId: string;
  franqueadorId: string | null;
  leadId: string | null;
  momento: WhatsappMomento | 'sair';
  modeloNome: string | null;
  categoria: WhatsappCategoria | null;
  waId: string | null;
  wamid: string | null;
  status: WhatsappStatus;
  statusEm: Date;
  erro: string | null;
  motivoEmail: string | null;
  custoCentavos: number | null;
  /** The notice's e-mail, kept for the fallback a `failed` status sends. */
  email: unknown;
}

/** A notice's message, once per job (a second try of a job that wrote one writes nothing). */
export async function insertMensagem(db: Executor, m: NovaMensagem): Promise<void> {
  await db
    .insert(whatsappMensagens)
    .values({ ...m, email: m.email ?? null })
    .onConflictDoNothing({ target: whatsappMensagens.jobId });
}

/** How far a delivery has come: a status only moves forward, so a webhook delivered again changes nothing. */
const ORDEM = sql`array_position(array['pendente', 'enviada', 'entregue', 'lida', 'falhou', 'por_email']::text[], `;

export interface MensagemAtualizada {
  id: string;
  franqueadorId: string | null;
  leadId: string | null;
  jobId: string;
  email: unknown;
  motivoEmail: string | null;
}

/**
 * A status webhook on the message `wamid`: applied only if it moves the delivery forward. A delivered or read
 * message's e-mail is dropped (no fallback will need it). Answers the message when it moved.
 */
export async function avancarStatus(
  db: Executor,
  wamid: string,
  status: 'enviada' | 'entregue' | 'lida' | 'falhou',
  em: Date,
  erro: string | null,
): Promise<MensagemAtualizada | undefined> {
  const quando = em.toISOString();
  const [row] = await executeRows<MensagemAtualizada>(
    db,
    sql`update ${whatsappMensagens} m set status = ${status}, status_em = ${quando}::timestamptz,
        entregue_em = case when ${status} in ('entregue', 'lida') then coalesce(m.entregue_em, ${quando}::timestamptz)
          else m.entregue_em end,
        lida_em = case when ${status} = 'lida' then ${quando}::timestamptz else m.lida_em end,
        erro = coalesce(${erro}, m.erro),
        email = case when ${status} in ('entregue', 'lida') then null else m.email end
      where m.wamid = ${wamid} and ${ORDEM}m.status) < ${ORDEM}${status}::text)
      returning m.id, m.franqueador_id as "franqueadorId", m.lead_id as "leadId", m.job_id as "jobId",
        m.motivo_email as "motivoEmail", m.email`,
  );
  return row;
}

/** The fallback e-mail sent for a failed message: said once, its copy dropped. */
export async function marcarPorEmail(db: Executor, id: string, motivo: string): Promise<void> {
  await db.update(whatsappMensagens).set({ motivoEmail: motivo, email: null }).where(eq(whatsappMensagens.id, id));
}

/**
 * An incoming message, once: false when its id was received before (a webhook delivered again). The lead is the
 * one the number was last written to by this product -- a family replies to a notice.
 */
export async function registrarRecebida(
  db: Executor,
  wamid: string,
  de: string,
  em: Date,
): Promise<{ nova: boolean; leadId: string | null; franqueadorId: string | null }> {
  const [lead] = await executeRows<{ lead_id: string | null; franqueador_id: string | null }>(
    db,
    sql`select m.lead_id, m.franqueador_id from ${whatsappMensagens} m
      where m.wa_id = ${de} and m.lead_id is not null order by m.created_at desc limit 1`,
  );
  const leadId = lead?.lead_id ?? null;
  const inserted = await db
    .insert(whatsappRecebidas)
    .values({ wamid, leadId, em })
    .onConflictDoNothing()
    .returning({ wamid: whatsappRecebidas.wamid });
  return { nova: inserted.length > 0, leadId, franqueadorId: lead?.franqueador_id ?? null };
}

/**
 * 'SAIR': the WhatsApp consents of the lead (and of its pré-matrículas) withdrawn. Answers whether one stood (a
 * second 'SAIR' withdraws nothing, and is not confirmed again).
 */
export async function revogarWhatsapp(db: Executor, leadId: string, em: Date): Promise<boolean> {
  // The lead's own consents and its pré-matrículas', each found by its column's index.
  const rows = await executeRows<{ id: string }>(
    db,
    sql`update ${consentimentos} set revogado_em = ${em.toISOString()}::timestamptz
      where id in (
          select id from ${consentimentos} where lead_id = ${leadId}::uuid
          union all
          select c.id from ${preMatriculas} p join ${consentimentos} c on c.pre_matricula_id = p.id
            where p.lead_id = ${leadId}::uuid)
        and finalidade = 'whatsapp' and revogado_em is null
      returning id`,
  );
  return rows.length > 0;
}

/** The family's number the last notice went to (the confirmation of 'SAIR' goes to it). */
export async function waIdDoLead(db: Executor, leadId: string): Promise<string | null> {
  const [row] = await executeRows<{ wa_id: string }>(
    db,
    sql`select wa_id from ${whatsappMensagens} where lead_id = ${leadId}::uuid and wa_id is not null
      order by created_at desc limit 1`,
  );
  return row?.wa_id ?? null;
}
