import { expect, test } from '@playwright/test';
import { AUTH_MESSAGES } from '../../src/shared/schemas/auth-messages';
import { CONTA_MESSAGES } from '../../src/shared/schemas/conta';
import { DEMO_ACCOUNTS, expectAccessible, signIn, useSession } from './support';

/** The other browser names itself as an iPad, so its card is told apart from every other vendedor session. */
const IPAD_SAFARI =
  'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

test('a person ends the session of another browser from Minha conta, and that browser is signed out on its next navigation', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  // Both sessions are signed in through the form: the stored vendedor session that other specs share is never ended.
  const here = await (await browser.newContext()).newPage();
  await signIn(here, DEMO_ACCOUNTS.vendedor);
  await expect(here).toHaveURL(/\/$/);
  const ipadContext = await browser.newContext({ userAgent: IPAD_SAFARI });
  const ipad = await ipadContext.newPage();
  await signIn(ipad, DEMO_ACCOUNTS.vendedor);
  await expect(ipad).toHaveURL(/\/$/);

  // Minha conta is under the name in the sidebar, not among the menu's links.
  await expect(
    here.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Minha conta' }),
  ).toHaveCount(0);
  await here.getByRole('complementary', { name: 'Barra lateral' }).getByRole('link', { name: 'Minha conta' }).click();
  await expect(here).toHaveURL(/\/minha-conta$/);
  await expect(here.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
  await expect(here.getByLabel('E-mail')).toHaveValue(DEMO_ACCOUNTS.vendedor);

  const sessoes = here.getByRole('list', { name: 'Sessões ativas' });
  await expect(sessoes.getByText('Esta sessão')).toHaveCount(1);
  const ipadCard = sessoes.getByRole('article', { name: 'Safari no iPad' });
  await expect(ipadCard).toHaveCount(1);
  await expect(ipadCard.getByText('Esta sessão')).toHaveCount(0);
  await expectAccessible(here);

  await ipadCard.getByRole('button', { name: 'Encerrar a sessão Safari no iPad' }).click();
  const confirm = here.getByRole('alertdialog', { name: 'Encerrar sessão?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(here);
  await confirm.getByRole('button', { name: 'Encerrar', exact: true }).click();
  await expect(here.getByText(CONTA_MESSAGES.sessaoEncerrada, { exact: true })).toBeVisible();
  await expect(ipadCard).toHaveCount(0);

  // The iPad's next navigation finds no session: the sign-in screen.
  await ipad.goto('/relatorios');
  await expect(ipad).toHaveURL(/\/auth/);
  await expect(ipad.getByRole('heading', { name: 'Entrar na conta' })).toBeVisible();

  // This browser is still signed in.
  await here.reload();
  await expect(here.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
  await ipadContext.close();
});

test('on a phone, Minha conta opens from the menu, and a wrong current password is said under its field', async ({
  page,
}) => {
  await useSession(page, 'aluno');
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Minha conta' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(DEMO_ACCOUNTS.aluno);
  await expect(page.getByRole('list', { name: 'Sessões ativas' }).getByText('Esta sessão')).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Senha atual').fill('nao-e-esta-senha');
  await page.getByLabel('Nova senha', { exact: true }).fill('outra-senha-segura-2026');
  await page.getByLabel('Confirmar nova senha').fill('outra-senha-segura-2026');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  const senhaAtual = page.getByLabel('Senha atual');
  await expect(senhaAtual).toHaveAttribute('aria-invalid', 'true');
  await expect(senhaAtual).toHaveAccessibleDescription(CONTA_MESSAGES.senhaAtualIncorreta);
  await expect(senhaAtual).toBeFocused();
  await expectAccessible(page);
});

test('Minha conta has no serious accessibility problem at 1280 px', async ({ page }) => {
  await useSession(page, 'franqueador');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/minha-conta');
  await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
  await expect(page.getByLabel('Nome')).not.toHaveValue('');
  await expect(page.getByRole('list', { name: 'Sessões ativas' })).toBeVisible();
  await expectAccessible(page);
});

test("Atividade recente lists the sign-in just made, and a refused attempt in the account's name", async ({
  browser,
}) => {
  // Signed in through the form (its own session): the stored cliente session other specs share is left alone.
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, DEMO_ACCOUNTS.cliente, 'nao-e-esta-senha');
  await expect(page.getByText(AUTH_MESSAGES.invalidCredentials).first()).toBeVisible();
  await signIn(page, DEMO_ACCOUNTS.cliente);
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/minha-conta');
  const atividade = page.getByRole('region', { name: 'Atividade recente' });
  const lista = atividade.getByRole('list', { name: 'Atividade recente' });
  await expect(lista.getByRole('listitem').first()).toContainText('Entrada');
  await expect(lista.getByRole('listitem').filter({ hasText: 'Tentativa recusada' }).first()).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(lista).toBeVisible();
  await expectAccessible(page);
  await context.close();
});
