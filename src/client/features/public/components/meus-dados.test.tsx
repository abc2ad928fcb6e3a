// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEXTO_CONSENTIMENTO } from '@shared/privacidade';
import {
  COBRANCA_GUARDA_LEGAL,
  CONTRATO_GUARDA_LEGAL,
  LGPD_MESSAGES,
  type PedidoView,
  type TitularView,
} from '@shared/schemas/lgpd';
import { mockFetch } from '@/testing/test-utils';
import { pedidoView, titularRegistro } from '@/testing/lgpd-fixtures';

const TOKEN = 'tok-123';

const registro = titularRegistro;
const pedido = (overrides: Partial<PedidoView> = {}) =>
  pedidoView({
    detalhe: 'O nome do aluno está errado',
    prazo: '2026-12-05T12:00:00.000Z',
    createdAt: '2026-11-20T12:00:00.000Z',
    ...overrides,
  });

const VIEW: TitularView = {
  email: 'maria@exemplo.com.br',
  registros: [
    registro(),
    registro({
      tipo: 'pre_matricula',
      id: 'p-1',
      cpfAluno: '52998224725',
      cpfResponsavel: '11144477735',
      consentimento: { versao: '1', em: '2026-11-21T12:00:00.000Z', revogadoEm: '2026-11-22T12:00:00.000Z' },
    }),
  ],
  redes: [],
  pedidos: [pedido()],
  aviso: { versao: '1', vigenteDesde: '2026-11-23' },
};

beforeEach(() => vi.resetModules());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Fresh modules per test: the portal's read is cached per token for the page's life. */
async function renderSolicitar() {
  const { MeusDadosSolicitar } = await import('./meus-dados-solicitar');
  render(<MeusDadosSolicitar />);
}

async function renderPortal(token = TOKEN) {
  const { MeusDadosPortal } = await import('./meus-dados-portal');
  render(<MeusDadosPortal token={token} />);
}

