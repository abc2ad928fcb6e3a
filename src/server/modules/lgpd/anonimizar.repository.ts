import { type SQL, sql } from 'drizzle-orm';
import { CONTRATO_ANONIMIZADO, NOME_ANONIMIZADO } from '../../../shared/schemas/lgpd';
import { formatCpf, formatPhone } from '../../../shared/format';
import type { Alcance, RegistroIds } from './titular.repository';
import { type Executor, executeRows } from '../../db/connect';
import {
  alunos,
  consentimentos,
  contratos,
  importacaoLinhas,
  jobs,
  whatsappMensagens,
  leadHistorico,
  leads,
  lgpdPedidos,
  matriculas,
  passwordResetTokens,
  preMatriculaConflitos,
  preMatriculas,
  sessions,
  titularTokens,
  users,
} from '../../db/schema';

/**
 * Anonymisation (issue 18, ADR 026): irreversible and complete -- but for an accepted contract, kept for its legal
 * retention (issue 42, LGPD art. 16 I). Names become 'Titular anonimizado', e-mails
 * `anonimo+<random>@invalid`, phones, CPFs, birth date and address null, in the funnel's rows, the activation
 * conflicts and the aluno account (switched off, its sessions and links ended), and in every copy: the lead's
 * history, the consent records' address and browser, the titular's requests, the portal's links, the audit
 * trail's personal fields; the imported files' rows that made or changed the records are deleted (issue 50). Rows,
 * dates, events and counts stay: every total and report reads as before. Run it inside the caller's transaction;
 * rows already anonymised are left as they are (idempotent).
 *
 * Every effect stays in `alcance`, the branch the records were found in (issue 39; null for the retention job:
 * each record's own network): the requests are that branch's, of the records' networks, the queued e-mails and webhook deliveries those the records caused (`jobs.registro_id`), never
 * whatever shares the address -- another network could have planted a lead with it. The portal's links belong to
 * the person across networks: only the titular's own request (`titular`) ends them.
 */

export interface Anonimizados {
  leads: number;
  preMatriculas: number;
  matriculas: number;
  contas: number;
}

const ANON_EMAIL = sql`'anonimo+' || replace(gen_random_uuid()::text, '-', '') || '@invalid'`;

