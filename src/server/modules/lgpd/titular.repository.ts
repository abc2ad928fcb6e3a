import { type SQL, sql } from 'drizzle-orm';
import type { TitularBusca, TitularRegistro } from '../../../shared/schemas/lgpd';
import { PRE_MATRICULA_STATUS_LABELS } from '../../../shared/schemas/funnel';
import type { PreMatriculaStatus } from '../../../shared/enums';
import { cobrancaDasMatriculas, contratosDasMatriculas, dadosDosRegistros } from './titular-dados';
import { type Executor, executeRows } from '../../db/connect';
import {
  alunos,
  consentimentos,
  eventos,
  franqueadores,
  leads,
  matriculas,
  preMatriculaConflitos,
  preMatriculas,
  users,
} from '../../db/schema';

/**
 * A titular's records (issue 18): every lead, pre-matrícula, matrícula and aluno account holding the e-mail, CPF
 * or phone, each by its own index (lower(email), cpf, telefone). `alcance` narrows them to a branch of the
 * network (the staff's scope, or a request's); without it, the whole database (the portal, by the e-mail the
 * link was sent to).
 */

/** A branch of the network: its franqueador's or its franquia's rows (access/scope.ts: lgpdAlcanceOf). */
export interface Alcance {
  coluna: 'franqueador_id' | 'franquia_id';
  id: string;
}

const MAX_REGISTROS = 500;

const noAlcance = (alias: string, alcance: Alcance | null): SQL =>
  alcance ? sql`${sql.identifier(alias)}.${sql.identifier(alcance.coluna)} = ${alcance.id}::uuid` : sql`true`;

