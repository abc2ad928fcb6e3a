import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { INSCRICAO_MESSAGES } from '../../src/shared/schemas/inscricao-messages';
import {
  createEventoComVagas,
  decodedEmail,
  expectAccessible,
  noSideScroll,
  useSession,
  waitForEmail,
} from './support';

/**
 * Issue 51 (ADR 090), the door and the family's way there: the school's user creates an event whose street address
 * the CEP look-up fills (the fake CEP service of playwright.config.ts); a family signs up and its voucher, on a
 * phone, shows the address with its map link and the voucher's short code under the QR code; at the door the code
 * typed in lower case checks the family in, again says when and by whom, and another event's code is refused.
 */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const tag = () => `${Date.now().toString(36)}${randomInt(1_000_000).toString(36)}`;
const ENDERECO = 'Rua Barão de Jaguara, 1000 - Auditório - Centro, Campinas - SP, 13015-001';
const MAPA = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('Rua Barão de Jaguara, 1000 - Centro, Campinas - SP, 13015-001')}`;

const family = (eventoId: string) => {
  const n = tag();
  return {
    eventoId,
    nomeAluno: `Aluno ${n} Porta`,
    nomeResponsavel: `Responsável ${n}`,
    email: `porta.${n}@email.com.br`,
    telefone: '19987654321',
    consentimento: true,
  };
};

async function signUp(page: Page, eventoId: string) {
  const data = family(eventoId);
  const started = Date.now();
  expect((await page.request.post('/api/leads', { data })).status()).toBe(201);
  const eml = decodedEmail(await waitForEmail(data.email, started, '/voucher/'));
  const path = /\/voucher\/[A-Za-z0-9_-]{43}/.exec(eml)![0];
  const voucher = (await (await page.request.get(`/api${path.replace('/voucher/', '/public/voucher/')}`)).json()) as {
    codigo: string;
  };
  return { data, eml, path, codigo: voucher.codigo };
}

test('the event form fills the street address from the CEP; the voucher shows it with its map link', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await useSession(page, 'cliente');
  await page.goto('/eventos');
  await page.getByRole('button', { name: 'Criar Evento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Evento' });
  const escola = `Escola Endereço ${tag()}`;
  await dialog.getByLabel('Nome da escola').fill(escola);
  await dialog.getByLabel('CEP (opcional)').fill('13015001');
  await dialog.getByRole('button', { name: 'Buscar CEP' }).click();
  await expect(dialog.getByLabel('Logradouro (opcional)')).toHaveValue('Rua Barão de Jaguara');
  await expect(dialog.getByLabel('Bairro')).toHaveValue('Centro');
  await expect(dialog.getByLabel('Cidade')).toHaveValue('Campinas');
  await expect(dialog.getByLabel('Estado')).toHaveValue('SP');
  // The número is next.
  await expect(dialog.getByLabel('Número')).toBeFocused();
  await page.keyboard.type('1000');
  await dialog.getByLabel('Complemento').fill('Auditório');
  await dialog.getByLabel('Data de distribuição').fill('2030-11-20');
  await dialog.getByLabel('Data do evento').fill('2030-12-10');
  await dialog.getByLabel('Horário').fill('19:30');
  await dialog.getByLabel('Quantidade de alunos').fill('150');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Criar Evento' }).click();
  await expect(page.getByText('Evento criado com sucesso', { exact: true }).first()).toBeVisible();
  await expect(dialog).toBeHidden();

  // The same dialog on a phone: every field reachable, nothing sideways.
  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: 'Criar Evento' }).click();
  const phoneDialog = page.getByRole('dialog', { name: 'Novo Evento' });
  await phoneDialog.getByLabel('CEP (opcional)').fill('13015-001');
  await phoneDialog.getByRole('button', { name: 'Buscar CEP' }).click();
  await expect(phoneDialog.getByLabel('Logradouro (opcional)')).toHaveValue('Rua Barão de Jaguara');
  await expectAccessible(page);
  await phoneDialog.getByRole('button', { name: 'Cancelar' }).click();
  await page.setViewportSize(DESKTOP);

  const found = await page.request.get(`/api/eventos?q=${encodeURIComponent(escola)}`);
  const [evento] = (await found.json()) as { id: string; logradouro: string; numero: string }[];
  expect(evento).toMatchObject({ logradouro: 'Rua Barão de Jaguara', numero: '1000' });

  // The family's e-mail carries the address, its map link and the voucher's code.
  const { eml, path, codigo } = await signUp(page, evento!.id);
  expect(eml).toContain(`Endereço: ${ENDERECO}`);
  expect(eml.replace(/\s+/g, '')).toContain(`Comochegar:${MAPA}`);
  expect(eml).toContain(`Código do voucher: ${codigo.slice(0, 3)} ${codigo.slice(3)}`);

  // The voucher on a phone, and on a desktop.
  const guardian = await browser.newContext({ viewport: PHONE, locale: 'pt-BR' });
  try {
    const phone = await guardian.newPage();
    await phone.goto(path);
    await expect(phone.getByTestId('voucher-codigo')).toHaveText(`${codigo.slice(0, 3)} ${codigo.slice(3)}`);
    await expect(phone.getByTestId('voucher-endereco')).toHaveText(ENDERECO);
    await expect(phone.getByText('Na Escola - Campinas - SP')).toBeVisible();
    const mapa = phone.getByRole('link', { name: 'Como chegar (abrir no mapa)' });
    await expect(mapa).toHaveAttribute('href', MAPA);
    await expect(mapa).toHaveAttribute('target', '_blank');
    await noSideScroll(phone);
    await expectAccessible(phone);
    await phone.setViewportSize(DESKTOP);
    await expect(phone.getByTestId('voucher-endereco')).toBeVisible();
    await expectAccessible(phone);
  } finally {
    await guardian.close();
  }
});

test("the door checks a family in by the voucher's code typed, and refuses another event's code", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  await useSession(page, 'cliente');
  const eventoId = await createEventoComVagas(page, `Escola Código ${tag()}`);
  const outroId = await createEventoComVagas(page, `Escola Outra ${tag()}`);
  const { data, codigo } = await signUp(page, eventoId);
  const outra = await signUp(page, outroId);

  await page.goto(`/eventos/${eventoId}/check-in`);
  await expect(page.getByTestId('check-in-contagem')).toHaveText('0 presentes de 1 inscrito');
  const campo = page.getByLabel('Código do voucher');
  await expectAccessible(page);
  await noSideScroll(page);

  // A malformed code is said under the field, nothing asked of the server.
  await campo.fill('abc1');
  await page.getByRole('button', { name: 'Registrar pelo código' }).click();
  await expect(page.getByText(INSCRICAO_MESSAGES.codigoInvalido)).toBeVisible();
  await expect(campo).toHaveAttribute('aria-invalid', 'true');

  // Typed as a guardian reads it out: lower case, a space in the middle.
  await campo.fill(`${codigo.slice(0, 3).toLowerCase()} ${codigo.slice(3).toLowerCase()}`);
  await campo.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `Presença registrada: ${data.nomeAluno}` })).toBeVisible();
  await expect(page.getByTestId('check-in-contagem')).toHaveText('1 presente de 1 inscrito');
  await expect(campo).toHaveValue('');
  await expectAccessible(page);

  // Again: when and by whom, as before.
  await campo.fill(codigo);
  await page.getByRole('button', { name: 'Registrar pelo código' }).click();
  const again = page.getByRole('status').filter({ hasText: `Presença já registrada: ${data.nomeAluno}` });
  await expect(again).toBeVisible();
  await expect(again).toContainText(/Já registrada (hoje )?às \d{2}:\d{2} por /);

  // Another event's code.
  if (outra.codigo !== codigo) {
    await campo.fill(outra.codigo);
    await page.getByRole('button', { name: 'Registrar pelo código' }).click();
    await expect(page.getByRole('status').filter({ hasText: INSCRICAO_MESSAGES.codigoOutroEvento })).toBeVisible();
  }

  await page.setViewportSize(DESKTOP);
  await expect(page.getByRole('button', { name: 'Registrar pelo código' })).toBeVisible();
  await expectAccessible(page);
});
