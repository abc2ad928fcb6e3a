import { type SQL, sql } from 'drizzle-orm';
import type { CampoCorrigivel, RegistroCorrigivel } from '../../../shared/schemas/correcao';
import type { PedidoStatus } from '../../../shared/schemas/lgpd';
import type { Actor } from '../../access/actor';
import { lgpdPedidosVisibleTo } from '../../access/scope';
import { type Executor, executeRows } from '../../db/connect';
import type { PgTable } from 'drizzle-orm/pg-core';
import { leads, lgpdPedidos, matriculas, preMatriculas } from '../../db/schema';

/**
 * The rows a correction (issue 39 item 14) reads and writes: a lead, a pré-matrícula or a matrícula, locked for
 * the change, found only under the conditions the service passes (the caller's row scope from access/scope.ts,
 * and for a request its titular's e-mail and branch).
 */

/** Each kind's table and the columns behind the four correctable fields (null: the kind does not keep it). */
const TABELAS: Record<RegistroCorrigivel, { tabela: PgTable; colunas: Record<CampoCorrigivel, string[] | null> }> = {
  lead: {
    tabela: leads,
    colunas: {
      nomeAluno: ['nome_aluno'],
      nomeResponsavel: ['nome_responsavel'],
      email: ['email'],
      telefone: ['telefone'],
    },
  },
  pre_matricula: {
    tabela: preMatriculas,
    // The stored nome is always the student's (public.ts).
    colunas: {
      nomeAluno: ['nome', 'nome_aluno'],
      nomeResponsavel: ['nome_responsavel'],
      email: ['email'],
      telefone: ['telefone'],
    },
  },
  matricula: {
    tabela: matriculas,
    colunas: { nomeAluno: ['nome'], nomeResponsavel: null, email: ['email'], telefone: ['telefone'] },
  },
};

export const tabelaDe = (tipo: RegistroCorrigivel) => TABELAS[tipo].tabela;
export const guardaCampo = (tipo: RegistroCorrigivel, campo: CampoCorrigivel) => TABELAS[tipo].colunas[campo] !== null;

export interface RegistroAtual {
  id: string;
  eventoId: string;
  nomeAluno: string;
  nomeResponsavel: string | null;
  email: string;
  telefone: string | null;
  anonimizado: boolean;
  franqueadorId: string | null;
}

/**
 * The record, locked, when it meets every condition; null otherwise (the caller answers 404 alike for a record
 * that does not exist and one out of reach). The conditions name the table's columns unqualified by an alias.
 */
export async function lockRegistro(
  tx: Executor,
  tipo: RegistroCorrigivel,
  id: string,
  condicoes: SQL[],
): Promise<RegistroAtual | null> {
  const t = TABELAS[tipo].tabela;
  const nomeAluno = tipo === 'lead' ? sql`nome_aluno` : sql`nome`;
  const nomeResponsavel = tipo === 'matricula' ? sql`null::text` : sql`nome_responsavel`;
  const where = sql.join(
    [sql`${t}.id = ${id}::uuid`, ...condicoes].map((c) => sql`(${c})`),
    sql` and `,
  );
  const [row] = await executeRows<{
    id: string;
    evento_id: string;
    nome_aluno: string;
    nome_responsavel: string | null;
    email: string;
    telefone: string | null;
    anonimizado: boolean;
    franqueador_id: string | null;
  }>(
    tx,
    sql`select ${t}.id, ${t}.evento_id, ${nomeAluno} as nome_aluno, ${nomeResponsavel} as nome_responsavel,
        ${t}.email, ${t}.telefone, ${t}.anonimizado_em is not null as anonimizado, ${t}.franqueador_id
      from ${t} where ${where} for update`,
  );
  return row
    ? {
        id: row.id,
        eventoId: row.evento_id,
        nomeAluno: row.nome_aluno,
        nomeResponsavel: row.nome_responsavel,
        email: row.email,
        telefone: row.telefone,
        anonimizado: row.anonimizado,
        franqueadorId: row.franqueador_id,
      }
    : null;
}

/** Another sign-up of the same student and e-mail at the event (leads_evento_email_aluno_key). */
export async function outraInscricao(
  tx: Executor,
  lead: { id: string; eventoId: string },
  email: string,
  nomeAluno: string,
): Promise<boolean> {
  const [row] = await executeRows<{ existe: boolean }>(
    tx,
    sql`select exists (select 1 from ${leads} where evento_id = ${lead.eventoId}::uuid
      and lower(email) = ${email.toLowerCase()} and lower(nome_aluno) = ${nomeAluno.toLowerCase()}
      and id <> ${lead.id}::uuid) as existe`,
  );
  return Boolean(row?.existe);
}

/** Writes the changed fields into every column behind them. */
export async function gravarCorrecao(
  tx: Executor,
  tipo: RegistroCorrigivel,
  id: string,
  campos: Partial<Record<CampoCorrigivel, string>>,
  now: Date,
): Promise<void> {
  const sets: SQL[] = [];
  for (const [campo, valor] of Object.entries(campos) as [CampoCorrigivel, string][]) {
    for (const coluna of TABELAS[tipo].colunas[campo] ?? []) sets.push(sql`${sql.identifier(coluna)} = ${valor}`);
  }
  if (tipo === 'pre_matricula') sets.push(sql`updated_at = ${now.toISOString()}::timestamptz`);
  if (!sets.length) return;
  await tx.execute(sql`update ${TABELAS[tipo].tabela} set ${sql.join(sets, sql`, `)} where id = ${id}::uuid`);
}

export interface PedidoDaCorrecao {
  id: string;
  tipo: string;
  status: PedidoStatus;
  email: string;
  franqueador_id: string;
  franquia_id: string | null;
}

/** An LGPD request within the caller's reach (its e-mail in lower case), whatever its kind and state. */
export async function findPedido(db: Executor, actor: Actor, id: string): Promise<PedidoDaCorrecao | undefined> {
  const [pedido] = await executeRows<PedidoDaCorrecao>(
    db,
    sql`select lgpd_pedidos.id, lgpd_pedidos.tipo::text as tipo, lgpd_pedidos.status::text as status,
        lower(lgpd_pedidos.email) as email, lgpd_pedidos.franqueador_id, lgpd_pedidos.franquia_id
      from ${lgpdPedidos} where lgpd_pedidos.id = ${id}::uuid and ${lgpdPedidosVisibleTo(actor)}`,
  );
  return pedido;
}

type Ramo = { coluna: 'franqueador_id' | 'franquia_id'; id: string };

/**
 * A record a request may correct: it holds the request's e-mail, and sits in the request's branch (`doPedido`)
 * and in the caller's (`alcance`).
 */
export function doTitularDoPedido(tipo: RegistroCorrigivel, email: string, doPedido: Ramo, alcance: Ramo): SQL[] {
  const t = tabelaDe(tipo);
  return [
    sql`lower(${t}.email) = ${email}`,
    sql`${t}.${sql.identifier(doPedido.coluna)} = ${doPedido.id}::uuid`,
    sql`${t}.${sql.identifier(alcance.coluna)} = ${alcance.id}::uuid`,
  ];
}
