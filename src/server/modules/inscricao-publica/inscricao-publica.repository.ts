import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Executor, executeRows, fixedStatement } from '../../db/connect';
import {
  consentimentos,
  eventos,
  franquias,
  jobs,
  leads,
  leadVouchers,
  microFranquias,
  vendedores,
} from '../../db/schema';
import type { LinhaDeJob } from '../../jobs';
import { jsonObjectClose } from '../../jobs';
import { openOn } from '../eventos';
import type { NovoVoucher } from '../inscricoes';
import type { ConsentimentoDado } from '../lgpd';
import { entregasInsert } from '../webhooks';

/**
 * The public sign-up's statement and its locked path's reads (docs/guides/sign-up.md). The statement writes, for
 * each sign-up, its lead and everything that commits with it: its consent, its voucher, its e-mail's job and its
 * webhooks' deliveries. Those rows' values are built in TypeScript by the modules they belong to (`novoVoucher`,
 * `linhaDeEmail`, `jsonObjectOpen`) and travel here as arrays; this file alone names the batch's columns.
 */

export interface NewLead {
  eventoId: string;
  nomeAluno: string;
  nomeResponsavel: string;
  email: string;
  telefone: string;
  consentidoEm: Date;
  /** Issue 20: stored on the waiting list, not in a seat. */
  listaEspera?: boolean;
  /** Issue 48: where the family came from, as the page kept it; the code is resolved by the statement. */
  origem?: OrigemNova;
}

/** The UTM fields and the share link's code of a public form (issue 48), each absent when not sent. */
export interface OrigemNova {
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  utmContent?: string;
  utmTerm?: string;
  /** The share link's code, in capitals: a vendedor's or an event's. */
  vendedor?: string;
}

/**
 * The share link a code names in the network of the event `eventoId` (issue 48, ADR 104): an active vendedor's
 * (`codigo` and `vendedor_id`) or, failing that, an event's (`codigo`, `vendedor_id` null); no row for a code of
 * another network or of nobody, which is ignored. A lateral subquery of the statement that writes the row, so a
 * form with a code costs one lookup by the code's unique index, and a form without one costs none (null finds
 * nothing).
 */
export const linkDoCodigo = (codigo: SQL, eventoId: SQL): SQL =>
  sql`(select * from (
      select ${vendedores.id} as vendedor_id, ${vendedores.codigoIndicacao} as codigo, 1 as ordem
      from ${vendedores}
        join ${microFranquias} on ${microFranquias.id} = ${vendedores.microFranquiaId}
        join ${franquias} on ${franquias.id} = ${microFranquias.franquiaId}
      where ${vendedores.codigoIndicacao} = ${codigo} and ${vendedores.isActive}
        and ${franquias.franqueadorId} = (select e.franqueador_id from ${eventos} e where e.id = ${eventoId})
      union all
      select null::uuid, x.codigo_indicacao, 2 from ${eventos} x
      where x.codigo_indicacao = ${codigo}
        and x.franqueador_id = (select e.franqueador_id from ${eventos} e where e.id = ${eventoId})
    ) achados order by ordem limit 1)`;

/** How a sign-up's row is let in, besides its event being open on its day. */
export type Admissao = 'semVagas' | 'lugar' | 'livre';

/** A sign-up for `insertLeadsIfOpen`: its row, its consent, and what its statement writes with it (ADR 043). */
export interface InscricaoNova {
  /** The new lead's id, chosen here: a batch finds each sign-up's row by it. */
  id: string;
  /** The day (YYYY-MM-DD, Brasília) the event must not be before. */
  today: string;
  /** The request's instant: the deadline is read at it, and the webhooks' deliveries are dated by it. */
  agora: Date;
  lead: NewLead;
  consent: ConsentimentoDado;
  /** The WhatsApp option's words when the family ticked it (issue 47): its consent, written beside the form's. */
  whatsapp?: string | null;
  /**
   * What more lets the row in. 'semVagas' (the fast path): the event still has no seats and is before its
   * deadline. 'lugar': the event's row locked and its seats counted first (`evento_lugar`, migration 0029), the
   * row written in a seat only while one is left and before the deadline. 'livre': nothing more (the caller
   * holds the event's lock and has counted).
   */
  admissao: Admissao;
  /** Its voucher (`novoVoucher`), written with the row. */
  voucher?: NovoVoucher;
  /** Its e-mail's job (`linhaDeEmail`), written with the row, on the 'Envios' of the row's network. */
  email?: LinhaDeJob;
  /**
   * The webhooks' `lead.criado` deliveries, written with the row: the body's data but its last value
   * (`jsonObjectOpen`), which the statement completes with the row's `criadoEm`, and the deliveries' tries.
   */
  criado?: { dados: string; maxTentativas: number };
}

