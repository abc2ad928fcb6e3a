import { type SQL, and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  ATIVIDADE_ACOES,
  ATIVIDADE_DIAS,
  AUDITORIA_ORDEM,
  AUDITORIA_TOTAL_LIMITE,
  type AuditAcao,
  type AuditEntidade,
  type AuditoriaExportQuery,
  type AuditoriaItem,
  auditoriaKeyset,
} from '../../../shared/schemas/auditoria';
import type { Role } from '../../../shared/roles';
import type { Actor } from '../../access/actor';
import { auditoriaVisibleTo } from '../../access/scope';
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
  exportacoes,
  franqueadores,
  franquias,
  importacoes,
  jobs,
  leads,
  lgpdPedidos,
  matriculas,
  metas,
  microFranquias,
  parcelas,
  preMatriculas,
  royaltyAcordos,
  royaltyContestacoes,
  royaltyFaturas,
  royaltyFechamentos,
  sacTickets,
  users,
  vendedores,
  visitas,
  webhookEndpoints,
} from '../../db/schema';
import { containsInSearchText } from '../../lib/pagination';
import {
  type CursorQuery,
  type KeysetOrder,
  type KeysetWindow,
  type PageCursors,
  cursorKeys,
  keysetPage,
  keysetWindow,
} from '../../lib/keyset';
import { type KeysetCursor, cursorText, dayEnd, dayStart, keysetAfter } from '../funnel';
import { type Executor, executeRows, fixedStatement } from '../../db/connect';

/**
 * The tables an audit row's record lives in, to tell whether it still exists. A note in a SAC ticket names its
 * ticket; the network's settings name its franqueador; a resent or cancelled envio names its job. The entities left
 * out (sessao, titular, relatorio, auditoria) never carry an id.
 */
export const TABLES: Partial<Record<AuditEntidade, PgTable>> = {
  franquia: franquias,
  micro_franquia: microFranquias,
  cliente: clientes,
  vendedor: vendedores,
  usuario: users,
  curso: cursos,
  evento: eventos,
  lead: leads,
  pre_matricula: preMatriculas,
  matricula: matriculas,
  sac_ticket: sacTickets,
  sac_nota_interna: sacTickets,
  lgpd_pedido: lgpdPedidos,
  webhook: webhookEndpoints,
  contrato_modelo: contratoModelos,
  parcela: parcelas,
  comissao_regra: comissaoRegras,
  comissao_fechamento: comissaoFechamentos,
  royalty_acordo: royaltyAcordos,
  royalty_fechamento: royaltyFechamentos,
  royalty_fatura: royaltyFaturas,
  royalty_contestacao: royaltyContestacoes,
  meta: metas,
  campanha_custo: campanhaCustos,
  visita: visitas,
  importacao: importacoes,
  exportacao: exportacoes,
  envio: jobs,
  rede: franqueadores,
};

/**
 * Which of a page's records still exist (the detail's 'Abrir registro'), in one statement of its own: the rows'
 * entities and ids as two arrays, each pair looked up by key in its entity's table, answering the positions (1-based)
 * of those found. Its text never changes, so PostgreSQL keeps one plan of it per connection -- every branch is a
 * lookup by primary key, whatever the values. Written into the page's statement, its 25 branches were planned again
 * at every request: 1.5-2 ms of the page's PostgreSQL time, more than reading the page (ADR 170).
 */
const existentes = fixedStatement(
  2,
  ([entidades, ids]) => sql`select k.i::int as i
    from unnest(${entidades}::text[], ${ids}::uuid[]) with ordinality as k(entidade, id, i)
    where case k.entidade ${sql.join(
      Object.entries(TABLES).map(
        ([entidade, table]) =>
          // A scalar lookup by key per pair: an EXISTS here is planned as a hash of the whole table.
          sql`when ${sql.raw(`'${entidade}'`)} then (select 1 from ${table} r where r.id = k.id limit 1) is not null`,
      ),
      sql` `,
    )} else false end`,
  'auditoria_registros_existentes',
);

