// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DistribuicaoView } from '@shared/schemas/distribuicao';
import type { MicroFranquiaView } from '@shared/schemas/micro-franquia';
import { createUser, loadScreens, mockFetch, renderApp, sessionHandlers } from '@/testing/test-utils';

beforeAll(async () => {
  // Radix Select measures and captures the pointer; jsdom has neither.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
  await loadScreens('/distribuicao', '/micro-franquias');
}, 60_000);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MF_ID = '1b2c3d4e-0000-4000-8000-000000000001';
const RAFAEL = '1b2c3d4e-0000-4000-8000-0000000000a1';
const BEATRIZ = '1b2c3d4e-0000-4000-8000-0000000000a2';

const micro: MicroFranquiaView = {
  id: MF_ID,
  razaoSocial: 'Micro Litoral',
  cnpj: '11222333000181',
  repLegal: 'Patrícia',
  cep: null,
  cidade: 'Santos',
  estado: 'SP',
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  user: {
    email: 'micro@demo.com.br',
    nome: 'Patrícia',
    cpf: null,
    dataNascimento: null,
    telefone: null,
    endereco: null,
    chavePix: null,
  },
  franquiaId: 'f-1',
  franquia: { razaoSocial: 'Franquia Sul' },
};

const view: DistribuicaoView = {
  modo: 'nenhuma',
  cidades: [],
  vendedores: [
    { id: RAFAEL, nome: 'Rafael', ausente: false, ativo: true },
    { id: BEATRIZ, nome: 'Beatriz', ausente: true, ativo: true },
    { id: 'x', nome: 'Otávio', ausente: false, ativo: false },
  ],
};

describe('Distribuição de leads (issue 50)', () => {
  it('lets the micro-franquia choose the city table, checks it, saves it and says so', async () => {
    const sent: unknown[] = [];
    mockFetch({
      ...sessionHandlers(createUser({ role: 'micro_franquia' })),
      'GET /api/micro-franquias': { body: [micro], headers: { 'X-Total-Count': '1' } },
      [`GET /api/micro-franquias/${MF_ID}/distribuicao`]: { body: view },
      [`PUT /api/micro-franquias/${MF_ID}/distribuicao`]: (body) => {
        sent.push(body);
        return { body: { ...view, ...(body as object), cidades: [] } };
      },
    });
    renderApp('/distribuicao');
    expect(await screen.findByRole('heading', { level: 1, name: 'Distribuição de leads' })).toBeInTheDocument();
    const nenhuma = await screen.findByRole('radio', { name: 'Nenhuma (atribuir manualmente)' });
    expect(nenhuma).toBeChecked();
    // The away vendedor is marked and the reason said.
    const vendedores = screen.getByRole('list', { name: 'Vendedores' });
    expect(within(within(vendedores).getByText('Beatriz').closest('li')!).getByText('Ausente')).toBeInTheDocument();
    expect(screen.getByText(/marcados como ausentes \(em Usuários\) são pulados/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Por cidade do evento (rodízio nas demais)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar distribuição' }));
    // The shared rule speaks under the row's fields before anything is sent.
    expect(screen.getByRole('textbox', { name: 'Cidade 1' })).toHaveAccessibleDescription('Informe a cidade');
    expect(sent).toEqual([]);

    await userEvent.type(screen.getByRole('textbox', { name: 'Cidade 1' }), 'Campinas');
    await userEvent.type(screen.getByRole('textbox', { name: 'UF' }), 'sp');
    await userEvent.click(screen.getByRole('combobox', { name: 'Vendedor de Campinas' }));
    // Only the active vendedores are offered.
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Rafael', 'Beatriz (ausente)']);
    await userEvent.click(screen.getByRole('option', { name: 'Rafael' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar distribuição' }));
    await waitFor(() =>
      expect(sent).toEqual([{ modo: 'cidade', cidades: [{ cidade: 'Campinas', estado: 'SP', vendedorId: RAFAEL }] }]),
    );
    expect(await screen.findByText('Distribuição de leads salva')).toBeInTheDocument();
  });

  it('shows the server refusal under the row it names', async () => {
    mockFetch({
      ...sessionHandlers(createUser({ role: 'micro_franquia' })),
      'GET /api/micro-franquias': { body: [micro] },
      [`GET /api/micro-franquias/${MF_ID}/distribuicao`]: {
        body: {
          ...view,
          modo: 'cidade',
          cidades: [{ cidade: 'Santos', estado: 'SP', vendedor: { id: RAFAEL, nome: 'Rafael' } }],
        },
      },
      [`PUT /api/micro-franquias/${MF_ID}/distribuicao`]: {
        status: 400,
        body: {
          message: 'Dados inválidos',
          errors: { 'cidades.0.vendedorId': 'Escolha um vendedor ativo da micro-franquia' },
        },
      },
    });
    renderApp('/distribuicao');
    await userEvent.click(await screen.findByRole('button', { name: 'Salvar distribuição' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Vendedor de Santos' })).toHaveAccessibleDescription(
        'Escolha um vendedor ativo da micro-franquia',
      ),
    );
  });

  it("opens a micro-franquia's rule from the franquia's list", async () => {
    mockFetch({
      ...sessionHandlers(createUser({ role: 'franquia' })),
      'GET /api/micro-franquias': { body: [micro], headers: { 'X-Total-Count': '1' } },
      [`GET /api/micro-franquias/${MF_ID}/distribuicao`]: { body: { ...view, modo: 'rodizio' } },
    });
    renderApp('/micro-franquias');
    const [acoes] = await screen.findAllByRole('button', { name: 'Ações de Micro Litoral' });
    await userEvent.click(acoes!);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Distribuição de leads' }));
    const dialog = await screen.findByRole('dialog', { name: 'Distribuição de leads' });
    expect(await within(dialog).findByRole('radio', { name: 'Rodízio entre os vendedores ativos' })).toBeChecked();
  });
});