const posts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('/meus-dados without a link', () => {
  it('checks the e-mail, sends it and shows the same answer the server gives everyone', async () => {
    const fetchMock = mockFetch({
      'POST /api/public/titular/solicitar': { body: { message: LGPD_MESSAGES.solicitado } },
    });
    await renderSolicitar();
    await userEvent.type(screen.getByLabelText('Seu e-mail'), 'nao-e-email');
    await userEvent.click(screen.getByRole('button', { name: 'Receber link por e-mail' }));
    expect(await screen.findByText('Email inválido')).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([]);

    await userEvent.clear(screen.getByLabelText('Seu e-mail'));
    await userEvent.type(screen.getByLabelText('Seu e-mail'), 'Maria@Exemplo.com.br');
    await userEvent.click(screen.getByRole('button', { name: 'Receber link por e-mail' }));
    expect(await screen.findByRole('status')).toHaveTextContent(LGPD_MESSAGES.solicitado);
    expect(JSON.parse(String(posts(fetchMock)[0]![1]!.body))).toEqual({ email: 'maria@exemplo.com.br' });

    await userEvent.click(screen.getByRole('button', { name: 'Usar outro e-mail' }));
    expect(screen.getByLabelText('Seu e-mail')).toHaveValue('');
  });

  it('says why when the server refuses (too many requests) and keeps what was typed', async () => {
    mockFetch({
      'POST /api/public/titular/solicitar': { status: 429, body: { message: 'Muitas tentativas. Tente mais tarde.' } },
    });
    await renderSolicitar();
    await userEvent.type(screen.getByLabelText('Seu e-mail'), 'maria@exemplo.com.br');
    await userEvent.click(screen.getByRole('button', { name: 'Receber link por e-mail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Muitas tentativas. Tente mais tarde.');
    expect(screen.getByLabelText('Seu e-mail')).toHaveValue('maria@exemplo.com.br');
  });
});

describe('/meus-dados with a link', () => {
  it('shows every record with its fields formatted, the consent and its revocation, the requests and the download', async () => {
    const fetchMock = mockFetch({ 'GET /api/public/titular': { body: VIEW } });
    await renderPortal();
    const [lead, pre] = await screen.findAllByRole('article');
    expect(within(lead!).getByRole('heading', { name: 'Inscrição em evento' })).toBeInTheDocument();
    expect(within(lead!).getByText('Ana Souza')).toBeInTheDocument();
    expect(within(lead!).getByText('(19) 98765-4321')).toBeInTheDocument();
    expect(within(lead!).getByText('Colégio Horizonte')).toBeInTheDocument();
    expect(within(lead!).getByText('05/12/2026')).toBeInTheDocument();
    expect(within(lead!).getByText('Campinas/SP')).toBeInTheDocument();
    expect(within(lead!).getByText(/Aviso versão 1, em 20\/11\/2026/)).toBeInTheDocument();
    expect(within(lead!).queryByText(/revogado em/)).not.toBeInTheDocument();

    expect(within(pre!).getByRole('heading', { name: /Pré-matrícula/ })).toBeInTheDocument();
    expect(within(pre!).getByText('529.982.247-25')).toBeInTheDocument();
    expect(within(pre!).getByText('111.444.777-35')).toBeInTheDocument();
    expect(within(pre!).getByText(/revogado em 22\/11\/2026/)).toBeInTheDocument();

    const pedidos = screen.getByRole('region', { name: 'Seus pedidos' });
    expect(within(pedidos).getByText('ABCDEF12')).toBeInTheDocument();
    expect(within(pedidos).getByText('Correção de dados')).toBeInTheDocument();
    expect(within(pedidos).getByText(/Situação: Aberto/)).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Baixar meus dados (JSON)' })).toHaveAttribute(
      'href',
      `/api/public/titular/export.json?token=${TOKEN}`,
    );
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`/api/public/titular?token=${TOKEN}`);
  });

  it("shows a matrícula's contract -- version, price, status, acceptance -- and why an accepted one is kept (issue 42)", async () => {
    const contrato = {
      versao: 2,
      titulo: 'Contrato de matrícula',
      valorTotal: 1200,
      parcelas: 10,
      valorParcela: 120,
      valorUltimaParcela: 120,
      multaCancelamentoPct: 10,
      situacao: 'Cancelada (Cancelamento)',
      criadoEm: '2026-09-01T12:00:00.000Z',
      aceitoEm: '2026-09-02T12:00:00.000Z',
      canceladaEm: '2026-11-20T12:00:00.000Z',
      multaCancelamento: 108,
      guardaLegal: CONTRATO_GUARDA_LEGAL,
      texto: '# Contrato',
    };
    mockFetch({
      'GET /api/public/titular': {
        body: {
          ...VIEW,
          registros: [registro({ tipo: 'matricula', id: 'm-1', efetivadaEm: '2026-09-01T12:00:00.000Z', contrato })],
        },
      },
    });
    await renderPortal();
    const secao = await screen.findByRole('region', { name: 'Contrato da matrícula' });
    const texto = (secao.textContent ?? '').replace(/\u00a0/g, ' ');
    expect(texto).toContain('Contrato de matrícula (versão 2)');
    expect(texto).toContain('R$ 1.200,00 em 10x de R$ 120,00');
    expect(texto).toContain('Cancelada (Cancelamento)');
    expect(within(secao).getByText(/^02\/09\/2026/)).toBeInTheDocument();
    expect(texto).toContain('R$ 108,00');
    expect(within(secao).getByText(CONTRATO_GUARDA_LEGAL)).toBeInTheDocument();
    expect(CONTRATO_GUARDA_LEGAL).toContain('LGPD, art. 16, I');
  });

  it("lists a matrícula's parcelas -- value, due day, situation, the gateway -- and why they are kept (issue 43)", async () => {
    const cobranca = {
      meioDePagamento: 'Asaas',
      parcelas: [
        {
          titulo: 'Parcela 1 de 2',
          numero: 1,
          totalParcelas: 2,
          valor: 600,
          vencimento: '2026-10-10',
          situacao: 'Paga',
          pagaEm: '2026-10-08',
        },
        {
          titulo: 'Parcela 2 de 2',
          numero: 2,
          totalParcelas: 2,
          valor: 600.01,
          vencimento: '2026-11-10',
          situacao: 'Vencida',
          pagaEm: null,
        },
      ],
      guardaLegal: COBRANCA_GUARDA_LEGAL,
    };
    mockFetch({
      'GET /api/public/titular': {
        body: {
          ...VIEW,
          registros: [registro({ tipo: 'matricula', id: 'm-1', efetivadaEm: '2026-09-01T12:00:00.000Z', cobranca })],
        },
      },
    });
    await renderPortal();
    const secao = await screen.findByRole('region', { name: 'Parcelas da matrícula' });
    const itens = within(secao)
      .getAllByRole('listitem')
      .map((li) => (li.textContent ?? '').replace(/\u00a0/g, ' '));
    expect(itens).toEqual([
      'Parcela 1 de 2: R$ 600,00 · vence em 10/10/2026 · Paga em 08/10/2026',
      'Parcela 2 de 2: R$ 600,01 · vence em 10/11/2026 · Vencida',
    ]);
    expect(secao).toHaveTextContent('Asaas');
    expect(within(secao).getByText(COBRANCA_GUARDA_LEGAL)).toBeInTheDocument();
  });

  it('says the link is invalid, expired or used, and offers a new one', async () => {
    mockFetch({ 'GET /api/public/titular': { status: 400, body: { message: LGPD_MESSAGES.linkInvalido } } });
    await renderPortal();
    expect(await screen.findByRole('alert')).toHaveTextContent(LGPD_MESSAGES.linkInvalido);
    expect(screen.getByRole('link', { name: 'Pedir um novo link' })).toHaveAttribute('href', '/meus-dados');
  });

  it('asks what to correct, then sends the request and shows the protocol without reading the records again', async () => {
    let sent: unknown;
    const fetchMock = mockFetch({
      'GET /api/public/titular': { body: VIEW },
      'POST /api/public/titular/pedidos': (body) => {
        sent = body;
        return {
          status: 201,
          body: {
            message: LGPD_MESSAGES.pedidoRegistrado,
            pedidos: [pedido({ id: '99998888-0000-4000-8000-000000000000', protocolo: '99998888' })],
          },
        };
      },
    });
    await renderPortal();
    await screen.findAllByRole('article');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    expect(await screen.findByText(LGPD_MESSAGES.tipoInvalido)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: /Correção de dados/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    expect(await screen.findByText(LGPD_MESSAGES.detalheCorrecao)).toBeInTheDocument();
    expect(screen.getByLabelText('O que deve ser corrigido')).toHaveFocus();
    expect(posts(fetchMock)).toEqual([]);

    await userEvent.type(screen.getByLabelText('O que deve ser corrigido'), 'O telefone mudou');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    expect(await screen.findByRole('heading', { name: LGPD_MESSAGES.pedidoRegistrado })).toHaveFocus();
    expect(screen.getAllByText('99998888').length).toBeGreaterThan(0);
    expect(sent).toEqual({ token: TOKEN, tipo: 'correcao', detalhe: 'O telefone mudou' });
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'peça um novo link' })).toHaveAttribute('href', '/meus-dados');
    const reads = fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === 'GET');
    expect(reads).toHaveLength(1);
  });

  it('asks which networks a request concerns when the e-mail is in more than one, and sends only those', async () => {
    let sent: unknown;
    const redeA = '11111111-1111-4111-8111-111111111111';
    const redeB = '22222222-2222-4222-8222-222222222222';
    const fetchMock = mockFetch({
      'GET /api/public/titular': {
        body: {
          ...VIEW,
          registros: [registro(), registro({ id: 'l-b', escola: 'Escola da Rede B', cidade: 'Santos' })],
          redes: [
            { id: redeA, nome: 'Rede Saber', registros: [registro().id] },
            { id: redeB, nome: 'Outra Rede', registros: ['l-b'] },
          ],
        },
      },
      'POST /api/public/titular/pedidos': (body) => {
        sent = body;
        return { status: 201, body: { message: LGPD_MESSAGES.pedidoRegistrado, pedidos: [pedido()] } };
      },
    });
    await renderPortal();
    await screen.findAllByRole('article');
    const redes = screen.getByRole('group', { name: 'A quais redes o pedido se refere?' });
    expect(
      within(redes).getByRole('checkbox', { name: /Outra Rede.*Escola da Rede B \(Santos\/SP\)/ }),
    ).not.toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: /Correção de dados/ }));
    await userEvent.type(screen.getByLabelText('O que deve ser corrigido'), 'O nome do meu filho é Joaquim');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    expect(await screen.findByText(LGPD_MESSAGES.escolhaRede)).toBeInTheDocument();
    expect(within(redes).getByRole('checkbox', { name: /Rede Saber/ })).toHaveFocus();
    expect(posts(fetchMock)).toEqual([]);

    await userEvent.click(within(redes).getByRole('checkbox', { name: /Rede Saber/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    expect(await screen.findByRole('heading', { name: LGPD_MESSAGES.pedidoRegistrado })).toBeInTheDocument();
    expect(sent).toEqual({ token: TOKEN, tipo: 'correcao', detalhe: 'O nome do meu filho é Joaquim', redes: [redeA] });
  });

  it('asks for anonymisation only once confirmed as irreversible', async () => {
    const fetchMock = mockFetch({
      'GET /api/public/titular': { body: VIEW },
      'POST /api/public/titular/pedidos': {
        status: 201,
        body: { message: LGPD_MESSAGES.pedidoRegistrado, pedidos: [pedido({ tipo: 'anonimizacao', detalhe: null })] },
      },
    });
    await renderPortal();
    await screen.findAllByRole('article');
    await userEvent.click(screen.getByRole('radio', { name: /Anonimização/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Pedir a anonimização dos seus dados?' });
    expect(dialog).toHaveTextContent('irreversível');
    expect(dialog).toHaveTextContent('maria@exemplo.com.br');
    // Issue 42: accepted contracts are kept, and the titular is told why before asking.
    expect(dialog).toHaveTextContent(
      'Contratos de matrícula já aceitos são guardados pelo prazo legal (LGPD, art. 16, I)',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(posts(fetchMock)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sim, pedir a anonimização' }),
    );
    expect(await screen.findByRole('heading', { name: LGPD_MESSAGES.pedidoRegistrado })).toBeInTheDocument();
    expect(JSON.parse(String(posts(fetchMock)[0]![1]!.body))).toEqual({ token: TOKEN, tipo: 'anonimizacao' });
  });

  it("puts the server's field message under the field (a link spent meanwhile says so)", async () => {
    mockFetch({
      'GET /api/public/titular': { body: VIEW },
      'POST /api/public/titular/pedidos': { status: 400, body: { message: LGPD_MESSAGES.linkInvalido } },
    });
    await renderPortal();
    await screen.findAllByRole('article');
    await userEvent.click(screen.getByRole('radio', { name: /Revogação do consentimento/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LGPD_MESSAGES.linkInvalido);
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });
});

describe('the consent checkbox', () => {
  it('is labelled with the stored text and links to the notice in a new tab', async () => {
    const { ConsentField } = await import('./consent-field');
    render(<ConsentField id="c" registration={{ name: 'consentimento' }} />);
    expect(screen.getByRole('checkbox', { name: TEXTO_CONSENTIMENTO })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /Aviso de Privacidade/ });
    expect(link).toHaveAttribute('href', '/privacidade');
    expect(link).toHaveAttribute('target', '_blank');
  });
});

describe('/privacidade', () => {
  it('shows the notice in force with its version and date, and each section', async () => {
    const { AVISO_VIGENTE } = await import('@shared/privacidade');
    const { AvisoPrivacidadeView } = await import('./aviso-privacidade');
    render(<AvisoPrivacidadeView aviso={{ ...AVISO_VIGENTE, versao: '3', vigenteDesde: '2027-02-01' }} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Aviso de Privacidade' })).toBeInTheDocument();
    expect(screen.getByText('Versão 3, em vigor desde 01/02/2027')).toBeInTheDocument();
    for (const secao of AVISO_VIGENTE.secoes) {
      expect(screen.getByRole('heading', { level: 2, name: secao.titulo })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Meus dados' })).toHaveAttribute('href', '/meus-dados');
  });
});
