// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Label } from './label';
import { MonthSelect, deslocarMes, mesPorExtenso, mesesEntre } from './month-select';

beforeAll(() => {
  // Radix Select measures and captures the pointer; jsdom has neither.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
});

afterEach(cleanup);

function Harness({
  inicial,
  emptyLabel,
  onValue,
}: {
  inicial: string;
  emptyLabel?: string;
  onValue: (value: string) => void;
}) {
  const [value, setValue] = useState(inicial);
  return (
    <>
      <Label htmlFor="mes">Mês</Label>
      <MonthSelect
        id="mes"
        value={value}
        min="2025-11"
        max="2026-02"
        emptyLabel={emptyLabel}
        onValueChange={(next) => {
          setValue(next);
          onValue(next);
        }}
      />
    </>
  );
}

describe('the month select (pt-BR, instead of <input type="month">)', () => {
  it('counts months across the turn of the year', () => {
    expect(deslocarMes('2026-11', 3)).toBe('2027-02');
    expect(deslocarMes('2026-01', -1)).toBe('2025-12');
    expect(deslocarMes('2026-10', -35)).toBe('2023-11');
    expect(mesesEntre('2025-11', '2026-02')).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
    expect(mesPorExtenso('2026-03')).toBe('Março de 2026');
  });

  it('shows the month in Portuguese under its label, offers the range newest first, and gives back AAAA-MM', async () => {
    const onValue = vi.fn();
    render(<Harness inicial="2026-01" onValue={onValue} />);
    const trigger = screen.getByRole('combobox', { name: 'Mês' });
    expect(trigger).toHaveTextContent('Janeiro de 2026');
    await userEvent.click(trigger);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Fevereiro de 2026',
      'Janeiro de 2026',
      'Dezembro de 2025',
      'Novembro de 2025',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Dezembro de 2025' }));
    expect(onValue).toHaveBeenCalledTimes(1);
    expect(onValue).toHaveBeenCalledWith('2025-12');
    expect(onValue.mock.calls[0]![0]).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/);
    expect(screen.getByRole('combobox', { name: 'Mês' })).toHaveTextContent('Dezembro de 2025');
  });

  it("offers a filter's 'no month' as '', and keeps a month outside the range chosen and readable", async () => {
    const onValue = vi.fn();
    render(<Harness inicial="2024-06" emptyLabel="Todos os meses" onValue={onValue} />);
    const trigger = screen.getByRole('combobox', { name: 'Mês' });
    expect(trigger).toHaveTextContent('Junho de 2024');
    await userEvent.click(trigger);
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options[0]).toBe('Todos os meses');
    expect(options.at(-1)).toBe('Junho de 2024');
    await userEvent.click(screen.getByRole('option', { name: 'Todos os meses' }));
    expect(onValue).toHaveBeenLastCalledWith('');
    expect(screen.getByRole('combobox', { name: 'Mês' })).toHaveTextContent('Todos os meses');
    await userEvent.click(screen.getByRole('combobox', { name: 'Mês' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Novembro de 2025' }));
    expect(onValue).toHaveBeenLastCalledWith('2025-11');
  });
});
