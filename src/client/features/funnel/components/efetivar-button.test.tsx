// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { EfetivarButton } from './efetivar-button';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('EfetivarButton (issue 23)', () => {
  it('sends one request for a double click: the button locks on the first click', async () => {
    const fetchMock = mockFetch({ 'POST /api/matriculas/efetivar/p-1': () => new Promise(() => {}) });
    renderWithProviders(<EfetivarButton preMatricula={{ id: 'p-1', nome: 'Lucas Oliveira', status: 'pendente' }} />);
    const button = await screen.findByRole('button', { name: 'Efetivar a matrícula de Lucas Oliveira' });
    // Two clicks in the same task, before React draws the disabled button: what a double click does.
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByRole('button', { name: /Efetivando\.\.\./ })).toBeDisabled();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });
});