/** A sign-up beside the number of sign-ups of its event before it in its statement that ask for a seat. */
type Linha = InscricaoNova & { antes: number | null };

const iso = (t: Date) => t.toISOString();

/** The columns of the sign-ups in their statement (`i`): each travels as one array (`unnest`). */
const COLUNAS: [nome: string, tipo: string, valor: (r: Linha) => unknown][] = [
  ['id', 'uuid', (r) => r.id],
  ['evento_id', 'uuid', (r) => r.lead.eventoId],
  ['nome_aluno', 'text', (r) => r.lead.nomeAluno],
  ['nome_responsavel', 'text', (r) => r.lead.nomeResponsavel],
  ['email', 'text', (r) => r.lead.email],
  ['telefone', 'text', (r) => r.lead.telefone],
  ['consentido_em', 'timestamptz', (r) => iso(r.lead.consentidoEm)],
  ['lista_espera', 'boolean', (r) => r.lead.listaEspera ?? false],
  // Where the family came from (issue 48): null when the page kept none.
  ['utm_source', 'text', (r) => r.lead.origem?.utmSource ?? null],
  ['utm_medium', 'text', (r) => r.lead.origem?.utmMedium ?? null],
  ['utm_campaign', 'text', (r) => r.lead.origem?.utmCampaign ?? null],
  ['utm_content', 'text', (r) => r.lead.origem?.utmContent ?? null],
  ['utm_term', 'text', (r) => r.lead.origem?.utmTerm ?? null],
  ['link_codigo', 'text', (r) => r.lead.origem?.vendedor ?? null],
  ['today', 'date', (r) => r.today],
  ['agora', 'text', (r) => iso(r.agora)],
  ['admissao', 'text', (r) => r.admissao],
  ['antes', 'int', (r) => r.antes],
  // Its consent (consentimentos).
  ['aviso_versao', 'text', (r) => r.consent.avisoVersao],
  ['texto', 'text', (r) => r.consent.texto],
  ['consentido', 'timestamptz', (r) => iso(r.consent.em)],
  ['ip', 'text', (r) => r.consent.ip],
  ['user_agent', 'text', (r) => r.consent.userAgent],
  ['whatsapp_texto', 'text', (r) => r.whatsapp ?? null],
  // Its voucher (lead_vouchers).
  ['voucher_hash', 'text', (r) => r.voucher?.tokenHash ?? null],
  ['voucher_expira', 'timestamptz', (r) => (r.voucher ? iso(r.voucher.expiraEm) : null)],
  // Its e-mail's job (jobs).
  ['email_tipo', 'text', (r) => r.email?.tipo ?? null],
  ['email_payload', 'text', (r) => r.email?.payload ?? null],
  ['email_resumo', 'text', (r) => r.email?.resumo ?? null],
  ['email_destino', 'text', (r) => r.email?.destino ?? null],
  ['email_destino_chave', 'text', (r) => r.email?.destinoChave ?? null],
  ['email_tentativas', 'int', (r) => r.email?.maxTentativas ?? null],
  ['email_executar_em', 'timestamptz', (r) => (r.email ? iso(r.email.executarEm) : null)],
  ['email_criado_em', 'timestamptz', (r) => (r.email ? iso(r.email.createdAt) : null)],
  ['email_atualizado_em', 'timestamptz', (r) => (r.email ? iso(r.email.updatedAt) : null)],
  // Its webhooks' deliveries.
  ['criado_dados', 'text', (r) => r.criado?.dados ?? null],
  ['criado_tentativas', 'int', (r) => r.criado?.maxTentativas ?? null],
];

