import { setImmediate, setTimeout } from 'node:timers/promises';

/**
 * The pace of the import's jobs (issue 50's follow-up): after each batch, a pause as long as the batch took times
 * IMPORTACAO_PAUSA_FRACAO (0.5 by default: the job works about two thirds of the time, and the public sign-ups beside
 * it find the database and this process free the rest; measured in turns on the bench, 0.5 kept them at their own
 * tail and the 50,000 rows inside the minute, where 1 took 56-70 s), at most PAUSA_MAX_MS, so that a 50,000-row
 * file of leads (200 batches) pauses 20 s at most in all. 0 (the tests') pauses only to let the requests waiting be
 * served.
 */

/** The longest pause after one batch. */
export const PAUSA_MAX_MS = 100;

export interface Relogio {
  agora(): number;
  esperar(ms: number): Promise<unknown>;
}

const relogioReal: Relogio = { agora: () => performance.now(), esperar: (ms) => setTimeout(ms) };

/** Runs one batch, then waits its pause; answers the batch's result. */
export async function comPausa<T>(fracao: number, lote: () => Promise<T>, relogio: Relogio = relogioReal): Promise<T> {
  const inicio = relogio.agora();
  const resultado = await lote();
  const pausa = Math.min((relogio.agora() - inicio) * fracao, PAUSA_MAX_MS);
  // The embedded database answers in this thread: the requests in between are served either way.
  if (pausa >= 1) await relogio.esperar(pausa);
  else await setImmediate();
  return resultado;
}
