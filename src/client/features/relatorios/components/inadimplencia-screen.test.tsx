// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InadimplenciaGrupo, InadimplenciaResposta } from '@shared/schemas/inadimplencia';
import { addDays, todayInBrasilia } from '@shared/brasilia';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { InadimplenciaScreen } from './inadimplencia-screen';

beforeAll(() => {
  Object.assign(Element.prototype, {
    hasPointerCapture: () => false,
    setPointerCapture: () => undefined,
    releasePointerCapture: () => undefined,
    scrollIntoView: () => undefined,
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SP = '0b8f0f3e-5d7a-4c1e-9a52-3f6e2b1d4c7a';
const faixas = (v: [number, number, number, number]) =>
  (['1-30', '31-60', '61-90', '90+'] as const).map((faixa, i) => ({
    faixa,
    valor: v[i]!,
    quantidade: v[i]! > 0 ? 1 : 0,
  }));

const grupo = (over: Partial<InadimplenciaGrupo>): InadimplenciaGrupo => ({
  id: SP,
  rotulo: 'Educa Paulista Franquias Ltda',
  valorDevido: 1000,
  parcelasDevidas: 4,
  valorVencido: 138,
  parcelasVencidas: 2,
  taxaInadimplencia: 13.8,
  faixas: faixas([100, 38, 0, 0]),
  ...over,
});

function resposta(grupos: InadimplenciaGrupo[]): InadimplenciaResposta {
  const hoje = todayInBrasilia();
  return {
    de: addDays(hoje, -364),
    ate: hoje,
    hoje,
    agrupar: 'franquia',
    totais: { ...grupo({}), taxaInadimplencia: 13.8 },
    grupos,
  };
}

describe('Financeiro > Inadimplência (issue 43)', () => {
  it('shows the totals, the groups with their rate and aging, and each chart as a table', async () => {
    const calls = mockFetch({
      'GET /api/relatorios/inadimplencia': { body: resposta([grupo({})]), headers: { 'X-Total-Count': '1' } },
      'GET /api/eventos/opcoes': { body: [] },
    });
    renderWithProviders(<InadimplenciaScreen role="franqueador" />);
    await waitFor(() => expect(screen.getByTestId('inadimplencia-taxa')).toHaveTextContent('13,8%'));
    expect(screen.getByTestId('inadimplencia-devido')).toHaveTextContent(/R\$\s*1\.000,00/);
    expect(screen.getByTestId('inadimplencia-vencido')).toHaveTextContent(/R\$\s*138,00/);
    // The period of the last 12 months by default, grouped by franquia.
    const url = new URL(String(calls.mock.calls[0]![0]), 'http://localhost');
    expect(url.searchParams.get('de')).toBe(addDays(todayInBrasilia(), -364));
    expect(url.searchParams.get('agrupar')).toBe('franquia');
    const link = (await screen.findAllByRole('link', { name: /Educa Paulista Franquias Ltda/ }))[0]!;
    expect(link).toHaveAttribute('href', `/financeiro/parcelas?franquiaId=${SP}`);
    expect(screen.getAllByRole('button', { name: /Detalhar/ }).length).toBeGreaterThan(0);

    const aging = await screen.findByRole('figure', { name: /Aging/ });
    await userEvent.click(within(aging).getByRole('button', { name: 'Ver como tabela' }));
    const tabela = within(aging).getByRole('table', { name: 'Aging: dados' });
    expect(within(tabela).getByRole('rowheader', { name: '31 a 60 dias' })).toBeInTheDocument();
    expect(within(tabela).getByText(/R\$\s*38,00/)).toBeInTheDocument();
    const taxa = screen.getByRole('figure', { name: /Taxa de inadimplência por franquia/ });
    await userEvent.click(within(taxa).getByRole('button', { name: 'Ver como tabela' }));
    expect(within(taxa).getAllByText('13,8%').length).toBeGreaterThan(0);
  });

  it("offers only the tree's groupings, and 'Detalhar' groups a franquia by its micro-franquias", async () => {
    const calls = mockFetch({
      'GET /api/relatorios/inadimplencia': { body: resposta([grupo({})]), headers: { 'X-Total-Count': '1' } },
      'GET /api/eventos/opcoes': { body: [] },
    });
    const { router } = renderWithProviders(<InadimplenciaScreen role="franqueador" />);
    await userEvent.click((await screen.findAllByRole('button', { name: /Detalhar/ }))[0]!);
    expect(router.state.location.search).toContain(`franquiaId=${SP}`);
    expect(router.state.location.search).toContain('agrupar=micro_franquia');
    await userEvent.click(screen.getByLabelText('Agrupar por'));
    const opcoes = screen.getAllByRole('option').map((o) => o.textContent);
    expect(opcoes).toEqual(['Franquia', 'Micro-franquia', 'Vendedor', 'Cliente', 'Evento']);
    expect(calls).toHaveBeenCalled();
  });

  it('says so when nothing is due in the period, never a NaN rate', async () => {
    mockFetch({
      'GET /api/relatorios/inadimplencia': {
        body: {
          ...resposta([]),
          totais: { ...grupo({}), valorDevido: 0, valorVencido: 0, taxaInadimplencia: 0, faixas: faixas([0, 0, 0, 0]) },
        },
        headers: { 'X-Total-Count': '0' },
      },
      'GET /api/eventos/opcoes': { body: [] },
    });
    renderWithProviders(<InadimplenciaScreen role="cliente" />);
    expect(await screen.findByText('Nenhuma parcela vencida até hoje no período')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('inadimplencia-taxa')).toHaveTextContent('0,0%'));
    expect(document.body.textContent).not.toContain('NaN');
  });
});
