import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * A stand-in for Asaas API v3 in tests (issue 43, ADR 071), speaking its request and response shapes: customers
 * (`GET /v3/customers?cpfCnpj=`, `POST /v3/customers`), payments (`POST /v3/payments` -- one, or an installment plan
 * with `installmentCount`/`installmentValue` --, `GET /v3/payments?externalReference=` or `?dateCreated[ge]=` / `?dueDate[ge]=` paged by `offset`/`limit` with `hasMore`, `GET /v3/payments/{id}`,
 * `GET /v3/payments/{id}/pixQrCode`, `DELETE /v3/payments/{id}`, `POST /v3/payments/{id}/refund`), lists as
 * `{object: 'list', hasMore, totalCount, limit, offset, data}`, errors as `{errors: [{code, description}]}`, the key in
 * the `access_token` header. It keeps every request it received, and sends webhooks `{id, event, dateCreated,
 * payment}` with the `asaas-access-token` header, as Asaas does. Run this file directly to serve on FAKE_ASAAS_PORT.
 */

export const FAKE_ASAAS_KEY = '$aact_fake_test_key_0000000000';
/** The fee the fake takes of each payment received, in reais (netValue = value - fee). */
export const FAKE_ASAAS_TAXA = 1.99;

export interface FakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | null;
  accessToken: string | undefined;
}

export interface FakePayment {
  object: 'payment';
  id: string;
  dateCreated: string;
  customer: string;
  installment: string | null;
  installmentNumber: number | null;
  value: number;
  netValue: number;
  dueDate: string;
  originalDueDate: string;
  status: string;
  billingType: string;
  description: string | null;
  externalReference: string | null;
  invoiceUrl: string;
  bankSlipUrl: string;
  paymentDate: string | null;
  clientPaymentDate: string | null;
  confirmedDate: string | null;
  deleted: boolean;
}

export interface FakeAsaasServer {
  /** ASAAS_API_URL for the app. */
  url: string;
  port: number;
  requests: FakeRequest[];
  customers: Map<string, { id: string; name: string; cpfCnpj: string; email: string; deleted: boolean }>;
  payments: Map<string, FakePayment>;
  /** The requests of one method and path pattern (`POST /v3/payments`). */
  received(method: string, path: string): FakeRequest[];
  /** Marks a payment received (PIX or boleto paid) and answers it as the webhook's `payment` would carry it. */
  pay(id: string, paymentDate?: string): FakePayment;
  /**
   * ADR 093: a paid card payment's chargeback as Asaas moves it -- `requested` (the cardholder's bank took it back),
   * `dispute` (documents sent to contest it), `won` (dispute won, awaiting the acquirer's reversal), `reversed` (the
   * money back: received again) or `lost` (refunded for good). Sets the payment's status and answers the webhook
   * event Asaas sends for that step, with the payment, for `sendWebhook`.
   */
  chargeback(id: string, fase: FaseDoChargeback): { event: string; payment: FakePayment };
  /** An outage (ADR 076): the next `count` API requests answer 503, as a gateway out of service does. */
  failNext(count: number): void;
  /** Sends a webhook event about a payment to `url` with the token; answers the app's status and body. */
  sendWebhook(
    url: string,
    token: string,
    event: string,
    payment: FakePayment | { id: string; [k: string]: unknown },
    id?: string,
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

export type FaseDoChargeback = 'requested' | 'dispute' | 'won' | 'reversed' | 'lost';

/** Each chargeback step's payment status and webhook event at Asaas. */
const CHARGEBACK: Record<FaseDoChargeback, { status: string; event: string }> = {
  requested: { status: 'CHARGEBACK_REQUESTED', event: 'PAYMENT_CHARGEBACK_REQUESTED' },
  dispute: { status: 'CHARGEBACK_DISPUTE', event: 'PAYMENT_CHARGEBACK_DISPUTE' },
  won: { status: 'AWAITING_CHARGEBACK_REVERSAL', event: 'PAYMENT_AWAITING_CHARGEBACK_REVERSAL' },
  reversed: { status: 'RECEIVED', event: 'PAYMENT_RECEIVED' },
  lost: { status: 'REFUNDED', event: 'PAYMENT_REFUNDED' },
};

const round2 = (n: number) => Math.round(n * 100) / 100;
const today = () => new Date().toISOString().slice(0, 10);

function readBody(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text ? (JSON.parse(text) as Record<string, unknown>) : null);
      } catch {
        resolve(null);
      }
    });
  });
}

