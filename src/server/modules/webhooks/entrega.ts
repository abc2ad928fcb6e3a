import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/connect';
import { Cancelado, enfileirar, FalhaDefinitiva, FalhaDeEnvio, type JobHandler, json, textoDaFalha } from '../../jobs';
import { WEBHOOK_HEADERS, type WebhookEvento } from '../../../shared/schemas/integracoes';
import { findEndpoint, insertEntregas, insertTentativa } from './entregas.repository';
import { EnderecoRecusado, resolverSeguro } from './ssrf';

export interface WebhookPayload {
  endpointId: string;
  evento: string;
  /** The idempotency id: the same on every try of one delivery. */
  entregaId: string;
  /** The JSON body, as signed. */
  corpo: string;
}

/** `sha256=<hex>`: the HMAC-SHA256 of the body with the endpoint's secret. */
export const assinatura = (segredo: string, corpo: string) =>
  `sha256=${createHmac('sha256', segredo).update(corpo).digest('hex')}`;

/** The JSON body of a delivery. */
export function corpoDe(evento: string, entregaId: string, em: Date, dados: unknown): string {
  return JSON.stringify({ id: entregaId, evento, criadoEm: em.toISOString(), dados });
}

/** Writes one delivery job for an endpoint, in the caller's transaction. */
export async function enfileirarEntrega(
  app: FastifyInstance,
  db: Executor,
  endpoint: { id: string; url: string; franqueador_id: string },
  evento: string,
  dados: unknown,
): Promise<string | null> {
  const now = app.clock.now();
  const entregaId = randomUUID();
  const payload: WebhookPayload = {
    endpointId: endpoint.id,
    evento,
    entregaId,
    corpo: corpoDe(evento, entregaId, now, dados),
  };
  return enfileirar(
    db,
    {
      tipo: 'webhook',
      payload,
      resumo: evento,
      destino: endpoint.url,
      franqueadorId: endpoint.franqueador_id,
      registroId: null,
      maxTentativas: app.config.jobs.maxTentativas,
    },
    now,
  );
}

/**
 * An event of the network (issue 22): one delivery job per active endpoint of the row's network that asked for
 * it (`entregasInsert`). `lugar` selects the row's franqueador_id and franquia_id; `dados.id` is the row's id.
 * Call it in the transaction of the change.
 */
export async function emitirEvento(
  app: FastifyInstance,
  db: Executor,
  evento: WebhookEvento,
  lugar: SQL,
  dados: { id: string } & Record<string, unknown>,
): Promise<void> {
  await insertEntregas(db, evento, lugar, {
    registroId: dados.id,
    dados: json(dados),
    em: app.clock.now(),
    maxTentativas: app.config.jobs.maxTentativas,
  });
}

/** One POST; answers the status code (or throws on a network error or the timeout). */
function post(
  url: URL,
  address: { address: string; family: number },
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
) {
  return new Promise<number>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        // The address checked is the one connected to: a name that resolves again to another address (DNS
        // rebinding) is not asked twice.
        lookup: (_host, _options, callback) => callback(null, address.address, address.family),
        timeout: timeoutMs,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () =>
      request.destroy(new FalhaDeEnvio(`Sem resposta: tempo esgotado (${Math.ceil(timeoutMs / 1000)} s)`)),
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * The job of one delivery: signed POST, its try logged; not 2xx is a failure the queue retries. An endpoint
 * removed or switched off gets nothing more: its delivery is cancelled, its body (names, e-mails, phones) dropped
 * (issue 39). What a failed try says is `textoDaFalha`'s: no host, no address (issue 39).
 */
export const entregarWebhook: JobHandler = async (job, { app, tentativa }) => {
  const payload = job.payload as WebhookPayload;
  const endpoint = await findEndpoint(app.db, payload.endpointId);
  if (!endpoint) throw new Cancelado('Webhook removido');
  if (!endpoint.ativo) throw new Cancelado('Webhook desativado');
  const started = performance.now();
  let codigo: number | null = null;
  let erro: string | null = null;
  try {
    const url = new URL(endpoint.url);
    const address = await resolverSeguro(url, app.config.webhooks.permitirRedeLocal);
    codigo = await post(
      url,
      address,
      {
        'Content-Type': 'application/json; charset=utf-8',
        'User-Agent': 'RedeCreditoEducacional-Webhooks/1',
        [WEBHOOK_HEADERS.assinatura]: assinatura(endpoint.segredo, payload.corpo),
        [WEBHOOK_HEADERS.evento]: payload.evento,
        [WEBHOOK_HEADERS.entrega]: payload.entregaId,
      },
      payload.corpo,
      app.config.webhooks.timeoutMs,
    );
    // A redirect is not followed: its target was never checked (issue 39).
    if (codigo >= 300 && codigo < 400) erro = `Respondeu HTTP ${codigo} (redirecionamento não seguido)`;
    else if (codigo < 200 || codigo >= 300) erro = `Respondeu HTTP ${codigo}`;
  } catch (error) {
    if (error instanceof EnderecoRecusado) {
      await registrar(app, job.id, payload, tentativa, null, started, error.message);
      throw new FalhaDefinitiva(error.message);
    }
    erro = textoDaFalha(error);
  }
  await registrar(app, job.id, payload, tentativa, codigo, started, erro);
  if (erro) throw new FalhaDeEnvio(erro);
};

async function registrar(
  app: FastifyInstance,
  jobId: string,
  payload: WebhookPayload,
  tentativa: number,
  codigo: number | null,
  started: number,
  erro: string | null,
) {
  await insertTentativa(app.db, {
    endpointId: payload.endpointId,
    jobId,
    entregaId: payload.entregaId,
    evento: payload.evento,
    tentativa,
    codigo,
    duracaoMs: Math.round(performance.now() - started),
    erro,
    em: app.clock.now(),
  });
}
