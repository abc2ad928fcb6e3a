// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DATE_INPUT_REFUSED, DateInput, brParaIso, isoParaBr, maskData } from './date-input';

afterEach(cleanup);

function Harness({ partial = false, onValue }: { partial?: boolean; onValue: (v: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="d">Data</label>
      <DateInput
        id="d"
        value={value}
        partial={partial}
        onValueChange={(v) => {
          setValue(v);
          onValue(v);
        }}
      />
    </>
  );
}

describe('the dd/mm/aaaa date input (issue 23)', () => {
  it('masks, converts and refuses impossible days', () => {
    expect(maskData('15032026')).toBe('15/03/2026');
    expect(maskData('1a5')).toBe('15');
    expect(brParaIso('15/03/2026')).toBe('2026-03-15');
    expect(brParaIso('31/02/2026')).toBeNull();
    expect(brParaIso('15/03')).toBeNull();
    expect(brParaIso('')).toBe('');
    expect(isoParaBr('2026-03-15')).toBe('15/03/2026');
  });

  it('gives a filter the ISO day only once it is whole, and takes an ISO day pasted in', async () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    const input = screen.getByLabelText('Data');
    await userEvent.type(input, '0612');
    expect(input).toHaveValue('06/12');
    expect(onValue).not.toHaveBeenCalled();
    await userEvent.type(input, '2026');
    expect(input).toHaveValue('06/12/2026');
    expect(onValue).toHaveBeenLastCalledWith('2026-12-06');
    fireEvent.change(input, { target: { value: '2030-03-10' } });
    expect(input).toHaveValue('10/03/2030');
    expect(onValue).toHaveBeenLastCalledWith('2030-03-10');
    await userEvent.clear(input);
    expect(onValue).toHaveBeenLastCalledWith('');
  });

  it("hands a form what was typed while it is not a day, so the form's schema says why", async () => {
    const onValue = vi.fn();
    render(<Harness partial onValue={onValue} />);
    await userEvent.type(screen.getByLabelText('Data'), '3102');
    expect(onValue).toHaveBeenLastCalledWith('31/02');
  });

  it('picks a day on a pt-BR calendar', async () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    await userEvent.click(screen.getByRole('button', { name: 'Escolher no calendário' }));
    const calendar = screen.getByRole('dialog', { name: 'Calendário' });
    expect(calendar.textContent).toMatch(
      /janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro/,
    );
    const day = calendar.querySelector('button[name="day"], td button') as HTMLButtonElement;
    await userEvent.click(day);
    expect(onValue).toHaveBeenCalledWith(expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
    expect(screen.getByLabelText('Data')).toHaveValue(isoParaBr(onValue.mock.calls.at(-1)![0] as string));
    expect(screen.queryByRole('dialog', { name: 'Calendário' })).not.toBeInTheDocument();
  });
});

describe('typing into a whole date (issue 39, item 20)', () => {
  function Prefilled({ onValue }: { onValue: (v: string) => void }) {
    const [value, setValue] = useState('2026-12-25');
    return (
      <>
        <label htmlFor="r">Data do retorno</label>
        <DateInput
          id="r"
          value={value}
          partial
          onValueChange={(v) => {
            setValue(v);
            onValue(v);
          }}
        />
      </>
    );
  }

  it('replaces a prefilled date with the one typed, instead of ignoring it', async () => {
    const onValue = vi.fn();
    render(<Prefilled onValue={onValue} />);
    const input = screen.getByLabelText('Data do retorno');
    expect(input).toHaveValue('25/12/2026');
    await userEvent.click(input);
    await userEvent.type(input, '10012027');
    expect(input).toHaveValue('10/01/2027');
    expect(onValue).toHaveBeenLastCalledWith('2027-01-10');
  });

  it('says why a key is refused', async () => {
    const onValue = vi.fn();
    render(<Prefilled onValue={onValue} />);
    const input = screen.getByLabelText('Data do retorno');
    await userEvent.clear(input);
    await userEvent.type(input, '1a');
    expect(input).toHaveValue('1');
    expect(screen.getByRole('status')).toHaveTextContent(DATE_INPUT_REFUSED);
    expect(input).toHaveAccessibleDescription(DATE_INPUT_REFUSED);
    await userEvent.type(input, '2');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
