import type { ProvedorCobranca } from '../../../shared/cobranca/parcelas';

/**
 * The payment gateway behind one interface (issue 43, ADR 071): Asaas (API v3) in production, an in-process
 * simulation on the embedded database. Money crosses it in whole centavos; each adapter turns it into what its
 * gateway speaks. Nothing here knows a parcela or a matrícula: the plan's job and the webhook do.
 */

export interface NovoClienteDoGateway {
  nome: string;
  /** 11 digits (a responsável's CPF), or 14 (a franquia's CNPJ: the royalties' charge, ADR 089). */
  cpf: string;
  email: string;
  /** Digits, or null. */
  celular: string | null;
  /** Our id of the responsável's record (the matrícula), kept by the gateway. */
  referencia: string;
}

export interface NovaCobranca {
  /** The gateway's customer id. */
  cliente: string;
  valorCentavos: number;
  /** YYYY-MM-DD. */
  vencimento: string;
  /** Ours, unique per parcela: what finds the payment again after a crash (idempotency). */
  referencia: string;
  descricao: string;
  /**
   * ADR 089: what the gateway retains for the franqueador when it is paid -- royalty + fundo, in hundredths of a
   * percent of the payment's net value (Asaas: `split: [{walletId, percentualValue}]`).
   */
  split?: { walletId: string; percentualCentesimos: number }[];
}

/** The gateway's statuses of a payment, as Asaas names them (the simulation uses the same). */
export type StatusNoGateway =
  | 'PENDING'
  | 'RECEIVED'
  | 'CONFIRMED'
  | 'OVERDUE'
  | 'REFUNDED'
  | 'RECEIVED_IN_CASH'
  | 'REFUND_REQUESTED'
  | 'REFUND_IN_PROGRESS'
  | 'CHARGEBACK_REQUESTED'
  | 'CHARGEBACK_DISPUTE'
  | 'AWAITING_CHARGEBACK_REVERSAL'
  | (string & {});

export interface CobrancaNoGateway {
  id: string;
  status: StatusNoGateway;
  valorCentavos: number;
  vencimento: string;
  referencia: string | null;
  invoiceUrl: string | null;
  bankSlipUrl: string | null;
  deleted: boolean;
  /** ADR 080: the day the family paid and what the network receives, once received (what a lost webhook carried). */
  pagaEm?: string | null;
  valorLiquidoCentavos?: number | null;
  /** ADR 089: the split the payment was created with, as the gateway keeps it. */
  split?: { walletId: string; percentualCentesimos: number }[];
}

export interface GatewayDeCobranca {
  readonly provedor: ProvedorCobranca;
  /** The customer with this CPF, if the gateway already has one. */
  encontrarCliente(cpf: string): Promise<string | null>;
  criarCliente(cliente: NovoClienteDoGateway): Promise<string>;
  /** The live (not deleted) payment created with this reference, if any. */
  cobrancaPorReferencia(referencia: string): Promise<CobrancaNoGateway | null>;
  criarCobranca(cobranca: NovaCobranca): Promise<CobrancaNoGateway>;
  /** The PIX copy-and-paste code of a payment, when the gateway gives one. */
  pixCopiaECola(id: string): Promise<string | null>;
  /** A payment by its id, deleted or not (ADR 076: what a cancel or refund finds before acting); null if unknown. */
  consultarCobranca(id: string): Promise<CobrancaNoGateway | null>;
  cancelarCobranca(id: string): Promise<void>;
  estornarCobranca(id: string): Promise<void>;
  /**
   * One page of the live payments due on or after `vencimentoDesde` (YYYY-MM-DD) -- ADR 080: what the reconciliation
   * compares. A deleted payment is not listed, as Asaas lists none.
   */
  listarCobrancas(pagina: { vencimentoDesde: string; offset: number; limite: number }): Promise<PaginaDeCobrancas>;
}

export interface PaginaDeCobrancas {
  cobrancas: CobrancaNoGateway[];
  /** Another page follows (Asaas's `hasMore`). */
  temMais: boolean;
}

/**
 * The gateway's webhook envelope (Asaas: `{id, event, dateCreated, payment}`), as the webhook route accepts it and
 * the simulated payment builds it.
 */
export interface EventoDoGateway {
  id: string;
  event: string;
  dateCreated?: string;
  payment?: {
    id: string;
    status?: string;
    value?: number;
    netValue?: number | null;
    paymentDate?: string | null;
    clientPaymentDate?: string | null;
    confirmedDate?: string | null;
    externalReference?: string | null;
    [k: string]: unknown;
  };
  [k: string]: unknown;
}

/** A gateway that answered with an error: retried by the job (a 4xx as much as a 5xx may be a passing state). */
export class FalhaNoGateway extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}
