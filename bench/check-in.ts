/**
 * Issue 49's scenarios for `npm run bench` (ADR 105): the door without a signal and the vendedor's day.
 *
 * - The roster a phone stores before the event (GET /api/eventos/:id/check-in/roteiro) for an event of 2,000
 *   seated families, each with its voucher: one user, and eight phones preparing at once.
 * - A phone's queue uploaded when the signal comes back (POST /api/eventos/:id/presencas/lote): batches of 500
 *   families not yet in, each batch a new one; the target is under 1 s a batch. One phone, and four phones
 *   of four events uploading at once.
 * - The visits: a page of the list for each level of the tree, and a vendedor's agenda of the day (issue 46's
 *   targets: a list page p99 50 ms for one user, a dashboard 100 ms).
 *
 * - Relatórios' visits per vendedor, a month and a year, for the franqueador and the largest franquia.
 *
 * The events and families are made when the first of these scenarios runs (copies of open events, 2,000 seated
 * families each with a voucher) and stay as bench data, as the sign-up scenarios' do. The visits are bench:data's
 * (`visitasSteps`); a database built before them gets them at the start of the run.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, executeRows } from '../src/server/db/connect';
import { LOTE_MAX_ITENS } from '../src/shared/schemas/check-in-offline';
import { addDays, todayInBrasilia } from '../src/shared/brasilia';

/** Families per event: the "at 2,000 sign-ups". */
export const FAMILIAS_POR_EVENTO = 2_000;

/**
 * bench:data's visits: for every cliente with a vendedor, one visit every fifteen days over the last five months
 * (done, not done, or with each result) and one today and one in a week (scheduled). Each with its school's place in
 * the tree (migration 0094): bench:data loads with the triggers off, and a visit without it is in no one's list.
 */
export function visitasSteps(): [label: string, sql: string][] {
  return [
    [
      'visitas',
      `
      insert into visitas (cliente_id, vendedor_id, agendada_para, objetivo, status, resultado, motivo, registrada_em,
        created_at, cliente_vendedor_id, micro_franquia_id, franquia_id, franqueador_id)
      select c.id, c.vendedor_id,
        date_trunc('day', now()) + interval '11 hours' - (k * interval '15 days') + ((hashtext(c.id::text) & 7) * interval '1 hour'),
        'Apresentar o crédito educacional à direção',
        (case when k <= 0 then 'agendada' when k % 4 = 0 then 'nao_realizada' else 'realizada' end)::visita_status,
        (case when k > 0 and k % 4 <> 0 then (array['interessada', 'agendou_evento', 'sem_interesse'])[1 + k % 3] end)::visita_resultado,
        case when k > 0 and k % 4 <> 0 and k % 3 = 2 then 'Já tem parceria com outra rede' end,
        case when k > 0 then now() - (k * interval '15 days') end,
        now() - ((k + 1) * interval '15 days'),
        c.vendedor_id, c.micro_franquia_id, m.franquia_id, f.franqueador_id
      from clientes c
      join micro_franquias m on m.id = c.micro_franquia_id
      join franquias f on f.id = m.franquia_id,
      generate_series(-1, 10) k
      where c.vendedor_id is not null;`,
    ],
  ];
}

/** Makes the visits when the database was built before them. */
export async function garantirVisitas(db: Database): Promise<void> {
  const [row] = await executeRows<{ n: number }>(db, sql`select count(*)::int as n from visitas`);
  if (row && row.n > 0) return;
  for (const [, text] of visitasSteps()) await db.execute(sql.raw(text));
}

/** An event of the door: its id and its families not yet in. */
export interface EventoNaPorta {
  eventoId: string;
  leadIds: string[];
}

/**
 * `n` copies of open events of the network, each with 2,000 seated families (and a voucher each, good until a week
 * after the event), none of them in yet.
 */
export async function eventosNaPorta(db: Database, n: number): Promise<EventoNaPorta[]> {
  // An earlier run's events none of whose families came in yet serve again (the database grows only as needed).
  const prontos = await executeRows<{ id: string }>(
    db,
    sql`select e.id from eventos e
      where e.nome_escola like '% (porta)' and e.data_evento = current_date
        and not exists (select 1 from leads l where l.evento_id = e.id and l.presente_em is not null)
      limit ${n}`,
  );
  const out: EventoNaPorta[] = [];
  for (const { id } of prontos) {
    const leads = await executeRows<{ id: string }>(db, sql`select id from leads where evento_id = ${id} order by id`);
    out.push({ eventoId: id, leadIds: leads.map((l) => l.id) });
  }
  if (out.length === n) return out;
  const eventos = await executeRows<{ id: string }>(
    db,
    sql`insert into eventos (cliente_id, micro_franquia_id, nome_escola, tipo_escola, cep, cidade, estado,
        data_distribuicao, data_evento, horario, local, qtd_alunos)
      select cliente_id, micro_franquia_id, nome_escola || ' (porta)', tipo_escola, cep, cidade, estado,
        data_distribuicao, current_date, horario, local, qtd_alunos
      from eventos where status = 'agendado' and is_active and data_evento >= current_date limit ${n - out.length}
      returning id`,
  );
  if (eventos.length < n - out.length) {
    throw new Error('too few open events in the bench database: run npm run bench:data first');
  }
  const tag = randomUUID().slice(0, 8);
  for (const { id } of eventos) {
    const leads = await executeRows<{ id: string }>(
      db,
      sql`insert into leads (evento_id, nome_aluno, nome_responsavel, email, telefone)
        select ${id}, 'Aluno Porta ' || g || ' Silva', 'Responsável Porta', 'porta.' || ${tag} || '.' || g || '.' || ${id}::text || '@email.com.br',
          '11987654321'
        from generate_series(1, ${FAMILIAS_POR_EVENTO}) g
        returning id`,
    );
    await db.execute(
      sql`insert into lead_vouchers (lead_id, token_hash, expira_em)
        select l.id, encode(sha256(convert_to(l.id::text || ${tag}, 'UTF8')), 'hex'), now() + interval '7 days'
        from leads l where l.evento_id = ${id}`,
    );
    out.push({ eventoId: id, leadIds: leads.map((l) => l.id) });
  }
  return out;
}

