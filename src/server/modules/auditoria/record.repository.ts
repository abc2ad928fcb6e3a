import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AUDIT_ACOES, type Alteracoes, type AuditAcao } from '../../../shared/schemas/auditoria';
import type { Role } from '../../../shared/roles';
import type { Executor } from '../../db/connect';
import { wellFormed } from '../../../shared/schemas/fields';
import { currentRequest } from './context';
import { limparObjeto } from '../../lib/mask';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  auditLog,
  campanhaCustos,
  clientes,
  comissaoFechamentos,
  comissaoRegras,
  contratoModelos,
  cursos,
  eventos,
  franquias,
  leads,
  lgpdPedidos,
  matriculas,
  microFranquias,
  parcelas,
  royaltyAcordos,
  royaltyContestacoes,
  royaltyFaturas,
  royaltyFechamentos,
  preMatriculas,
  sacTickets,
  users,
  vendedores,
  visitas,
} from '../../db/schema';

/** Who acted, when it is not the signed-in user of the request (a sign-in, a reset by link). */
export interface Ator {
  id: string;
  role: Role | null;
}

export interface AuditEntry {
  acao: AuditAcao;
  /**
   * The record the action is about; its kind comes from the action (AUDIT_ACOES). SQL when the statement the row is
   * written with finds it (auditInsert in a WITH: the check-in's `(select id from marcado)`).
   */
  entidadeId?: string | SQL | null;
  /** `alteracoesDe(antes, depois)` (mask.ts): already masked. */
  alteracoes?: Alteracoes | null;
  /** Any other context (an export's filters and rows): masked here by field name. */
  detalhes?: Record<string, unknown> | null;
  /** Defaults to the request's signed-in user; `null` for nobody (a sign-in to an unknown e-mail). */
  ator?: Ator | null;
  /** The request, where the write happens outside its handling (a CSV's last batch, read as the client reads). */
  request?: FastifyRequest;
}

/** The tree path of a micro-franquia, as the three columns an audit row keeps. */
const microPath = (microId: SQL) => sql`
  select f.franqueador_id, mf.franquia_id, mf.id as micro_franquia_id
  from ${microFranquias} mf join ${franquias} f on f.id = mf.franquia_id where mf.id = ${microId}`;

/** A user's place in the tree, whatever its role (the aluno's is none). */
const userPath = (userId: SQL | string) => sql`
  select coalesce(f.franqueador_id, u.franqueador_id) as franqueador_id, f.id as franquia_id,
         mf.id as micro_franquia_id
  from ${users} u
  left join ${vendedores} v on v.user_id = u.id
  left join ${clientes} c on c.id = u.cliente_id
  left join ${microFranquias} mf on mf.id = coalesce(u.micro_franquia_id, c.micro_franquia_id, v.micro_franquia_id)
  left join ${franquias} f on f.id = coalesce(u.franquia_id, mf.franquia_id)
  where u.id = ${userId}`;

/** A row that carries its scope path itself (migration 0001). */
const ownPath = (table: PgTable, id: string | SQL) =>
  sql`select franqueador_id, franquia_id, micro_franquia_id from ${table} where id = ${id}`;

/**
 * Where a row sits in the tree, by what it is about: each level of the network reads the rows of its subtree.
 * Without a record (an export, a sign-in), the actor's own place.
 */
function pathOf(acao: AuditAcao, entidadeId: string | SQL | null, atorId: string | null): SQL | null {
  const entidade = AUDIT_ACOES[acao].entidade;
  if (entidadeId) {
    switch (entidade) {
      case 'franquia':
        return sql`select franqueador_id, id as franquia_id, null::uuid as micro_franquia_id from ${franquias} where id = ${entidadeId}`;
      case 'micro_franquia':
        return microPath(sql`${entidadeId}::uuid`);
      case 'cliente':
        return microPath(sql`(select micro_franquia_id from ${clientes} where id = ${entidadeId})`);
      case 'vendedor':
        return microPath(sql`(select micro_franquia_id from ${vendedores} where id = ${entidadeId})`);
      case 'curso':
        return microPath(
          sql`(select c.micro_franquia_id from ${cursos} k join ${clientes} c on c.id = k.cliente_id where k.id = ${entidadeId})`,
        );
      case 'evento':
        return ownPath(eventos, entidadeId);
      case 'lead':
        return ownPath(leads, entidadeId);
      case 'pre_matricula':
        return ownPath(preMatriculas, entidadeId);
      case 'matricula':
        return ownPath(matriculas, entidadeId);
      case 'parcela':
        return ownPath(parcelas, entidadeId);
      case 'sac_ticket':
        return sql`select p.* from ${sacTickets} t, lateral (${userPath(sql`t.solicitante_id`)}) p where t.id = ${entidadeId}`;
      case 'usuario':
        return userPath(entidadeId);
      case 'contrato_modelo':
        return sql`select franqueador_id, null::uuid as franquia_id, null::uuid as micro_franquia_id from ${contratoModelos} where id = ${entidadeId}`;
      case 'comissao_regra':
        return sql`select franqueador_id, franquia_id, null::uuid as micro_franquia_id from ${comissaoRegras} where id = ${entidadeId}`;
      case 'comissao_fechamento':
        return sql`select franqueador_id, franquia_id, null::uuid as micro_franquia_id from ${comissaoFechamentos} where id = ${entidadeId}`;
      case 'royalty_acordo':
        return sql`select franqueador_id, franquia_id, null::uuid as micro_franquia_id from ${royaltyAcordos} where id = ${entidadeId}`;
      case 'royalty_fechamento':
        return sql`select franqueador_id, franquia_id, null::uuid as micro_franquia_id from ${royaltyFechamentos} where id = ${entidadeId}`;
      case 'royalty_fatura':
        return sql`select franqueador_id, franquia_id, null::uuid as micro_franquia_id from ${royaltyFaturas} where id = ${entidadeId}`;
      case 'royalty_contestacao':
        return sql`select f.franqueador_id, f.id as franquia_id, null::uuid as micro_franquia_id from ${royaltyContestacoes} c join ${franquias} f on f.id = c.franquia_id where c.id = ${entidadeId}`;
      case 'campanha_custo':
        return sql`select franqueador_id, franquia_id, null::uuid as micro_franquia_id from ${campanhaCustos} where id = ${entidadeId}`;
      case 'visita':
        return microPath(
          sql`(select c.micro_franquia_id from ${visitas} v join ${clientes} c on c.id = v.cliente_id where v.id = ${entidadeId})`,
        );
      case 'lgpd_pedido':
        return sql`select franqueador_id, franquia_id, null::uuid as micro_franquia_id from ${lgpdPedidos} where id = ${entidadeId}`;
      default:
        break;
    }
  }
  return atorId ? userPath(atorId) : null;
}