/** Whether each row's record still exists, in the rows' order: a row without one (no id, no table) is false. */
async function registrosExistem(
  db: Executor,
  rows: readonly { entidade: string; entidadeId: string | null }[],
): Promise<boolean[]> {
  const existe = new Array<boolean>(rows.length).fill(false);
  const posicoes: number[] = [];
  const entidades: string[] = [];
  const ids: string[] = [];
  rows.forEach((row, i) => {
    if (!row.entidadeId || !Object.hasOwn(TABLES, row.entidade)) return;
    posicoes.push(i);
    entidades.push(row.entidade);
    ids.push(row.entidadeId);
  });
  if (posicoes.length === 0) return existe;
  for (const { i } of await executeRows<{ i: number }>(db, existentes([entidades, ids]))) {
    existe[posicoes[Number(i) - 1]!] = true;
  }
  return existe;
}

/** Issue 23: who acted, by name without its accents ('conceicao' finds 'Conceição'), or by e-mail (ADR 138). */
const quemAgiu = (q: string) => containsInSearchText(users.busca, q);

/** Up to this many users a search names are read by key; more, and the search stays a subquery. */
const USUARIOS_DA_BUSCA = 1000;

/**
 * The users a search names who acted where the caller sees (the stored search text, then one probe each into their
 * trail's index: ADR 138, 139), found first so the trail is read by their keys, planned knowing how many they are
 * (`keepsPlan`). As a subquery inside the trail's statement, a name no one has made PostgreSQL walk the network's
 * whole trail newest first looking for their rows: 1.1 s for '98765' on the benchmark data. The people who never
 * acted there (397 of the 416 an 'Oliveira' names on the benchmark's trail) are left out: counted in, they made the
 * planner expect their share of the trail and walk the caller's whole trail instead. Null when more than
 * USUARIOS_DA_BUSCA match: their rows are then common enough for that walk.
 */
async function usuariosDaBusca(db: Executor, actor: Actor, q: string): Promise<string[] | null> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        quemAgiu(q),
        sql`exists (select 1 from ${auditLog} where ${auditLog.usuarioId} = ${users.id} and ${auditoriaVisibleTo(actor)})`,
      ),
    )
    .limit(USUARIOS_DA_BUSCA + 1);
  return rows.length > USUARIOS_DA_BUSCA ? null : rows.map((r) => r.id);
}

/**
 * The caller's scope and the list's filters, all in SQL. A search's users are named by key when `usuarios` holds
 * them (usuariosDaBusca), else matched by a subquery.
 */
function whereOf(actor: Actor, filter: AuditoriaExportQuery, usuarios: string[] | null = null): SQL | undefined {
  return and(
    auditoriaVisibleTo(actor),
    filter.de ? sql`${auditLog.em} >= ${dayStart(filter.de)}` : undefined,
    filter.ate ? sql`${auditLog.em} < ${dayEnd(filter.ate)}` : undefined,
    filter.acao ? eq(auditLog.acao, filter.acao) : undefined,
    filter.entidade ? eq(auditLog.entidade, filter.entidade) : undefined,
    filter.entidadeId ? eq(auditLog.entidadeId, filter.entidadeId) : undefined,
    filter.usuarioId ? eq(auditLog.usuarioId, filter.usuarioId) : undefined,
    filter.q
      ? usuarios
        ? sql`${auditLog.usuarioId} = any(${sql.param(usuarios)}::uuid[])`
        : sql`${auditLog.usuarioId} in (select ${users.id} from ${users} where ${quemAgiu(filter.q)})`
      : undefined,
  );
}

const selection = {
  id: auditLog.id,
  em: auditLog.em,
  usuarioId: auditLog.usuarioId,
  usuarioNome: users.nome,
  usuarioEmail: users.email,
  papel: auditLog.papel,
  acao: auditLog.acao,
  entidade: auditLog.entidade,
  entidadeId: auditLog.entidadeId,
  alteracoes: auditLog.alteracoes,
  detalhes: auditLog.detalhes,
  ip: auditLog.ip,
  userAgent: auditLog.userAgent,
  requestId: auditLog.requestId,
};