function match(alias: string, busca: TitularBusca, campos: { email?: boolean; cpf?: string[]; telefone?: boolean }) {
  const a = sql.identifier(alias);
  const parts: SQL[] = [];
  if (busca.email && campos.email) parts.push(sql`lower(${a}.email) = ${busca.email.toLowerCase()}`);
  if (busca.cpf) for (const c of campos.cpf ?? []) parts.push(sql`${a}.${sql.identifier(c)} = ${busca.cpf}`);
  if (busca.telefone && campos.telefone) parts.push(sql`${a}.telefone = ${busca.telefone}`);
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

/**
 * Ids of the matching rows, per table: what an anonymisation rewrites. "By its fields, or through its
 * pré-matrícula" is a union of two indexed look-ups: written as an OR, PostgreSQL scans the whole table.
 */
export interface RegistroIds {
  leads: string[];
  preMatriculas: string[];
  matriculas: string[];
  conflitos: string[];
  contas: string[];
}

/** The pre-matrículas of the titular: by its own fields, or as the source of a matching matrícula. */
function preMatriculasDe(busca: TitularBusca, alcance: Alcance | null) {
  return sql`select p.id from ${preMatriculas} p
    where ${match('p', busca, { email: true, cpf: ['cpf_aluno', 'cpf_responsavel'], telefone: true })}
      and ${noAlcance('p', alcance)}`;
}

export async function findRegistroIds(
  db: Executor,
  busca: TitularBusca,
  alcance: Alcance | null,
): Promise<RegistroIds> {
  const key = { lead: 'leads', pre: 'preMatriculas', mat: 'matriculas', conf: 'conflitos', conta: 'contas' } as const;
  const rows = await executeRows<{ t: keyof typeof key; id: string }>(
    db,
    sql`
    with pre as (${preMatriculasDe(busca, alcance)})
    select 'lead' as t, l.id from ${leads} l
      where ${match('l', busca, { email: true, telefone: true })} and ${noAlcance('l', alcance)}
    union all select 'pre', id from pre
    union all select 'mat', m.id from ${matriculas} m
      where m.id in (select m2.id from ${matriculas} m2 where ${match('m2', busca, { email: true, telefone: true })}
          union select m3.id from ${matriculas} m3 where m3.pre_matricula_id in (select id from pre))
        and ${noAlcance('m', alcance)}
    union all select 'conf', c.id from ${preMatriculaConflitos} c join ${preMatriculas} p on p.id = c.pre_matricula_id
      where ${match('c', busca, { email: true, cpf: ['cpf_responsavel'], telefone: true })} and ${noAlcance('p', alcance)}
    union all select 'conta', u.id from ${users} u
      where u.role = 'aluno'
        and u.id in (select u2.id from ${users} u2 where ${match('u2', busca, { email: true, cpf: ['cpf'], telefone: true })}
          union select a.user_id from ${alunos} a where a.pre_matricula_id in (select id from pre))
        -- An account the titular shares with a branch out of reach stays as it is: that branch answers for it.
        and not exists (select 1 from ${alunos} a join ${preMatriculas} p on p.id = a.pre_matricula_id
                        where a.user_id = u.id and not (${noAlcance('p', alcance)}))
  `,
  );
  const ids: RegistroIds = { leads: [], preMatriculas: [], matriculas: [], conflitos: [], contas: [] };
  for (const row of rows) {
    ids[key[row.t]].push(row.id);
  }
  return ids;
}

interface RegistroRow {
  tipo: TitularRegistro['tipo'];
  id: string;
  criado_em: Date | string;
  nome_aluno: string | null;
  nome_responsavel: string | null;
  email: string;
  telefone: string | null;
  cpf_aluno: string | null;
  cpf_responsavel: string | null;
  escola: string | null;
  data_evento: string | null;
  cidade: string | null;
  estado: string | null;
  aviso_versao: string | null;
  consentido_em: Date | string | null;
  revogado_em: Date | string | null;
  anonimizado: boolean;
  ativo: boolean | null;
  situacao: string | null;
  curso_interesse: string | null;
  efetivada_em: Date | string | null;
  data_nascimento: string | null;
  endereco: string | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** The last consent a row was given, with the revocation the row carries. */
const consentOf = (alias: string, coluna: 'lead_id' | 'pre_matricula_id') => sql`
  left join lateral (select k.aviso_versao, k.em from ${consentimentos} k
    where k.${sql.identifier(coluna)} = ${sql.identifier(alias)}.id order by k.em desc limit 1) k on true`;

/**
 * Every record of the titular, as the portal and the staff's search show them, newest first: every field stored
 * about the person (issue 39 items 3 and 15) -- each consent whole, a pré-matrícula's situation and course, a
 * matrícula's, an aluno account's own fields, a repeat activation kept for the staff, and what staff recorded
 * about a sign-up (titular-dados.ts).
 */
export async function findRegistros(
  db: Executor,
  busca: TitularBusca,
  alcance: Alcance | null,
  now: Date = new Date(),
): Promise<TitularRegistro[]> {
  const rows = await executeRows<RegistroRow>(
    db,
    sql`
    with pre as (${preMatriculasDe(busca, alcance)})
    (select 'lead' as tipo, l.id, l.created_at as criado_em, l.nome_aluno, l.nome_responsavel, l.email, l.telefone,
        null::text as cpf_aluno, null::text as cpf_responsavel, e.nome_escola as escola,
        e.data_evento::text as data_evento, e.cidade, e.estado, k.aviso_versao, k.em as consentido_em,
        l.consentimento_revogado_em as revogado_em, l.anonimizado_em is not null as anonimizado, null::boolean as ativo,
        null::text as situacao, null::text as curso_interesse, null::timestamptz as efetivada_em,
        null::text as data_nascimento, null::text as endereco
      from ${leads} l join ${eventos} e on e.id = l.evento_id ${consentOf('l', 'lead_id')}
      where ${match('l', busca, { email: true, telefone: true })} and ${noAlcance('l', alcance)}
      limit ${MAX_REGISTROS})
    union all
    (select 'pre_matricula', p.id, p.created_at, p.nome_aluno, p.nome_responsavel, p.email, p.telefone, p.cpf_aluno,
        p.cpf_responsavel, e.nome_escola, e.data_evento::text, e.cidade, e.estado, k.aviso_versao, k.em,
        p.consentimento_revogado_em, p.anonimizado_em is not null, null, p.status::text, p.curso_interesse, null,
        null, null
      from ${preMatriculas} p join ${eventos} e on e.id = p.evento_id ${consentOf('p', 'pre_matricula_id')}
      where p.id in (select id from pre)
      limit ${MAX_REGISTROS})
    union all
    (select 'matricula', m.id, m.created_at, m.nome, null, m.email, m.telefone, null, null, e.nome_escola,
        e.data_evento::text, e.cidade, e.estado, null, null, m.consentimento_revogado_em, m.anonimizado_em is not null,
        null, null, m.curso_interesse, m.efetivada_em, null, null
      from ${matriculas} m join ${eventos} e on e.id = m.evento_id
      where m.id in (select m2.id from ${matriculas} m2 where ${match('m2', busca, { email: true, telefone: true })}
          union select m3.id from ${matriculas} m3 where m3.pre_matricula_id in (select id from pre))
        and ${noAlcance('m', alcance)}
      limit ${MAX_REGISTROS})
    union all
    (select 'ativacao_repetida', c.id, c.created_at, c.nome_aluno, c.nome_responsavel, c.email, c.telefone, null,
        c.cpf_responsavel, e.nome_escola, e.data_evento::text, e.cidade, e.estado, null, null, null,
        c.cpf_responsavel is null, null, null, null, null, null, null
      from ${preMatriculaConflitos} c join ${preMatriculas} p on p.id = c.pre_matricula_id
        join ${eventos} e on e.id = p.evento_id
      where ${match('c', busca, { email: true, cpf: ['cpf_responsavel'], telefone: true })} and ${noAlcance('p', alcance)}
      limit ${MAX_REGISTROS})
    union all
    (select 'conta', u.id, u.created_at, u.nome, null, u.email, u.telefone, u.cpf, null, null, null, null, null, null,
        null, null, false, u.is_active, null, null, null, u.data_nascimento::text, u.endereco
      from ${users} u
      where u.role = 'aluno'
        and u.id in (select u2.id from ${users} u2 where ${match('u2', busca, { email: true, cpf: ['cpf'], telefone: true })}
          union select a.user_id from ${alunos} a where a.pre_matricula_id in (select id from pre))
        and (${alcance ? sql`exists (select 1 from ${alunos} a join ${preMatriculas} p on p.id = a.pre_matricula_id where a.user_id = u.id and ${noAlcance('p', alcance)})` : sql`true`})
      limit 20)
    order by criado_em desc
  `,
  );
  const dados = await dadosDosRegistros(
    db,
    rows.filter((r) => r.tipo === 'lead').map((r) => r.id),
    rows.filter((r) => r.tipo === 'pre_matricula').map((r) => r.id),
    now,
  );
  // Issue 42: each matrícula's contract; issue 43: its parcelas.
  const matriculaIds = rows.filter((r) => r.tipo === 'matricula').map((r) => r.id);
  const [contratos, cobrancas] = await Promise.all([
    contratosDasMatriculas(db, matriculaIds),
    cobrancaDasMatriculas(db, matriculaIds),
  ]);
  return rows.map((r) => {
    const registro: TitularRegistro = {
      tipo: r.tipo,
      id: r.id,
      criadoEm: iso(r.criado_em)!,
      nomeAluno: r.nome_aluno,
      nomeResponsavel: r.nome_responsavel,
      email: r.email,
      telefone: r.telefone,
      cpfAluno: r.cpf_aluno,
      cpfResponsavel: r.cpf_responsavel,
      escola: r.escola,
      dataEvento: r.data_evento,
      cidade: r.cidade,
      estado: r.estado,
      consentimento:
        r.aviso_versao && r.consentido_em
          ? { versao: r.aviso_versao, em: iso(r.consentido_em)!, revogadoEm: iso(r.revogado_em) }
          : null,
      consentimentos: dados.consentimentos.get(r.id) ?? [],
      anonimizado: r.anonimizado,
    };
    if (r.tipo === 'conta') {
      registro.ativo = Boolean(r.ativo);
      registro.dataNascimento = r.data_nascimento;
      registro.endereco = r.endereco;
    }
    if (r.tipo === 'pre_matricula') {
      registro.situacao = PRE_MATRICULA_STATUS_LABELS[r.situacao as PreMatriculaStatus] ?? r.situacao ?? '';
      registro.cursoInteresse = r.curso_interesse;
    }
    if (r.tipo === 'matricula') {
      registro.cursoInteresse = r.curso_interesse;
      registro.efetivadaEm = iso(r.efetivada_em)!;
      const contrato = contratos.get(r.id);
      if (contrato) registro.contrato = contrato;
      const cobranca = cobrancas.get(r.id);
      if (cobranca) registro.cobranca = cobranca;
    }
    const acompanhamento = dados.acompanhamentos.get(r.id);
    if (r.tipo === 'lead' && acompanhamento) registro.acompanhamento = acompanhamento;
    return registro;
  });
}

/** Whether the e-mail is anywhere in the network (the portal sends a link only then). */
export async function emailExiste(db: Executor, email: string): Promise<boolean> {
  const e = email.toLowerCase();
  const [row] = await executeRows<{ existe: boolean }>(
    db,
    sql`select
    exists (select 1 from ${leads} where lower(email) = ${e})
    or exists (select 1 from ${preMatriculas} where lower(email) = ${e})
    or exists (select 1 from ${matriculas} where lower(email) = ${e})
    or exists (select 1 from ${users} where lower(email) = ${e} and role = 'aluno') as existe`,
  );
  return Boolean(row?.existe);
}

/**
 * The e-mail's records, each with its branch (franqueador, franquia) and its network's name: where the titular's
 * requests go (one per branch), for the identifier the titular proved -- the e-mail the portal's link was sent to.
 */
export async function ramosDoEmail(db: Executor, email: string) {
  const e = email.toLowerCase();
  const rows = await executeRows<{ id: string; franqueador_id: string; franquia_id: string | null; rede: string }>(
    db,
    sql`
    select r.id, r.franqueador_id, r.franquia_id, f.razao_social as rede from (
      select id, franqueador_id, franquia_id from ${leads} where lower(email) = ${e}
      union all select id, franqueador_id, franquia_id from ${preMatriculas} where lower(email) = ${e}
      union all select id, franqueador_id, franquia_id from ${matriculas} where lower(email) = ${e}
    ) r join ${franqueadores} f on f.id = r.franqueador_id`,
  );
  return rows.map((r) => ({
    registroId: r.id,
    franqueadorId: r.franqueador_id,
    franquiaId: r.franquia_id,
    rede: r.rede,
  }));
}
