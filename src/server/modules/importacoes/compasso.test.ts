import { describe, expect, it } from 'vitest';
import { comPausa, PAUSA_MAX_MS, type Relogio } from './compasso';

/** The import's pace: a pause after each batch as long as the batch times the fraction, capped. */

/** A clock that only moves when told: a batch takes `ms`, and every pause asked for is written down. */
function relogio() {
  let agora = 0;
  const pausas: number[] = [];
  const r: Relogio = {
    agora: () => agora,
    esperar: async (ms) => {
      pausas.push(ms);
      agora += ms;
    },
  };
  const lote = (ms: number) => async () => {
    agora += ms;
    return ms;
  };
  return { r, pausas, lote };
}

describe('comPausa', () => {
  it('pauses as long as the batch took times the fraction, at most PAUSA_MAX_MS, and answers the batch', async () => {
    const { r, pausas, lote } = relogio();
    expect(await comPausa(1, lote(40), r)).toBe(40);
    await comPausa(0.5, lote(60), r);
    await comPausa(1, lote(400), r);
    expect(pausas).toEqual([40, 30, PAUSA_MAX_MS]);
  });

  it('does not pause with the fraction 0 (the tests), nor for a batch too short to measure', async () => {
    const { r, pausas, lote } = relogio();
    await comPausa(0, lote(500), r);
    await comPausa(1, lote(0.5), r);
    expect(pausas).toEqual([]);
  });
});