/** Issue 49's requests, each with its path, account, body and target (bench/run.ts' Scenario). */
export interface CheckInScenario {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  account: 'franqueador' | 'franquia' | 'micro' | 'vendedor' | 'cliente';
  connections: number;
  target: { p99: number };
  /** Makes the scenario's events when it is about to run, and names its path. */
  resolvePath?: () => Promise<string>;
  pathFor?: (n: number) => string;
  body?: (n: number) => unknown;
  storedIn?: string;
}

export function checkInScenarios(db: Database, now = new Date()): CheckInScenario[] {
  const hoje = todayInBrasilia(now);
  // The events of the door are made when the first of their scenarios runs (never by BENCH_PLAN, nor by a run
  // that measures none of them): 120 events, 480 batches of 500 families not yet in.
  let preparados: Promise<EventoNaPorta[]> | undefined;
  const preparar = () => (preparados ??= eventosNaPorta(db, 120));
  let lotes: EventoNaPorta[] = [];
  const loteDe = async () => {
    lotes = (await preparar()).flatMap(({ eventoId, leadIds }) =>
      Array.from({ length: Math.floor(leadIds.length / LOTE_MAX_ITENS) }, (_, i) => ({
        eventoId,
        leadIds: leadIds.slice(i * LOTE_MAX_ITENS, (i + 1) * LOTE_MAX_ITENS),
      })),
    );
  };
  // The one phone takes the first part of the batches, the four phones the rest: no batch is sent twice while
  // there are batches left (past them, a batch is sent again and answers its stored outcomes).
  const parte = (desde: number) =>
    desde === 0 ? [0, Math.floor(lotes.length * 0.45)] : [Math.floor(lotes.length * 0.45), lotes.length];
  const lote = (n: number, desde: number) => {
    const [de, ate] = parte(desde) as [number, number];
    return lotes[de + (n % (ate - de))]!;
  };
  const upload = (name: string, connections: number, desde: number): CheckInScenario => ({
    name,
    method: 'POST',
    path: '/api/eventos/:id/presencas/lote',
    resolvePath: async () => {
      await loteDe();
      return `/api/eventos/${lote(0, desde).eventoId}/presencas/lote`;
    },
    account: 'franqueador',
    connections,
    target: { p99: 1000 },
    pathFor: (n) => `/api/eventos/${lote(n, desde).eventoId}/presencas/lote`,
    body: (n) => ({
      dispositivo: `bench-phone-${connections}`,
      dispositivoNome: 'Bench',
      itens: lote(n, desde).leadIds.map((leadId, i) => ({
        idCliente: randomUUID(),
        leadId,
        em: new Date(now.getTime() + i * 1000).toISOString(),
      })),
    }),
    storedIn: 'presencas_lote',
  });
  const primeiroEvento = async () => (await preparar())[0]!.eventoId;
  const both = (s: Omit<CheckInScenario, 'connections'>, many: number): CheckInScenario[] => [
    { ...s, name: `${s.name} · 1 user`, connections: 1 },
    { ...s, connections: many },
  ];
  return [
    ...both(
      {
        name: 'offline roster, 2,000 families · franqueador',
        path: '/api/eventos/:id/check-in/roteiro',
        resolvePath: async () => `/api/eventos/${await primeiroEvento()}/check-in/roteiro`,
        account: 'franqueador',
        target: { p99: 100 },
      },
      8,
    ),
    upload('offline check-ins, batch of 500 · 1 phone', 1, 0),
    upload('offline check-ins, batch of 500 · 4 phones', 4, 1),
    {
      name: 'offline conflicts list · franqueador',
      path: '/api/eventos/:id/presencas/conflitos',
      resolvePath: async () => `/api/eventos/${await primeiroEvento()}/presencas/conflitos`,
      account: 'franqueador',
      connections: 1,
      target: { p99: 50 },
    },
    ...(['franqueador', 'franquia', 'micro', 'vendedor'] as const).flatMap((account) =>
      both({ name: `visitas, page 1 · ${account}`, path: '/api/visitas', account, target: { p99: 50 } }, 16),
    ),
    ...both(
      {
        name: 'visitas of the month, page 1 · franquia',
        path: `/api/visitas?de=${hoje.slice(0, 8)}01&ate=${hoje}`,
        account: 'franquia',
        target: { p99: 50 },
      },
      16,
    ),
    // Relatórios' visits per vendedor over a month and a year: every vendedor of the scope grouped, 20 listed.
    ...(['franqueador', 'franquia'] as const).flatMap((account) =>
      (
        [
          ['30 d', 29],
          ['365 d', 364],
        ] as const
      ).flatMap(([rotulo, dias]) =>
        both(
          {
            name: `relatório visitas por vendedor · ${account}, ${rotulo}`,
            path: `/api/relatorios/visitas?de=${addDays(hoje, -dias)}&ate=${hoje}`,
            account,
            target: { p99: 100 },
          },
          8,
        ),
      ),
    ),
    ...both(
      {
        name: 'agenda of the day · vendedor',
        path: `/api/user/agenda?dia=${hoje}`,
        account: 'vendedor',
        target: { p99: 100 },
      },
      16,
    ),
  ];
}
