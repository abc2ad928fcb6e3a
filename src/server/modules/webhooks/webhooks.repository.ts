import { sql } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import type { EntregaView, WebhookInput, WebhookView } from '../../../shared/schemas/integracoes';
import { type Executor, executeRows } from '../../db/connect';
import { franquias, jobs, webhookEndpoints, webhookEntregas } from '../../db/schema';

const iso = (v: Date | string) => new Date(v).toISOString();

interface Row {
  id: string;
  url: string;
  eventos: string[];
  franquia_id: string | null;
  franquia_nome: string | null;
  ativo: boolean;
  created_at: Date | string;
  ultima_em: Date | string | null;
  ultima_codigo: number | null;
  ultima_erro: string | null;
}

const SELECT = sql`select e.id, e.url, e.eventos, e.franquia_id, f.razao_social as franquia_nome, e.ativo, e.created_at,
    e.franqueador_id, e.segredo,
    u.em as ultima_em, u.codigo as ultima_codigo, u.erro as ultima_erro
  from ${webhookEndpoints} e
  left join ${franquias} f on f.id = e.franquia_id
  left join lateral (select em, codigo, erro from ${webhookEntregas} w where w.endpoint_id = e.id
    order by em desc, id desc limit 1) u on true`;

const toView = (r: Row): WebhookView => ({
  id: r.id,
  url: r.url,
  eventos: r.eventos,
  franquia: r.franquia_id ? { id: r.franquia_id, nome: r.franquia_nome ?? '' } : null,
  ativo: r.ativo,
  criadoEm: iso(r.created_at),
  ultimaEntrega: r.ultima_em ? { em: iso(r.ultima_em), codigo: r.ultima_codigo, ok: r.ultima_erro === null } : null,
});

/** The network's endpoints, newest first (a network has a handful). */
export async function listWebhooks(db: Executor, actor: Actor): Promise<WebhookView[]> {
  const rows = await executeRows<Row>(
    db,
    sql`${SELECT} where e.franqueador_id = ${actor.franqueadorId}::uuid
      order by e.created_at desc, e.id desc limit 200`,
  );
  return rows.map(toView);
}

export async function findWebhook(db: Executor, actor: Actor, id: string, lock = false) {
  const [row] = await executeRows<Row & { segredo: string; franqueador_id: string }>(
    db,
    sql`${SELECT} where e.id = ${id}::uuid and e.franqueador_id = ${actor.franqueadorId}::uuid
      ${lock ? sql`for update of e` : sql``}`,
  );
  return row ? { view: toView(row), row } : undefined;
}

/** Whether the franquia is of the actor's network. */
export async function franquiaDaRede(db: Executor, actor: Actor, franquiaId: string): Promise<boolean> {
  const [row] = await executeRows<{ ok: number }>(
    db,
    sql`select 1 as ok from ${franquias} where id = ${franquiaId}::uuid
      and franqueador_id = ${actor.franqueadorId}::uuid`,
  );
  return Boolean(row);
}

const eventosArray = (eventos: string[]) =>
  sql`array[${sql.join(
    eventos.map((e) => sql`${e}`),
    sql`, `,
  )}]::text[]`;

export async function insertWebhook(db: Executor, actor: Actor, input: WebhookInput, segredo: string, now: Date) {
  const [row] = await executeRows<{ id: string }>(
    db,
    sql`insert into ${webhookEndpoints} (franqueador_id, franquia_id, url, segredo, eventos, ativo,
        created_at, updated_at)
      values (${actor.franqueadorId}::uuid, ${input.franquiaId}::uuid, ${input.url}, ${segredo},
        ${eventosArray(input.eventos)}, ${input.ativo}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
      returning id`,
  );
  return row!.id;
}

export async function updateWebhook(db: Executor, id: string, input: WebhookInput, now: Date) {
  await db.execute(sql`update ${webhookEndpoints} set url = ${input.url}, franquia_id = ${input.franquiaId}::uuid,
      eventos = ${eventosArray(input.eventos)}, ativo = ${input.ativo}, updated_at = ${now.toISOString()}::timestamptz
    where id = ${id}::uuid`);
}

/**
 * The deliveries still queued for an endpoint, cancelled and their bodies (names, e-mails, phones) dropped: an
 * endpoint switched off or removed gets nothing more (issue 39). A try under way finds the endpoint so when it
 * starts (`entregarWebhook`). Answers how many.
 */
export async function cancelarEntregasPendentes(db: Executor, franqueadorId: string, endpointId: string, now: Date) {
  const rows = await executeRows<{ id: string }>(
    db,
    sql`update ${jobs} set status = 'cancelado', payload = null, bloqueado_ate = null,
        concluido_em = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
      where tipo = 'webhook' and franqueador_id = ${franqueadorId}::uuid and status = 'pendente'
        and payload->>'endpointId' = ${endpointId}
      returning id`,
  );
  return rows.length;
}

export async function deleteWebhook(db: Executor, id: string) {
  await db.execute(sql`delete from ${webhookEndpoints} where id = ${id}::uuid`);
}

/** The endpoint's deliveries of the last 30 days, newest first. */
export async function listEntregas(db: Executor, endpointId: string, now: Date, page: number, pageSize: number) {
  const desde = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000).toISOString();
  const rows = await executeRows<{
    id: string;
    entrega_id: string;
    evento: string;
    tentativa: number;
    codigo: number | null;
    duracao_ms: number;
    erro: string | null;
    em: Date | string;
    total: number;
  }>(
    db,
    sql`select id, entrega_id, evento, tentativa, codigo, duracao_ms, erro, em,
        count(*) over ()::int as total
      from ${webhookEntregas} where endpoint_id = ${endpointId}::uuid and em >= ${desde}::timestamptz
      order by em desc, id desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  const items: EntregaView[] = rows.map((r) => ({
    id: r.id,
    entregaId: r.entrega_id,
    evento: r.evento,
    tentativa: r.tentativa,
    codigo: r.codigo,
    duracaoMs: r.duracao_ms,
    erro: r.erro,
    em: iso(r.em),
  }));
  return { items, total: rows[0]?.total ?? 0 };
}
