// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { DataTable, type DataTableColumn } from './data-table';

afterEach(cleanup);

interface Envio {
  id: string;
  resumo: string;
  status: 'enviado' | 'falhou';
}

const rows: Envio[] = [
  { id: '1', resumo: 'Inscrição confirmada', status: 'enviado' },
  { id: '2', resumo: 'Redefinir senha', status: 'falhou' },
];

// As on 'Envios': only a failed e-mail has an action.
const columns: DataTableColumn<Envio>[] = [
  { key: 'resumo', header: 'Envio', cell: (envio) => envio.resumo },
  { key: 'situacao', header: 'Situação', cell: (envio) => (envio.status === 'falhou' ? 'Falhou' : 'Enviado') },
  {
    key: 'acoes',
    header: 'Ações',
    cell: (envio) => (envio.status === 'falhou' ? <button type="button">Reenviar</button> : null),
  },
];

describe('a phone card of a list', () => {
  it('leaves out a field the row has nothing for, label included', () => {
    render(<DataTable caption="Envios" columns={columns} rows={rows} isLoading={false} cards="list" />);
    const [sent, failed] = within(screen.getByRole('list', { name: 'Envios' })).getAllByRole('listitem');
    const labels = (card: HTMLElement) =>
      within(card)
        .getAllByRole('term')
        .map((term) => term.textContent);
    expect(labels(sent!)).toEqual(['Situação']);
    expect(labels(failed!)).toEqual(['Situação', 'Ações']);
    expect(within(failed!).getByRole('button', { name: 'Reenviar' })).toBeInTheDocument();
  });

  it("drawn from the table's rows, hides an empty cell below 1024 px and keeps it in the table above", () => {
    render(<DataTable caption="Envios" columns={columns} rows={rows} isLoading={false} />);
    const [, sent, failed] = screen.getAllByRole('row');
    const acoes = (row: HTMLElement) => within(row).getAllByRole('cell')[2]!;
    expect(acoes(sent!)).toHaveClass('max-lg:hidden');
    expect(acoes(failed!)).not.toHaveClass('max-lg:hidden');
    // Both rows keep their three cells: the table's columns stay aligned on wide screens.
    expect(within(sent!).getAllByRole('cell')).toHaveLength(3);
  });
});

describe('a list with its own phone cards', () => {
  /** A window `width` px wide whose width can change, as `matchMedia` reports it. */
  function windowOf(width: number) {
    const listeners = new Set<() => void>();
    let current = width;
    vi.stubGlobal('matchMedia', (query: string) => ({
      get matches() {
        return query === '(min-width: 64rem)' && current >= 1024;
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }));
    return {
      resize(next: number) {
        current = next;
        act(() => listeners.forEach((listener) => listener()));
      },
    };
  }
  afterEach(() => vi.unstubAllGlobals());

  it('draws only the table on a wide screen and only the cards on a phone, switching as the window does', () => {
    const screenWidth = windowOf(1280);
    render(<DataTable caption="Envios" columns={columns} rows={rows} isLoading={false} cards="list" />);
    expect(screen.getByRole('table', { name: 'Envios' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Envios' })).toBeNull();
    expect(screen.getAllByText('Redefinir senha')).toHaveLength(1);

    screenWidth.resize(360);
    expect(screen.queryByRole('table', { name: 'Envios' })).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Envios' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getAllByText('Redefinir senha')).toHaveLength(1);
  });
});

describe('a list asking for its next answer', () => {
  it("keeps the previous rows on screen and says it is busy until the new ones are in, in both of the table's forms", () => {
    const { rerender } = render(
      <DataTable caption="Envios" columns={columns} rows={rows} isLoading={false} isUpdating />,
    );
    expect(screen.getByRole('table', { name: 'Envios' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Redefinir senha')).toBeInTheDocument();

    rerender(<DataTable caption="Envios" columns={columns} rows={rows} isLoading={false} isUpdating={false} />);
    expect(screen.getByRole('table', { name: 'Envios' })).not.toHaveAttribute('aria-busy');

    rerender(<DataTable caption="Envios" columns={columns} rows={rows} isLoading={false} isUpdating cards="list" />);
    expect(screen.getByRole('table', { name: 'Envios' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('list', { name: 'Envios' }).parentElement).toHaveAttribute('aria-busy', 'true');
  });
});