type Row = {
  id: string;
  em: Date;
  usuarioId: string | null;
  usuarioNome: string | null;
  usuarioEmail: string | null;
  papel: Role | null;
  acao: string;
  entidade: string;
  entidadeId: string | null;
  alteracoes: unknown;
  detalhes: unknown;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
};

/**
 * A row of the trail as the API answers it. The CSV has no column for whether the record still exists, so the export
 * does not look it up and passes false.
 */
export function toAuditoriaItem(row: Row, entidadeExiste: boolean): AuditoriaItem {
  return {
    id: row.id,
    em: row.em.toISOString(),
    usuario:
      row.usuarioId && row.usuarioEmail !== null
        ? { id: row.usuarioId, nome: row.usuarioNome, email: row.usuarioEmail }
        : null,
    papel: row.papel,
    acao: row.acao as AuditAcao,
    entidade: row.entidade as AuditEntidade,
    entidadeId: row.entidadeId,
    entidadeExiste,
    alteracoes: (row.alteracoes as AuditoriaItem['alteracoes']) ?? null,
    detalhes: (row.detalhes as AuditoriaItem['detalhes']) ?? null,
    ip: row.ip,
    userAgent: row.userAgent,
    requestId: row.requestId,
  };
}

/** The trail's order (issue 46): newest first, the id breaking ties; its cursors are the list's. */
const auditoriaOrder: KeysetOrder = {
  lista: auditoriaKeyset.lista,
  ordem: AUDITORIA_ORDEM,
  keys: [
    { expr: auditLog.em, type: 'timestamptz', desc: true },
    { expr: auditLog.id, type: 'uuid', desc: true },
  ],
};

/**
 * The keys of a search's page when the search names its people (`usuariosDaBusca`): each person's own rows, newest
 * first on their index (which carries the levels, the action and the entity, so the filters are read from it alone),
 * at most a page's worth each, then the page among them (ADR 171). PostgreSQL otherwise walked the caller's whole
 * trail newest first and read each row to see who acted: the largest franquia's 500 rows of four people named
 * Oliveira (40,000 of its 760,000 rows) cost 637 ms; read person by person, 2 ms. What it reads is bounded by the
 * people named times the page, and by their own rows.
 */
function paginaPorPessoa(db: Executor, where: SQL | undefined, usuarios: string[], window: KeysetWindow) {
  const deCadaUm = db
    .select({ id: auditLog.id, em: auditLog.em })
    .from(auditLog)
    .where(and(sql`${auditLog.usuarioId} = pessoa.id`, where, window.past))
    .orderBy(...window.orderBy)
    .limit(window.limit + window.offset);
  const sentido = window.reversed ? sql`asc` : sql`desc`;
  return (
    db
      // Named apart from the trail's own id: the page's join names this column alone.
      .select({ id: sql<string>`linha.id`.as('linha_id') })
      .from(sql`unnest(${sql.param(usuarios)}::uuid[]) as pessoa(id) cross join lateral (${deCadaUm}) as linha`)
      .orderBy(sql`linha.em ${sentido}`, sql`linha.id ${sentido}`)
      .limit(window.limit)
      .offset(window.offset)
      .as('pagina')
  );
}

/**
 * A page of the trail, newest first, and how many rows match: counted up to AUDITORIA_TOTAL_LIMITE, so a page
 * of millions of rows costs what a page of ten thousand does (ADR 023). A page after or before a cursor (issue
 * 46) starts at its key on the (em, id) order, so a deep page costs what the first does.
 *
 * Where the rows read whole would mostly be thrown away, the page's keys are found on the level's index first and only
 * the page's rows are read (ADR 169): with a filter the index carries without leading with it (an action, an entity;
 * ADR 161) -- a scan that reads the rows compares them only after reading each one, and a micro-franquia's trail of
 * 10,000 rows with no `entidade=cliente` among them was 10,000 rows read to answer none -- and on a page by number
 * past the first, whose skipped rows were read whole, their subqueries included. Elsewhere each row read is on the
 * page, and reading it at once costs less than finding it twice.
 */
