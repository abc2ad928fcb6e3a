import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { todayInBrasilia } from '../../../shared/brasilia';
import { DIA_VENCIMENTO_PADRAO, planoDeParcelas } from '../../../shared/cobranca/parcelas';
import { onlyDigits } from '../../../shared/format';
import { toCentavos } from '../../../shared/money/parcelas';
import { splitDaCobranca } from '../royalties';
import { FalhaDefinitiva, jobInsert, type JobRow } from '../../jobs';
import { clienteGuardado, dadosDoPlano, gravarParcela, guardarCliente, parcelasGravadas } from './cobranca.repository';
import type { GatewayDeCobranca } from './gateway';
import { gatewayDe } from './gateway-da-app';
import { avisarParcelasGeradas } from './regua.service';

/**
 * An accepted contract's plan at the gateway (issue 43, ADR 071), run as a durable job written in the acceptance's
 * transaction. It finds or creates the responsável's customer (by CPF), then each parcela's payment -- looked up
 * at the gateway by its `externalReference` before it is created -- and writes each parcela once its payment
 * exists. Run again after a crash anywhere (the gateway answered, the local write was lost), it finds what the
 * gateway already has and creates no second payment.
 */

export const chaveDoPlano = (matriculaId: string) => `cobranca_plano:${matriculaId}`;

/** The `externalReference` of a parcela's payment: ours, one per parcela, stable across runs. */
export const referenciaDaParcela = (matriculaId: string, numero: number) => `parcela:${matriculaId}:${numero}`;

const jobDoPlano = (matriculaId: string) => ({
  tipo: 'cobranca_plano' as const,
  payload: { matriculaId },
  chave: chaveDoPlano(matriculaId),
  registroId: matriculaId,
});

/**
 * The plan's job, written by the acceptance's statement with the acceptance (a WITH) when `onlyIf` holds (issue 42's
 * bench); once per matrícula. The acceptance is the audited act (matricula.aceitar_contrato); the payments the job
 * creates are its consequence, each parcela's later changes audited as they come.
 */
export const planoDeCobrancaInsert = (matriculaId: string, now: Date, onlyIf: SQL): SQL =>
  jobInsert(jobDoPlano(matriculaId), now, onlyIf);

/** The job's handler. */
export async function executarPlano(app: FastifyInstance, job: Pick<JobRow, 'payload'>): Promise<void> {
  const { matriculaId } = job.payload as { matriculaId: string };
  await criarPlano(app, matriculaId);
}

/**
 * Bills the matrícula's parcelas at the gateway; answers how many parcelas this run wrote. Nothing to bill (billing
 * off, a contract not accepted, a matrícula withdrawn before the job ran, a price of zero): nothing done.
 */
export async function criarPlano(app: FastifyInstance, matriculaId: string): Promise<number> {
  const gateway = gatewayDe(app);
  if (!gateway) return 0;
  const d = await dadosDoPlano(app.db, matriculaId);
  if (!d || !d.aceitoEm || d.status !== 'ativa' || d.anonimizadoEm || !d.franqueadorId) return 0;
  const total = toCentavos(d.valorTotal);
  if (total <= 0) return 0;
  const plano = planoDeParcelas(
    total,
    d.parcelas,
    d.diaVencimento ?? DIA_VENCIMENTO_PADRAO,
    todayInBrasilia(d.aceitoEm),
  );
  const gravadas = new Set((await parcelasGravadas(app.db, matriculaId)).map((p) => p.numero));
  if (plano.every((p) => gravadas.has(p.numero))) return 0;

  const cliente = await clienteDoGateway(app, gateway, { ...d, franqueadorId: d.franqueadorId });

  let escritas = 0;
  for (const p of plano) {
    if (gravadas.has(p.numero)) continue;
    // A withdrawal while the plan is being billed (ADR 076): no further payment is created; the withdrawal's own
    // job closes the ones already made, found by their references.
    if ((await dadosDoPlano(app.db, matriculaId))?.status !== 'ativa') break;
    const referencia = referenciaDaParcela(matriculaId, p.numero);
    const split = await splitDaParcela(app, d.franquiaId, p.vencimento);
    const cobranca =
      (await gateway.cobrancaPorReferencia(referencia)) ??
      (await gateway.criarCobranca({
        cliente,
        valorCentavos: p.valorCentavos,
        vencimento: p.vencimento,
        referencia,
        descricao: `${d.cursoTitulo ?? 'Curso'} - parcela ${p.numero} de ${plano.length} (${d.nomeAluno})`,
        ...(split ? { split: [split] } : {}),
      }));
    // The PIX code is a convenience of the family's page: a gateway that has none yet leaves it empty.
    const pix = await gateway.pixCopiaECola(cobranca.id).catch(() => null);
    const escrita = await gravarParcela(
      app.db,
      {
        matriculaId,
        numero: p.numero,
        valorCentavos: p.valorCentavos,
        vencimento: p.vencimento,
        provedor: gateway.provedor,
        gatewayId: cobranca.id,
        invoiceUrl: cobranca.invoiceUrl,
        bankSlipUrl: cobranca.bankSlipUrl,
        pixCopiaECola: pix,
        royaltySplitCentesimos: split?.percentualCentesimos ?? null,
      },
      app.clock.now(),
    );
    if (escrita) escritas += 1;
  }
  // Issue 43 (ADR 078): the family's first e-mail about its parcelas, with the link to its page.
  if (escritas > 0 && d.email) {
    await avisarParcelasGeradas(app, {
      matriculaId,
      franqueadorId: d.franqueadorId,
      email: d.email,
      nomeResponsavel: d.nomeResponsavel,
      aluno: d.nomeAluno,
      cursoTitulo: d.cursoTitulo,
      parcelas: plano.length,
      primeiroVencimento: plano[0]!.vencimento,
    });
  }
  return escritas;
}

/**
 * The gateway's customer of the matrícula's responsável (by CPF): ours first, then the gateway's, created only when
 * neither has it. The plan and a cancellation's fee (ADR 076) bill the same customer.
 */
export async function clienteDoGateway(
  app: FastifyInstance,
  gateway: GatewayDeCobranca,
  d: NonNullable<Awaited<ReturnType<typeof dadosDoPlano>>> & { franqueadorId: string },
): Promise<string> {
  const cpf = onlyDigits(d.cpfResponsavel ?? '');
  if (cpf.length !== 11) throw new FalhaDefinitiva('the responsável has no CPF to bill');
  let cliente = await clienteGuardado(app.db, d.franqueadorId, gateway.provedor, cpf);
  if (!cliente) {
    cliente =
      (await gateway.encontrarCliente(cpf)) ??
      (await gateway.criarCliente({
        nome: d.nomeResponsavel ?? d.nomeAluno,
        cpf,
        email: d.email,
        celular: d.telefone ? onlyDigits(d.telefone) : null,
        referencia: d.matriculaId,
      }));
    await guardarCliente(app.db, {
      franqueadorId: d.franqueadorId,
      provedor: gateway.provedor,
      cpf,
      gatewayId: cliente,
    });
  }
  return cliente;
}

/**
 * ADR 089: the royalties' split a family's payment due on `vencimento` carries -- royalty + fundo to the
 * franqueador's wallet when the franquia's agreement in force that day is in `split` mode; null otherwise.
 */
export function splitDaParcela(app: FastifyInstance, franquiaId: string | null, vencimento: string) {
  return splitDaCobranca(app.db, franquiaId, vencimento, app.config.cobranca.royaltiesWalletId);
}