/** JSON that PostgreSQL's jsonb takes: a lone surrogate (which a client may send) becomes U+FFFD. */
const json = (value: object | null) =>
  value === null ? null : JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? wellFormed(v) : v));

const text = (value: string | string[] | undefined, max: number) =>
  value === undefined ? null : (Array.isArray(value) ? value.join(', ') : value).slice(0, max);

/**
 * Writes one audit row (issue 17). Call it with the transaction of the change it records, after the change:
 * the row commits with it or not at all. The address, browser and request id come from the request being
 * handled (context.ts); the time from the app's clock.
 */
export async function audit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.execute(auditInsert(entry));
}

/** Who, when and from where, as an audit row records them: the request's, unless the entry names another actor. */
function contexto(entry: Pick<AuditEntry, 'ator' | 'request'>) {
  const request = entry.request ?? currentRequest();
  const actor = request?.actor;
  const ator = entry.ator === undefined ? (actor ? { id: actor.id, role: actor.role } : null) : entry.ator;
  const em = request ? request.server.clock.now() : new Date();
  return { request, ator, em };
}

const COLUMNS = sql`(em, usuario_id, papel, acao, entidade, entidade_id, alteracoes, detalhes, ip, user_agent,
    request_id, franqueador_id, franquia_id, micro_franquia_id)`;

/**
 * The statement that writes `entry`'s audit row (audit() runs it), to run inside another one where the change and
 * its record are one statement (a WITH: the check-in at the door). `onlyIf`: the row is written only when it holds
 * (the change happened).
 */
export function auditInsert(entry: AuditEntry, onlyIf?: SQL): SQL {
  const { request, ator, em } = contexto(entry);
  const entidade = AUDIT_ACOES[entry.acao].entidade;
  const entidadeId = entry.entidadeId ?? null;
  const path = pathOf(entry.acao, entidadeId, ator?.id ?? null);
  const detalhes = entry.detalhes ? limparObjeto(entry.detalhes) : null;
  const alteracoes = entry.alteracoes && Object.keys(entry.alteracoes).length ? entry.alteracoes : null;
  const values = sql`${em.toISOString()}::timestamptz, ${ator?.id ?? null}::uuid, ${ator?.role ?? null}::user_role,
    ${entry.acao}, ${entidade}, ${entidadeId}::uuid, ${json(alteracoes)}::jsonb,
    ${json(detalhes)}::jsonb, ${request?.ip ?? null},
    ${text(request?.headers['user-agent'], 500)}, ${request ? String(request.id) : null}`;
  const where = onlyIf ? sql` where ${onlyIf}` : sql``;
  if (!path) return sql`insert into ${auditLog} ${COLUMNS} select ${values}, null, null, null${where}`;
  return sql`insert into ${auditLog} ${COLUMNS}
    select ${values}, p.franqueador_id, p.franquia_id, p.micro_franquia_id
    from (select 1) as um left join lateral (${path} limit 1) as p on true${where}`;
}

/**
 * One audit row of `entry`'s action for each row of `registros` -- a query the caller's statement writes, with the
 * columns `entidade_id` (uuid), `alteracoes` and `detalhes` (jsonb, null for none) -- to run inside that statement
 * (a WITH: the batch of check-ins a device made offline, issue 49). Each row's `detalhes` is added to the entry's,
 * which are masked here; the caller's own columns hold nothing personal (ids, instants, names of states).
 */
export function auditInsertEach(entry: Omit<AuditEntry, 'entidadeId' | 'alteracoes'>, registros: SQL): SQL {
  const { request, ator, em } = contexto(entry);
  const entidade = AUDIT_ACOES[entry.acao].entidade;
  const path = pathOf(entry.acao, sql`r.entidade_id`, ator?.id ?? null);
  const detalhes = json(entry.detalhes ? limparObjeto(entry.detalhes) : {});
  const values = sql`${em.toISOString()}::timestamptz, ${ator?.id ?? null}::uuid, ${ator?.role ?? null}::user_role,
    ${entry.acao}, ${entidade}, r.entidade_id, r.alteracoes,
    nullif(${detalhes}::jsonb || coalesce(r.detalhes, '{}'::jsonb), '{}'::jsonb), ${request?.ip ?? null},
    ${text(request?.headers['user-agent'], 500)}, ${request ? String(request.id) : null}`;
  if (!path) return sql`insert into ${auditLog} ${COLUMNS} select ${values}, null, null, null from (${registros}) as r`;
  return sql`insert into ${auditLog} ${COLUMNS}
    select ${values}, p.franqueador_id, p.franquia_id, p.micro_franquia_id
    from (${registros}) as r left join lateral (${path} limit 1) as p on true`;
}
