// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Importacao, IMPORTACAO_MESSAGES } from '@shared/schemas/importacao';
import { createUser, loadScreens, mockFetch, renderApp, sessionHandlers } from '@/testing/test-utils';

beforeAll(async () => {
  // Radix Select measures and captures the pointer; jsdom has neither.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
  await loadScreens('/importacoes/nova', '/importacoes');
}, 60_000);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '5f0c6a3e-6f7a-4c8e-9f43-8d1c3e2b7a10';

function importacao(overrides: Partial<Importacao> = {}): Importacao {
  return {
    id: ID,
    tipo: 'leads',
    status: 'mapeamento',
    nomeArquivo: 'fichas-feira.csv',
    evento: { id: 'ev-1', nome: 'Feira de Profissões' },
    linhasTotal: 500,
    criadaEm: '2026-11-27T13:00:00.000Z',
    concluidaEm: null,
    desfazerAte: null,
    resultado: null,
    erro: null,
    formato: 'csv',
    codificacao: 'windows-1252',
    separador: ';',
    colunas: [
      { nome: 'Aluno', campo: 'nomeAluno', exemplos: ['Ana Lima', 'Bruno Reis'] },
      { nome: 'Mãe', campo: 'nomeResponsavel', exemplos: ['Clara Lima'] },
      { nome: 'E-mail', campo: 'email', exemplos: ['clara@exemplo.com.br'] },
      { nome: 'Celular', campo: 'telefone', exemplos: ['(11) 98888-7777'] },
      { nome: 'Observação', campo: null, exemplos: [] },
    ],
    mapeamentoCompleto: true,
    previa: [
      {
        linha: 2,
        valores: {
          nomeAluno: 'Ana Lima',
          nomeResponsavel: 'Clara Lima',
          email: 'clara@exemplo.com.br',
          telefone: '11988887777',
        },
        erros: [],
        duplicado: false,
      },
      {
        linha: 3,
        valores: { nomeAluno: 'Bruno Reis', nomeResponsavel: 'Davi Reis', email: 'davi@', telefone: '11977776666' },
        erros: ['E-mail inválido'],
        duplicado: false,
      },
    ],
    erros: [
      { linha: 3, mensagem: 'E-mail inválido' },
      { linha: 37, mensagem: 'Telefone inválido' },
    ],
    errosTotal: 20,
    duplicadosTotal: 30,
    previsao: {
      ignorar: { criar: 450, atualizar: 0, ignorar: 30, erros: 20 },
      atualizar: { criar: 450, atualizar: 30, ignorar: 0, erros: 20 },
      criar: { criar: 480, atualizar: 0, ignorar: 0, erros: 20 },
    },
    duplicados: null,
    progresso: { processadas: 0, total: 0, percentual: 0 },
    linhasDisponiveis: true,
    desfeita: null,
    ...overrides,
  };
}

