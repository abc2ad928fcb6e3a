import { expect, test, type Page } from '@playwright/test';
import { makeCnpj, makeCpf } from '../../src/shared/brazil-ids';
import { SIDEBAR_LINKS, type Role } from '../../src/shared/roles';
import { expectAccessible, useSession } from './support';

/**
 * Lists and safe actions (issue 23, ADR 036): sortable headers kept in the address, confirmations naming the
 * record, 'Desfazer' where an act can be undone, dialogs that ask before losing typed data, and no list wider than
 * the screen at 1280 px. Every row this spec changes is its own.
 */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
let serial = 0;
const uniqueDigits = (length: number) => {
  serial += 1;
  return `${Date.now()}${serial}${Math.floor(Math.random() * 1000)}`.slice(-length).padStart(length, '7');
};

const foldName = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The first cell's main text of each row (the name). */
async function firstColumn(page: Page, table: string): Promise<string[]> {
  // The previous answer's rows stay on screen while the new sort is asked for, with the table busy (aria-busy).
  await expect(page.getByRole('table', { name: table })).not.toHaveAttribute('aria-busy', 'true');
  const rows = page.getByRole('table', { name: table }).getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  return rows.evaluateAll((trs) =>
    trs
      .slice(1)
      // The name: the record button's own text (without its screen-reader suffix) or the plain cell.
      .map((tr) => tr.querySelector('td button.font-medium > span, td span.font-medium')?.textContent?.trim() ?? '')
      .filter(Boolean),
  );
}

test('a header click sorts the list on the server and the address keeps it across a reload', async ({ page }) => {
  await useSession(page, 'franqueador');
  await page.setViewportSize(DESKTOP);
  await page.goto('/clientes');
  const table = page.getByRole('table', { name: 'Lista de clientes' });
  const header = table.getByRole('columnheader', { name: 'Nome Fantasia' });
  await expect(header).toHaveAttribute('aria-sort', 'none');

  await header.getByRole('button', { name: 'Nome Fantasia' }).click();
  await expect(page).toHaveURL(/[?&]sort=nome(&|$)/);
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  const ascending = await firstColumn(page, 'Lista de clientes');
  expect(ascending.map(foldName)).toEqual([...ascending.map(foldName)].sort());

  await header.getByRole('button', { name: 'Nome Fantasia' }).click();
  await expect(page).toHaveURL(/[?&]sort=-nome(&|$)/);
  await expect(header).toHaveAttribute('aria-sort', 'descending');

  await page.reload();
  await expect(page).toHaveURL(/[?&]sort=-nome(&|$)/);
  await expect(table.getByRole('columnheader', { name: 'Nome Fantasia' })).toHaveAttribute('aria-sort', 'descending');
  const descending = await firstColumn(page, 'Lista de clientes');
  expect(descending.map(foldName)).toEqual([...descending.map(foldName)].sort().reverse());
  await expectAccessible(page);
});

test('a funnel list sorts by its date, oldest first, and keeps it in the address', async ({ page }) => {
  await useSession(page, 'franqueador');
  await page.setViewportSize(DESKTOP);
  await page.goto('/pre-matriculas');
  const table = page.getByRole('table', { name: 'Pré-Matrículas' });
  const header = table.getByRole('columnheader', { name: 'Ativada em' });
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await header.getByRole('button').click();
  await expect(page).toHaveURL(/[?&]sort=criadoEm(&|$)/);
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await page.reload();
  await expect(table.getByRole('columnheader', { name: 'Ativada em' })).toHaveAttribute('aria-sort', 'ascending');
});

