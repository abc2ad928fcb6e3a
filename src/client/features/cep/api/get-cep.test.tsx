// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders, type MockHandler } from '@/testing/test-utils';
import { useCepLookup } from './get-cep';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Probe({ cep }: { cep: string }) {
  const lookup = useCepLookup();
  return (
    <button type="button" onClick={() => void lookup(cep)}>
      buscar
    </button>
  );
}

async function run(cep: string, handler?: MockHandler) {
  const fetchMock = mockFetch(handler ? { [`GET /api/cep/${cep.replace('-', '')}`]: handler } : {});
  renderWithProviders(<Probe cep={cep} />);
  await userEvent.click(screen.getByRole('button', { name: 'buscar' }));
  return fetchMock;
}

describe('useCepLookup (SPEC §7, §8 toasts)', () => {
  it("a hit toasts 'CEP encontrado' with 'Cidade - UF'", async () => {
    await run('01310-100', { body: { cep: '01310100', cidade: 'São Paulo', estado: 'SP' } });
    expect(await screen.findByText('CEP encontrado')).toBeInTheDocument();
    expect(screen.getByText('São Paulo - SP')).toBeInTheDocument();
  });

  it("an unknown code toasts 'CEP não encontrado' / 'Verifique o CEP informado'", async () => {
    await run('99999999', { status: 404, body: { message: 'CEP não encontrado' } });
    expect(await screen.findByText('Verifique o CEP informado')).toBeInTheDocument();
  });

  it('a failing service or connection toasts the connection message', async () => {
    await run('55555555', { status: 502, body: { message: 'Erro ao consultar CEP. Verifique sua conexão.' } });
    expect(await screen.findByText('Erro ao buscar CEP')).toBeInTheDocument();
    expect(screen.getByText('Erro ao consultar CEP. Verifique sua conexão.')).toBeInTheDocument();
    cleanup();
    await run('44444444', 'network-error');
    expect(await screen.findByText('Erro ao consultar CEP. Verifique sua conexão.')).toBeInTheDocument();
  });

  it('a short code is refused without asking the server', async () => {
    const fetchMock = await run('1234');
    expect(await screen.findByText('CEP deve conter 8 dígitos')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
