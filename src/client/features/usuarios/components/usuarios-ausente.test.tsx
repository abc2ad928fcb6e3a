// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UsuarioView } from '@shared/schemas/usuario';
import { createUser, loadScreens, mockFetch, renderApp, sessionHandlers } from '@/testing/test-utils';

beforeAll(() => loadScreens('/usuarios'), 60_000);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const VENDEDOR_ID = '7a1b2c3d-0000-4000-8000-0000000000b1';

function usuario(overrides: Partial<UsuarioView> = {}): UsuarioView {
  return {
    id: 'u-v1',
    nome: 'Rafael Vendas',
    email: 'rafael@exemplo.com.br',
    role: 'vendedor',
    isActive: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    ausente: false,
    ...overrides,
  };
}

/** The first of the row's copies (the table and the phone's cards may both be drawn in jsdom). */
async function abrirAcoes(nome: string) {
  const [botao] = await screen.findAllByRole('button', { name: `Ações de ${nome}` });
  await userEvent.click(botao!);
}

describe('Usuários: ausente and redistribution (issue 50)', () => {
  it('marks a vendedor away and shows the badge', async () => {
    const sent: unknown[] = [];
    let atual = usuario();
    mockFetch({
      ...sessionHandlers(createUser({ role: 'micro_franquia' })),
      'GET /api/usuarios': () => ({ body: [atual], headers: { 'X-Total-Count': '1' } }),
      'PATCH /api/usuarios/u-v1': (body) => {
        sent.push(body);
        atual = { ...atual, ...(body as Partial<UsuarioView>) };
        return { body: atual };
      },
    });
    renderApp('/usuarios');
    await abrirAcoes('Rafael Vendas');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Marcar como ausente' }));
    await waitFor(() => expect(sent).toEqual([{ ausente: true }]));
    expect(await screen.findByText('Vendedor marcado como ausente')).toBeInTheDocument();
    expect((await screen.findAllByText('Ausente')).length).toBeGreaterThan(0);
    await abrirAcoes('Rafael Vendas');
    expect(await screen.findByRole('menuitem', { name: 'Marcar como disponível' })).toBeInTheDocument();
  });

  it('offers to hand a deactivated vendedor’s open leads on, and counts them', async () => {
    const lote: unknown[] = [];
    const row = { ...usuario(), vendedorId: VENDEDOR_ID };
    mockFetch({
      ...sessionHandlers(createUser({ role: 'micro_franquia' })),
      'GET /api/usuarios': { body: [row], headers: { 'X-Total-Count': '1' } },
      'PATCH /api/usuarios/u-v1': { body: { ...row, isActive: false } },
      'POST /api/leads/lote': (body) => {
        lote.push(body);
        return { body: { alterados: 12, exportacao: null } };
      },
    });
    renderApp('/usuarios');
    await abrirAcoes('Rafael Vendas');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Desativar' }));
    const confirmar = await screen.findByRole('alertdialog', { name: /Desativar o usuário Rafael Vendas/ });
    await userEvent.click(within(confirmar).getByRole('button', { name: 'Desativar' }));

    const oferta = await screen.findByRole('alertdialog', {
      name: 'Redistribuir os leads em aberto de Rafael Vendas?',
    });
    await userEvent.click(within(oferta).getByRole('button', { name: 'Redistribuir os leads em aberto' }));
    await waitFor(() =>
      expect(lote).toEqual([
        {
          filtro: { responsavelId: VENDEDOR_ID, abertos: 'sim', view: 'interesses' },
          acao: 'atribuir',
          automatico: true,
        },
      ]),
    );
    expect(await screen.findByText('12 leads redistribuídos')).toBeInTheDocument();
  });
});
