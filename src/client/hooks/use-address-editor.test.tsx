// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '@/testing/test-utils';
import { useAddressEditor } from './use-address-editor';

afterEach(cleanup);

/** Two writes from the same render, as a filter picked and a search written before the screen renders again. */
function Filtros() {
  const edit = useAddressEditor();
  return (
    <button
      type="button"
      onClick={() => {
        edit((next) => next.set('acao', 'cliente.editar'));
        edit((next) => next.set('q', 'micro@demo.com.br'));
      }}
    >
      Filtrar
    </button>
  );
}

function Pager() {
  const edit = useAddressEditor();
  return (
    <>
      <button type="button" onClick={() => edit((next) => next.set('acao', 'cliente.editar'))}>
        Filtrar
      </button>
      <button type="button" onClick={() => edit((next) => next.set('page', '2'), { replace: false })}>
        Próxima página
      </button>
    </>
  );
}

describe('useAddressEditor', () => {
  it('keeps a filter written before the screen rendered its address when the next write comes', async () => {
    const { router } = renderWithProviders(<Filtros />, { path: '/auditoria?de=2026-11-01' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    });
    const params = new URLSearchParams(router.state.location.search);
    expect(router.state.location.pathname).toBe('/auditoria');
    expect(params.get('de')).toBe('2026-11-01');
    expect(params.get('acao')).toBe('cliente.editar');
    expect(params.get('q')).toBe('micro@demo.com.br');
  });

  it('replaces the history entry for a filter and adds one for a page turned', async () => {
    const { router } = renderWithProviders(<Pager />, { path: '/auditoria' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    });
    expect(router.state.historyAction).toBe('REPLACE');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    });
    expect(router.state.historyAction).toBe('PUSH');
    expect(router.state.location.search).toBe('?acao=cliente.editar&page=2');
  });
});
