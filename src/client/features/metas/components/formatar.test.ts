import { describe, expect, it } from 'vitest';
import { campoParaValor, formatarPercentual, formatarValor, valorParaCampo } from './formatar';

describe('a goal as typed and as read', () => {
  it('reads a count as a whole number and R$ as centavos, refusing anything else', () => {
    expect(campoParaValor('leads', '1.200')).toBe(1200);
    expect(campoParaValor('leads', ' 35 ')).toBe(35);
    expect(campoParaValor('leads', '3,5')).toBeNull();
    expect(campoParaValor('leads', '-2')).toBeNull();
    expect(campoParaValor('leads', '')).toBeNull();
    expect(campoParaValor('parcelas_pagas', 'R$ 1.234,56')).toBe(123_456);
    expect(campoParaValor('parcelas_pagas', '1234,5')).toBe(123_450);
    expect(campoParaValor('parcelas_pagas', '10')).toBe(1000);
    expect(campoParaValor('parcelas_pagas', '1,234')).toBeNull();
  });

  it('shows counts with thousands, R$ in reais, and % with one decimal', () => {
    expect(formatarValor('matriculas', 1234)).toBe('1.234');
    expect(formatarValor('parcelas_pagas', 123_456).replace(/\s/g, ' ')).toBe('R$ 1.234,56');
    expect(formatarValor('leads', null)).toBe('-');
    expect(formatarPercentual(38.5)).toBe('38,5%');
    expect(formatarPercentual(null)).toBe('-');
    expect(valorParaCampo('parcelas_pagas', 123_456)).toBe('1234,56');
    expect(valorParaCampo('leads', 40)).toBe('40');
  });
});
