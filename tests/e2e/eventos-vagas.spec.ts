import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { INSCRICAO_MESSAGES } from '../../src/shared/schemas/inscricao-messages';
import { PUBLIC_MESSAGES } from '../../src/shared/schemas/public-messages';
import { createEventoComVagas, expectAccessible, useSession, voucherPathFrom, waitForEmail } from './support';

/**
 * Issue 20 end to end: an event with seats; a guardian signs up on a phone, opens the voucher from the e-mail in
 * the outbox; the school's user checks her in by name and another family by a photo of its voucher's QR code;
 * the counts change on the check-in screen and on the event's card; the full event says so on the public page.
 */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const tag = () => `${Date.now().toString(36)}${randomInt(1_000_000).toString(36)}`;

async function chooseEvent(page: Page, escola: string) {
  await page.getByLabel('Cidade').selectOption('Campinas');
  const evento = page.getByLabel('Evento');
  const option = evento.locator('option', { hasText: escola });
  await expect(option).toHaveCount(1);
  await evento.selectOption((await option.getAttribute('value'))!);
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
}

test('a guardian signs up on a phone, shows the voucher, and the school checks families in by name and by QR', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await useSession(page, 'cliente');
  const escola = `Escola Vagas ${tag()}`;
  const eventoId = await createEventoComVagas(page, escola);

  // Seven families signed up already; the eighth by the API keeps its voucher for the QR check-in.
  const family = (n: string) => ({
    eventoId,
    nomeAluno: `Aluno ${n} Silva`,
    nomeResponsavel: `Responsável ${n}`,
    email: `familia.${n}@email.com.br`,
    telefone: '19987654321',
    consentimento: true,
  });
  for (let i = 0; i < 7; i++)
    expect((await page.request.post('/api/leads', { data: family(tag()) })).status()).toBe(201);
  const qrFamily = family(tag());
  const qrStarted = Date.now();
  expect((await page.request.post('/api/leads', { data: qrFamily })).status()).toBe(201);

  // The guardian, on her phone, without a session.
  const guardianContext = await browser.newContext({ viewport: PHONE, locale: 'pt-BR' });
  const phone = await guardianContext.newPage();
  await phone.goto('/credito-estudantil');
  await chooseEvent(phone, escola);
  await expect(phone.getByRole('status').filter({ hasText: 'Restam 2 vagas' })).toBeVisible();
  const id = tag();
  const aluna = `Helena ${id} Prado`;
  const email = `helena.${id}@email.com.br`;
  await phone.getByLabel('Nome do aluno').fill(aluna);
  await phone.getByLabel('Nome do responsável').fill(`Marta ${id}`);
  await phone.getByLabel('Email').fill(email);
  await phone.getByLabel('Telefone (WhatsApp)').fill('19987654321');
  await phone.getByRole('checkbox').first().check();
  const started = Date.now();
  await phone.getByRole('button', { name: 'GARANTIR MEU CRÉDITO GRATUITO' }).click();
  await expect(phone.getByText(PUBLIC_MESSAGES.leadSuccess).first()).toBeVisible();

  // The confirmation e-mail, its calendar file and the voucher it links to.
  const eml = await waitForEmail(email, started);
  expect(eml).toContain('Inscri');
  expect(eml).toMatch(/filename=.?evento\.ics/);
  await phone.goto(voucherPathFrom(eml));
  await expect(phone.getByRole('heading', { level: 1, name: 'Helena' })).toBeVisible();
  await expect(phone.getByText('Inscrição confirmada')).toBeVisible();
  await expect(phone.getByRole('img', { name: 'QR code do voucher' })).toBeVisible();
  await expect(phone.getByText(escola)).toBeVisible();
  await expect(phone.getByRole('button', { name: INSCRICAO_MESSAGES.cancelar })).toBeVisible();
  // Nothing of the family but the first name.
  const body = await phone.locator('body').innerText();
  for (const secret of [email, 'Prado', `Marta ${id}`, '98765']) expect(body).not.toContain(secret);
  await expectAccessible(phone);
  await noSidewaysScroll(phone);
  await phone.setViewportSize(DESKTOP);
  await expect(phone.getByRole('img', { name: 'QR code do voucher' })).toBeVisible();
  await expectAccessible(phone);
  await phone.setViewportSize(PHONE);

  // The ninth and tenth seats go; the public page then offers the waiting list.
  expect((await page.request.post('/api/leads', { data: family(tag()) })).status()).toBe(201);
  await phone.goto('/credito-estudantil');
  await chooseEvent(phone, escola);
  await expect(phone.getByRole('status').filter({ hasText: INSCRICAO_MESSAGES.vagasEsgotadas })).toBeVisible();
  await phone.getByLabel('Nome do aluno').fill('Qualquer');
  await expect(phone.getByText(INSCRICAO_MESSAGES.entrarListaEspera)).toBeVisible();
  await guardianContext.close();

  // The school's user at the door: the card's counts, then the check-in screen.
  await page.goto('/eventos');
  await page.getByRole('searchbox', { name: 'Buscar eventos' }).fill(escola);
  const card = page.getByTestId('evento-card').filter({ hasText: escola });
  await expect(card.getByTestId('evento-presentes')).toHaveText('0 presentes de 10 inscritos');
  await card.getByRole('link', { name: `Check-in do evento: ${escola}` }).click();
  await expect(page).toHaveURL(new RegExp(`/eventos/${eventoId}/check-in$`));
  await expect(page.getByTestId('check-in-contagem')).toHaveText('0 presentes de 10 inscritos');
  await expectAccessible(page);

  // By name.
  await page.getByLabel('Nome do aluno ou do responsável').fill(`Helena ${id}`);
  await page.getByRole('button', { name: `Registrar presença de ${aluna}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `Presença registrada: ${aluna}` })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '1 presente de 10 inscritos' })).toBeVisible();

  // By a photo of the voucher's QR code, fed to the scanner.
  const qrToken = voucherPathFrom(await waitForEmail(qrFamily.email, qrStarted, '/voucher/'))
    .split('/')
    .pop()!;
  const png = await QRCode.toBuffer(`http://localhost/voucher/${qrToken}`, { width: 400, margin: 2 });
  const photo = { name: 'voucher.png', mimeType: 'image/png', buffer: png };
  await page.locator('#check-in-foto').setInputFiles(photo);
  await expect(
    page.getByRole('status').filter({ hasText: `Presença registrada: ${qrFamily.nomeAluno}` }),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '2 presentes de 10 inscritos' })).toBeVisible();
  await page.locator('#check-in-foto').setInputFiles(photo);
  await expect(
    page.getByRole('status').filter({ hasText: `${INSCRICAO_MESSAGES.presencaJaRegistrada}: ${qrFamily.nomeAluno}` }),
  ).toBeVisible();
  // When and by whom (issue 51): the time in Brasília and the first name of the staff who let the family in.
  await expect(
    page.getByRole('status').filter({ hasText: /Já registrada às \d{2}:\d{2} por \p{L}+\./u }),
  ).toBeVisible();

  // On a phone the same screen: big targets, no sideways scroll, accessible.
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByTestId('check-in-contagem')).toHaveText('2 presentes de 10 inscritos');
  const scan = await page.getByRole('button', { name: 'Ler QR code com a câmera' }).boundingBox();
  expect(scan!.height).toBeGreaterThanOrEqual(48);
  await noSidewaysScroll(page);
  await expectAccessible(page);

  await page.setViewportSize(DESKTOP);
  await page.goto('/eventos');
  await page.getByRole('searchbox', { name: 'Buscar eventos' }).fill(escola);
  await expect(card.getByTestId('evento-presentes')).toHaveText('2 presentes de 10 inscritos');
});
