import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import type { EnvioItem, EnviosQuery } from '../../../shared/schemas/envios';
import type { WhatsappEnvio } from '../../../shared/schemas/whatsapp-cloud';
import { TOTAL_COUNT_LIMIT } from '../../../shared/schemas/list-query';
import { cappedTotal, containsIgnoringAccents, containsInSearchText, pageWindow } from '../../lib/pagination';
import { type Executor, executeRows } from '../../db/connect';
import { jobs, whatsappMensagens } from '../../db/schema';
import { chaveDoDestinatario } from '../../jobs';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

interface Row {
  id: string;
  tipo: 'email' | 'webhook' | 'whatsapp';
  status: EnvioItem['status'];
  resumo: string | null;
  destino: string | null;
  tentativas: number;
  max_tentativas: number;
  ultimo_erro: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  executar_em: Date | string;
  total: number;
  // A WhatsApp notice's message (issue 47), when it has one.
  w_status: WhatsappEnvio['status'] | null;
  w_status_em: Date | string | null;
  w_modelo: string | null;
  w_categoria: WhatsappEnvio['categoria'];
  w_erro: string | null;
  w_motivo: string | null;
  w_custo: number | null;
}

/** A WhatsApp notice's delivery: 'Na fila' until its job ran. */
const whatsappDoEnvio = (r: Row): WhatsappEnvio => ({
  status: r.w_status ?? 'pendente',
  statusEm: iso(r.w_status_em),
  modelo: r.w_modelo,
  categoria: r.w_categoria ?? null,
  erro: r.w_erro,
  motivoEmail: r.w_motivo,
  custoCentavos: r.w_custo,
});

/**
 * A job of the actor's network (issue 39): the network of the record that caused it (`franqueador_id`) or one of
 * the others it belongs to (`outras_redes`: an aluno of several networks), never the address's.
 */
const daRede = (actor: Actor) =>
  sql`(franqueador_id = ${actor.franqueadorId}::uuid or outras_redes @> array[${actor.franqueadorId}::uuid])`;

/**
 * The summary or the recipient contains `q`, ignoring case and accents: compared on the stored search text, the two
 * one line each (JOBS_BUSCA, ADR 155), from its trigram index. A match cannot run from one line into the other
 * unless `q` itself holds a line break; then each column is compared on its own as well.
 */
export function buscaEnvios(q: string): SQL {
  const texto = containsInSearchText(sql`busca`, q);
  if (!q.includes('\n')) return texto;
  return sql`(${texto} and (${containsIgnoringAccents(sql`coalesce(resumo, '')`, q)}
    or ${containsIgnoringAccents(sql`coalesce(destino, '')`, q)}))`;
}

/**
 * A search's count and page (ADR 155): its matches read in no order -- planned as all of them, from the search
 * text's trigram index -- until the count's limit and one more, as a funnel search's are (ADR 151). When they are all
 * there, the page is theirs, sorted; when more match, the page is read newest first (`ordenada`), where a word that
 * many envios hold is found at once. Ordered and limited in one statement, the planner priced a search as one that
 * many rows match, walked the network's envios newest first and read all half a million of them to find a phone's
 * five (1.3 s).
 */
function buscaContadaEPaginada(
  [proprios, partilhados]: [SQL, SQL],
  ordenada: SQL,
  { limit, offset }: { limit: number; offset: number },
): SQL {
  return sql`achados as materialized ((${proprios}) union all (${partilhados})),
    primeiros as materialized (select * from achados limit ${TOTAL_COUNT_LIMIT + 1}),
    c as (select count(*)::int as n from primeiros),
    pagina as (
      (select * from primeiros where (select n from c) <= ${TOTAL_COUNT_LIMIT}
        order by created_at desc, id desc limit ${limit} offset ${offset})
      union all
      (select * from (${ordenada}) o where (select n from c) > ${TOTAL_COUNT_LIMIT}))`;
}

/**
 * The e-mails and webhooks of the franqueador's network, newest first: those it owns in index order
 * (jobs_envios_idx), merged with the few it shares with another network (jobs_outras_redes_idx). How many match is
 * counted in the same statement up to the lists' limit (issue 46): past 10,000 the total says 'mais de 10.000', as
 * every long list does, and a network that has sent a million e-mails reads 10,001 keys for it, not a million.
 */
