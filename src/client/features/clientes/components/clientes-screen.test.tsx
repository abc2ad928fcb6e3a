// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClienteView } from '@shared/schemas/cliente';
import { KITS, type Kit } from '@shared/enums';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { ClientesScreen } from './clientes-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function createCliente(overrides: Partial<ClienteView> = {}): ClienteView {
  return {
    id: crypto.randomUUID(),
    microFranquiaId: 'mf-1',
    vendedorId: null,
    nomeFantasia: 'Colégio Horizonte',
    cnpj: '11222333000181',
    repLegal: 'Helena Martins',
    produto: 'todos_pela_educacao',
    kit: 'essencial',
    cep: '13024001',
    cidade: 'Campinas',
    estado: 'SP',
    isActive: true,
    createdAt: '2026-01-10T12:00:00.000Z',
    microFranquia: { razaoSocial: 'Campinas Educação ME' },
    user: { email: 'escola@exemplo.com.br', cpf: '52998224725', telefone: '19987654321', endereco: 'Rua A, 1' },
    ...overrides,
  };
}

const lookupCep = vi.fn(async () => null);
const KIT_NAMES: Record<Kit, string> = {
  essencial: 'Essencial',
  premium: 'Premium',
  card: 'Card',
  padrao: 'Padrão',
  digital: 'Digital',
};

