import { expect, test, type Locator } from '@playwright/test';
import { DASHBOARD_TITLES, FINANCEIRO_LINKS, ROLE_LABELS, ROLES, SIDEBAR_LINKS } from '../../src/shared/roles';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  expectAccessible,
  resetLinkFrom,
  signIn,
  signInAs,
  useSession,
  waitForEmail,
} from './support';

test.describe('each demo role', () => {
  for (const role of ROLES) {
    test(`${role} signs in and sees exactly its sidebar and dashboard`, async ({ page }) => {
      await signInAs(page, role);
      await expect(page.getByRole('heading', { level: 1, name: DASHBOARD_TITLES[role].title })).toBeVisible();
      await expect(page.getByText(DASHBOARD_TITLES[role].description)).toBeVisible();
      const nav = page.getByRole('navigation', { name: 'Menu principal' });
      await expect(nav.getByRole('link')).toHaveText(SIDEBAR_LINKS[role].map((l) => l.label));
      await expect(page.getByText(ROLE_LABELS[role], { exact: true }).first()).toBeVisible();
      // The metric cards come from the server: at least one number is shown.
      await expect(page.getByText('Nenhuma métrica disponível')).toHaveCount(0);
    });
  }
});

test('the franqueador dashboard shows its counts and is accessible', async ({ page }) => {
  await useSession(page, 'franqueador');
  await page.goto('/');
  for (const label of [
    'Franquias',
    'Micro-Franquias',
    'Clientes',
    'Eventos',
    'Interesses',
    'Pré-Matrículas',
    'Matrículas Efetivadas',
  ]) {
    await expect(page.getByRole('main').getByText(label, { exact: true })).toBeVisible();
  }
  await expectAccessible(page);
});

