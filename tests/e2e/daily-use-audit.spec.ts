import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { makeCpf } from '../../src/shared/brazil-ids';
import { createEventoComVagas, expectAccessible, useSession } from './support';

/**
 * Daily use, audit (issue 23, ADR 038): what the earlier passes left out, at 1280 and 360 px. Other specs run
 * against the same server: every row this spec adds is its own, and it finds them by a token of its own.
 */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const randomCpf = () => makeCpf(String(100_000_000 + Math.floor(Math.random() * 899_999_999)));
/** A name the public forms take: letters only, the token spelled in letters. */
const lettersOf = (token: string) => token.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);

/** `README_SCREENSHOTS=1` writes the README's pictures (docs/screenshots); every run keeps its own copies. */
async function screenshot(page: Page, name: string, { readme = false } = {}) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: !readme });
  if (readme && process.env.README_SCREENSHOTS) {
    const dir = join(process.cwd(), 'docs', 'screenshots');
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, `${name}.png`) });
  }
}

/**
 * `n` public sign-ups whose student's name holds `nome`, as families make them, on an event of their own (the
 * demo school's, made through its cliente): the demo's own events keep the rows other specs count on. The page
 * is the franqueador's again afterwards.
 */
async function inscricoes(page: Page, nome: string, n: number) {
  await useSession(page, 'cliente');
  const eventoId = await createEventoComVagas(page, `Escola ${nome}`, 1000);
  for (let i = 0; i < n; i++) {
    const response = await page.request.post('/api/leads', {
      data: {
        eventoId,
        nomeAluno: `Aluno ${nome} ${lettersOf(String(i))}`,
        nomeResponsavel: `Responsável ${nome}`,
        email: `${nome.toLowerCase()}.${i}@email.com.br`,
        telefone: '(19) 98765-4321',
        consentimento: true,
      },
    });
    expect(response.status()).toBe(201);
  }
  await useSession(page, 'franqueador');
}

/** /credito-ativacao filled for a new family of Contagem's event, ready to send; `who` names it in the rows. */
async function fillActivation(page: Page, who: string) {
  await page.goto('/credito-ativacao');
  await page.getByLabel('Cidade').selectOption('Contagem');
  const evento = page.getByLabel('Evento');
  await evento.selectOption(
    (await evento.locator('option', { hasText: 'Instituto Saber Contagem' }).getAttribute('value'))!,
  );
  const id = lettersOf(unique());
  await page.getByLabel('Nome do aluno').fill(`Aluno ${who} ${id}`);
  await page.getByLabel('CPF do aluno').fill(randomCpf());
  await page.getByLabel('Nome do responsável').fill(`Responsável ${who} ${id}`);
  await page.getByLabel('CPF do responsável').fill(randomCpf());
  await page.getByLabel('Email').fill(`${who.toLowerCase()}.${id}@email.com`);
  await page.getByLabel('Telefone (WhatsApp)').fill('31987654321');
  await page.getByRole('checkbox', { name: /autorizo o uso destes dados/ }).check();
}

test('a double tap on the activation sends one request and shows the declaration, not "received"', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/pre-matriculas') sent.push('POST');
  });
  await fillActivation(page, 'Duplo');
  await page.getByRole('button', { name: 'ATIVAR MEU CRÉDITO GRATUITO' }).dblclick();
  await expect(page.getByRole('heading', { level: 1, name: 'PARABÉNS!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Solicitação recebida' })).toHaveCount(0);
  expect(sent).toEqual(['POST']);
  await expectAccessible(page);
});

test('a second tap that arrives after the declaration is drawn stays on the declaration', async ({ page }) => {
  // The double tap above, when the answer wins the race: the button is gone before the second tap, and on a phone
  // the footer's 'Aviso de Privacidade' had slid under the finger and took the family away from the declaration.
  await page.setViewportSize(PHONE);
  await fillActivation(page, 'Toque');
  const button = page.getByRole('button', { name: 'ATIVAR MEU CRÉDITO GRATUITO' });
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  const tap = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.click(tap.x, tap.y);
  await expect(page.getByRole('heading', { level: 1, name: 'PARABÉNS!' })).toBeVisible();
  // The double tap's second tap: the browser counts it as the second click at that spot. It comes late, as on a
  // phone busy drawing the declaration (or CI's machine): what drops it is the click count, not a time window.
  await page.waitForTimeout(800);
  await page.mouse.down({ clickCount: 2 });
  await page.mouse.up({ clickCount: 2 });
  await expect(page).toHaveURL(/\/credito-ativacao$/);
  await expect(page.getByRole('heading', { level: 1, name: 'PARABÉNS!' })).toBeVisible();
});