describe('ClientesScreen', () => {
  it('franqueador reads: Micro-Franquia column, every kit label, masked CNPJ, no actions', async () => {
    const rows = KITS.map((kit, i) => createCliente({ kit, nomeFantasia: `Escola ${i}` }));
    mockFetch({ 'GET /api/clientes': { body: rows } });
    renderWithProviders(<ClientesScreen role="franqueador" lookupCep={lookupCep} />);
    expect(await screen.findByText('Escola 0')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Micro-Franquia' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Ações' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Novo Cliente' })).not.toBeInTheDocument();
    for (const kit of KITS) expect(screen.getByText(KIT_NAMES[kit])).toBeInTheDocument();
    expect(screen.getAllByText('11.222.333/0001-81')).toHaveLength(5);
    expect(screen.getAllByText('Todos Pela Educação')).toHaveLength(5);
    expect(screen.getByText('5 clientes')).toBeInTheDocument();
  });

  it("says 'mais de 10.000' and claims no last page when the server stopped counting (ADR 160)", async () => {
    const rows = Array.from({ length: 50 }, (_, i) => createCliente({ nomeFantasia: `Escola ${i}` }));
    mockFetch({
      'GET /api/clientes': { body: rows, headers: { 'X-Total-Count': '10000', 'X-Total-Count-Exact': 'false' } },
    });
    renderWithProviders(<ClientesScreen role="franqueador" lookupCep={lookupCep} />);
    expect(await screen.findByText('mais de 10.000 clientes')).toBeInTheDocument();
    const [paginacao] = screen.getAllByRole('navigation', { name: 'Paginação' });
    expect(paginacao).toHaveTextContent('de mais de 10.000');
    expect(within(paginacao!).getByText('Página 1')).toBeInTheDocument();
  });

  it('says when it loads, fails or finds nothing', async () => {
    mockFetch({ 'GET /api/clientes': 'pending' });
    renderWithProviders(<ClientesScreen role="micro_franquia" lookupCep={lookupCep} />);
    expect(screen.getByText('Carregando clientes...')).toBeInTheDocument();
    cleanup();
    mockFetch({ 'GET /api/clientes': { status: 500, body: { message: 'Erro interno' } } });
    renderWithProviders(<ClientesScreen role="micro_franquia" lookupCep={lookupCep} />);
    expect(await screen.findByText('Failed to fetch clientes')).toBeInTheDocument();
    cleanup();
    mockFetch({ 'GET /api/clientes': { body: [] } });
    renderWithProviders(<ClientesScreen role="vendedor" lookupCep={lookupCep} />);
    expect(await screen.findByText('Nenhum cliente encontrado')).toBeInTheDocument();
    expect(screen.getByText('0 clientes')).toBeInTheDocument();
  });

  it('sends no search too short to answer and says so under the box (issue 46)', async () => {
    const fetchMock = mockFetch({ 'GET /api/clientes': { body: [createCliente()] } });
    renderWithProviders(<ClientesScreen role="franqueador" lookupCep={lookupCep} />);
    await screen.findByText('1 cliente');
    const box = screen.getByLabelText('Buscar clientes');
    await userEvent.type(box, 'co');
    await waitFor(() => expect(box).toHaveAccessibleDescription('Digite pelo menos 3 letras ou números para buscar.'));
    expect(screen.getByText('Colégio Horizonte')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => /[?&]q=/.test(String(url)))).toBe(false);
    await userEvent.type(box, 'l');
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('q=col'))).toBe(true));
    await waitFor(() => expect(box).not.toHaveAccessibleDescription());
  });

  it('Desativar asks first, then sends only isActive and toasts', async () => {
    const row = createCliente();
    const fetchMock = mockFetch({
      'GET /api/clientes': { body: [row] },
      [`PATCH /api/clientes/${row.id}`]: (body) => ({ body: { ...row, ...(body as object) } }),
    });
    renderWithProviders(<ClientesScreen role="micro_franquia" lookupCep={lookupCep} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ações de Colégio Horizonte' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Desativar' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Desativar o cliente Colégio Horizonte?' });
    expect(dialog).toHaveTextContent('Ele não poderá mais acessar o sistema.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    expect(await screen.findByText('Cliente desativado')).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ isActive: false });
  });

  it('Novo Cliente: defaults, SPEC messages, CEP by the search button, digits only sent', async () => {
    const found = vi.fn(async () => ({
      cep: '13010111',
      cidade: 'Campinas',
      estado: 'SP',
      logradouro: '',
      bairro: '',
    }));
    const fetchMock = mockFetch({
      'GET /api/clientes': { body: [] },
      'POST /api/clientes': (body) => ({ status: 201, body: createCliente(body as Partial<ClienteView>) }),
    });
    renderWithProviders(<ClientesScreen role="vendedor" lookupCep={found} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Novo Cliente' }));
    const dialog = screen.getByRole('dialog', { name: 'Novo Cliente' });
    expect(within(dialog).getByLabelText('Produto')).toHaveTextContent('Todos Pela Educação');
    expect(within(dialog).getByLabelText('Kit')).toHaveTextContent('Essencial');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar Cliente' }));
    expect(await within(dialog).findByText('Nome fantasia é obrigatório')).toBeInTheDocument();
    expect(within(dialog).getByText('CNPJ deve ter pelo menos 14 caracteres')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Nome Fantasia'), 'Escola Nova');
    await userEvent.type(within(dialog).getByLabelText('CNPJ'), '11222333000181');
    expect(within(dialog).getByLabelText('CNPJ')).toHaveValue('11.222.333/0001-81');
    await userEvent.type(within(dialog).getByLabelText('Representante Legal'), 'Diretora');
    await userEvent.type(within(dialog).getByLabelText('CPF do Representante'), '52998224725');
    await userEvent.type(within(dialog).getByLabelText('Telefone'), '19987654321');
    await userEvent.type(within(dialog).getByLabelText('Endereço'), 'Rua B, 2');
    await userEvent.type(within(dialog).getByLabelText('CEP'), '13010111');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buscar CEP' }));
    expect(found).toHaveBeenCalledWith('13010-111');
    await waitFor(() => expect(within(dialog).getByLabelText('Cidade')).toHaveValue('Campinas'));
    expect(within(dialog).getByLabelText('Estado')).toHaveValue('SP');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'nova@escola.com.br');
    await userEvent.type(within(dialog).getByLabelText('Senha'), 'segredo1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar Cliente' }));
    expect(await screen.findByText('Cliente criado com sucesso')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      cnpj: '11222333000181',
      cpf: '52998224725',
      telefone: '19987654321',
      cep: '13010111',
      produto: 'todos_pela_educacao',
      kit: 'essencial',
    });
  });
});