export async function listAuditoria(
  db: Executor,
  actor: Actor,
  query: AuditoriaExportQuery & CursorQuery,
): Promise<{ rows: AuditoriaItem[]; total: number; exact: boolean; cursors: PageCursors }> {
  const usuarios = query.q ? await usuariosDaBusca(db, actor, query.q) : null;
  const where = whereOf(actor, query, usuarios);
  const window = keysetWindow(auditoriaOrder, query);
  const select = { ...selection, cursorChaves: cursorKeys(auditoriaOrder.keys) };
  const chavesPrimeiro = usuarios !== null || Boolean(query.acao || query.entidade) || window.offset > 0;
  const pagina = usuarios
    ? paginaPorPessoa(db, whereOf(actor, { ...query, q: undefined }), usuarios, window)
    : db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(where, window.past))
        .orderBy(...window.orderBy)
        .limit(window.limit)
        .offset(window.offset)
        .as('pagina');
  const [read, counted] = await Promise.all([
    chavesPrimeiro
      ? db
          .select(select)
          .from(pagina)
          .innerJoin(auditLog, eq(auditLog.id, pagina.id))
          .leftJoin(users, eq(users.id, auditLog.usuarioId))
          .orderBy(...window.orderBy)
      : db
          .select(select)
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.usuarioId))
          .where(and(where, window.past))
          .orderBy(...window.orderBy)
          .limit(window.limit),
    executeRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select 1 from ${auditLog} where ${where ?? sql`true`} limit ${AUDITORIA_TOTAL_LIMITE + 1}) as x`,
    ),
  ]);
  const { rows, cursors } = keysetPage(auditoriaOrder, query, read);
  const existem = await registrosExistem(db, rows);
  const n = Number(counted[0]?.n ?? 0);
  const exact = n <= AUDITORIA_TOTAL_LIMITE;
  return {
    rows: rows.map((row, i) => toAuditoriaItem(row, existem[i]!)),
    total: exact ? n : AUDITORIA_TOTAL_LIMITE,
    exact,
    cursors,
  };
}

/** The export's batches: the same rows, continuing after the last one read (keyset). */
export function auditoriaExportBatch(db: Executor, actor: Actor, filter: AuditoriaExportQuery) {
  const where = whereOf(actor, filter);
  return async (after: KeysetCursor | null, limit: number) =>
    db
      .select({ ...selection, cursorAt: cursorText(auditLog.em) })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.usuarioId))
      .where(and(where, keysetAfter(after, auditLog.em, auditLog.id)))
      .orderBy(desc(auditLog.em), desc(auditLog.id))
      .limit(limit);
}

/** Minha conta: the account's own sign-ins and refused attempts of the last 90 days, newest first. */
export async function listAtividade(db: Executor, userId: string, now: Date, limit = 50) {
  const desde = new Date(now.getTime() - ATIVIDADE_DIAS * 86_400_000);
  return db
    .select({ id: auditLog.id, em: auditLog.em, acao: auditLog.acao, ip: auditLog.ip, userAgent: auditLog.userAgent })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.usuarioId, userId),
        inArray(auditLog.acao, [...ATIVIDADE_ACOES]),
        sql`${auditLog.em} >= ${desde.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(auditLog.em), desc(auditLog.id))
    .limit(limit);
}

/** The retention purge (AUDIT_RETENCAO_DIAS): the only way a row leaves the trail. */
export async function purgeAuditoria(db: Executor, dias: number): Promise<number> {
  const [row] = await executeRows<{ apagadas: number | string }>(
    db,
    sql`select audit_log_purgar(${dias}::int) as apagadas`,
  );
  return Number(row?.apagadas ?? 0);
}
