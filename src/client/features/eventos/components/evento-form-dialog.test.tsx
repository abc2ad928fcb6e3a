// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { EventoFormDialog } from './evento-form-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const noCep = async () => null;

const calls = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(path));

describe('EventoFormDialog: the cliente picker (issue 21)', () => {
  it('asks the server for the active clientes matching the typed text, 20 at a time, and keeps the chosen one', async () => {
    const fetchMock = mockFetch({
      'GET /api/clientes': {
        body: [{ id: 'c-9001', nomeFantasia: 'Escola Girassol 9001' }],
        headers: { 'X-Total-Count': '1' },
      },
      'GET /api/cursos': { body: [], headers: { 'X-Total-Count': '0' } },
    });
    renderWithProviders(<EventoFormDialog role="franqueador" open onOpenChange={() => {}} lookupCep={noCep} />);
    const dialog = screen.getByRole('dialog', { name: 'Novo Evento' });
    const combobox = within(dialog).getByRole('combobox', { name: 'Cliente' });

    await userEvent.type(combobox, 'girassol');
    await waitFor(() =>
      expect(
        calls(fetchMock, '/api/clientes?').some(
          (url) => url.includes('q=girassol') && url.includes('status=ativos') && url.includes('pageSize=20'),
        ),
      ).toBe(true),
    );
    await screen.findByRole('option', { name: 'Escola Girassol 9001' });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(combobox).toHaveValue('Escola Girassol 9001');
    // The courses offered are the chosen cliente's.
    await waitFor(() =>
      expect(calls(fetchMock, '/api/cursos?').some((url) => url.includes('clienteId=c-9001'))).toBe(true),
    );
  });

  it('sends no search too short to answer, says so in its status, and sends it once it is long enough (issue 46)', async () => {
    const fetchMock = mockFetch({
      'GET /api/clientes': {
        body: [{ id: 'c-9001', nomeFantasia: 'Escola Girassol 9001' }],
        headers: { 'X-Total-Count': '1' },
      },
    });
    renderWithProviders(<EventoFormDialog role="franqueador" open onOpenChange={() => {}} lookupCep={noCep} />);
    const dialog = screen.getByRole('dialog', { name: 'Novo Evento' });
    const combobox = within(dialog).getByRole('combobox', { name: 'Cliente' });

    await userEvent.type(combobox, 'gi');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Digite pelo menos 3 letras ou números para buscar.'),
    );
    // The first options stay to choose from; no search went to the server.
    expect(screen.getByRole('option', { name: 'Escola Girassol 9001' })).toBeInTheDocument();
    expect(calls(fetchMock, '/api/clientes?').some((url) => /[?&]q=/.test(url))).toBe(false);

    await userEvent.type(combobox, 'r');
    await waitFor(() => expect(calls(fetchMock, '/api/clientes?').some((url) => url.includes('q=gir'))).toBe(true));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 resultado'));
  });

  it('says on the first submit that the cliente is missing, next to the picker', async () => {
    mockFetch({ 'GET /api/clientes': { body: [], headers: { 'X-Total-Count': '0' } } });
    renderWithProviders(<EventoFormDialog role="franqueador" open onOpenChange={() => {}} lookupCep={noCep} />);
    const dialog = screen.getByRole('dialog', { name: 'Novo Evento' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar Evento' }));
    const combobox = within(dialog).getByRole('combobox', { name: 'Cliente' });
    await waitFor(() => expect(combobox).toHaveAttribute('aria-invalid', 'true'));
    expect(combobox).toHaveAccessibleDescription('Cliente é obrigatório');
  });
});

describe('EventoFormDialog: the street address from the CEP (issue 51)', () => {
  it("fills logradouro, bairro, cidade and estado from 'Buscar CEP', and goes to the número", async () => {
    mockFetch({ 'GET /api/cursos': { body: [], headers: { 'X-Total-Count': '0' } } });
    const lookupCep = vi.fn(async (cep: string) => ({
      cep: cep.replace('-', ''),
      cidade: 'Campinas',
      estado: 'SP',
      logradouro: 'Rua Barão de Jaguara',
      bairro: 'Centro',
    }));
    renderWithProviders(<EventoFormDialog role="cliente" open onOpenChange={() => {}} lookupCep={lookupCep} />);
    const dialog = screen.getByRole('dialog', { name: 'Novo Evento' });
    await userEvent.type(within(dialog).getByLabelText('CEP (opcional)'), '13015001');
    // Leaving the field asks nothing: a street written by hand stays until the look-up is asked for.
    await userEvent.tab();
    expect(lookupCep).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buscar CEP' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Logradouro (opcional)')).toHaveValue('Rua Barão de Jaguara'),
    );
    expect(lookupCep).toHaveBeenCalledWith('13015-001');
    expect(within(dialog).getByLabelText('Bairro')).toHaveValue('Centro');
    expect(within(dialog).getByLabelText('Cidade')).toHaveValue('Campinas');
    expect(within(dialog).getByLabelText('Estado')).toHaveValue('SP');
    expect(within(dialog).getByLabelText('Número')).toHaveFocus();
  });
});

describe('EventoFormDialog: a new event asked from a visit (issue 49)', () => {
  it('starts with the visit’s school chosen, its name and city, and hands the created event back', async () => {
    const fetchMock = mockFetch({
      'GET /api/cursos': { body: [], headers: { 'X-Total-Count': '0' } },
      'POST /api/eventos': (body) => ({ status: 201, body: { id: 'ev-77', ...(body as object) } }),
    });
    const onCreated = vi.fn();
    renderWithProviders(
      <EventoFormDialog
        role="vendedor"
        open
        onOpenChange={() => {}}
        lookupCep={noCep}
        inicial={{ clienteId: 'c-1', clienteNome: 'Colégio Horizonte', cidade: 'Campinas' }}
        onCreated={onCreated}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Novo Evento' });
    expect(within(dialog).getByRole('combobox', { name: 'Cliente' })).toHaveValue('Colégio Horizonte');
    expect(within(dialog).getByLabelText('Nome da escola')).toHaveValue('Colégio Horizonte');
    expect(within(dialog).getByLabelText('Cidade')).toHaveValue('Campinas');
    // The school's own courses are offered.
    await waitFor(() =>
      expect(calls(fetchMock, '/api/cursos?').some((url) => url.includes('clienteId=c-1'))).toBe(true),
    );
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Estado'), 'SP');
    await user.type(within(dialog).getByLabelText('Data de distribuição'), '01042031');
    await user.type(within(dialog).getByLabelText('Data do evento'), '10042031');
    await user.type(within(dialog).getByLabelText('Horário'), '1900');
    await user.type(within(dialog).getByLabelText('Quantidade de alunos'), '120');
    await user.click(within(dialog).getByRole('button', { name: 'Criar Evento' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(onCreated.mock.calls[0]![0]).toMatchObject({
      id: 'ev-77',
      clienteId: 'c-1',
      nomeEscola: 'Colégio Horizonte',
    });
  });
});