/** Still taking sign-ups at the sign-up's instant: before the deadline, when the event has one. */
const antesDoPrazo = sql`(${eventos.inscricoesAte} is null or ${eventos.inscricoesAte} > i.agora::timestamptz)`;

/** The ISO 8601 text of the new row's creation (what `Date#toISOString` writes), for a body built in SQL. */
const novoCriadoEm = sql`to_char(novo.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The rows written, each beside its sign-up, where the sign-up has `coluna` (a write it asks for). */
const escritas = (coluna: string): SQL =>
  sql`novo join i on i.id = novo.id where ${sql.raw(`i.${coluna}`)} is not null`;

/**
 * The e-mail's payload with the new row's voucher code (issue 51, ADR 090) where its template's data holds one: the
 * database draws the code as it writes the row, after the payload was built (`VOUCHER_CODIGO_A_ESCREVER`).
 */
const comCodigo = (payload: SQL): SQL =>
  sql`jsonb_set(${payload}, '{dados,codigo}', to_jsonb(novo.codigo_voucher), false)`;

/**
 * The statement of `insertLeadsIfOpen`: its text is the same for any batch, so it is compiled once, and prepared
 * under its name (`inscricoes_lote`) on each PostgreSQL connection.
 */
const inscricoesStatement = fixedStatement(
  COLUNAS.length,
  (colunas) => {
    const arrays = COLUNAS.map(([, tipo], k) => sql`${colunas[k]}::${sql.raw(tipo)}[]`);
    return sql`with i as (
      select * from unnest(${sql.join(arrays, sql`, `)}) with ordinality
        as i(${sql.raw(COLUNAS.map(([nome]) => nome).join(', '))}, ordem)
    ), lugar as (
      select x.evento_id, l.vagas, l.sentados, l.encerrada
      from (select evento_id, max(agora::timestamptz) as agora from i where admissao = 'lugar'
        group by evento_id order by evento_id) x,
        lateral evento_lugar(x.evento_id, x.agora) l
    ), novo as (
      insert into ${leads} (id, evento_id, nome_aluno, nome_responsavel, email, telefone, consentido_em, lista_espera,
        utm_source, utm_medium, utm_campaign, utm_content, utm_term, link_codigo, link_vendedor_id)
      select i.id, i.evento_id, i.nome_aluno, i.nome_responsavel, i.email, i.telefone, i.consentido_em, i.lista_espera,
        i.utm_source, i.utm_medium, i.utm_campaign, i.utm_content, i.utm_term, link.codigo, link.vendedor_id
      from i left join lateral ${linkDoCodigo(sql`i.link_codigo`, sql`i.evento_id`)} link on true
      where exists (select 1 from ${eventos} where ${and(
        eq(eventos.id, sql`i.evento_id`),
        openOn(sql`i.today`),
        sql`(i.admissao <> 'semVagas' or (${and(isNull(eventos.vagas), antesDoPrazo)}))`,
      )})
        and (i.admissao <> 'lugar' or exists (select 1 from lugar where lugar.evento_id = i.evento_id
          and not lugar.encerrada and (lugar.vagas is null or lugar.sentados + i.antes < lugar.vagas)))
      -- By micro-franquia: a distributing one's row is locked by its lead's turn (distribuicao_escolher), so two
      -- statements take those locks in one order and never deadlock; within one, in the order they came.
      order by (select ${eventos.microFranquiaId} from ${eventos} where ${eventos.id} = i.evento_id), i.ordem
      on conflict do nothing
      returning id, created_at, franqueador_id, franquia_id, codigo_voucher
    ), consentido as (
      insert into ${consentimentos} (lead_id, aviso_versao, texto, em, ip, user_agent, finalidade)
      select novo.id, i.aviso_versao, c.texto, i.consentido, i.ip, i.user_agent, c.finalidade
      from novo join i on i.id = novo.id,
        lateral (values (i.texto, 'tratamento'), (i.whatsapp_texto, 'whatsapp')) c(texto, finalidade)
      where c.texto is not null
    ), voucher as (
      insert into ${leadVouchers} (lead_id, token_hash, expira_em)
      select novo.id, i.voucher_hash, i.voucher_expira from ${escritas('voucher_hash')}
    ), email as (
      insert into ${jobs} (tipo, payload, resumo, destino, destino_chave, franqueador_id, registro_id, executar_em,
        max_tentativas, created_at, updated_at)
      select i.email_tipo, ${comCodigo(sql`i.email_payload::jsonb`)}, i.email_resumo, i.email_destino, i.email_destino_chave,
        novo.franqueador_id, novo.id,
        i.email_executar_em, i.email_tentativas, i.email_criado_em, i.email_atualizado_em
      from ${escritas('email_payload')}
    ), criado as (
      select novo.franqueador_id, novo.franquia_id, novo.id as registro_id,
        ${jsonObjectClose(sql`i.criado_dados`, novoCriadoEm)} as dados, i.agora as em,
        i.criado_tentativas as max_tentativas
      from ${escritas('criado_dados')}
    ), entregas as (
      ${entregasInsert('lead.criado', sql`criado`)}
    )
    select id, created_at as "createdAt" from novo`;
  },
  'inscricoes_lote',
);

/**
 * Sign-ups in one statement and one commit (ADR 043, ADR 044, ADR 045): each row is inserted only if its event is
 * open on its `today` (and lets it in by its `admissao`) and the same student isn't signed up for it yet, with its
 * consent record and, when given, its voucher, its e-mail's job (on the 'Envios' of the row's network) and its
 * webhooks' deliveries -- one statement is atomic without a transaction. The sign-ups travel as one array per
 * column (`unnest`), so the statement's text is the same however many it holds: compiled once, and prepared once
 * per connection. Answers, for each sign-up in order, its new row, or nothing when one of those kept it out; the
 * caller tells which. Two sign-ups of one student in the same statement write one row: the other answers
 * nothing, as a repeat does.
 *
 * Seats: each event's row is locked and its seats counted once (`evento_lugar`, migration 0029), events in id
 * order so that two statements never deadlock, and the n-th sign-up of an event in the statement takes a seat
 * only if n are left besides. A statement cannot count its own rows, so this counts every sign-up before it as
 * seated: one that was not (a repeat) leaves the next one out for the caller to seat alone -- never one seat
 * too many.
 */
export async function insertLeadsIfOpen(db: Executor, recebidas: InscricaoNova[]) {
  // Each event's sign-ups in the order they came: the n-th asks for a seat with n others before it.
  const porEvento = new Map<string, number>();
  const linhas: Linha[] = recebidas.map((r) => {
    if (r.admissao !== 'lugar') return { ...r, antes: null };
    const antes = porEvento.get(r.lead.eventoId) ?? 0;
    porEvento.set(r.lead.eventoId, antes + 1);
    return { ...r, antes };
  });
  const rows = await executeRows<{ id: string; createdAt: Date | string }>(
    db,
    inscricoesStatement(COLUNAS.map(([, , valor]) => linhas.map(valor))),
  );
  const written = new Map(rows.map((row) => [row.id, new Date(row.createdAt)]));
  return recebidas.map(({ id }) => {
    const createdAt = written.get(id);
    return createdAt && { id, createdAt };
  });
}

/** The event's lead of this student (e-mail and name, ignoring case): what a repeat sign-up finds. */
export async function findLead(db: Executor, eventoId: string, email: string, nomeAluno: string) {
  const [row] = await db
    .select({
      id: leads.id,
      eventoId: leads.eventoId,
      nomeAluno: leads.nomeAluno,
      email: leads.email,
      createdAt: leads.createdAt,
      listaEspera: leads.listaEspera,
      canceladoEm: leads.canceladoEm,
      codigoVoucher: leads.codigoVoucher,
    })
    .from(leads)
    .where(
      and(
        eq(leads.eventoId, eventoId),
        sql`lower(${leads.email}) = lower(${email})`,
        sql`lower(${leads.nomeAluno}) = lower(${nomeAluno})`,
      ),
    );
  return row;
}

/** A cancelled sign-up of the same student signs up again: back in a seat, or on the waiting list. */
export async function reactivateLead(db: Executor, id: string, listaEspera: boolean) {
  await db.update(leads).set({ canceladoEm: null, presenteEm: null, listaEspera }).where(eq(leads.id, id));
}
