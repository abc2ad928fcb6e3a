import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RotuloDeCategoria, linhasDoRotulo } from './chart-ticks';

describe('linhasDoRotulo', () => {
  it('keeps a short name on one line', () => {
    expect(linhasDoRotulo('Campinas, SP', 140)).toEqual(['Campinas, SP']);
  });

  it("wraps an event's long name into two lines that fit, and cuts the rest with an ellipsis", () => {
    const linhas = linhasDoRotulo('Colégio Horizonte - Campinas, SP (25/03/2026)', 140);
    expect(linhas).toEqual(['Colégio Horizonte -', 'Campinas, SP…']);
    for (const linha of linhas) expect(linha.length).toBeLessThanOrEqual(20);
  });

  it("holds an event's whole name in two lines on a wide screen's axis", () => {
    expect(linhasDoRotulo('Colégio Horizonte - Campinas, SP (25/03/2026)', 212)).toEqual([
      'Colégio Horizonte - Campinas,',
      'SP (25/03/2026)',
    ]);
  });

  it('uses two whole lines when the name fits in them', () => {
    expect(linhasDoRotulo('Escola Estadual Maria José', 140)).toEqual(['Escola Estadual', 'Maria José']);
  });

  it('cuts a word longer than a line', () => {
    expect(linhasDoRotulo('Supercalifragilisticexpialidocious', 70)).toEqual(['Supercali…']);
  });
});

describe('RotuloDeCategoria', () => {
  it('draws at most two lines and keeps the whole name in its title', () => {
    const nome = 'Colégio Horizonte - Campinas, SP (25/03/2026)';
    const { container } = render(
      <svg>
        <RotuloDeCategoria x={130} y={40} payload={{ value: nome }} largura={140} />
      </svg>,
    );
    expect(container.querySelector('title')?.textContent).toBe(nome);
    expect([...container.querySelectorAll('tspan')].map((t) => t.textContent)).toEqual([
      'Colégio Horizonte -',
      'Campinas, SP…',
    ]);
  });
});
