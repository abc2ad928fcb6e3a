// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACEITE_MESSAGES } from '@shared/contrato/aceite';
import type { ContratoPublico } from '@shared/schemas/contrato-aceite';
import { mockFetch } from '@/testing/test-utils';
import { ContratoAceitePage } from './contrato-aceite-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = 't'.repeat(43);
const BASE = `/api/public/contratos/${TOKEN}`;

const contrato: ContratoPublico = {
  titulo: 'Contrato de matrícula - cursos livres',
  versao: 1,
  texto:
    '# Contrato\n\nResponsável: **Carlos Souza** <script>alert(1)</script>\n\n## Direito de arrependimento\n\nSete dias.',
  valorTotal: 1200,
  parcelas: 10,
  valorParcela: 120,
  valorUltimaParcela: 120,
  multaCancelamentoPct: 10,
  status: 'aguardando_aceite',
  motivoCancelamento: null,
  aceitoEm: null,
  desistirAte: null,
  podeDesistir: false,
  codigoVerificacao: null,
  emailMascarado: 'c***@e***.com',
};

const aceito: ContratoPublico = {
  ...contrato,
  status: 'ativa',
  aceitoEm: '2026-11-26T15:00:00.000Z',
  desistirAte: '2026-12-03',
  podeDesistir: true,
  codigoVerificacao: 'ABCDEF123456',
};

describe('ContratoAceitePage (issue 42, ADR 066)', () => {
  it('shows the whole contract, then the summary box, then the button; HTML stays text', async () => {
    mockFetch({ [`GET ${BASE}`]: { body: contrato } });
    render(<ContratoAceitePage token={TOKEN} />);
    const resumo = await screen.findByRole('region', { name: 'Resumo do contrato' });
    expect(resumo).toHaveTextContent('Valor total: R$ 1.200,00 em 10 parcelas de R$ 120,00');
    expect(resumo).toHaveTextContent('Você pode desistir em até 7 dias depois do aceite, sem multa');
    expect(resumo).toHaveTextContent('a multa é de no máximo 10% do valor que ainda falta pagar');
    const texto = screen.getByRole('article', { name: 'Texto do contrato' });
    expect(texto).toHaveTextContent('<script>alert(1)</script>');
    expect(document.querySelector('script')).toBeNull();
    // The text, then the summary, then the button, in the page's order.
    const aceitar = screen.getByRole('button', { name: 'Aceitar contrato' });
    expect(texto.compareDocumentPosition(resumo) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(resumo.compareDocumentPosition(aceitar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('asks the code and the CPF digits, checks their shape, and shows the server’s one failure message', async () => {
    const sent: unknown[] = [];
    mockFetch({
      [`GET ${BASE}`]: { body: contrato },
      [`POST ${BASE}/codigo`]: { body: { message: ACEITE_MESSAGES.codigoEnviado('c***@e***.com') } },
      [`POST ${BASE}/aceitar`]: (body) => {
        sent.push(body);
        return sent.length === 1
          ? { status: 400, body: { message: ACEITE_MESSAGES.naoConfere } }
          : { body: { message: ACEITE_MESSAGES.aceito, contrato: aceito } };
      },
    });
    render(<ContratoAceitePage token={TOKEN} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Aceitar contrato' }));
    expect(await screen.findByText(/Enviamos um código de 6 dígitos para c\*\*\*@e\*\*\*\.com/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar aceite' }));
    expect(screen.getByText(ACEITE_MESSAGES.codigo)).toBeInTheDocument();
    expect(screen.getByText(ACEITE_MESSAGES.cpfInicio)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Código de 6 dígitos'), '12a3456');
    await userEvent.type(screen.getByLabelText('3 primeiros dígitos do CPF do responsável'), '529');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar aceite' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACEITE_MESSAGES.naoConfere);
    expect(sent[0]).toEqual({ codigo: '123456', cpfInicio: '529' });
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar aceite' }));
    expect(await screen.findByText(ACEITE_MESSAGES.aceito)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Baixar PDF' })).toHaveAttribute('href', `${BASE}/pdf`);
    expect(screen.getByText('ABCDEF123456')).toBeInTheDocument();
    expect(screen.getByText(/Você pode desistir até 03\/12\/2026, sem multa/)).toBeInTheDocument();
  });

  it('sends the due day the family chose for its parcelas (issue 43), from a labelled select', async () => {
    const sent: unknown[] = [];
    mockFetch({
      [`GET ${BASE}`]: { body: contrato },
      [`POST ${BASE}/codigo`]: { body: { message: ACEITE_MESSAGES.codigoEnviado('c***@e***.com') } },
      [`POST ${BASE}/aceitar`]: (body) => {
        sent.push(body);
        return { body: { message: ACEITE_MESSAGES.aceito, contrato: aceito } };
      },
    });
    render(<ContratoAceitePage token={TOKEN} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Aceitar contrato' }));
    const dia = await screen.findByLabelText('Dia de vencimento das parcelas');
    expect(dia).toHaveValue('10');
    expect([...(dia as HTMLSelectElement).options].map((o) => o.value)).toEqual(['5', '10', '15', '20', '25']);
    await userEvent.selectOptions(dia, '20');
    await userEvent.type(screen.getByLabelText('Código de 6 dígitos'), '123456');
    await userEvent.type(screen.getByLabelText('3 primeiros dígitos do CPF do responsável'), '529');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar aceite' }));
    expect(await screen.findByText(ACEITE_MESSAGES.aceito)).toBeInTheDocument();
    expect(sent[0]).toEqual({ codigo: '123456', cpfInicio: '529', diaVencimento: 20 });
  });

  it('offers no withdrawal once the 7 days are over, and says a withdrawn matrícula was cancelled without fee', async () => {
    mockFetch({ [`GET ${BASE}`]: { body: { ...aceito, podeDesistir: false } } });
    render(<ContratoAceitePage token={TOKEN} />);
    expect(await screen.findByRole('link', { name: 'Baixar PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Desistir da matrícula' })).toBeNull();
    cleanup();
    mockFetch({
      [`GET ${BASE}`]: {
        body: { ...aceito, status: 'cancelada', motivoCancelamento: 'arrependimento', podeDesistir: false },
      },
    });
    render(<ContratoAceitePage token={TOKEN} />);
    expect(await screen.findByText(/Matrícula cancelada por desistência, sem multa/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aceitar contrato' })).toBeNull();
  });

  it('says an unknown or expired link is no good', async () => {
    mockFetch({ [`GET ${BASE}`]: { status: 404, body: { message: ACEITE_MESSAGES.linkInvalido } } });
    render(<ContratoAceitePage token={TOKEN} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(ACEITE_MESSAGES.linkInvalido);
  });
});