describe('Nova importação, step 1: Arquivo (issue 50)', () => {
  it('offers only the kinds the role may create, and the event for leads', async () => {
    mockFetch({ ...sessionHandlers(createUser({ role: 'vendedor' })) });
    renderApp('/importacoes/nova');
    const tipo = await screen.findByRole('group', { name: 'O que importar' });
    expect(
      within(tipo)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Clientes (escolas)', 'Leads de um evento']);
    expect(screen.queryByRole('combobox', { name: 'Evento dos leads' })).not.toBeInTheDocument();
    await userEvent.click(within(tipo).getByRole('radio', { name: 'Leads de um evento' }));
    expect(screen.getByRole('combobox', { name: 'Evento dos leads' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Etapas da importação' })).toHaveTextContent(/Arquivo/);
  });

  it('sends the file and shows the server refusal under the field, in Portuguese', async () => {
    const fetchMock = mockFetch({
      ...sessionHandlers(createUser({ role: 'micro_franquia' })),
      'POST /api/importacoes': {
        status: 422,
        body: { message: 'A primeira linha do arquivo deve ter os nomes das colunas' },
      },
    });
    renderApp('/importacoes/nova');
    const tipo = await screen.findByRole('group', { name: 'O que importar' });
    expect(within(tipo).getAllByRole('radio')).toHaveLength(3);
    await userEvent.click(within(tipo).getByRole('radio', { name: 'Vendedores' }));
    // Without a file the browser says so before sending anything.
    await userEvent.click(screen.getByRole('button', { name: 'Enviar arquivo' }));
    const campo = screen.getByLabelText('Planilha (CSV ou XLSX)');
    expect(campo).toHaveAccessibleDescription(expect.stringContaining('Envie um arquivo CSV ou XLSX'));
    await userEvent.upload(campo, new File(['nome;email\n'], 'vendedores.csv', { type: 'text/csv' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar arquivo' }));
    await waitFor(() =>
      expect(campo).toHaveAccessibleDescription(
        expect.stringContaining('A primeira linha do arquivo deve ter os nomes das colunas'),
      ),
    );
    const upload = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    const form = upload?.[1]?.body as FormData;
    expect(form.get('tipo')).toBe('vendedores');
    expect((form.get('arquivo') as File).name).toBe('vendedores.csv');
  });

  it('asks for the event of leads, then sends it with the file and opens the columns', async () => {
    const fetchMock = mockFetch({
      ...sessionHandlers(createUser({ role: 'franquia' })),
      'GET /api/leads/eventos': {
        body: [
          { id: 'ev-1', nomeEscola: 'Colégio Horizonte', cidade: 'Campinas', estado: 'SP', dataEvento: '2026-12-03' },
        ],
      },
      'POST /api/importacoes': { status: 201, body: importacao() },
      [`GET /api/importacoes/${ID}`]: { body: importacao() },
    });
    const { router } = renderApp('/importacoes/nova');
    // A franquia creates neither clientes nor vendedores by hand: it imports leads only.
    const tipo = await screen.findByRole('group', { name: 'O que importar' });
    expect(within(tipo).getAllByRole('radio')).toHaveLength(1);
    await userEvent.upload(screen.getByLabelText('Planilha (CSV ou XLSX)'), new File(['a'], 'fichas.csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar arquivo' }));
    const evento = screen.getByRole('combobox', { name: 'Evento dos leads' });
    expect(evento).toHaveAccessibleDescription(expect.stringContaining('Escolha o evento dos leads'));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await userEvent.type(evento, 'horiz');
    await screen.findByRole('option', { name: /Colégio Horizonte/ });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar arquivo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/importacoes/${ID}`));
    const form = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body as FormData;
    expect(form.get('eventoId')).toBe('ev-1');
    expect(await screen.findByRole('list', { name: 'Colunas do arquivo' })).toBeInTheDocument();
  });
});

describe('step 2: Colunas', () => {
  it('lists each column with its examples and says which required field is missing or repeated', async () => {
    const sent: unknown[] = [];
    mockFetch({
      ...sessionHandlers(createUser({ role: 'franquia' })),
      [`GET /api/importacoes/${ID}`]: { body: importacao() },
      [`PUT /api/importacoes/${ID}/mapeamento`]: (body) => {
        sent.push(body);
        return { body: importacao({ mapeamentoCompleto: false }) };
      },
    });
    renderApp(`/importacoes/${ID}?passo=colunas`);
    const colunas = await screen.findByRole('list', { name: 'Colunas do arquivo' });
    expect(within(colunas).getByText('Exemplos: Ana Lima · Bruno Reis')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Ver a prévia/ })).toBeEnabled();

    // 'Celular' moved to E-mail: E-mail twice, Telefone missing.
    await userEvent.click(screen.getByRole('combobox', { name: 'Campo da coluna Celular' }));
    await userEvent.click(await screen.findByRole('option', { name: 'E-mail (obrigatório)' }));
    const aviso = await screen.findByText('Ajuste o mapeamento para continuar');
    const lista = aviso.parentElement!;
    expect(within(lista).getByText('O campo E-mail foi escolhido para mais de uma coluna')).toBeInTheDocument();
    expect(within(lista).getByText('Escolha a coluna do campo Telefone')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Campo da coluna Celular' })).toHaveAccessibleDescription(
      'E-mail já foi escolhido para outra coluna',
    );
    expect(screen.getByRole('button', { name: /Ver a prévia/ })).toBeDisabled();
    await waitFor(() => expect(sent).toEqual([{ campos: ['nomeAluno', 'nomeResponsavel', 'email', 'email', null] }]));
  });
});

describe('step 3: Prévia', () => {
  it('shows the rows as stored, every problem, what each duplicates choice will do, and imports with the legal basis', async () => {
    const sent: unknown[] = [];
    mockFetch({
      ...sessionHandlers(createUser({ role: 'franquia' })),
      [`GET /api/importacoes/${ID}`]: { body: importacao() },
      [`POST /api/importacoes/${ID}/confirmar`]: (body) => {
        sent.push(body);
        return {
          body: importacao({
            status: 'importando',
            duplicados: 'atualizar',
            progresso: { processadas: 120, total: 500, percentual: 24 },
          }),
        };
      },
    });
    renderApp(`/importacoes/${ID}?passo=previa`);
    const tabela = await screen.findByRole('table', { name: 'Prévia das primeiras linhas' });
    expect(within(tabela).getByRole('columnheader', { name: 'Nome do aluno' })).toBeInTheDocument();
    const linha3 = within(tabela).getByRole('row', { name: /Bruno Reis/ });
    expect(within(linha3).getByText('E-mail inválido')).toBeInTheDocument();

    expect(screen.getByText('E-mail inválido na linha 3')).toBeInTheDocument();
    expect(screen.getByText('Telefone inválido na linha 37')).toBeInTheDocument();
    expect(screen.getByText('e mais 18 linhas com erro')).toBeInTheDocument();

    const atualizar = screen.getByRole('radio', { name: 'Preencher os campos vazios do cadastro existente' });
    expect(atualizar).toHaveAccessibleDescription('Serão criados 450, atualizados 30, ignorados 0; 20 linhas com erro');
    await userEvent.click(atualizar);

    // Leads need their legal basis before 'Importar'.
    expect(screen.getByText(/As famílias importadas não recebem mensagens de marketing/)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Enviar convite por e-mail' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Importar' }));
    expect(screen.getByRole('combobox', { name: /Base legal dos dados/ })).toHaveAccessibleDescription(
      'Informe a base legal dos dados importados',
    );
    expect(sent).toEqual([]);
    await userEvent.click(screen.getByRole('combobox', { name: /Base legal dos dados/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Legítimo interesse' }));
    await userEvent.click(screen.getByRole('button', { name: 'Importar' }));

    await waitFor(() => expect(sent).toEqual([{ duplicados: 'atualizar', baseLegal: 'legitimo_interesse' }]));
    // Step 4 follows the job.
    const barra = await screen.findByRole('progressbar', { name: 'Progresso da importação' });
    expect(barra).toHaveAttribute('aria-valuenow', '24');
    expect(screen.getByText('120 de 500 linhas (24%)')).toBeInTheDocument();
  });

  it('offers the invitation for accounts instead of the legal basis', async () => {
    const sent: unknown[] = [];
    const vendedores = importacao({
      tipo: 'vendedores',
      evento: null,
      colunas: [{ nome: 'Nome', campo: 'nome', exemplos: ['Rafael'] }],
      previa: [],
      erros: [],
      errosTotal: 0,
    });
    mockFetch({
      ...sessionHandlers(createUser({ role: 'micro_franquia' })),
      [`GET /api/importacoes/${ID}`]: { body: vendedores },
      [`POST /api/importacoes/${ID}/confirmar`]: (body) => {
        sent.push(body);
        return { body: { ...vendedores, status: 'importando' } };
      },
    });
    renderApp(`/importacoes/${ID}?passo=previa`);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Enviar convite por e-mail' }));
    expect(screen.queryByRole('combobox', { name: /Base legal/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Importar' }));
    await waitFor(() => expect(sent).toEqual([{ duplicados: 'ignorar', enviarConvite: true }]));
  });
});

describe('step 4: Resultado', () => {
  const concluida = importacao({
    status: 'concluida',
    duplicados: 'ignorar',
    concluidaEm: '2026-11-27T13:02:00.000Z',
    desfazerAte: '2999-12-04T13:02:00.000Z',
    resultado: { criar: 450, atualizar: 0, ignorar: 30, erros: 20 },
    progresso: { processadas: 500, total: 500, percentual: 100 },
  });

  it('opens on the result of a concluded import, with the errors file and an undo that says what it will do', async () => {
    // The undo is a job (ADR 106): its answer says it started, the screen follows it to its counts.
    let undo: 'antes' | 'desfazendo' | 'desfeita' = 'antes';
    const desfazendo = {
      ...concluida,
      status: 'desfazendo',
      desfazerAte: null,
      progresso: { processadas: 200, total: 450, percentual: 44 },
    };
    const desfeita = {
      ...concluida,
      status: 'desfeita',
      desfazerAte: null,
      desfeita: { em: '2026-11-27T14:00:00.000Z', removidos: 440, mantidos: 10, restaurados: 0 },
    };
    mockFetch({
      ...sessionHandlers(createUser({ role: 'franquia' })),
      [`GET /api/importacoes/${ID}`]: () => {
        if (undo === 'antes') return { body: concluida };
        if (undo === 'desfazendo') {
          undo = 'desfeita';
          return { body: desfazendo };
        }
        return { body: desfeita };
      },
      [`POST /api/importacoes/${ID}/desfazer`]: () => {
        undo = 'desfazendo';
        return { status: 202, body: desfazendo };
      },
    });
    // The address asks for the columns: a concluded import shows its result instead.
    renderApp(`/importacoes/${ID}?passo=colunas`);
    const resultado = await screen.findByRole('region', { name: 'O que foi importado' });
    expect(within(resultado).getByText('Criados').nextSibling).toHaveTextContent('450');
    expect(within(resultado).getByText('Com erro').nextSibling).toHaveTextContent('20');
    expect(screen.getByRole('link', { name: 'Baixar linhas com erro (CSV)' })).toHaveAttribute(
      'href',
      `/api/importacoes/${ID}/erros.csv`,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Desfazer importação' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Desfazer a importação de fichas-feira.csv?' });
    expect(dialog).toHaveTextContent(
      'Serão removidos os 450 cadastros criados por esta importação, exceto os que já avançaram',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Desfazer importação' }));
    expect(await screen.findByRole('progressbar', { name: 'Progresso do desfazer' })).toHaveAttribute(
      'aria-valuetext',
      '200 de 450 registros',
    );
    const feito = await screen.findByRole('region', { name: 'O que foi desfeito' }, { timeout: 5000 });
    expect(within(feito).getByText('Removidos').nextSibling).toHaveTextContent('440');
    expect(within(feito).getByText('Mantidos (já avançaram)').nextSibling).toHaveTextContent('10');
    expect(screen.queryByRole('button', { name: 'Desfazer importação' })).not.toBeInTheDocument();
  });
});

describe("the file's rows deleted after 7 days (LGPD)", () => {
  it('shows why instead of the errors file, keeping the counts', async () => {
    mockFetch({
      ...sessionHandlers(createUser({ role: 'franquia' })),
      [`GET /api/importacoes/${ID}`]: {
        body: importacao({
          status: 'concluida',
          duplicados: 'ignorar',
          concluidaEm: '2026-11-01T13:02:00.000Z',
          desfazerAte: '2026-11-08T13:02:00.000Z',
          resultado: { criar: 450, atualizar: 0, ignorar: 30, erros: 20 },
          progresso: { processadas: 500, total: 500, percentual: 100 },
          previa: [],
          linhasDisponiveis: false,
        }),
      },
    });
    renderApp(`/importacoes/${ID}`);
    const resultado = await screen.findByRole('region', { name: 'O que foi importado' });
    expect(within(resultado).getByText('Com erro').nextSibling).toHaveTextContent('20');
    expect(screen.getByText(IMPORTACAO_MESSAGES.linhasExpurgadas)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Baixar linhas com erro (CSV)' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Desfazer importação' })).not.toBeInTheDocument();
  });

  it('offers a new upload for a file never imported, instead of its columns', async () => {
    mockFetch({
      ...sessionHandlers(createUser({ role: 'franquia' })),
      [`GET /api/importacoes/${ID}`]: { body: importacao({ previa: [], linhasDisponiveis: false }) },
    });
    renderApp(`/importacoes/${ID}?passo=previa`);
    const aviso = await screen.findByText(IMPORTACAO_MESSAGES.linhasExpurgadas, { exact: false });
    expect(aviso).toHaveRole('status');
    expect(screen.getByRole('link', { name: 'Nova importação' })).toHaveAttribute('href', '/importacoes/nova');
    expect(screen.queryByRole('button', { name: 'Importar' })).not.toBeInTheDocument();
  });
});

describe('Importações (the list)', () => {
  it('lists the imports with their state and counts, and Desfazer only while it may', async () => {
    mockFetch({
      ...sessionHandlers(createUser({ role: 'franquia' })),
      'GET /api/importacoes': {
        body: [
          importacao({
            status: 'concluida',
            desfazerAte: '2999-12-04T13:02:00.000Z',
            resultado: { criar: 450, atualizar: 0, ignorar: 30, erros: 20 },
          }),
          importacao({
            id: 'outra',
            nomeArquivo: 'antiga.csv',
            status: 'concluida',
            desfazerAte: '2020-01-01T00:00:00.000Z',
            resultado: { criar: 5, atualizar: 0, ignorar: 0, erros: 0 },
          }),
        ],
      },
    });
    renderApp('/importacoes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Importações' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nova importação' })).toHaveAttribute('href', '/importacoes/nova');
    expect(await screen.findAllByText('450 criados, 0 atualizados, 30 ignorados, 20 com erro')).not.toHaveLength(0);
    expect(screen.getAllByRole('button', { name: 'Desfazer a importação fichas-feira.csv' })).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Desfazer a importação antiga.csv' })).not.toBeInTheDocument();
  });
});
