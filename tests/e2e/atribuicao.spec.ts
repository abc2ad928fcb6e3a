import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, noSideScroll, useSession } from './support';

/**
 * Issue 48: a vendedor shares its link, a family signs up through it (with a campaign's UTM parameters), and the
 * staff see where the family came from in their list; an event's link opens the form on its event.
 */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const tag = () => `${Date.now().toString(36)}${randomInt(1_000_000).toString(36)}`;

/** The demo vendedor (seed): its name is what the lists say the link was. */
const VENDEDOR = 'Marcos Vinícius Costa';

async function meuLink(page: Page): Promise<string> {
  await expect(page.getByText('Meu link de indicação', { exact: true })).toBeVisible();
  const url = page.getByTestId('link-url');
  await expect(url).toHaveText(/\/credito-estudantil\?v=[A-Z0-9]{8}$/);
  return (await url.textContent())!;
}

test('a vendedor shares its link, a family signs up through it, the staff see where it came from', async ({
  page,
  browser,
}) => {
  // Several pages and roles in one flow, axe at two widths: atribuição's took more than 60 s on a slow machine.
  test.setTimeout(150_000);
  // The vendedor, on its phone: the card with the QR code, the address and its buttons.
  await page.setViewportSize(PHONE);
  await useSession(page, 'vendedor');
  await page.goto('/');
  const url = await meuLink(page);
  await expect(page.getByRole('img', { name: 'QR code do seu link de indicação' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copiar link' })).toBeVisible();
  const baixar = page.getByRole('link', { name: 'Baixar QR code' });
  await expect(baixar).toHaveAttribute('href', '/api/user/link-de-indicacao?formato=png');
  const png = await page.request.get('/api/user/link-de-indicacao?formato=png');
  expect(png.headers()['content-type']).toBe('image/png');
  await noSideScroll(page);
  await expectAccessible(page);

  // A family opens the link from a campaign's post, on a phone of its own (no session).
  const id = tag();
  const aluno = `Aluno Link ${id}`;
  const familia = await browser.newPage({ viewport: PHONE });
  const endereco = new URL(url);
  await familia.goto(`${endereco.pathname}${endereco.search}&utm_source=instagram&utm_campaign=e2e-${id}`);
  await familia.getByLabel('Cidade').selectOption('Campinas');
  const evento = familia.getByLabel('Evento');
  const opcao = evento.locator('option', { hasText: 'Colégio Horizonte' }).first();
  await evento.selectOption((await opcao.getAttribute('value'))!);
  await familia.getByLabel('Nome do aluno').fill(aluno);
  await familia.getByLabel('Nome do responsável').fill(`Responsável ${id}`);
  await familia.getByLabel('Email').fill(`link.${id}@email.com`);
  await familia.getByLabel('Telefone (WhatsApp)').pressSequentially('19987654321');
  await familia.getByRole('checkbox', { name: /autorizo o uso destes dados/ }).check();
  await familia.getByRole('button', { name: 'GARANTIR MEU CRÉDITO GRATUITO' }).click();
  await expect(familia.getByRole('heading', { name: /Inscrição realizada/ })).toBeVisible();
  // The origin is kept through the flow: the activation page opened from here still has it.
  expect(await familia.evaluate(() => sessionStorage.getItem('rce.origem'))).toContain(`e2e-${id}`);
  await familia.close();

  // The staff, at 1280 px: the family's row says it came by the vendedor's link.
  await page.setViewportSize(DESKTOP);
  await page.context().clearCookies();
  await useSession(page, 'franqueador');
  await page.goto(`/interesses?q=${encodeURIComponent(aluno)}`);
  const row = page.getByRole('row').filter({ hasText: aluno });
  await expect(row).toContainText(`Link de ${VENDEDOR}`);
  await expectAccessible(page);

  // The lead's panel lists every field of the origin.
  await row.getByRole('link', { name: /Acompanhar/ }).click();
  await expect(page.getByText('instagram', { exact: true })).toBeVisible();
  await expect(page.getByText(`e2e-${id}`, { exact: true })).toBeVisible();
  await expectAccessible(page);

  // And on a phone, the list's card says it too (its own field; the line under the school is the table's, hidden).
  await page.setViewportSize(PHONE);
  await page.goto(`/interesses?q=${encodeURIComponent(aluno)}`);
  await expect(page.getByText(`Link de ${VENDEDOR}`).filter({ visible: true }).first()).toBeVisible();
  await noSideScroll(page);
  await expectAccessible(page);
});

test("an event's 'Link de divulgação' opens the sign-up on that event", async ({ page, browser }) => {
  // Several pages and roles in one flow, axe at two widths: atribuição's took more than 60 s on a slow machine.
  test.setTimeout(150_000);
  await page.setViewportSize(PHONE);
  await useSession(page, 'micro_franquia');
  await page.goto('/eventos');
  await page.getByRole('button', { name: 'Link de divulgação do evento: Colégio Horizonte' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Link de divulgação' });
  await expect(dialog.getByTestId('link-url')).toHaveText(/\/credito-estudantil\?v=[A-Z0-9]{8}$/);
  await expect(dialog.getByRole('img', { name: /QR code do link de divulgação/ })).toBeVisible();
  await noSideScroll(page);
  await expectAccessible(page);
  const url = new URL((await dialog.getByTestId('link-url').textContent())!);

  const familia = await browser.newPage({ viewport: DESKTOP });
  await familia.goto(`${url.pathname}${url.search}`);
  await expect(familia.getByLabel('Cidade')).toHaveValue('Campinas');
  await expect(familia.getByLabel('Evento').locator('option:checked')).toContainText('Colégio Horizonte');
  await expect(familia.getByLabel('Nome do aluno')).toBeVisible();
  await expectAccessible(familia);
  await familia.close();
});