for (const viewport of [DESKTOP, PHONE]) {
  test(`Interesses keep search, page and size in the address, with a pager above and under the rows; 'Próxima' goes to the list's top (${viewport.width} px)`, async ({
    page,
  }) => {
    test.slow();
    const nome = lettersOf(unique());
    await inscricoes(page, nome, 25);
    await useSession(page, 'franqueador');
    await page.setViewportSize(viewport);
    await page.goto('/interesses');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(nome);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${nome}`));
    const topo = page.getByRole('navigation', { name: 'Paginação (topo da lista)' });
    const base = page.getByRole('navigation', { name: 'Paginação', exact: true });
    await expect(base).toContainText('1–25 de 25');

    await topo.getByLabel('Por página').selectOption('20');
    await expect(page).toHaveURL(/[?&]pageSize=20/);
    await expect(topo).toContainText('Página 1 de 2');
    await expect(base).toContainText('1–20 de 25');
    await expectAccessible(page);

    await base.getByRole('button', { name: 'Próxima' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(base).toContainText('21–25 de 25');
    await expect(topo).toBeInViewport();
    await screenshot(page, `interesses-pagina-2-${viewport.width}`);

    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Buscar' })).toHaveValue(nome);
    await expect(base).toContainText('21–25 de 25');
    await page.goBack();
    await expect(page).not.toHaveURL(/[?&]page=2/);
    await expect(base).toContainText('1–20 de 25');
  });
}

for (const viewport of [DESKTOP, PHONE]) {
  test(`the vendedor's sidebar reaches what its dashboard counts, and each card opens its list (${viewport.width} px)`, async ({
    page,
  }) => {
    await useSession(page, 'vendedor');
    await page.setViewportSize(viewport);
    await page.goto('/');
    const main = page.getByRole('main');
    const cards = {
      Clientes: '/clientes',
      Eventos: '/eventos',
      Interesses: '/interesses',
      'Pré-Matrículas': '/pre-matriculas',
    };
    for (const [nome, href] of Object.entries(cards)) {
      await expect(main.getByRole('link', { name: new RegExp(`^${nome}`) }).first()).toHaveAttribute('href', href);
    }
    await expectAccessible(page);

    if (viewport === PHONE) await page.getByRole('button', { name: 'Abrir menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    for (const [nome, href] of Object.entries(cards)) {
      await expect(menu.getByRole('link', { name: nome, exact: true })).toHaveAttribute('href', href);
    }
    if (viewport === PHONE) await page.keyboard.press('Escape');

    await main
      .getByRole('link', { name: /^Pré-Matrículas/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/pre-matriculas$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pré-Matrículas' })).toBeVisible();
  });
}

for (const viewport of [DESKTOP, PHONE]) {
  test(`Pré-Matrículas mask the CPFs, filter pendentes/efetivadas, and the CSV carries them whole (${viewport.width} px)`, async ({
    page,
  }) => {
    await useSession(page, 'franqueador');
    await page.setViewportSize(viewport);
    await page.goto('/pre-matriculas');
    const main = page.getByRole('main');
    // On a phone the rows are cards: the table's copy is hidden, the card's is shown.
    await expect(
      main
        .getByText(/^CPF \*{3}\.\*{3}\.\*\d{2}-\d{2}$/)
        .filter({ visible: true })
        .first(),
    ).toBeVisible();
    expect(await main.innerText()).not.toMatch(/\d{3}\.\d{3}\.\d{3}-\d{2}/);

    await page.getByRole('combobox', { name: 'Situação' }).click();
    await page.getByRole('option', { name: 'Pendentes' }).click();
    await expect(page).toHaveURL(/[?&]situacao=pendente/);
    await expect(page.getByTestId('count-badge')).toContainText(/pré-matrícula/);
    await expect(main.getByText('Efetivada', { exact: true })).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('combobox', { name: 'Situação' }).click();
    await page.getByRole('option', { name: 'Todas' }).click();
    await expect(page).not.toHaveURL(/situacao=/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Exportar CSV' }).click(),
    ]);
    const lines = readFileSync((await download.path())!, 'utf8')
      .replace('\uFEFF', '')
      .split('\r\n')
      .filter(Boolean);
    // SPEC's columns, then where the family came from (issue 48, ADR 104).
    expect(lines[0]).toMatch(
      /;"Nome do Responsável";"CPF do Aluno";"CPF do Responsável";"utm_source";"utm_medium";"utm_campaign";"utm_content";"utm_term";"vendedor do link"$/,
    );
    expect(
      lines
        .slice(1)
        .some((line) => /;"\d{3}\.\d{3}\.\d{3}-\d{2}";"\d{3}\.\d{3}\.\d{3}-\d{2}"(;"[^"]*"){6}$/.test(line)),
    ).toBe(true);
  });
}

test("the franqueador's Interesses CSV carries the Cliente its screen shows", async ({ page }) => {
  await useSession(page, 'franqueador');
  await page.setViewportSize(DESKTOP);
  await page.goto('/interesses');
  await expect(page.getByRole('columnheader', { name: 'Cliente' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Exportar CSV' }).click(),
  ]);
  const lines = readFileSync((await download.path())!, 'utf8')
    .replace('\uFEFF', '')
    .split('\r\n')
    .filter(Boolean);
  // SPEC's columns, then where the family came from (issue 48, ADR 104).
  expect(lines[0]).toMatch(
    /;"Data do Evento";"Cliente";"utm_source";"utm_medium";"utm_campaign";"utm_content";"utm_term";"vendedor do link"$/,
  );
  expect(lines.some((line) => /;"Instituto Saber Contagem"(;"[^"]*"){6}$/.test(line))).toBe(true);
});

test('Eventos list the upcoming events first, nearest first, then the past ones, most recent first', async ({
  page,
}) => {
  await useSession(page, 'franqueador');
  await page.setViewportSize(DESKTOP);
  await page.goto('/eventos');
  const cards = page.getByTestId('evento-card');
  await expect(cards.first()).toBeVisible();
  const dates = (await cards.allInnerTexts()).map((text) => {
    const [, d, m, y] = /Data do evento\s*(\d{2})\/(\d{2})\/(\d{4})/.exec(text) ?? [];
    return `${y}-${m}-${d}`;
  });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const upcoming = dates.filter((d) => d >= today);
  const past = dates.filter((d) => d < today);
  expect(upcoming.length).toBeGreaterThan(0);
  expect(dates).toEqual([...upcoming, ...past]);
  expect(upcoming).toEqual([...upcoming].sort());
  expect(past).toEqual([...past].sort().reverse());
});

test("the live list's README picture: two sign-ups wait behind '2 novos — atualizar'", async ({ page }) => {
  await useSession(page, 'franqueador');
  await page.setViewportSize(DESKTOP);
  await page.goto('/interesses');
  await expect(page.getByTestId('count-badge')).toBeVisible({ timeout: 20_000 });
  await inscricoes(page, lettersOf(unique()), 2);
  // The window regains focus: the list reads again and holds the new rows back.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
  await expect(page.getByRole('button', { name: /^\d+ novos — atualizar$/ })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'lista-ao-vivo-1280', { readme: true });
});

test.describe('in an English browser', () => {
  test.use({ locale: 'en-US' });

  for (const viewport of [DESKTOP, PHONE]) {
    test(`money is typed as R$ 1.500,50 and installments read '10x de R$ 120,00' (${viewport.width} px)`, async ({
      page,
    }) => {
      test.slow();
      await useSession(page, 'cliente');
      await page.setViewportSize(viewport);
      await page.goto('/cursos');
      await page.getByRole('button', { name: 'Novo Curso' }).click();
      const dialog = page.getByRole('dialog', { name: 'Novo Curso' });
      const titulo = `Curso Moeda ${unique()}`;
      await dialog.getByLabel('Título', { exact: true }).fill(titulo);
      await dialog.getByLabel('Descrição').fill('Curso criado num navegador em inglês.');
      await dialog.getByLabel('Valor (R$)').fill('1.500,50');
      await dialog.getByLabel('Valor com desconto (R$)').fill('1.200,00');
      await dialog.getByLabel('Parcelas').fill('10');
      await dialog.getByLabel('Título do módulo').fill('Fundamentos');
      await dialog.getByLabel('Carga horária (h)').fill('20');
      await dialog.getByLabel('Parcelas').click();
      await expect(dialog.getByLabel('Valor (R$)')).toHaveValue('1.500,50');
      await expect(dialog.getByTestId('resumo-valor')).toContainText('R$ 1.200,00');
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Criar Curso' }).click();
      await expect(dialog).toBeHidden();
      const card = page
        .getByTestId('curso-card')
        .filter({ has: page.getByRole('heading', { name: titulo, exact: true }) });
      await expect(card).toContainText('R$ 1.200,00');
      await expect(card).toContainText('10x de R$ 120,00');
    });
  }

  test("the event form's dates are typed as dd/mm/aaaa", async ({ page }) => {
    await useSession(page, 'micro_franquia');
    await page.setViewportSize(PHONE);
    await page.goto('/eventos');
    await page.getByRole('button', { name: 'Criar Evento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo Evento' });
    const data = dialog.getByLabel('Data do evento');
    await expect(data).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    await data.pressSequentially('10052031');
    await expect(data).toHaveValue('10/05/2031');
    await expectAccessible(page);
  });
});
