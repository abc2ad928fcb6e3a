import { type SQL, sql } from 'drizzle-orm';
import { type Executor, executeRows } from '../../db/connect';
import type { WebhookEvento } from '../../../shared/schemas/integracoes';
import { jobs, webhookEndpoints, webhookEntregas } from '../../db/schema';

/**
 * The deliveries of an event of the network (issue 22) as one INSERT … SELECT: for each occurrence, a job per
 * active endpoint of its network that asked for the event, scoped to the whole network or to the occurrence's
 * franquia. The body is the one `corpoDe` writes, byte for byte.
 *
 * `ocorrencias` is a relation -- a subquery, or a CTE of a statement that writes the rows the event is about (the
 * public sign-up, issue 41) -- with one row per occurrence and these columns, in the webhooks' own words, the only
 * ones read: `franqueador_id`, `franquia_id` (uuid: who may be told), `registro_id` (uuid: the row the event is
 * about; issue 39: what an anonymisation of that row scrubs, and nothing else), `dados` (the body's data, JSON
 * text), `em` (the event's instant, ISO 8601 text as `Date#toISOString` writes it), `max_tentativas` (int).
 */
export function entregasInsert(evento: WebhookEvento, ocorrencias: SQL): SQL {
  return sql`insert into ${jobs} (tipo, payload, resumo, destino, franqueador_id, registro_id, executar_em,
      max_tentativas, created_at, updated_at)
    select 'webhook', jsonb_build_object('endpointId', d.id, 'evento', ${evento}::text, 'entregaId', d.entrega,
        'corpo', '{"id":"' || d.entrega || '","evento":' || to_json(${evento}::text)::text || ',"criadoEm":"'
          || o.em || '","dados":' || o.dados || '}'),
      ${evento}, d.url, d.franqueador_id, o.registro_id, o.em::timestamptz, o.max_tentativas, o.em::timestamptz,
      o.em::timestamptz
    from ${ocorrencias} as o, lateral (select e.id, e.url, e.franqueador_id, gen_random_uuid()::text as entrega
      from ${webhookEndpoints} e
      where e.ativo and e.franqueador_id = o.franqueador_id
        and (e.franquia_id is null or e.franquia_id = o.franquia_id)
        and ${evento} = any (e.eventos)) as d`;
}

/**
 * Writes the deliveries of one occurrence of an event (`emitirEvento`): `lugar` selects the row's franqueador_id
 * and franquia_id; `dados` is the body's data as JSON text.
 */
export async function insertEntregas(
  db: Executor,
  evento: WebhookEvento,
  lugar: SQL,
  ocorrencia: { registroId: string; dados: string; em: Date; maxTentativas: number },
): Promise<void> {
  await db.execute(
    entregasInsert(
      evento,
      sql`(select p.franqueador_id, p.franquia_id, ${ocorrencia.registroId}::uuid as registro_id,
        ${ocorrencia.dados}::text as dados, ${ocorrencia.em.toISOString()}::text as em,
        ${ocorrencia.maxTentativas}::int as max_tentativas
        from (${lugar}) as p)`,
    ),
  );
}

/** The endpoint a delivery goes to, as it stands now (removed: undefined). */
export async function findEndpoint(db: Executor, id: string) {
  const [endpoint] = await executeRows<{ url: string; segredo: string; ativo: boolean }>(
    db,
    sql`select url, segredo, ativo from ${webhookEndpoints} where id = ${id}::uuid`,
  );
  return endpoint;
}

/** One try of a delivery, for the endpoint's log. */
export async function insertTentativa(
  db: Executor,
  t: {
    endpointId: string;
    jobId: string;
    entregaId: string;
    evento: string;
    tentativa: number;
    codigo: number | null;
    duracaoMs: number;
    erro: string | null;
    em: Date;
  },
): Promise<void> {
  await db.execute(sql`insert into ${webhookEntregas} (endpoint_id, job_id, entrega_id, evento, tentativa, codigo,
      duracao_ms, erro, em)
    values (${t.endpointId}::uuid, ${t.jobId}::uuid, ${t.entregaId}::uuid, ${t.evento}, ${t.tentativa},
      ${t.codigo}, ${t.duracaoMs}, ${t.erro}, ${t.em.toISOString()}::timestamptz)`);
}
