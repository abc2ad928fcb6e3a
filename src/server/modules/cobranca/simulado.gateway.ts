import { createHash } from 'node:crypto';
import type { CobrancaNoGateway, GatewayDeCobranca } from './gateway';

/**
 * The simulated gateway (issue 43, ADR 071): the default on the embedded database, so the demo network bills with
 * no account anywhere. Its ids are drawn from what they are for (a CPF, a parcela's reference), so the same
 * request gives the same id even after a restart emptied its memory: the plan's idempotency holds here too. Its
 * payments are paid by 'Simular pagamento', through the webhook's own code.
 */

const idDe = (prefixo: string, chave: string) =>
  `${prefixo}_sim_${createHash('sha256').update(chave).digest('hex').slice(0, 20)}`;

export function simuladoGateway(): GatewayDeCobranca {
  const clientes = new Map<string, string>();
  const cobrancas = new Map<string, CobrancaNoGateway>();
  const porId = (id: string) => [...cobrancas.values()].find((c) => c.id === id);

  return {
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
      return c && !c.deleted ? c : null;
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
      };
      cobrancas.set(nova.referencia, c);
      return c;
    },
    async pixCopiaECola(id) {
      return `PIX-SIMULADO-${id}`;
    },
    async consultarCobranca(id) {
      return porId(id) ?? null;
    },
    async cancelarCobranca(id) {
      const c = porId(id);
      if (c) c.deleted = true;
    },
    async estornarCobranca(id) {
      const c = porId(id);
      if (c) c.status = 'REFUNDED';
    },
  };
}
