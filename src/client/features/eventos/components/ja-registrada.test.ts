import { describe, expect, it } from 'vitest';
import { jaRegistradaLabel } from './ja-registrada';

describe('a family scanned again at the door', () => {
  const agora = new Date('2026-03-12T23:10:00Z'); // 20:10 in São Paulo

  it('says at what time of today, in Brasília, and by whom', () => {
    expect(jaRegistradaLabel('2026-03-12T22:32:00Z', 'Ana', agora)).toBe('Já registrada às 19:32 por Ana');
  });

  it('names the day when it was not today in Brasília, though it was in UTC', () => {
    expect(jaRegistradaLabel('2026-03-12T02:05:00Z', 'Bruno', agora)).toBe(
      'Já registrada em 11/03/2026 às 23:05 por Bruno',
    );
  });

  it('leaves out who when the trail no longer says', () => {
    expect(jaRegistradaLabel('2026-03-12T22:32:00Z', null, agora)).toBe('Já registrada às 19:32');
  });
});
