// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeCpf } from '@shared/brazil-ids';
import { TEXTO_CONSENTIMENTO } from '@shared/privacidade';
import type { PublicEvento } from '@shared/schemas/public';
import { WHATSAPP_CLOUD_MESSAGES } from '@shared/schemas/whatsapp-cloud';
import { dismissToast } from '@/lib/toast';
import { mockFetch } from '@/testing/test-utils';

const EVENTO: PublicEvento = {
  id: '0b7f4c1e-3c55-4c1b-9f0e-6a1f2d3c4b5a',
  nomeEscola: 'Colégio Horizonte',
  dataEvento: '2026-12-05',
  horario: '09:00',
  cidade: 'Campinas',
  estado: 'SP',
  valorTotalDesconto: 1500,
  cursos: [],
  vagas: null,
  inscricoesAbertas: true,
};

beforeEach(() => vi.resetModules());
afterEach(() => {
  act(() => dismissToast());
  cleanup();
  vi.unstubAllGlobals();
});

describe('the /credito-ativacao form (issue 47)', () => {
  it("sends whatsapp: false unless 'Quero receber avisos pelo WhatsApp' is ticked, then true", async () => {
    const sent: unknown[] = [];
    mockFetch({
      'GET /api/public/cidades': { body: ['Campinas'] },
      'GET /api/public/eventos': { body: [EVENTO] },
      'POST /api/pre-matriculas': (body) => {
        sent.push(body);
        return { status: 400, body: { message: 'Tente de novo' } };
      },
    });
    const { ActivationForm } = await import('./activation-form');
    render(<ActivationForm onActivated={() => {}} />);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Cidade' }), 'Campinas');
    await screen.findByRole('option', { name: /Colégio Horizonte/ });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Evento' }), EVENTO.id);

    await userEvent.type(screen.getByLabelText('Nome do aluno'), 'Ana Souza');
    await userEvent.type(screen.getByLabelText('CPF do aluno'), makeCpf('123456789'));
    await userEvent.type(screen.getByLabelText('Nome do responsável'), 'Maria Souza');
    await userEvent.type(screen.getByLabelText('CPF do responsável'), makeCpf('987654321'));
    await userEvent.type(screen.getByLabelText('Email'), 'ana@exemplo.com.br');
    await userEvent.type(screen.getByLabelText('Telefone (WhatsApp)'), '19987654321');
    await userEvent.click(screen.getByRole('checkbox', { name: TEXTO_CONSENTIMENTO }));
    const opcao = screen.getByRole('checkbox', { name: WHATSAPP_CLOUD_MESSAGES.opcao });
    expect(opcao).not.toBeChecked();
    const ativar = screen.getByRole('button', { name: 'ATIVAR MEU CRÉDITO GRATUITO' });
    await userEvent.click(ativar);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ consentimento: true, whatsapp: false });

    await userEvent.click(opcao);
    await userEvent.click(ativar);
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ consentimento: true, whatsapp: true });
  });
});
