// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { EfetivarButton } from './efetivar-button';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openConfirmation() {
  await userEvent.click(await screen.findByRole('button', { name: 'Ações de Lucas Oliveira' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Efetivar' }));
  return screen.findByRole('alertdialog', { name: 'Efetivar a matrícula de Lucas Oliveira?' });
}

describe('EfetivarButton (issue 23)', () => {
  it('asks first, naming the student, and sends nothing on Cancelar', async () => {
    const fetchMock = mockFetch({});
    renderWithProviders(<EfetivarButton preMatricula={{ id: 'p-1', nome: 'Lucas Oliveira', status: 'pendente' }} />);
    const dialog = await openConfirmation();
    expect(dialog).toHaveTextContent('Esta ação não pode ser desfeita.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('sends one request for a double click: the button locks on the first click', async () => {
    const fetchMock = mockFetch({ 'POST /api/matriculas/efetivar/p-1': () => new Promise(() => {}) });
    renderWithProviders(<EfetivarButton preMatricula={{ id: 'p-1', nome: 'Lucas Oliveira', status: 'pendente' }} />);
    const dialog = await openConfirmation();
    const button = within(dialog).getByRole('button', { name: 'Efetivar' });
    // Two clicks in the same task, before React draws the disabled button: what a double click does.
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await within(dialog).findByRole('button', { name: 'Efetivando...' })).toBeDisabled();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it("shows 'Efetivada' and no action for an effective one", async () => {
    renderWithProviders(<EfetivarButton preMatricula={{ id: 'p-1', nome: 'Lucas Oliveira', status: 'efetivada' }} />);
    expect(await screen.findByText('Efetivada')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