export async function listEnvios(db: Executor, actor: Actor, query: EnviosQuery) {
  const { limit, offset } = pageWindow(query);
  const filtros = sql`${query.tipo ? sql`and tipo = ${query.tipo}` : sql``}
        ${query.status ? sql`and status = ${query.status}` : sql``}
        ${query.destinatario ? sql`and destino_chave = ${chaveDoDestinatario(query.destinatario)}` : sql``}
        ${query.q ? sql`and ${buscaEnvios(query.q)}` : sql``}`;
  const colunas = sql`id, tipo, status, resumo, destino, tentativas, max_tentativas, ultimo_erro, created_at, updated_at,
    executar_em`;
  const ramos = (selecionar: SQL, ate: SQL): [SQL, SQL] => [
    sql`select ${selecionar} from ${jobs}
          where tipo in ('email', 'webhook', 'whatsapp') and franqueador_id = ${actor.franqueadorId}::uuid ${filtros} ${ate}`,
    sql`select ${selecionar} from ${jobs}
          where tipo in ('email', 'webhook', 'whatsapp') and outras_redes @> array[${actor.franqueadorId}::uuid]
            and franqueador_id is distinct from ${actor.franqueadorId}::uuid ${filtros} ${ate}`,
  ];
  // Each branch newest first up to the page's end, from its own index (PostgreSQL does not merge a union's
  // branches in an index's order: ordered once outside, it sorted every e-mail the network ever sent).
  const [proprios, partilhados] = ramos(colunas, sql`order by created_at desc, id desc limit ${limit + offset}`);
  const ordenada = sql`select ${colunas} from ((${proprios}) union all (${partilhados})) j
        order by created_at desc, id desc limit ${limit} offset ${offset}`;
  const contagemEPagina = query.q
    ? buscaContadaEPaginada(ramos(colunas, sql``), ordenada, { limit, offset })
    : sql`c as (select count(*)::int as n from (${sql.join(ramos(sql`1`, sql``), sql` union all `)}
          limit ${TOTAL_COUNT_LIMIT + 1}) contados),
        pagina as (${ordenada})`;
  // One row at least -- the count's -- with the page's rows beside it (none past the last page).
  const rows = await executeRows<Partial<Row> & { total: number }>(
    db,
    sql`with ${contagemEPagina}
      select p.*, m.status as w_status, m.status_em as w_status_em, m.modelo_nome as w_modelo,
        m.categoria as w_categoria, m.erro as w_erro, m.motivo_email as w_motivo, m.custo_centavos as w_custo,
        c.n as total
      from c
      left join pagina p on true
      left join ${whatsappMensagens} m on m.job_id = p.id
      order by p.created_at desc, p.id desc`,
  );
  const items: EnvioItem[] = rows
    .filter((r): r is Row => typeof r.id === 'string')
    .map((r) => ({
      id: r.id,
      tipo: r.tipo,
      status: r.status,
      resumo: r.resumo,
      destino: r.destino,
      tentativas: r.tentativas,
      maxTentativas: r.max_tentativas,
      ultimoErro: r.ultimo_erro,
      criadoEm: iso(r.created_at)!,
      atualizadoEm: iso(r.updated_at)!,
      proximaTentativaEm: r.status === 'pendente' ? iso(r.executar_em) : null,
      canal: r.tipo,
      whatsapp: r.tipo === 'whatsapp' ? whatsappDoEnvio(r) : null,
    }));
  return { items, ...cappedTotal(Number(rows[0]?.total ?? 0), TOTAL_COUNT_LIMIT) };
}

/** A dead letter of the network back in the queue, its tries counted from zero; false when none such. */
export async function reenviar(db: Executor, actor: Actor, id: string, now: Date): Promise<'ok' | 'nao' | 'status'> {
  const [row] = await executeRows<{ status: string }>(
    db,
    sql`select status from ${jobs} where id = ${id}::uuid and tipo in ('email', 'webhook', 'whatsapp')
      and ${daRede(actor)} for update`,
  );
  if (!row) return 'nao';
  if (row.status !== 'falhou' || !(await temPayload(db, id))) return 'status';
  await db.execute(sql`update ${jobs} set status = 'pendente', tentativas = 0, executar_em = ${now.toISOString()}::timestamptz,
      concluido_em = null, bloqueado_ate = null, updated_at = ${now.toISOString()}::timestamptz
    where id = ${id}::uuid`);
  return 'ok';
}

/**
 * A queued e-mail or webhook of the network cancelled, its message or body dropped (issue 39): 'nao' when none
 * such, 'status' when it is not waiting in the queue (one being sent is not stopped half-way).
 */
export async function cancelar(db: Executor, actor: Actor, id: string, now: Date): Promise<'ok' | 'nao' | 'status'> {
  const row = await envioDaRede(db, actor, id);
  if (!row) return 'nao';
  if (row.status !== 'pendente') return 'status';
  await db.execute(sql`update ${jobs} set status = 'cancelado', payload = null, bloqueado_ate = null,
      concluido_em = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
    where id = ${id}::uuid`);
  return 'ok';
}

/** A queued e-mail or webhook waiting for its next try (it failed before), due now (issue 39). */
export async function tentarAgora(db: Executor, actor: Actor, id: string, now: Date): Promise<'ok' | 'nao' | 'status'> {
  const row = await envioDaRede(db, actor, id);
  if (!row) return 'nao';
  if (row.status !== 'pendente' || row.tentativas === 0) return 'status';
  await db.execute(sql`update ${jobs} set executar_em = ${now.toISOString()}::timestamptz,
      updated_at = ${now.toISOString()}::timestamptz
    where id = ${id}::uuid`);
  return 'ok';
}

/** A job of the network's e-mails and webhooks, locked for the change that follows. */
async function envioDaRede(db: Executor, actor: Actor, id: string) {
  const [row] = await executeRows<{ status: string; tentativas: number }>(
    db,
    sql`select status, tentativas from ${jobs} where id = ${id}::uuid and tipo in ('email', 'webhook', 'whatsapp')
      and franqueador_id = ${actor.franqueadorId}::uuid for update`,
  );
  return row;
}

async function temPayload(db: Executor, id: string) {
  const [row] = await executeRows<{ ok: boolean }>(
    db,
    sql`select payload is not null as ok from ${jobs} where id = ${id}::uuid`,
  );
  return row?.ok ?? false;
}
