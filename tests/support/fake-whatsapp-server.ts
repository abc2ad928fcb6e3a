import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * A stand-in for WhatsApp's Cloud API in tests (issue 47, ADR 103), speaking Meta's shapes: `POST
 * /{version}/{phone-number-id}/messages` with `Authorization: Bearer`, answered `{messaging_product, contacts:
 * [{input, wa_id}], messages: [{id}]}` or `{error: {message, type, code, error_data, fbtrace_id}}`; and webhooks
 * `{object: 'whatsapp_business_account', entry: [{id, changes: [{field: 'messages', value: {messaging_product,
 * metadata, statuses | contacts + messages}}]}]}` signed in `X-Hub-Signature-256` with the app's secret, as Meta
 * sends them. It keeps every message it took. A number ending in 0000 has no WhatsApp (131026, which Meta reports by
 * a `failed` status); `falharProximas(n, code, http)` refuses the next n sends.
 *
 * Control endpoints (the browser suite drives it): `GET /_mensagens`, `POST /_status {wamid, status}` and `POST
 * /_responder {de, texto}` deliver a webhook to WEBHOOK_URL. Run this file directly to serve on FAKE_WHATSAPP_PORT.
 */

export const FAKE_WHATSAPP = {
  token: 'EAAG-fake-whatsapp-token-0000000000',
  phoneNumberId: '106540352242922',
  appSecret: 'fake-whatsapp-app-secret-0000000000',
  verifyToken: 'fake-whatsapp-verify-token-000000',
} as const;

export interface FakeWhatsappMessage {
  wamid: string;
  to: string;
  type: string;
  template: { name: string; language: { code: string }; components?: unknown[] } | null;
  text: { body: string } | null;
  authorization: string | undefined;
}

export interface FakeWhatsappServer {
  /** WHATSAPP_API_URL: the Graph API's base with its version. */
  apiUrl: string;
  port: number;
  mensagens: FakeWhatsappMessage[];
  falharProximas(n: number, code: number, http?: number): void;
  /** The webhook body Meta sends for `wamid` reaching `status`, and its signature header. */
  statusWebhook(wamid: string, status: 'sent' | 'delivered' | 'read' | 'failed', code?: number): AssinadoWebhook;
  /** The webhook body of a family's text. */
  mensagemWebhook(de: string, texto: string, id?: string): AssinadoWebhook;
  close(): Promise<void>;
}

export interface AssinadoWebhook {
  body: string;
  headers: Record<string, string>;
}

const assinar = (body: string, secret: string = FAKE_WHATSAPP.appSecret): AssinadoWebhook => ({
  body,
  headers: {
    'content-type': 'application/json',
    'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
  },
});

const envelope = (value: Record<string, unknown>) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: FAKE_WHATSAPP.phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  });

const agora = () => String(Math.floor(Date.now() / 1000));

export function statusWebhook(
  wamid: string,
  para: string,
  status: 'sent' | 'delivered' | 'read' | 'failed',
  code?: number,
): AssinadoWebhook {
  return assinar(
    envelope({
      statuses: [
        {
          id: wamid,
          status,
          timestamp: agora(),
          recipient_id: para,
          ...(status === 'failed'
            ? { errors: [{ code: code ?? 131026, title: 'Message undeliverable', message: 'Message undeliverable' }] }
            : {}),
        },
      ],
    }),
  );
}

export function mensagemWebhook(de: string, texto: string, id = `wamid.in.${randomBytes(8).toString('hex')}`) {
  return assinar(
    envelope({
      contacts: [{ profile: { name: 'Família' }, wa_id: de }],
      messages: [{ from: de, id, timestamp: agora(), type: 'text', text: { body: texto } }],
    }),
  );
}

async function lerCorpo(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function createFake(mensagens: FakeWhatsappMessage[], falhas: { n: number; code: number; http: number }): Server {
  return createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.method === 'GET' && url.pathname === '/health') return json(200, { ok: true });
      if (req.method === 'GET' && url.pathname === '/_mensagens') return json(200, mensagens);
      const corpo = await lerCorpo(req);
      if (req.method === 'POST' && (url.pathname === '/_status' || url.pathname === '/_responder')) {
        const alvo = process.env.WEBHOOK_URL;
        const dados = JSON.parse(corpo) as {
          wamid?: string;
          status?: 'delivered' | 'read';
          de?: string;
          texto?: string;
        };
        const msg = mensagens.find((m) => m.wamid === dados.wamid);
        const hook =
          url.pathname === '/_status'
            ? statusWebhook(dados.wamid ?? '', msg?.to ?? '', dados.status ?? 'delivered')
            : mensagemWebhook(dados.de ?? '', dados.texto ?? '');
        if (!alvo) return json(500, { error: 'WEBHOOK_URL not set' });
        const r = await fetch(alvo, { method: 'POST', headers: hook.headers, body: hook.body });
        return json(r.status, { status: r.status });
      }
      const m = /^\/v\d+\.\d+\/(\d+)\/messages$/.exec(url.pathname);
      if (req.method !== 'POST' || !m) return json(404, { error: { message: 'Unknown path', code: 100 } });
      if (req.headers.authorization !== `Bearer ${FAKE_WHATSAPP.token}` || m[1] !== FAKE_WHATSAPP.phoneNumberId) {
        return json(401, {
          error: { message: 'Invalid OAuth access token', type: 'OAuthException', code: 190, fbtrace_id: 'A1' },
        });
      }
      if (falhas.n > 0) {
        falhas.n--;
        return json(falhas.http, {
          error: { message: 'Refused', type: 'OAuthException', code: falhas.code, fbtrace_id: 'A2' },
        });
      }
      const body = JSON.parse(corpo) as {
        messaging_product?: string;
        to?: string;
        type?: string;
        template?: FakeWhatsappMessage['template'];
        text?: { body: string };
      };
      if (body.messaging_product !== 'whatsapp' || !body.to || !body.type) {
        return json(400, {
          error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100, fbtrace_id: 'A3' },
        });
      }
      const wamid = `wamid.${randomBytes(12).toString('base64url')}`;
      mensagens.push({
        wamid,
        to: body.to,
        type: body.type,
        template: body.template ?? null,
        text: body.text ?? null,
        authorization: req.headers.authorization,
      });
      return json(200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: wamid, ...(body.type === 'template' ? { message_status: 'accepted' } : {}) }],
      });
    })();
  });
}

export async function startFakeWhatsappServer(port = 0, host = '127.0.0.1'): Promise<FakeWhatsappServer> {
  const mensagens: FakeWhatsappMessage[] = [];
  const falhas = { n: 0, code: 0, http: 400 };
  const server = createFake(mensagens, falhas);
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    apiUrl: `http://${host}:${actual}/v21.0`,
    port: actual,
    mensagens,
    falharProximas(n, code, http = 400) {
      Object.assign(falhas, { n, code, http });
    },
    statusWebhook: (wamid, status, code) =>
      statusWebhook(wamid, mensagens.find((m) => m.wamid === wamid)?.to ?? '', status, code),
    mensagemWebhook: (de, texto) => mensagemWebhook(de, texto),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const fake = await startFakeWhatsappServer(Number(process.env.FAKE_WHATSAPP_PORT ?? 7179));
  console.warn(`fake WhatsApp Cloud API on ${fake.apiUrl}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
