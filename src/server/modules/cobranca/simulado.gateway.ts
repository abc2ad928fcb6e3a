import { createHash } from 'node:crypto';
import { todayInBrasilia } from '../../../shared/brasilia';
import type { CobrancaNoGateway, GatewayDeCobranca } from './gateway';

/**
 * The simulated gateway (issue 43, ADR 071): the default on the embedded database, so the demo network bills with
 * no account anywhere. Its ids are drawn from what they are for (a CPF, a parcela's reference), so the same
 * request gives the same id even after a restart emptied its memory: the plan's idempotency holds here too. Its
 * payments are paid by 'Simular pagamento', through the webhook's own code.
 */

const idDe = (prefixo: string, chave: string) =>
  `${prefixo}_sim_${createHash('sha256').update(chave).digest('hex').slice(0, 20)}`;

/**
 * What the simulation lets development do to its payments without the webhook (ADR 080): a payment received whose
 * notice never arrives, as in an outage -- what 'Conciliar agora' then finds and fixes.
 */
export interface ControleDoSimulado {
  receberSemAviso(id: string): boolean;
}

const controles = new WeakMap<GatewayDeCobranca, ControleDoSimulado>();
/** The simulation's controls of a gateway, or null when it is not the simulated one. */
export const controleDoSimulado = (gateway: GatewayDeCobranca | null) => (gateway ? controles.get(gateway) : null);

export function simuladoGateway(now: () => Date = () => new Date()): GatewayDeCobranca {
  const clientes = new Map<string, string>();
  const cobrancas = new Map<string, CobrancaNoGateway>();
  const porId = (id: string) => [...cobrancas.values()].find((c) => c.id === id);

  const gateway: GatewayDeCobranca = {
    provedor: 'simulado',
    async encontrarCliente(cpf) {
      return clientes.get(cpf) ?? null;
    },
    async criarCliente(cliente) {
      const id = idDe('cus', cliente.cpf);
      clientes.set(cliente.cpf, id);
      return id;
    },
    async cobrancaPorReferencia(referencia) {
      const c = cobrancas.get(referencia);
      return c && !c.deleted ? { ...c } : null;
    },
    async criarCobranca(nova) {
      const c: CobrancaNoGateway = {
        id: idDe('pay', nova.referencia),
        status: 'PENDING',
        valorCentavos: nova.valorCentavos,
        vencimento: nova.vencimento,
        referencia: nova.referencia,
        invoiceUrl: null,
        bankSlipUrl: null,
        deleted: false,
        ...(nova.split?.length ? { split: nova.split.map((s) => ({ ...s })) } : {}),
      };
      cobrancas.set(nova.referencia, c);
      return { ...c };
    },
    async pixCopiaECola(id) {
      return `PIX-SIMULADO-${id}`;
    },
    async consultarCobranca(id) {
      const c = porId(id);
      return c ? { ...c } : null;
    },
    async cancelarCobranca(id) {
      const c = porId(id);
      if (c) c.deleted = true;
    },
    async estornarCobranca(id) {
      const c = porId(id);
      if (c) c.status = 'REFUNDED';
    },
    async listarCobrancas({ vencimentoDesde, offset, limite }) {
      const vivas = [...cobrancas.values()].filter((c) => !c.deleted && c.vencimento >= vencimentoDesde);
      return {
        cobrancas: vivas.slice(offset, offset + limite).map((c) => ({ ...c })),
        temMais: offset + limite < vivas.length,
      };
    },
  };
  controles.set(gateway, {
    receberSemAviso(id) {
      const c = porId(id);
      if (!c || c.deleted || (c.status !== 'PENDING' && c.status !== 'OVERDUE')) return false;
      c.status = 'RECEIVED';
      // The day it was paid in Brasília, as the gateway's own `paymentDate` is (not UTC's day after, from 21:00).
      c.pagaEm = todayInBrasilia(now());
      c.valorLiquidoCentavos = c.valorCentavos;
      return true;
    },
  });
  return gateway;
}
