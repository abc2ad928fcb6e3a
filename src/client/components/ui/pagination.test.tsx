// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/testing/test-utils';
import { type AnswerCursors, readPagePlace, resetPage, usePageCursor } from '@/hooks/use-page-cursor';
import { Pagination, type PaginationKeyset } from './pagination';

afterEach(cleanup);

const keyset = (overrides: Partial<PaginationKeyset> = {}): PaginationKeyset => ({
  onPrevious: vi.fn(),
  onNext: vi.fn(),
  onFirst: vi.fn(),
  ...overrides,
});

const button = (name: string) => screen.getByRole('button', { name });

describe('Pagination by cursor (issue 46)', () => {
  it("turns the page by the answer's cursors: 'Próxima' while a page follows, 'Anterior' past the first", () => {
    const cursors = keyset();
    render(<Pagination page={1} pageSize={50} total={120} rowCount={50} onPageChange={vi.fn()} keyset={cursors} />);
    expect(button('Anterior')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Primeira' })).not.toBeInTheDocument();
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();
    fireEvent.click(button('Próxima'));
    expect(cursors.onNext).toHaveBeenCalledOnce();
  });

  it("has no 'Próxima' on the last page the answer names, whatever the count says", () => {
    render(
      <Pagination
        page={2}
        pageSize={50}
        total={120}
        rowCount={50}
        onPageChange={vi.fn()}
        keyset={keyset({ onNext: null })}
      />,
    );
    expect(button('Próxima')).toBeDisabled();
    expect(button('Anterior')).toBeEnabled();
  });

  it("goes back by cursor, and to the start at once with 'Primeira' on a deep page", () => {
    const cursors = keyset();
    const onPageChange = vi.fn();
    render(
      <Pagination
        page={240}
        pageSize={50}
        total={10_000}
        totalExact={false}
        rowCount={50}
        onPageChange={onPageChange}
        keyset={cursors}
      />,
    );
    // Past the counted rows the page says its number and where its rows stand, never a last page.
    expect(screen.getByText('Página 240')).toBeInTheDocument();
    expect(screen.getByText('11.951–12.000 de mais de 10.000')).toBeInTheDocument();
    fireEvent.click(button('Anterior'));
    expect(cursors.onPrevious).toHaveBeenCalledOnce();
    fireEvent.click(button('Primeira'));
    expect(cursors.onFirst).toHaveBeenCalledOnce();
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('pages by number as before without cursors', () => {
    const onPageChange = vi.fn();
    render(<Pagination page={2} pageSize={50} total={120} onPageChange={onPageChange} />);
    expect(screen.queryByRole('button', { name: 'Primeira' })).not.toBeInTheDocument();
    expect(screen.getByText('51–100 de 120')).toBeInTheDocument();
    fireEvent.click(button('Próxima'));
    expect(onPageChange).toHaveBeenCalledWith(3);
    fireEvent.click(button('Anterior'));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it("says the total on a page past the last, and 'Anterior' goes to the last page there is", () => {
    const onPageChange = vi.fn();
    render(<Pagination page={7} pageSize={50} total={120} onPageChange={onPageChange} />);
    expect(screen.getAllByText('120 no total')).toHaveLength(1);
    expect(screen.queryByText(/301–120/)).not.toBeInTheDocument();
    expect(screen.getByText('Página 7')).toBeInTheDocument();
    expect(button('Próxima')).toBeDisabled();
    fireEvent.click(button('Anterior'));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });
});

/** The answer the next render shows: each turn of the page renders the list again with it. */
let answer: AnswerCursors = {};

/** A list screen's pagination over an answer's cursors, its place in the address. */
function Lista() {
  const place = usePageCursor();
  return (
    <>
      <p data-testid="asked">{JSON.stringify(place.params)}</p>
      <Pagination
        page={place.page}
        pageSize={10}
        total={1_000}
        rowCount={10}
        onPageChange={place.setPage}
        keyset={place.keysetOf(answer)}
      />
    </>
  );
}

const click = (name: string, next: AnswerCursors) => {
  answer = next;
  fireEvent.click(within(screen.getByRole('navigation', { name: 'Paginação' })).getByRole('button', { name }));
};

describe('usePageCursor', () => {
  it("keeps the page's number and cursor in the address, each turn a history entry", async () => {
    answer = { next: 'C2' };
    const { router } = renderWithProviders(<Lista />, { path: '/leads?eventoId=e1' });
    click('Próxima', { next: 'C3', prev: 'P1' });
    expect(router.state.location.search).toBe('?eventoId=e1&page=2&apos=C2');
    expect(screen.getByTestId('asked')).toHaveTextContent('{"page":2,"apos":"C2"}');

    click('Próxima', { next: 'C4', prev: 'P2' });
    expect(router.state.location.search).toBe('?eventoId=e1&page=3&apos=C3');

    click('Anterior', { next: 'C3', prev: 'P1' });
    expect(router.state.location.search).toBe('?eventoId=e1&page=2&antes=P2');
    expect(screen.getByTestId('asked')).toHaveTextContent('{"page":2,"antes":"P2"}');

    // Back to page 1 is the first page itself: no cursor, no number.
    click('Anterior', { next: 'C2' });
    expect(router.state.location.search).toBe('?eventoId=e1');
    expect(screen.getByTestId('asked')).toHaveTextContent('{"page":1}');

    // Back returns to the page before, cursor and all.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?eventoId=e1&page=2&antes=P2');
  });

  it("goes to the first page with 'Primeira', and when there is no cursor to go back by", async () => {
    answer = { next: 'C9', prev: 'P7' };
    const { router } = renderWithProviders(<Lista />, { path: '/leads?page=8&apos=C8' });
    click('Primeira', { next: 'C2' });
    expect(router.state.location.search).toBe('');

    answer = { next: 'C9', prev: null };
    await act(() => router.navigate('/leads?page=8&apos=C8'));
    click('Anterior', { next: 'C2' });
    expect(router.state.location.search).toBe('');
  });
});

/** A date-sorted list: its pagination offers 'Ir para a data'. */
function ListaPorData() {
  const place = usePageCursor();
  return (
    <>
      <p data-testid="asked">{JSON.stringify(place.params)}</p>
      <Pagination
        page={place.page}
        pageSize={10}
        total={1_234}
        rowCount={10}
        onPageChange={place.setPage}
        keyset={place.keysetOf(answer)}
        jump={{ day: place.irPara, onJump: place.jumpTo }}
        position="top"
      />
    </>
  );
}

describe("'Ir para' a day (issue 46)", () => {
  it('opens the page from the day, says so without a page number, and pages on by cursor', async () => {
    answer = { next: 'C2' };
    const { router } = renderWithProviders(<ListaPorData />, { path: '/interesses?page=5&apos=C5' });
    const nav = within(screen.getByRole('navigation', { name: 'Paginação (topo da lista)' }));
    fireEvent.change(await nav.findByLabelText('Ir para a data'), { target: { value: '30/05/2025' } });
    answer = { next: 'J2', prev: 'J0' };
    fireEvent.click(nav.getByRole('button', { name: 'Ir' }));
    expect(router.state.location.search).toBe('?irPara=2025-05-30');
    expect(screen.getByTestId('asked')).toHaveTextContent('{"page":1,"irPara":"2025-05-30"}');
    expect(nav.getByText('A partir de 30/05/2025 · 1.234 no total')).toBeInTheDocument();
    expect(nav.queryByText(/^Página/)).not.toBeInTheDocument();

    // Próxima and Anterior by the answer's cursors, the page's number still unknown.
    answer = { next: 'J3', prev: 'J1' };
    fireEvent.click(nav.getByRole('button', { name: /Próxima/ }));
    expect(router.state.location.search).toBe('?apos=J2');
    answer = { next: 'J2' };
    fireEvent.click(nav.getByRole('button', { name: /Anterior/ }));
    expect(router.state.location.search).toBe('?antes=J1');
    // The answer names no page before this one: Anterior waits; Primeira goes to the start.
    expect(nav.getByRole('button', { name: /Anterior/ })).toBeDisabled();
    fireEvent.click(nav.getByRole('button', { name: /Primeira/ }));
    expect(router.state.location.search).toBe('');
    expect(nav.getByText('Página 1 de 124')).toBeInTheDocument();
  });
});

describe('readPagePlace and resetPage', () => {
  it('reads the cursor past the first page only, and one cursor at most', () => {
    expect(readPagePlace(new URLSearchParams('page=3&apos=A'))).toEqual({ page: 3, apos: 'A' });
    expect(readPagePlace(new URLSearchParams('page=3&antes=B'))).toEqual({ page: 3, antes: 'B' });
    expect(readPagePlace(new URLSearchParams('page=3&apos=A&antes=B'))).toEqual({ page: 3, apos: 'A' });
    expect(readPagePlace(new URLSearchParams('page=1&apos=A'))).toEqual({ page: 1 });
    expect(readPagePlace(new URLSearchParams('page=x'))).toEqual({ page: 1 });
    // Past a jump to a day the page's number is unknown.
    expect(readPagePlace(new URLSearchParams('irPara=2025-05-30'))).toEqual({ page: null, irPara: '2025-05-30' });
    expect(readPagePlace(new URLSearchParams('apos=A'))).toEqual({ page: null, apos: 'A' });
    expect(readPagePlace(new URLSearchParams('irPara=ontem'))).toEqual({ page: 1 });
  });

  it("lets go of the page and its cursor, and nothing else (a filter's change)", () => {
    const params = new URLSearchParams('q=ana&page=4&apos=A&antes=B&irPara=2025-05-30&sort=criadoEm');
    resetPage(params);
    expect(params.toString()).toBe('q=ana&sort=criadoEm');
  });
});