const uuidList = (ids: string[]): SQL =>
  ids.length
    ? sql`(${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql`(null::uuid)`;

const uuidArray = (ids: string[]): SQL =>
  ids.length
    ? sql`array[${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}]`
    : sql`'{}'::uuid[]`;

/**
 * What an anonymisation reads before it writes, in one round trip: the personal values about to go (what free
 * texts are scrubbed of), the lead's history and the titular's requests (the free texts themselves).
 */
async function leitura(db: Executor, ids: RegistroIds, alcance: Alcance | null) {
  const rows = await executeRows<{
    k: 'valor' | 'historico' | 'pedido';
    id: string | null;
    a: string | null;
    b: string | null;
  }>(
    db,
    sql`
    with antigos as (
      select distinct v from (
        select unnest(array[nome_aluno, nome_responsavel, email, telefone]) as v from ${leads}
          where id in ${uuidList(ids.leads)}
        union all select unnest(array[nome, nome_aluno, nome_responsavel, email, telefone, cpf_aluno, cpf_responsavel])
          from ${preMatriculas} where id in ${uuidList(ids.preMatriculas)}
        union all select unnest(array[nome, email, telefone]) from ${matriculas} where id in ${uuidList(ids.matriculas)}
        union all select unnest(array[nome_aluno, nome_responsavel, email, telefone, cpf_responsavel])
          from ${preMatriculaConflitos} where id in ${uuidList(ids.conflitos)}
        union all select unnest(array[nome, email, telefone, cpf, endereco]) from ${users}
          where id in ${uuidList(ids.contas)}
      ) x where v is not null and length(v) >= 3 and v <> ${NOME_ANONIMIZADO})
    select 'valor' as k, null::uuid as id, v as a, null::text as b from antigos
    union all select 'historico', id, tipo::text, dados::text from ${leadHistorico} where lead_id in ${uuidList(ids.leads)}
    union all select 'pedido', id, detalhe, resposta from ${lgpdPedidos}
      where lower(email) in (select lower(v) from antigos where v like '%@%')
        and franqueador_id in (select franqueador_id from ${leads} where id in ${uuidList(ids.leads)}
          union select franqueador_id from ${preMatriculas} where id in ${uuidList(ids.preMatriculas)}
          union select franqueador_id from ${matriculas} where id in ${uuidList(ids.matriculas)})
        and ${alcance ? sql`${sql.identifier(alcance.coluna)} = ${alcance.id}::uuid` : sql`true`}`,
  );
  const values = rows.filter((r) => r.k === 'valor').map((r) => r.a!);
  // Digits are stored bare; a note may have them as typed.
  const typed = values.flatMap((v) => (/^\d{10,11}$/.test(v) ? [formatPhone(v), formatCpf(v)] : []));
  return {
    // Longest first, so a full name goes before a part of it.
    antigos: [...new Set([...values, ...typed])].sort((a, b) => b.length - a.length),
    historico: rows.filter((r) => r.k === 'historico').map((r) => ({ id: r.id!, tipo: r.a!, dados: r.b! })),
    pedidos: rows.filter((r) => r.k === 'pedido').map((r) => ({ id: r.id!, detalhe: r.a, resposta: r.b })),
  };
}

/** A JSON text with each value replaced, as JSON escapes it. */
function scrub(text: string, values: string[]): string {
  let out = text;
  for (const v of values) {
    const escaped = JSON.stringify(v).slice(1, -1);
    out = out.split(escaped).join(NOME_ANONIMIZADO);
    if (escaped.toLowerCase() !== escaped) out = out.split(escaped.toLowerCase()).join(NOME_ANONIMIZADO);
  }
  return out;
}

const values = (rows: SQL[]) => sql.join(rows, sql`, `);

const registrosDe = (ids: RegistroIds) => [...ids.leads, ...ids.preMatriculas, ...ids.matriculas];

/** What a family's WhatsApp message on a lead's history reads once its titular is anonymised (issue 47). */
const MENSAGEM_ANONIMIZADA = 'Mensagem anonimizada (LGPD).';

/**
 * Reads once, scrubs the free texts here, then writes every table in one statement (data-modifying CTEs: each
 * table once, none reading another's changes). Three round trips in all, whatever the titular holds.
 */
export async function anonimizar(
  db: Executor,
  ids: RegistroIds,
  now: Date,
  alcance: Alcance | null,
  { titular }: { titular: string | null } = { titular: null },
): Promise<Anonimizados> {
  const em = sql`${now.toISOString()}::timestamptz`;
  const { antigos, historico, pedidos } = await leitura(db, ids, alcance);

  const ctes: SQL[] = [];
  const historicoNovo = historico.flatMap((h) => {
    const after =
      h.tipo === 'reinscricao'
        ? JSON.stringify({ nomeResponsavel: NOME_ANONIMIZADO, telefone: null })
        : // A family's own WhatsApp message (issue 47) may say anything about it: its text goes whole.
          h.tipo === 'whatsapp'
          ? JSON.stringify({ texto: MENSAGEM_ANONIMIZADA })
          : scrub(h.dados, antigos);
    return after === h.dados ? [] : [sql`(${h.id}::uuid, ${after}::text)`];
  });
  if (historicoNovo.length) {
    ctes.push(sql`h as (update ${leadHistorico} t set dados = v.dados::jsonb
      from (values ${values(historicoNovo)}) as v(id, dados) where t.id = v.id)`);
  }
  if (pedidos.length) {
    const limpa = (t: string | null) => (t === null ? null : (JSON.parse(scrub(JSON.stringify(t), antigos)) as string));
    const novos = pedidos.map((p) => sql`(${p.id}::uuid, ${limpa(p.detalhe)}::text, ${limpa(p.resposta)}::text)`);
    ctes.push(sql`pe as (update ${lgpdPedidos} t set email = ${ANON_EMAIL}, detalhe = v.detalhe, resposta = v.resposta
      from (values ${values(novos)}) as v(id, detalhe, resposta) where t.id = v.id)`);
  }
  if (titular) {
    ctes.push(sql`tt as (delete from ${titularTokens} where lower(email) = ${titular.toLowerCase()})`);
  }
  // Issue 22 (ADR 028), issue 39: an e-mail one of these records caused and not yet delivered is dropped
  // (cancelled), and an undelivered webhook about one of them loses the titular's values, as the lead's history
  // does. Found by the record, in this scope only.
  const causas = [...registrosDe(ids), ...ids.contas, ...pedidos.map((p) => p.id)];
  if (causas.length) {
    await db.execute(sql`update ${jobs} set payload = null, ultimo_erro = 'Titular anonimizado (LGPD).',
        status = case when status = 'executando' then status else 'cancelado' end
      where tipo in ('email', 'whatsapp') and payload is not null and registro_id in ${uuidList(causas)}`);
    // Issue 51: nor does Envios' exact search find the titular's address any more.
    await db.execute(sql`update ${jobs} set destino_chave = null
      where tipo in ('email', 'whatsapp') and destino_chave is not null and registro_id in ${uuidList(causas)}`);
    // Issue 47: a WhatsApp notice keeps neither the family's number nor the e-mail it would fall back to.
    await db.execute(sql`update ${whatsappMensagens} set wa_id = null, email = null
      where (wa_id is not null or email is not null) and lead_id in ${uuidList(ids.leads)}`);
    const webhooks = await executeRows<{ id: string; payload: unknown }>(
      db,
      sql`select id, payload from ${jobs} where tipo = 'webhook' and payload is not null
        and registro_id in ${uuidList(registrosDe(ids))}`,
    );
    for (const w of webhooks) {
      await db.execute(
        sql`update ${jobs} set payload = ${scrub(JSON.stringify(w.payload), antigos)}::jsonb where id = ${w.id}::uuid`,
      );
    }
  }
  ctes.push(sql`l as (update ${leads} set nome_aluno = ${NOME_ANONIMIZADO},
      nome_responsavel = ${NOME_ANONIMIZADO}, email = ${ANON_EMAIL}, telefone = null, anonimizado_em = ${em}
    where id in ${uuidList(ids.leads)} and anonimizado_em is null returning id)`);
  ctes.push(sql`p as (update ${preMatriculas} set nome = ${NOME_ANONIMIZADO},
      nome_aluno = ${NOME_ANONIMIZADO}, nome_responsavel = ${NOME_ANONIMIZADO}, email = ${ANON_EMAIL}, telefone = null,
      cpf_aluno = null, cpf_responsavel = null, anonimizado_em = ${em}, updated_at = ${em}
    where id in ${uuidList(ids.preMatriculas)} and anonimizado_em is null returning id)`);
  ctes.push(sql`m as (update ${matriculas} set nome = ${NOME_ANONIMIZADO}, email = ${ANON_EMAIL},
      telefone = null, anonimizado_em = ${em}
    where id in ${uuidList(ids.matriculas)} and anonimizado_em is null returning id)`);
  // Issue 42 (ADR 064): a contract names the family (names, the responsável's CPF) in its text. An accepted one is
  // kept whole for its legal retention (LGPD art. 16 I: the consumer's rights and the school's obligations rest on
  // it), as are its acceptance and cancellation; the rest of the titular's data goes as for any record. One never
  // accepted proves nothing: its text goes, its version and price stay.
  if (ids.matriculas.length) {
    ctes.push(sql`ct as (update ${contratos} set texto = ${CONTRATO_ANONIMIZADO}
      where matricula_id in ${uuidList(ids.matriculas)} and aceito_em is null and texto <> ${CONTRATO_ANONIMIZADO})`);
  }
  if (ids.conflitos.length) {
    ctes.push(sql`c as (update ${preMatriculaConflitos} set nome_aluno = ${NOME_ANONIMIZADO},
        nome_responsavel = ${NOME_ANONIMIZADO}, email = ${ANON_EMAIL}, telefone = null, cpf_responsavel = null
      where id in ${uuidList(ids.conflitos)} and cpf_responsavel is not null)`);
  }
  ctes.push(sql`u as (update ${users} set nome = ${NOME_ANONIMIZADO}, email = ${ANON_EMAIL},
      cpf = null, telefone = null, data_nascimento = null, endereco = null, is_active = false, updated_at = ${em}
    where id in ${uuidList(ids.contas)} and role = 'aluno' and email not like 'anonimo+%@invalid' returning id)`);
  if (ids.contas.length) {
    ctes.push(sql`a as (update ${alunos} set is_active = false where user_id in ${uuidList(ids.contas)})`);
    ctes.push(sql`s as (delete from ${sessions} where user_id in ${uuidList(ids.contas)})`);
    ctes.push(sql`r as (delete from ${passwordResetTokens} where user_id in ${uuidList(ids.contas)})`);
  }
  if (ids.leads.length || ids.preMatriculas.length) {
    ctes.push(sql`k as (update ${consentimentos} set ip = null, user_agent = null
      where (lead_id in ${uuidList(ids.leads)} or pre_matricula_id in ${uuidList(ids.preMatriculas)})
        and (ip is not null or user_agent is not null))`);
  }
  // Issue 50's follow-up: the imported rows that created, updated or matched these records hold the titular's
  // values as typed in the file: they go (the import keeps its counts).
  if (registrosDe(ids).length || ids.contas.length) {
    ctes.push(sql`il as (delete from ${importacaoLinhas}
      where registro_id in ${uuidList([...registrosDe(ids), ...ids.contas])})`);
  }
  const registros = registrosDe(ids);
  const trilha =
    registros.length || ids.contas.length
      ? sql`, audit_log_anonimizar(${uuidArray(registros)}, ${uuidArray(ids.contas)}) as trilha`
      : sql``;
  const [counts] = await executeRows<{ leads: number; pre: number; mat: number; contas: number }>(
    db,
    sql`with ${sql.join(ctes, sql`, `)}
      select (select count(*) from l)::int as leads, (select count(*) from p)::int as pre,
        (select count(*) from m)::int as mat, (select count(*) from u)::int as contas ${trilha}`,
  );
  return {
    leads: Number(counts!.leads),
    preMatriculas: Number(counts!.pre),
    matriculas: Number(counts!.mat),
    contas: Number(counts!.contas),
  };
}