test('the login page is accessible and refuses a wrong password', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByText('Bem-vindo ao sistema')).toBeVisible();
  await expect(page.getByText('Entrar na conta')).toBeVisible();
  await expectAccessible(page);
  await signIn(page, DEMO_ACCOUNTS.cliente, 'senha-errada');
  await expect(page.getByText('Não foi possível entrar', { exact: true }).first()).toBeVisible();
  await expect(page.locator('form').getByText('Email ou senha inválidos', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('a protected route sends a visitor to /auth', async ({ page }) => {
  await page.goto('/franquias');
  await expect(page).toHaveURL(/\/auth$/);
});

test('a role that may not open a screen sees Acesso Negado with its role label', async ({ page }) => {
  await useSession(page, 'vendedor');
  await page.goto('/franquias');
  await expect(page.getByText('Acesso Negado')).toBeVisible();
  await expect(page.getByText('Você não tem permissão para acessar esta página.')).toBeVisible();
  await expect(page.getByRole('main').getByText('Vendedor')).toBeVisible();
  await expectAccessible(page);
  await page
    .getByRole('main')
    .getByRole('link', { name: 'Voltar ao Dashboard' })
    .or(page.getByRole('main').getByRole('button', { name: 'Voltar ao Dashboard' }))
    .click();
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown route shows the 404 page', async ({ page }) => {
  await page.goto('/nao-existe/mesmo');
  await expect(page.getByRole('heading', { name: '404 - Página não encontrada' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar para o início' })).toBeVisible();
});

test('a signed-in user opening /auth goes to the dashboard; Sair returns to /auth', async ({ page }) => {
  await signInAs(page, 'franquia');
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth$/);
});

test('forgot password -> e-mail -> reset page -> sign in with the new password; the old one and the used link fail', async ({
  page,
}) => {
  const email = 'cliente.valinhos@demo.com.br';
  await page.goto('/auth');
  await page
    .getByRole('button', { name: 'Esqueci minha senha' })
    .or(page.getByRole('link', { name: 'Esqueci minha senha' }))
    .click();
  await expect(page.getByText('Recuperar senha')).toBeVisible();
  const asked = Date.now();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Enviar instruções' }).click();
  await expect(page.getByText('Se o email estiver cadastrado')).toBeVisible();

  const link = resetLinkFrom(await waitForEmail(email, asked, '/reset-password?token='));
  const path = new URL(link).pathname + new URL(link).search;
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Redefinir Senha' })).toBeVisible();
  await page.getByLabel('Nova senha', { exact: true }).fill('nova-senha-e2e');
  await page.getByLabel('Confirmar nova senha').fill('outra-coisa');
  await page.getByRole('button', { name: 'Redefinir Senha' }).click();
  await expect(page.getByText('As senhas não coincidem.')).toBeVisible();
  await page.getByLabel('Confirmar nova senha').fill('nova-senha-e2e');
  await page.getByRole('button', { name: 'Redefinir Senha' }).click();
  await expect(page.getByText('Redirecionando para o login...')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/, { timeout: 6000 });

  await signIn(page, email, DEMO_PASSWORD);
  await expect(page.locator('form').getByText('Email ou senha inválidos', { exact: true })).toBeVisible();
  await signIn(page, email, 'nova-senha-e2e');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard do Cliente' })).toBeVisible();
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  // Issue 23: the used link says so on opening (was: after a new password was typed and sent).
  await page.goto(path);
  await expect(page.getByText('Link de recuperação inválido ou expirado.')).toBeVisible();
  await expect(page.getByLabel('Nova senha', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Pedir novo link' })).toBeVisible();
});

test('the reset page without a token says so', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(
    page.getByText('Token de recuperação não encontrado. Solicite uma nova recuperação de senha.'),
  ).toBeVisible();
});

test('on a 1280 × 720 laptop the menu scrolls as one list: Financeiro comes after every link of the main menu', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await useSession(page, 'franqueador');
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(nav.getByRole('link')).toHaveText(SIDEBAR_LINKS.franqueador.map((l) => l.label));
  // Not a box of its own that hides most of its links: every one is laid out, none scrolled away inside it.
  expect(await nav.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
  const financeiro = page.getByRole('navigation', { name: 'Financeiro' });
  await expect(financeiro.getByRole('link')).toHaveText(FINANCEIRO_LINKS.franqueador.map((l) => l.label));
  const ultimo = await nav.getByRole('link').last().boundingBox();
  const secao = await financeiro.boundingBox();
  expect(secao!.y).toBeGreaterThanOrEqual(ultimo!.y + ultimo!.height);
  // The sidebar scrolls to the last link of all, which opens.
  await financeiro.getByRole('link', { name: 'Custos de campanha' }).click();
  await expect(page).toHaveURL(/\/financeiro\/custos-campanha$/);
  await expectAccessible(page);
  // Opened by its address, a Financeiro page finds its own link in sight, below the main menu.
  await page.goto('/financeiro/comissoes');
  await expect(financeiro.getByRole('link', { name: 'Comissões' })).toHaveAttribute('aria-current', 'page');
  await expect(financeiro.getByRole('link', { name: 'Comissões' })).toBeInViewport();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toBeInViewport();
});

/** Each box at least 16 px below the one before it: the dashboard's sections never touch. */
async function expectApart(boxes: Locator[]) {
  const caixas = await Promise.all(boxes.map((box) => box.boundingBox()));
  for (let i = 1; i < caixas.length; i++) {
    expect(caixas[i]!.y - (caixas[i - 1]!.y + caixas[i - 1]!.height)).toBeGreaterThanOrEqual(16);
  }
}

test("the dashboard keeps its sections apart: the vendedor's goals, share link and counts; the aluno's enrolments and parcelas", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await useSession(page, 'vendedor');
  await page.goto('/');
  const metricas = page.getByRole('region', { name: 'Métricas' });
  await expect(metricas.getByRole('listitem').first()).toBeVisible();
  await expectApart([
    page.locator('section[aria-labelledby="metas-do-mes"]'),
    // The card holding the link: its title's header's parent.
    page.locator('#meu-link-titulo').locator('xpath=../..'),
    metricas,
  ]);

  await useSession(page, 'aluno');
  await page.goto('/');
  const parcelas = page.locator('section[aria-labelledby="minhas-parcelas"]');
  await expect(
    parcelas.getByRole('listitem').first().or(parcelas.getByText('Nenhuma parcela encontrada')),
  ).toBeVisible();
  await expect(
    page.locator('section[aria-labelledby="aluno-funil"]').getByText('Preparatório ENEM').first(),
  ).toBeVisible();
  await expectApart([
    page.getByRole('region', { name: 'Métricas' }),
    page.locator('section[aria-labelledby="aluno-funil"]'),
    parcelas,
  ]);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the menu opens behind a button and links work', async ({ page }) => {
    await useSession(page, 'micro_franquia');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard da Micro-franquia' })).toBeVisible();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(nav.getByRole('link')).toHaveText(SIDEBAR_LINKS.micro_franquia.map((l) => l.label));
    await nav.getByRole('link', { name: 'SAC' }).click();
    await expect(page).toHaveURL(/\/sac$/);
    await expect(page.getByRole('heading', { level: 1, name: 'SAC - Suporte ao Cliente' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  });
});

test('the client is served pre-compressed and cached for a year', async ({ request }) => {
  const html = await (await request.get('/auth')).text();
  const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const asset = await request.get(script!, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(asset.headers()['content-encoding']).toBe('br');
  expect(asset.headers()['cache-control']).toContain('immutable');
});
