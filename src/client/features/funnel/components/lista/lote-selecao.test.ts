import { describe, expect, it } from 'vitest';
import type { FunnelListFilter } from '../../api/funnel-keys';
import { loteAlvo } from './lote-selecao';

const filter: FunnelListFilter = { eventoId: 'e-1', status: 'novo', q: 'ana', data: undefined, de: '2026-11-01' };

describe('loteAlvo (issue 50)', () => {
  it('names the rows chosen by id', () => {
    expect(loteAlvo({ ids: new Set(['a', 'b']), todos: false }, filter, 'interesses')).toEqual({ ids: ['a', 'b'] });
  });

  it("sends the list's filters instead once every matching lead is chosen", () => {
    expect(loteAlvo({ ids: new Set(['a']), todos: true }, filter, 'interesses')).toEqual({
      filtro: { eventoId: 'e-1', q: 'ana', de: '2026-11-01', status: 'novo', view: 'interesses' },
    });
  });
});