test('deactivating a cliente asks first, naming it', async ({ page }) => {
  await useSession(page, 'micro_franquia');
  const nome = `Colégio Confirmação ${uniqueDigits(6)}`;
  const created = await page.request.post('/api/clientes', {
    data: {
      nomeFantasia: nome,
      cnpj: makeCnpj(uniqueDigits(12)),
      repLegal: 'Marta Confirmação',
      cpf: makeCpf(uniqueDigits(9)),
      telefone: '19988887777',
      endereco: 'Rua das Confirmações, 1',
      cep: '13010111',
      cidade: 'Campinas',
      estado: 'SP',
      email: `confirma.${uniqueDigits(10)}@e2e.com.br`,
      password: 'senha-e2e-123',
      produto: 'todos_pela_educacao',
      kit: 'essencial',
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.setViewportSize(DESKTOP);
  await page.goto(`/clientes?q=${encodeURIComponent(nome)}`);
  const row = page.getByRole('row', { name: new RegExp(nome) });
  await row.getByRole('button', { name: `Ações de ${nome}` }).click();
  await page.getByRole('menuitem', { name: 'Desativar' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Desativar o cliente ${nome}?` });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  // Cancelar changes nothing.
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(row).toContainText('Ativo');

  await row.getByRole('button', { name: `Ações de ${nome}` }).click();
  await page.getByRole('menuitem', { name: 'Desativar' }).click();
  await page
    .getByRole('alertdialog', { name: `Desativar o cliente ${nome}?` })
    .getByRole('button', { name: 'Desativar' })
    .click();
  await expect(page.getByText('Cliente desativado', { exact: true }).first()).toBeVisible();
  await expect(row).toContainText('Inativo');
});

test("deactivating a course acts at once and 'Desfazer' in the toast activates it again", async ({ page }) => {
  await useSession(page, 'cliente');
  const titulo = `Curso Desfazer ${uniqueDigits(6)}`;
  const created = await page.request.post('/api/cursos', {
    data: { titulo, valor: 900, parcelas: 1, modulos: [{ titulo: 'Único', modulo: '1', cargaHoraria: 10 }] },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.setViewportSize(DESKTOP);
  await page.goto('/cursos?sort=nome');
  const card = page.getByTestId('curso-card').filter({ has: page.getByRole('heading', { name: titulo }) });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Desativar ${titulo}` }).click();
  await expect(page.getByText('Curso desativado', { exact: true }).first()).toBeVisible();
  await expect(card.getByText('Inativo', { exact: true })).toBeVisible();
  // The toast's own button (Radix announces the toast's text in a separate live region).
  const notifications = page.getByRole('region', { name: /Notificações/ });
  await notifications.getByRole('button', { name: 'Desfazer' }).click();
  await expect(page.getByText('Curso reativado', { exact: true }).first()).toBeVisible();
  await expect(card.getByText('Ativo', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: `Desativar ${titulo}` })).toBeVisible();
  await expectAccessible(page);
});

/** The micro-franquia's 'Novo Cliente' with a name typed, and Esc pressed: the question it asks, open. */
async function askBeforeLosingNovoCliente(page: Page) {
  await useSession(page, 'micro_franquia');
  await page.setViewportSize(DESKTOP);
  await page.goto('/clientes');
  await page.getByRole('button', { name: 'Novo Cliente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Cliente' });
  await dialog.getByLabel('Nome Fantasia').fill('Escola Quase Perdida');
  await page.keyboard.press('Escape');
  const ask = page.getByRole('alertdialog', { name: 'Descartar as alterações?' });
  await expect(ask).toBeVisible();
  return { dialog, ask };
}

test("a dialog with typed data asks 'Descartar as alterações?' before Esc closes it", async ({ page }) => {
  const { dialog, ask } = await askBeforeLosingNovoCliente(page);
  await expectAccessible(page);
  await ask.getByRole('button', { name: 'Continuar editando' }).click();
  await expect(ask).toBeHidden();
  await expect(dialog.getByLabel('Nome Fantasia')).toHaveValue('Escola Quase Perdida');

  // A click outside asks too; 'Descartar' closes the dialog.
  await page.mouse.click(5, 5);
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Descartar' }).click();
  await expect(dialog).toBeHidden();

  // An untouched dialog closes on Esc at once.
  await page.getByRole('button', { name: 'Novo Cliente' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(ask).toBeHidden();
});

test("a click on the backdrop right after 'Continuar editando' asks again, even on a renderer short of CPU", async ({
  page,
}) => {
  const { dialog, ask } = await askBeforeLosingNovoCliente(page);
  // CI's machine, busy: the page's timers run late, and the click arrives before them (the run of 2026-11-30 lost
  // this click, and the question never came).
  await page.evaluate(() => {
    const original = window.setTimeout;
    const late = (handler: TimerHandler, ms?: number, ...args: unknown[]) =>
      original(handler, (ms ?? 0) + 3000, ...args);
    window.setTimeout = late as typeof window.setTimeout;
  });
  await ask.getByRole('button', { name: 'Continuar editando' }).click();
  await expect(ask).toBeHidden();
  await page.mouse.click(5, 5);
  await expect(ask).toBeVisible({ timeout: 2000 });
  await ask.getByRole('button', { name: 'Descartar' }).click();
  await expect(dialog).toBeHidden();
});

test('fields side by side keep their controls in line when a neighbour shows an error (defect 10)', async ({
  page,
}) => {
  await useSession(page, 'micro_franquia');
  await page.setViewportSize(DESKTOP);
  await page.goto('/clientes');
  await page.getByRole('button', { name: 'Novo Cliente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Cliente' });
  await dialog.getByLabel('CNPJ').fill('123');
  await dialog.getByRole('button', { name: 'Criar Cliente' }).click();
  await expect(dialog.getByText(/CNPJ/).nth(1)).toBeVisible();
  // Every row of two fields: both controls start at the same height.
  const misaligned = await dialog.evaluate((root) => {
    const fields = [...root.querySelectorAll<HTMLElement>('[data-field]')];
    const byRow = new Map<number, number[]>();
    for (const field of fields) {
      const control = field.children[1] as HTMLElement | undefined;
      if (!control) continue;
      const row = Math.round(field.getBoundingClientRect().top);
      byRow.set(row, [...(byRow.get(row) ?? []), Math.round(control.getBoundingClientRect().top)]);
    }
    return [...byRow.values()].filter((tops) => Math.max(...tops) - Math.min(...tops) > 1).length;
  });
  expect(misaligned).toBe(0);
  await page.screenshot({ path: test.info().outputPath('novo-cliente-erros.png') });
});

/** Every list screen of each role's sidebar. */
const LIST_PATHS = new Set([
  '/franquias',
  '/micro-franquias',
  '/clientes',
  '/cursos',
  '/eventos',
  '/leads',
  '/interesses',
  '/pre-matriculas',
  '/matriculas',
  '/sac',
  '/usuarios',
  '/auditoria',
  '/lgpd',
  '/envios',
  '/integracoes',
]);
const STAFF: Role[] = ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente'];

for (const role of STAFF) {
  test(`no list of the ${role} is wider than its container at 1280 px`, async ({ page }) => {
    test.slow();
    await useSession(page, role);
    await page.setViewportSize(DESKTOP);
    const overflowing: string[] = [];
    for (const { path } of SIDEBAR_LINKS[role].filter((link) => LIST_PATHS.has(link.path))) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Wait for the rows (or the list's notice) before measuring.
      await page.waitForLoadState('networkidle');
      const wide = await page.evaluate(() => {
        const out: string[] = [];
        if (document.documentElement.scrollWidth > document.documentElement.clientWidth) out.push('page');
        for (const table of document.querySelectorAll('table')) {
          const box = table.parentElement!;
          if (box.scrollWidth > box.clientWidth + 1) {
            out.push(`${table.getAttribute('aria-label') ?? 'table'} ${box.scrollWidth} > ${box.clientWidth}`);
          }
        }
        return out;
      });
      if (wide.length) overflowing.push(`${path}: ${wide.join(', ')}`);
    }
    expect(overflowing).toEqual([]);
  });
}

for (const viewport of [DESKTOP, PHONE]) {
  test(`the changed screens pass axe at ${viewport.width} px`, async ({ page }) => {
    test.slow();
    await page.setViewportSize(viewport);
    await useSession(page, 'franqueador');
    for (const path of [
      '/clientes?sort=status',
      '/usuarios?sort=-nome',
      '/interesses',
      '/pre-matriculas?sort=criadoEm',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page);
    }
    await page.context().clearCookies();
    await useSession(page, 'cliente');
    for (const path of ['/cursos?sort=nome', '/pre-matriculas']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page);
    }
    await page.screenshot({ path: test.info().outputPath(`pre-matriculas-${viewport.width}.png`), fullPage: true });
  });
}
