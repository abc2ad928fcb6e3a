import { and, desc, eq, isNotNull, notExists } from 'drizzle-orm';
import { congelarContrato, modeloVigente } from '../../modules/contratos';
import { renderContratoPdf, sha256 } from '../../modules/contratos/contrato.pdf';
import { LINK_VALIDADE_MS } from '../../../shared/contrato/aceite';
import { digest, newToken } from '../../lib/tokens';
import type { Executor } from '../connect';
import { contratoEventos, contratos, matriculas } from '../schema';

const MINUTE = 60_000;

/**
 * A demo matrícula's contract (issue 42, ADR 066), frozen from the network's current version as Efetivar does, its
 * link sent (a token nobody holds: 'Reenviar link' e-mails a working one), and -- when `aceitoEm` is given --
 * accepted as the family's page records it: opened, a code sent, accepted with its PDF's SHA-256. Without it the
 * matrícula waits for acceptance. So a newcomer finds both on the Matrículas screen.
 */
export async function contratoDeDemo(
  tx: Executor,
  matriculaId: string,
  options: { aceitoEm?: Date; appUrl?: string } = {},
): Promise<void> {
  const [m] = await tx.select().from(matriculas).where(eq(matriculas.id, matriculaId));
  if (!m?.franqueadorId || m.valorTotal === null) return;
  const modelo = await modeloVigente(tx, m.franqueadorId);
  if (!modelo) return;
  const enviadoEm = m.efetivadaEm;
  const contrato = await congelarContrato(tx, m, modelo, enviadoEm);
  if (!contrato) return;
  const aceitoEm = options.aceitoEm;
  await tx
    .update(contratos)
    .set({ tokenHash: digest(newToken()), tokenExpiraEm: new Date(enviadoEm.getTime() + LINK_VALIDADE_MS) })
    .where(eq(contratos.id, contrato.id));
  const eventos: { tipo: 'enviado' | 'aberto' | 'codigo_enviado' | 'aceito'; em: Date }[] = [
    { tipo: 'enviado', em: enviadoEm },
  ];
  if (aceitoEm) {
    const aceite = { aceitoEm, aceiteIp: '198.51.100.23', aceiteCanal: 'email' };
    const pdf = renderContratoPdf({ ...contrato, ...aceite }, options.appUrl ?? '');
    await tx
      .update(contratos)
      .set({
        ...aceite,
        tokenAbertoEm: new Date(aceitoEm.getTime() - 6 * MINUTE),
        aceiteUserAgent: 'Mozilla/5.0 (Linux; Android 14) Mobile',
        aceiteVersao: contrato.versao,
        pdfSha256: sha256(pdf),
      })
      .where(eq(contratos.id, contrato.id));
    eventos.push(
      { tipo: 'aberto', em: new Date(aceitoEm.getTime() - 6 * MINUTE) },
      { tipo: 'codigo_enviado', em: new Date(aceitoEm.getTime() - 2 * MINUTE) },
      { tipo: 'aceito', em: aceitoEm },
    );
  }
  await tx.insert(contratoEventos).values(eventos.map((e) => ({ contratoId: contrato.id, ...e })));
  await tx
    .update(matriculas)
    .set({ status: aceitoEm ? 'ativa' : 'aguardando_aceite' })
    .where(eq(matriculas.id, matriculaId));
}

/** The newest demo matrícula of a network with a course and price and no contract: one left waiting for its family. */
export async function matriculaMaisRecente(tx: Executor, franqueadorId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: matriculas.id })
    .from(matriculas)
    .where(
      and(
        eq(matriculas.franqueadorId, franqueadorId),
        isNotNull(matriculas.valorTotal),
        notExists(tx.select({ id: contratos.id }).from(contratos).where(eq(contratos.matriculaId, matriculas.id))),
      ),
    )
    .orderBy(desc(matriculas.efetivadaEm))
    .limit(1);
  return row?.id;
}
