import { type SQL, sql } from 'drizzle-orm';
import { NOME_ANONIMIZADO } from '../../../shared/schemas/lgpd';
import { formatCpf, formatPhone } from '../../../shared/format';
import type { Executor } from '../../db/connect';
import type { RegistroIds } from './titular.repository';

/**
 * Anonymisation (issue 18, ADR 026): irreversible and complete. Names become 'Titular anonimizado', e-mails
 * `anonimo+<random>@invalid`, phones, CPFs, birth date and address null, in the funnel's rows, the activation
 * conflicts and the aluno account (switched off, its sessions and links ended), and in every copy: the lead's
 * history, the consent records' address and browser, the titular's requests, the portal's links and the audit
 * trail's personal fields. Rows, dates, events and counts stay: every total and report reads as before.
 * Run it inside the caller's transaction; rows already anonymised are left as they are (idempotent).
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

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const affected = (result: unknown) => rowsOf<unknown>(result).length;

/** The personal values about to go: what free texts (notes, a request's detail) are scrubbed of. */
async function valoresAntigos(db: Executor, ids: RegistroIds): Promise<string[]> {
  const result = await db.execute(sql`
    select distinct v from (
      select unnest(array[nome_aluno, nome_responsavel, email, telefone]) as v from leads
        where id in ${uuidList(ids.leads)}
      union all select unnest(array[nome, nome_aluno, nome_responsavel, email, telefone, cpf_aluno, cpf_responsavel])
        from pre_matriculas where id in ${uuidList(ids.preMatriculas)}
      union all select unnest(array[nome, email, telefone]) from matriculas where id in ${uuidList(ids.matriculas)}
      union all select unnest(array[nome_aluno, nome_responsavel, email, telefone, cpf_responsavel])
        from pre_matricula_conflitos where id in ${uuidList(ids.conflitos)}
      union all select unnest(array[nome, email, telefone, cpf, endereco]) from users
        where id in ${uuidList(ids.contas)}
    ) x where v is not null and length(v) >= 3 and v <> ${NOME_ANONIMIZADO}`);
  const values = rowsOf<{ v: string }>(result).map((r) => r.v);
  // Digits are stored bare; a note may have them as typed.
  const typed = values.flatMap((v) => (/^\d{10,11}$/.test(v) ? [formatPhone(v), formatCpf(v)] : []));
  // Longest first, so a full name goes before a part of it.
  return [...new Set([...values, ...typed])].sort((a, b) => b.length - a.length);
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

export async function anonimizar(db: Executor, ids: RegistroIds, now: Date): Promise<Anonimizados> {
  const em = sql`${now.toISOString()}::timestamptz`;
  const antigos = await valoresAntigos(db, ids);
  const emails = antigos.filter((v) => v.includes('@')).map((v) => v.toLowerCase());

  // Free texts first, while the values are still known: the lead's history and the titular's requests.
  const historico = rowsOf<{ id: string; tipo: string; dados: unknown }>(
    await db.execute(
      sql`select id, tipo::text as tipo, dados from lead_historico where lead_id in ${uuidList(ids.leads)}`,
    ),
  );
  for (const h of historico) {
    const before = JSON.stringify(h.dados);
    const after =
      h.tipo === 'reinscricao'
        ? JSON.stringify({ nomeResponsavel: NOME_ANONIMIZADO, telefone: null })
        : scrub(before, antigos);
    if (after !== before) {
      await db.execute(sql`update lead_historico set dados = ${after}::jsonb where id = ${h.id}::uuid`);
    }
  }
  if (emails.length) {
    const pedidos = rowsOf<{ id: string; detalhe: string | null; resposta: string | null }>(
      await db.execute(sql`select id, detalhe, resposta from lgpd_pedidos
        where lower(email) in (${sql.join(
          emails.map((e) => sql`${e}`),
          sql`, `,
        )})`),
    );
    for (const p of pedidos) {
      const limpa = (t: string | null) =>
        t === null ? null : (JSON.parse(scrub(JSON.stringify(t), antigos)) as string);
      await db.execute(sql`update lgpd_pedidos set email = ${ANON_EMAIL}, detalhe = ${limpa(p.detalhe)},
        resposta = ${limpa(p.resposta)} where id = ${p.id}::uuid`);
    }
    await db.execute(sql`delete from titular_tokens
      where lower(email) in (${sql.join(
        emails.map((e) => sql`${e}`),
        sql`, `,
      )})`);
  }

  const leadsResult = await db.execute(sql`update leads set nome_aluno = ${NOME_ANONIMIZADO},
      nome_responsavel = ${NOME_ANONIMIZADO}, email = ${ANON_EMAIL}, telefone = null, anonimizado_em = ${em}
    where id in ${uuidList(ids.leads)} and anonimizado_em is null returning id`);
  const preResult = await db.execute(sql`update pre_matriculas set nome = ${NOME_ANONIMIZADO},
      nome_aluno = ${NOME_ANONIMIZADO}, nome_responsavel = ${NOME_ANONIMIZADO}, email = ${ANON_EMAIL}, telefone = null,
      cpf_aluno = null, cpf_responsavel = null, anonimizado_em = ${em}, updated_at = ${em}
    where id in ${uuidList(ids.preMatriculas)} and anonimizado_em is null returning id`);
  const matResult = await db.execute(sql`update matriculas set nome = ${NOME_ANONIMIZADO}, email = ${ANON_EMAIL},
      telefone = null, anonimizado_em = ${em}
    where id in ${uuidList(ids.matriculas)} and anonimizado_em is null returning id`);
  await db.execute(sql`update pre_matricula_conflitos set nome_aluno = ${NOME_ANONIMIZADO},
      nome_responsavel = ${NOME_ANONIMIZADO}, email = ${ANON_EMAIL}, telefone = null, cpf_responsavel = null
    where id in ${uuidList(ids.conflitos)} and cpf_responsavel is not null`);
  const contasResult = await db.execute(sql`update users set nome = ${NOME_ANONIMIZADO}, email = ${ANON_EMAIL},
      cpf = null, telefone = null, data_nascimento = null, endereco = null, is_active = false, updated_at = ${em}
    where id in ${uuidList(ids.contas)} and role = 'aluno' and email not like 'anonimo+%@invalid' returning id`);
  if (ids.contas.length) {
    await db.execute(sql`update alunos set is_active = false where user_id in ${uuidList(ids.contas)}`);
    await db.execute(sql`delete from sessions where user_id in ${uuidList(ids.contas)}`);
    await db.execute(sql`delete from password_reset_tokens where user_id in ${uuidList(ids.contas)}`);
  }
  await db.execute(sql`update consentimentos set ip = null, user_agent = null
    where (lead_id in ${uuidList(ids.leads)} or pre_matricula_id in ${uuidList(ids.preMatriculas)})
      and (ip is not null or user_agent is not null)`);
  const registros = [...ids.leads, ...ids.preMatriculas, ...ids.matriculas];
  if (registros.length || ids.contas.length) {
    await db.execute(sql`select audit_log_anonimizar(${uuidArray(registros)}, ${uuidArray(ids.contas)})`);
  }
  return {
    leads: affected(leadsResult),
    preMatriculas: affected(preResult),
    matriculas: affected(matResult),
    contas: affected(contasResult),
  };
}