export async function startFakeAsaasServer(
  port = 0,
  host = '127.0.0.1',
  apiKey = FAKE_ASAAS_KEY,
): Promise<FakeAsaasServer> {
  const requests: FakeRequest[] = [];
  const customers: FakeAsaasServer['customers'] = new Map();
  const payments = new Map<string, FakePayment>();
  let seq = 0;
  let falhas = 0;
  const nextId = (prefix: string) => `${prefix}_${String(++seq).padStart(12, '0')}`;
  let base = '';

  const list = <T>(data: T[]) => ({
    object: 'list',
    hasMore: false,
    totalCount: data.length,
    limit: 10,
    offset: 0,
    data,
  });
  const erro = (code: string, description: string) => ({ errors: [{ code, description }] });

  function newPayment(body: Record<string, unknown>, value: number, dueDate: string, extra: Partial<FakePayment> = {}) {
    const id = nextId('pay');
    const p: FakePayment = {
      object: 'payment',
      id,
      dateCreated: today(),
      customer: String(body.customer),
      installment: null,
      installmentNumber: null,
      value,
      netValue: round2(value - FAKE_ASAAS_TAXA),
      dueDate,
      originalDueDate: dueDate,
      status: 'PENDING',
      billingType: String(body.billingType),
      description: typeof body.description === 'string' ? body.description : null,
      externalReference: typeof body.externalReference === 'string' ? body.externalReference : null,
      invoiceUrl: `${base}/i/${id.slice(4)}`,
      bankSlipUrl: `${base}/b/pdf/${id.slice(4)}`,
      paymentDate: null,
      clientPaymentDate: null,
      confirmedDate: null,
      deleted: false,
      ...extra,
    };
    payments.set(id, p);
    return p;
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = await readBody(req);
      const accessToken = req.headers['access_token'];
      const record: FakeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body,
        accessToken: typeof accessToken === 'string' ? accessToken : undefined,
      };
      const send = (status: number, payload: unknown) =>
        res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(payload));
      if (url.pathname === '/health') return send(200, { status: 'ok' });
      requests.push(record);
      if (falhas > 0) {
        falhas -= 1;
        return send(503, erro('service_unavailable', 'Serviço temporariamente indisponível'));
      }
      if (record.accessToken !== apiKey)
        return send(401, erro('invalid_access_token', 'A chave de API informada não pertence a este ambiente'));
      const m = record.method;
      const path = url.pathname;

      if (m === 'GET' && path === '/v3/customers') {
        const cpf = url.searchParams.get('cpfCnpj');
        return send(200, list([...customers.values()].filter((c) => !cpf || c.cpfCnpj === cpf)));
      }
      if (m === 'POST' && path === '/v3/customers') {
        if (!body?.name || !body.cpfCnpj)
          return send(400, erro('invalid_object', 'O nome e o CPF/CNPJ são obrigatórios'));
        const c = {
          object: 'customer',
          id: nextId('cus'),
          name: String(body.name),
          cpfCnpj: String(body.cpfCnpj),
          email: String(body.email ?? ''),
          mobilePhone: body.mobilePhone ?? null,
          externalReference: body.externalReference ?? null,
          deleted: false,
          dateCreated: today(),
        };
        customers.set(c.id, c);
        return send(200, c);
      }
      if (m === 'POST' && path === '/v3/payments') {
        if (!body?.customer || !customers.has(String(body.customer)))
          return send(400, erro('invalid_customer', 'Cliente inválido ou não informado'));
        if (!['BOLETO', 'PIX', 'CREDIT_CARD', 'UNDEFINED'].includes(String(body.billingType)))
          return send(400, erro('invalid_billingType', 'Forma de pagamento inválida'));
        if (typeof body.dueDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(body.dueDate))
          return send(400, erro('invalid_dueDate', 'Data de vencimento inválida'));
        const count = Number(body.installmentCount ?? 0);
        if (count > 1) {
          // An installment plan: `count` monthly payments of `installmentValue` (or the total split), one installment id.
          const installment = `ins_${String(++seq).padStart(12, '0')}`;
          const each = Number(body.installmentValue ?? round2(Number(body.totalValue ?? body.value) / count));
          let first: FakePayment | undefined;
          for (let i = 0; i < count; i++) {
            const [y, mo, d] = body.dueDate.split('-').map(Number) as [number, number, number];
            const k = y * 12 + mo - 1 + i;
            const due = `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
            const p = newPayment(body, each, due, { installment, installmentNumber: i + 1 });
            first ??= p;
          }
          return send(200, first);
        }
        if (typeof body.value !== 'number' || body.value <= 0)
          return send(400, erro('invalid_value', 'Valor inválido'));
        // ADR 089: Asaas's `split` -- wallets with a percentage (of the net value) or a fixed value each.
        if (body.split !== undefined) {
          const splits = body.split as { walletId?: unknown; percentualValue?: unknown; fixedValue?: unknown }[];
          const valido =
            Array.isArray(splits) &&
            splits.every(
              (s) =>
                typeof s.walletId === 'string' &&
                s.walletId.length > 0 &&
                ((typeof s.percentualValue === 'number' && s.percentualValue > 0 && s.percentualValue <= 100) ||
                  (typeof s.fixedValue === 'number' && s.fixedValue > 0)),
            ) &&
            splits.reduce((t, s) => t + (typeof s.percentualValue === 'number' ? s.percentualValue : 0), 0) <= 100;
          if (!valido) return send(400, erro('invalid_split', 'Split inválido'));
        }
        return send(200, newPayment(body, body.value, body.dueDate));
      }
      if (m === 'GET' && path === '/v3/payments') {
        // Filters by reference, creation or due date (`dateCreated[ge]`, `dueDate[ge]`), a page of `limit` (at most
        // 100) from `offset`.
        const ref = url.searchParams.get('externalReference');
        const desde = url.searchParams.get('dateCreated[ge]');
        const venceDesde = url.searchParams.get('dueDate[ge]');
        const offset = Math.max(0, Number(url.searchParams.get('offset') ?? 0) || 0);
        const limit = Math.min(100, Math.max(1, Number(url.searchParams.get('limit') ?? 10) || 10));
        const all = [...payments.values()].filter(
          (p) =>
            !p.deleted &&
            (!ref || p.externalReference === ref) &&
            (!desde || p.dateCreated >= desde) &&
            (!venceDesde || p.dueDate >= venceDesde),
        );
        return send(200, {
          object: 'list',
          hasMore: offset + limit < all.length,
          totalCount: all.length,
          limit,
          offset,
          data: all.slice(offset, offset + limit),
        });
      }
      const one = /^\/v3\/payments\/([^/]+)(\/pixQrCode|\/refund)?$/.exec(path);
      const p = one ? payments.get(decodeURIComponent(one[1]!)) : undefined;
      if (one && !p) return send(404, erro('not_found', 'Cobrança não encontrada'));
      if (one && p) {
        if (m === 'GET' && !one[2]) return send(200, p);
        if (m === 'GET' && one[2] === '/pixQrCode') {
          return send(200, {
            encodedImage: 'iVBORw0KGgo=',
            payload: `00020126580014br.gov.bcb.pix0136${p.id}5204000053039865802BR6304FAKE`,
            expirationDate: `${p.dueDate} 23:59:59`,
          });
        }
        if (m === 'DELETE' && !one[2]) {
          if (p.status !== 'PENDING' && p.status !== 'OVERDUE')
            return send(400, erro('invalid_action', 'Só cobranças pendentes podem ser removidas'));
          p.deleted = true;
          return send(200, { deleted: true, id: p.id });
        }
        if (m === 'POST' && one[2] === '/refund') {
          if (p.status !== 'RECEIVED' && p.status !== 'CONFIRMED')
            return send(400, erro('invalid_action', 'Só cobranças recebidas podem ser estornadas'));
          p.status = 'REFUNDED';
          return send(200, p);
        }
      }
      return send(404, erro('not_found', 'Recurso não encontrado'));
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const actual = (server.address() as AddressInfo).port;
  base = `http://${host}:${actual}`;
  let evt = 0;
  return {
    url: base,
    port: actual,
    requests,
    customers,
    payments,
    received: (method, path) => requests.filter((r) => r.method === method && r.path === path),
    failNext(count) {
      falhas = count;
    },
    pay(id, paymentDate = today()) {
      const p = payments.get(id);
      if (!p) throw new Error(`no payment ${id}`);
      Object.assign(p, { status: 'RECEIVED', paymentDate, clientPaymentDate: paymentDate, confirmedDate: paymentDate });
      return p;
    },
    chargeback(id, fase) {
      const p = payments.get(id);
      if (!p) throw new Error(`no payment ${id}`);
      if (!p.paymentDate) throw new Error(`payment ${id} was never paid: no chargeback`);
      p.status = CHARGEBACK[fase].status;
      return { event: CHARGEBACK[fase].event, payment: p };
    },
    async sendWebhook(url, token, event, payment, id = `evt_${String(++evt).padStart(8, '0')}&${Date.now()}`) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'asaas-access-token': token },
        body: JSON.stringify({
          id,
          event,
          dateCreated: new Date().toISOString().replace('T', ' ').slice(0, 19),
          payment,
        }),
      });
      return { status: response.status, body: await response.text() };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const fake = await startFakeAsaasServer(Number(process.env.FAKE_ASAAS_PORT ?? 6180));
  console.warn(`fake Asaas on ${fake.url}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
