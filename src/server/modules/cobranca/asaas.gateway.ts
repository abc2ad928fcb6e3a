import { fromCentesimos } from '../../../shared/comissoes/regras';
import { fromCentavos, toCentavos } from '../../../shared/money/parcelas';
import {
  type CobrancaNoGateway,
  FalhaNoGateway,
  type GatewayDeCobranca,
  type NovaCobranca,
  type NovoClienteDoGateway,
} from './gateway';

/**
 * Asaas, API v3 (issue 43, ADR 071): `access_token` in a header, JSON both ways, money in reais with two decimals.
 * Each parcela is one payment (`POST /v3/payments`) with `billingType: 'UNDEFINED'`, so the family picks boleto or
 * PIX on the invoice; `externalReference` is ours, and a payment is looked up by it before one is created. The key
 * never reaches a log line: it travels in the header alone, and an error keeps only the status and Asaas's codes.
 */

interface AsaasPayment {
  id: string;
  status: string;
  value: number;
  dueDate: string;
  externalReference?: string | null;
  invoiceUrl?: string | null;
  bankSlipUrl?: string | null;
  deleted?: boolean;
  netValue?: number | null;
  paymentDate?: string | null;
  clientPaymentDate?: string | null;
}

interface AsaasList<T> {
  object?: string;
  hasMore?: boolean;
  totalCount?: number;
  data: T[];
}

export interface AsaasOptions {
  /** ASAAS_API_URL: the API's base, with or without the trailing `/v3`. */
  url: string;
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const paraCobranca = (p: AsaasPayment): CobrancaNoGateway => ({
  id: p.id,
  status: p.status,
  valorCentavos: toCentavos(p.value),
  vencimento: p.dueDate,
  referencia: p.externalReference ?? null,
  invoiceUrl: p.invoiceUrl ?? null,
  bankSlipUrl: p.bankSlipUrl ?? null,
  deleted: p.deleted === true,
  pagaEm: p.paymentDate ?? p.clientPaymentDate ?? null,
  valorLiquidoCentavos: typeof p.netValue === 'number' ? toCentavos(p.netValue) : null,
});

/** Asaas's error codes of an answer `{errors: [{code, description}]}`: the description may quote data, never kept. */
function codigosDoErro(text: string): string {
  try {
    const parsed = JSON.parse(text) as { errors?: { code?: string }[] };
    return (parsed.errors ?? []).map((e) => e.code ?? '?').join(',');
  } catch {
    return '';
  }
}

export function asaasGateway(options: AsaasOptions): GatewayDeCobranca {
  const base = options.url.replace(/\/+$/, '').replace(/\/v3$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function chamar<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: {
          access_token: options.apiKey,
          accept: 'application/json',
          'user-agent': 'rede-credito-educacional',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new FalhaNoGateway(`Asaas ${method} ${path.split('?')[0]}: ${(error as Error).name}`, null);
    }
    const text = await response.text();
    if (!response.ok) {
      const codes = codigosDoErro(text);
      throw new FalhaNoGateway(
        `Asaas ${method} ${path.split('?')[0]} answered ${response.status}${codes ? ` (${codes})` : ''}`,
        response.status,
      );
    }
    return (text ? JSON.parse(text) : {}) as T;
  }

  return {
    provedor: 'asaas',

    async encontrarCliente(cpf) {
      const list = await chamar<AsaasList<{ id: string; deleted?: boolean }>>(
        'GET',
        `/v3/customers?cpfCnpj=${encodeURIComponent(cpf)}`,
      );
      return list.data.find((c) => c.deleted !== true)?.id ?? null;
    },

    async criarCliente(cliente: NovoClienteDoGateway) {
      const created = await chamar<{ id: string }>('POST', '/v3/customers', {
        name: cliente.nome,
        cpfCnpj: cliente.cpf,
        email: cliente.email,
        mobilePhone: cliente.celular ?? undefined,
        externalReference: cliente.referencia,
      });
      return created.id;
    },

    async cobrancaPorReferencia(referencia) {
      const list = await chamar<AsaasList<AsaasPayment>>(
        'GET',
        `/v3/payments?externalReference=${encodeURIComponent(referencia)}`,
      );
      const vivo = list.data.find((p) => p.deleted !== true && p.externalReference === referencia);
      return vivo ? paraCobranca(vivo) : null;
    },

    async criarCobranca(cobranca: NovaCobranca) {
      const created = await chamar<AsaasPayment>('POST', '/v3/payments', {
        customer: cobranca.cliente,
        billingType: 'UNDEFINED',
        value: fromCentavos(cobranca.valorCentavos),
        dueDate: cobranca.vencimento,
        description: cobranca.descricao,
        externalReference: cobranca.referencia,
        // ADR 089: the franqueador's share, applied by Asaas to the net value when the payment is received.
        ...(cobranca.split?.length
          ? {
              split: cobranca.split.map((s) => ({
                walletId: s.walletId,
                percentualValue: fromCentesimos(s.percentualCentesimos),
              })),
            }
          : {}),
      });
      return paraCobranca(created);
    },

    async pixCopiaECola(id) {
      const qr = await chamar<{ payload?: string | null }>('GET', `/v3/payments/${encodeURIComponent(id)}/pixQrCode`);
      return qr.payload ?? null;
    },

    async consultarCobranca(id) {
      try {
        return paraCobranca(await chamar<AsaasPayment>('GET', `/v3/payments/${encodeURIComponent(id)}`));
      } catch (error) {
        if (error instanceof FalhaNoGateway && error.status === 404) return null;
        throw error;
      }
    },

    async cancelarCobranca(id) {
      await chamar('DELETE', `/v3/payments/${encodeURIComponent(id)}`);
    },

    async estornarCobranca(id) {
      await chamar('POST', `/v3/payments/${encodeURIComponent(id)}/refund`, {});
    },

    // ADR 080: the reconciliation's listing, by due date, a page at a time (Asaas answers at most 100).
    async listarCobrancas({ vencimentoDesde, offset, limite }) {
      const query = new URLSearchParams({
        'dueDate[ge]': vencimentoDesde,
        offset: String(offset),
        limit: String(Math.min(limite, 100)),
      });
      const list = await chamar<AsaasList<AsaasPayment>>('GET', `/v3/payments?${query.toString()}`);
      return {
        cobrancas: list.data.filter((p) => p.deleted !== true).map(paraCobranca),
        temMais: list.hasMore === true,
      };
    },
  };
}
