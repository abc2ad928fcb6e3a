import type { FastifyInstance } from 'fastify';
import { IMPORTACAO_DESFAZER_DIAS } from '../../../shared/schemas/importacao';
import { expurgarLinhas, importacoesAExpurgar } from './importacoes.repository';

/**
 * The file's rows do not outlive their use (LGPD, issue 50's follow-up): `importacao_linhas` holds each imported
 * row's personal data as typed, which the preview, the job, erros.csv and the undo read. Once the import's undo
 * window closes -- IMPORTACAO_DESFAZER_DIAS after it ended, whether it concluded, failed or was undone -- or 7 days
 * after an upload never confirmed, the daily job deletes them and marks the import (`linhas_expurgadas_em`): its
 * counts and the problems it lists stay, erros.csv answers 410, and 'Desfazer' was already refused by its 7 days.
 * One import per transaction.
 */

const DIA_MS = 24 * 60 * 60 * 1000;
/** Imports read at a time. */
const LOTE = 100;

/** One run: answers how many imports lost their rows and how many rows went. */
export async function expurgarImportacoes(app: FastifyInstance): Promise<{ importacoes: number; linhas: number }> {
  const now = app.clock.now();
  const limite = new Date(now.getTime() - IMPORTACAO_DESFAZER_DIAS * DIA_MS);
  const feito = { importacoes: 0, linhas: 0 };
  for (;;) {
    const ids = await importacoesAExpurgar(app.db, limite, LOTE);
    for (const id of ids) {
      const linhas = await app.db.transaction((tx) => expurgarLinhas(tx, id, limite, now));
      if (linhas === null) continue;
      feito.importacoes += 1;
      feito.linhas += linhas;
    }
    if (ids.length < LOTE) return feito;
  }
}

/** The daily job (ADR 065), beside the import's other jobs. */
export function registerExpurgo(app: FastifyInstance): void {
  app.jobs.daily('importacao_expurgo', async () => {
    const feito = await expurgarImportacoes(app);
    if (feito.importacoes > 0) app.log.info(feito, "imports' rows past their use deleted");
  });
}
