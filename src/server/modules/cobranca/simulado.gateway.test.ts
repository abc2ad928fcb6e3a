import { describe, expect, it } from 'vitest';
import { controleDoSimulado, simuladoGateway } from './simulado.gateway';

/**
 * The simulated gateway dates a payment as the real one does: the day in Brasília. At 21:30 there it is already
 * the next day in UTC, and a payment received then was dated tomorrow.
 */
describe('simuladoGateway', () => {
  it("dates a payment received without a notice on Brasília's day, not UTC's", async () => {
    const gateway = simuladoGateway(() => new Date('2026-11-29T00:30:00Z'));
    const cobranca = await gateway.criarCobranca({
      cliente: 'cus_sim_1',
      valorCentavos: 15_000,
      vencimento: '2026-12-05',
      referencia: 'parcela-1',
      descricao: 'Parcela 1 de 10',
    });
    expect(controleDoSimulado(gateway)!.receberSemAviso(cobranca.id)).toBe(true);
    expect(await gateway.consultarCobranca(cobranca.id)).toMatchObject({ status: 'RECEIVED', pagaEm: '2026-11-28' });
  });
});
