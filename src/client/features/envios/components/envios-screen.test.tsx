// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateTime } from '@shared/format';
import type { EnvioItem } from '@shared/schemas/envios';
import { WHATSAPP_CLOUD_MESSAGES } from '@shared/schemas/whatsapp-cloud';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { EnviosScreen } from './envios-screen';

beforeAll(() => {
  // Radix Select measures and captures the pointer; jsdom has neither.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const envio = (over: Partial<EnvioItem>): EnvioItem => ({
  id: 'j-1',
  tipo: 'email',
  canal: 'email',
  status: 'concluido',
  resumo: 'Confirmação da inscrição',
  destino: 'an***@email.com',
  tentativas: 1,
  maxTentativas: 5,
  ultimoErro: null,
  criadoEm: '2026-11-20T12:00:00.000Z',
  atualizadoEm: '2026-11-20T12:00:00.000Z',
  proximaTentativaEm: null,
  whatsapp: null,
  ...over,
});

const lida = envio({
  id: 'j-2',
  tipo: 'whatsapp',
  canal: 'whatsapp',
  resumo: 'Lembrete na véspera',
  destino: '(19) *****-4321',
  whatsapp: {
    status: 'lida',
    statusEm: '2026-11-20T21:05:00.000Z',
    modelo: 'lembrete_vespera',
    categoria: 'UTILITY',
    erro: null,
    motivoEmail: null,
    custoCentavos: 4,
  },
});

const porEmail = envio({
  id: 'j-3',
  tipo: 'whatsapp',
  canal: 'whatsapp',
  resumo: 'Link do contrato',
  destino: '(19) *****-1122',
  whatsapp: {
    status: 'por_email',
    statusEm: '2026-11-20T13:00:00.000Z',
    modelo: 'contrato_link',
    categoria: 'UTILITY',
    erro: '131026 Message undeliverable',
    motivoEmail: WHATSAPP_CLOUD_MESSAGES.falhou,
    custoCentavos: null,
  },
});

describe('Envios (issue 47)', () => {
  it("shows a WhatsApp notice's channel, status with its time, template, cost and e-mail fallback", async () => {
    mockFetch({ 'GET /api/envios': { body: [lida, porEmail, envio({})], headers: { 'X-Total-Count': '3' } } });
    renderWithProviders(<EnviosScreen />, { path: '/envios' });
    const table = await screen.findByRole('table', { name: 'E-mails, WhatsApp e webhooks da rede' });
    const linha = (texto: string) => within(table).getByText(texto).closest('tr')!;
    await within(table).findByText('Lembrete na véspera');

    const lidaRow = linha('Lembrete na véspera');
    expect(within(lidaRow).getByText('WhatsApp')).toBeInTheDocument();
    expect(within(lidaRow).getByText('Lida')).toBeInTheDocument();
    expect(within(lidaRow).getByText(formatDateTime(lida.whatsapp!.statusEm, { withTime: true }))).toBeInTheDocument();
    expect(within(lidaRow).getByText('lembrete_vespera')).toBeInTheDocument();
    expect(lidaRow).toHaveTextContent(/Custo estimado: R\$\s*0,04/);
    expect(lidaRow).not.toHaveTextContent('Enviada por e-mail');

    const porEmailRow = linha('Link do contrato');
    expect(within(porEmailRow).getByText('131026 Message undeliverable')).toBeInTheDocument();
    expect(within(porEmailRow).getByText(`Enviada por e-mail: ${WHATSAPP_CLOUD_MESSAGES.falhou}`)).toBeInTheDocument();
    expect(porEmailRow).not.toHaveTextContent('Custo estimado');

    // An e-mail stays as it was: its kind and address, no WhatsApp badge.
    const emailRow = linha('Confirmação da inscrição');
    expect(emailRow).toHaveTextContent('E-mail · an***@email.com');
    expect(within(emailRow).queryByText('WhatsApp')).toBeNull();
  });

  it("filters by 'WhatsApp'", async () => {
    const fetchMock = mockFetch({ 'GET /api/envios': { body: [], headers: { 'X-Total-Count': '0' } } });
    renderWithProviders(<EnviosScreen />, { path: '/envios' });
    await userEvent.click(await screen.findByRole('combobox', { name: 'Tipo' }));
    await userEvent.click(await screen.findByRole('option', { name: 'WhatsApp' }));
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('tipo=whatsapp'))).toBe(true),
    );
  });
});

describe('Envios past 10,000 (issue 46)', () => {
  it("says 'mais de 10.000 envios' when the server stopped counting, and the exact number otherwise", async () => {
    mockFetch({
      'GET /api/envios': {
        body: [envio({})],
        headers: { 'X-Total-Count': '10000', 'X-Total-Count-Exact': 'false' },
      },
    });
    renderWithProviders(<EnviosScreen />, { path: '/envios' });
    expect(await screen.findByText('mais de 10.000 envios')).toBeInTheDocument();
    cleanup();
    mockFetch({ 'GET /api/envios': { body: [envio({})], headers: { 'X-Total-Count': '1' } } });
    renderWithProviders(<EnviosScreen />, { path: '/envios' });
    expect(await screen.findByText('1 envio')).toBeInTheDocument();
  });
});
