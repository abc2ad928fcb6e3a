import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { FAKE_WHATSAPP_URL } from '../../playwright.config';
import { PUBLIC_MESSAGES } from '../../src/shared/schemas/public';
import { WHATSAPP_CLOUD_MESSAGES } from '../../src/shared/schemas/whatsapp-cloud';
import type { FakeWhatsappMessage } from '../support/fake-whatsapp-server';
import { expectAccessible, noSideScroll, useSession } from './support';

/**
 * WhatsApp oficial end to end (issue 47): a family signs up on /credito-estudantil with 'Quero receber avisos pelo
 * WhatsApp' ticked; the fake Cloud API receives the demo network's confirmation template with the family's first
 * name, the event, its date and time and the voucher's link; the status webhooks move it to 'Lida' on Envios; the
 * family's reply shows in the lead's history. Envios and the lead's panel pass axe at 1280 and 360 px.
 */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 900 };
const tag = () => `${Date.now().toString(36)}${randomInt(1_000_000).toString(36)}`;

async function mensagensPara(numero: string): Promise<FakeWhatsappMessage[]> {
  const resposta = await fetch(`${FAKE_WHATSAPP_URL}/_mensagens`);
  return ((await resposta.json()) as FakeWhatsappMessage[]).filter((m) => m.to === numero);
}

async function fake(path: '/_status' | '/_responder', body: Record<string, string>) {
  const resposta = await fetch(`${FAKE_WHATSAPP_URL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect((await resposta.json()) as { status: number }).toEqual({ status: 200 });
}

async function bothWidths(page: Page) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expectAccessible(page);
    await noSideScroll(page);
  }
}

test('a family that ticks WhatsApp gets its voucher there, Envios follows it to Lida, and its reply reaches the lead', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = tag();
  const aluno = `Heloísa ${id} Prado`;
  // A number no other run uses: 31 9xxxx-xxxx.
  const telefone = `319${String(randomInt(10_000_000, 99_999_999))}`;
  const numero = `55${telefone}`;

  await page.setViewportSize(PHONE);
  await page.goto('/credito-estudantil');
  await page.getByLabel('Cidade').selectOption('Campinas');
  const evento = page.getByLabel('Evento');
  const opcao = evento.locator('option', { hasText: 'Colégio Horizonte' });
  await evento.selectOption((await opcao.first().getAttribute('value'))!);
  await page.getByLabel('Nome do aluno').fill(aluno);
  await page.getByLabel('Nome do responsável').fill(`Responsável ${id}`);
  await page.getByLabel('Email').fill(`zap.${id}@email.com`);
  await page.getByLabel('Telefone (WhatsApp)').fill(telefone);
  await page.getByRole('checkbox', { name: /autorizo o uso destes dados/ }).check();
  const whatsapp = page.getByRole('checkbox', { name: WHATSAPP_CLOUD_MESSAGES.opcao });
  await expect(whatsapp).not.toBeChecked();
  await whatsapp.check();
  await page.getByRole('button', { name: 'GARANTIR MEU CRÉDITO GRATUITO' }).click();
  await expect(page.getByRole('heading', { level: 1, name: PUBLIC_MESSAGES.leadSuccess })).toBeVisible();

  // The worker sends it within a second or two: the demo network's confirmation, its variables filled.
  await expect.poll(async () => (await mensagensPara(numero)).length, { timeout: 20_000 }).toBe(1);
  const [mensagem] = await mensagensPara(numero);
  expect(mensagem!.template).toMatchObject({ name: 'confirmacao_inscricao', language: { code: 'pt_BR' } });
  const [corpo, botao] = mensagem!.template!.components as { type: string; parameters: { text: string }[] }[];
  expect(corpo!.parameters.map((p) => p.text)).toEqual([
    'Heloísa',
    'Colégio Horizonte',
    expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
    expect.stringMatching(/^\d{2}:\d{2}$/),
  ]);
  // The button's template URL is `<APP_URL>/{{1}}`: the rest of the voucher's link.
  expect(botao!.parameters[0]!.text).toMatch(/^voucher\/[A-Za-z0-9_-]{43}$/);

  // Meta reports it delivered, then read.
  await fake('/_status', { wamid: mensagem!.wamid, status: 'delivered' });
  await fake('/_status', { wamid: mensagem!.wamid, status: 'read' });

  await useSession(page, 'franqueador');
  await page.setViewportSize(DESKTOP);
  await page.goto('/envios?tipo=whatsapp');
  const linha = page.getByRole('row').filter({ hasText: 'confirmacao_inscricao' }).first();
  await expect(linha).toContainText('WhatsApp');
  await expect(linha).toContainText('Lida');
  await bothWidths(page);

  // The family answers; its message lands on the lead's history.
  await fake('/_responder', { de: numero, texto: 'Obrigada! Estaremos lá.' });
  await page.goto(`/interesses?q=${encodeURIComponent(id)}`);
  await page.getByRole('link', { name: `Acompanhar ${aluno}` }).click();
  const painel = page.getByRole('dialog', { name: aluno });
  const historico = painel.getByRole('region', { name: 'Histórico' });
  await expect(historico.getByText('Mensagem recebida pelo WhatsApp')).toBeVisible();
  await expect(historico.getByText('Obrigada! Estaremos lá.')).toBeVisible();
  await bothWidths(page);
});
