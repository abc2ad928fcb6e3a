import type { FastifyInstance } from 'fastify';
import { onlyDigits } from '../../../shared/format';
import { FalhaDefinitiva, type JobRow } from '../../jobs';
import { faturaParaCobrar, registrarEmissaoDaFatura } from '../royalties';
import { clienteGuardado, guardarCliente } from './cobranca.repository';
import { gatewayDe } from './gateway-da-app';

/**
 * ADR 089: a closed royalties statement's positive balance billed to its franquia through the same gateway as the
 * families' parcelas -- the customer found or created by the franquia's CNPJ, the payment looked up by its
 * `externalReference` before it is created (a run again after a crash creates no second one), due on day 10. The
 * gateway's webhook then moves the charge (`aplicarEventoNaFatura`).
 */

export const referenciaDaFatura = (faturaId: string) => `royalties:${faturaId}`;

export async function emitirFaturaDeRoyalties(app: FastifyInstance, faturaId: string): Promise<boolean> {
  const gateway = gatewayDe(app);
  if (!gateway) throw new FalhaDefinitiva('billing is off: the royalties charge cannot be created');
  const f = await faturaParaCobrar(app.db, faturaId);
  if (!f || f.status !== 'pendente') return false;
  const cnpj = onlyDigits(f.cnpj);
  if (cnpj.length !== 14) throw new FalhaDefinitiva('the franquia has no CNPJ to bill');
  let cliente = await clienteGuardado(app.db, f.franqueadorId, gateway.provedor, cnpj);
  if (!cliente) {
    cliente =
      (await gateway.encontrarCliente(cnpj)) ??
      (await gateway.criarCliente({
        nome: f.razaoSocial,
        cpf: cnpj,
        email: f.email,
        celular: f.celular ? onlyDigits(f.celular) : null,
        referencia: f.franquiaId,
      }));
    await guardarCliente(app.db, {
      franqueadorId: f.franqueadorId,
      provedor: gateway.provedor,
      cpf: cnpj,
      gatewayId: cliente,
    });
  }
  const referencia = referenciaDaFatura(f.id);
  const cobranca =
    (await gateway.cobrancaPorReferencia(referencia)) ??
    (await gateway.criarCobranca({
      cliente,
      valorCentavos: f.valorCentavos,
      vencimento: f.vencimento,
      referencia,
      descricao: `Royalties e fundo de propaganda - ${f.periodo} (${f.razaoSocial})`,
    }));
  return app.db.transaction((tx) =>
    registrarEmissaoDaFatura(
      tx,
      f.id,
      { provedor: gateway.provedor, gatewayId: cobranca.id, invoiceUrl: cobranca.invoiceUrl },
      app.clock.now(),
    ),
  );
}

/** The job's handler. */
export async function executarFaturaDeRoyalties(app: FastifyInstance, job: Pick<JobRow, 'payload'>): Promise<void> {
  await emitirFaturaDeRoyalties(app, (job.payload as { faturaId: string }).faturaId);
}
