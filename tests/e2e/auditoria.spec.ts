import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { makeCnpj, makeCpf } from '../../src/shared/brazil-ids';
import { AUDITORIA_CSV_COLUMNS } from '../../src/shared/schemas/auditoria';
import { DEMO_ACCOUNTS, authFile, expectAccessible, useSession } from './support';

/**
 * Auditoria end to end (issue 17): the demo micro-franquia changes a cliente of its own in the Clientes edit
 * dialog; the franqueador finds 'Alterou o cliente' on Auditoria, by the action and by who did it, and opens it
 * as before and after; the franquia and the micro-franquia read their own trail, the vendedor may not; axe and
 * no sideways scrolling at 1280 and 360 px. Other specs write to the trail while this one runs, so the row is
 * told apart by its cliente's id, which the table shows.
 */

const TAG = `${Date.now().toString(36)}${randomInt(1_000_000).toString(36)}`;
const digits = (n: number) => String(randomInt(10 ** (n - 1), 10 ** n));

interface Criado {
  id: string;
  nomeFantasia: string;
}

/** A cliente of the demo micro-franquia's own, stored through the API its screen uses. */
async function criarCliente(page: Page): Promise<Criado> {
  const response = await page.request.post('/api/clientes', {
    data: {
      nomeFantasia: `Escola Auditoria ${TAG}`,
      cnpj: makeCnpj(digits(12)),
      repLegal: 'Helena Prado',
      produto: 'todos_pela_educacao',
      kit: 'essencial',
      cpf: makeCpf(digits(9)),
      telefone: '19987654321',
      endereco: 'Av. Brasil, 200 - Centro',
      cep: '13010111',
      cidade: 'Campinas',
      estado: 'SP',
      email: `cliente.auditoria.${TAG}@e2e.com.br`,
      password: 'senha-e2e-123',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Criado;
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test('a micro-franquia changes a cliente; the franqueador finds the change on Auditoria and reads its before and after', async ({
  page,
  browser,
}) => {
  // Two roles, a dozen filters and axe at both widths in one flow: on 2026-11-29, with CI's browser suite and the
  // demo's year side by side on two cores (load 13), it reached its last click at 90 s.
  test.setTimeout(150_000);

  // The micro-franquia renames its cliente and changes its legal representative in the edit dialog.
  const microContext = await browser.newContext({ storageState: authFile('micro_franquia') });
  const micro = await microContext.newPage();
  const cliente = await criarCliente(micro);
  const novoNome = `Colégio Auditado ${TAG}`;
  await micro.goto('/clientes');
  await micro.getByLabel('Buscar clientes').fill(cliente.nomeFantasia);
  const row = micro.getByRole('row', { name: new RegExp(cliente.nomeFantasia) });
  await row.getByRole('button', { name: `Ações de ${cliente.nomeFantasia}` }).click();
  await micro.getByRole('menuitem', { name: 'Editar' }).click();
  const edit = micro.getByRole('dialog', { name: 'Editar Cliente' });
  await edit.getByLabel('Nome Fantasia').fill(novoNome);
  await edit.getByLabel('Representante Legal').fill('Beatriz Nogueira');
  await edit.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(micro.getByText('Cliente atualizado', { exact: true }).first()).toBeVisible();
  await expect(edit).toBeHidden();

  // The micro-franquia reads its own trail: the change is there.
  await micro.goto('/');
  await micro.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Auditoria' }).click();
  await expect(micro.getByRole('heading', { level: 1, name: 'Auditoria' })).toBeVisible();
  await expect(
    micro
      .getByRole('table', { name: 'Registros de auditoria' })
      .getByRole('row', { name: /Alterou o cliente/ })
      .first(),
  ).toBeVisible();
  await microContext.close();

  // The franqueador, at 1280 px: finds it by the action and by who did it.
  await useSession(page, 'franqueador');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Auditoria' }).click();
  await expect(page).toHaveURL(/\/auditoria$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Auditoria' })).toBeVisible();
  await expect(page.getByText('Quem fez o quê, quando e de onde')).toBeVisible();
  const tabela = page.getByRole('table', { name: 'Registros de auditoria' });
  await expect(tabela.getByRole('row').nth(1)).toBeVisible();

  await page.getByRole('combobox', { name: 'Ação' }).click();
  await page.getByRole('option', { name: 'Alterou o cliente', exact: true }).click();
  await expect(page).toHaveURL(/acao=cliente\.editar/);
  await page.getByLabel('Quem fez').fill(DEMO_ACCOUNTS.micro_franquia);
  await expect(page).toHaveURL(/q=micro%40demo\.com\.br/);

  const id8 = cliente.id.slice(0, 8);
  const linha = tabela.getByRole('row').filter({ hasText: id8 });
  await expect(linha).toHaveCount(1);
  await expect(linha).toContainText('Alterou o cliente');
  await expect(linha).toContainText('Micro-franquia');
  await expect(linha.getByRole('link', { name: 'Cliente', exact: true })).toHaveAttribute('href', '/clientes');
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);

  // The CSV carries the same filters: this change is in it, in words.
  await expect(page.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
    'href',
    /^\/api\/auditoria\/export\.csv\?acao=cliente\.editar&q=micro%40demo\.com\.br$/,
  );
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exportar CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^auditoria-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const [header, ...lines] = csv.split('\r\n').filter(Boolean);
  expect(header).toBe(AUDITORIA_CSV_COLUMNS.map((column) => `"${column}"`).join(';'));
  const csvLine = lines.find((line) => line.includes(cliente.id));
  expect(csvLine, csv).toContain('"Alterou o cliente"');
  expect(lines.every((line) => line.includes('"cliente.editar"'))).toBe(true);

  // A click on the row opens it: before and after.
  await linha.getByText('Alterou o cliente').click();
  const dialog = page.getByRole('dialog', { name: 'Alterou o cliente' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(DEMO_ACCOUNTS.micro_franquia)).toBeVisible();
  await expect(dialog.getByText(cliente.id)).toBeVisible();
  const alteracoes = dialog.getByRole('table', { name: /Alterações/ });
  await expect(alteracoes.getByRole('row', { name: /Nome fantasia/ })).toHaveText(
    new RegExp(`Nome fantasia\\s*${cliente.nomeFantasia}\\s*${novoNome}`),
  );
  // A person's name is kept masked in the trail.
  await expect(alteracoes.getByRole('row', { name: /Representante legal/ })).toHaveText(
    /Representante legal\s*H\*\*\* P\*\*\*\s*B\*\*\* N\*\*\*/,
  );
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The record's whole history, from its id in the row: a chip says so.
  await linha.getByRole('link', { name: `Ver todo o histórico do registro ${id8}` }).click();
  await expect(page).toHaveURL(new RegExp(`entidadeId=${cliente.id}`));
  await expect(page.getByRole('button', { name: new RegExp(`^Registro: Cliente ${id8}`) })).toBeVisible();
  await page.getByRole('button', { name: 'Limpar filtros' }).click();
  await expect(page).toHaveURL(/\/auditoria$/);
  await page.getByRole('combobox', { name: 'Tipo de registro' }).click();
  await page.getByRole('option', { name: 'Cliente', exact: true }).click();
  await page.getByLabel('Quem fez').fill(DEMO_ACCOUNTS.micro_franquia);
  await expect(tabela.getByRole('row').filter({ hasText: id8 })).toHaveCount(2);
  await expect(tabela.getByRole('row').filter({ hasText: id8 }).last()).toContainText('Cadastrou o cliente');

  // On a phone the rows are cards; Detalhes opens the same change.
  await page.setViewportSize({ width: 360, height: 780 });
  const cards = page.getByRole('list', { name: 'Registros de auditoria' });
  const card = cards.getByRole('listitem').filter({ hasText: 'Alterou o cliente' }).filter({ hasText: id8 });
  await expect(card).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await card.getByRole('button', { name: /^Detalhes: Alterou o cliente/ }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('table', { name: /Alterações/ })).toContainText(novoNome);
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
});

test('the franquia reads its part of the trail at 1280 and 360 px', async ({ page }) => {
  await useSession(page, 'franquia');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/auditoria');
  await expect(page.getByRole('heading', { level: 1, name: 'Auditoria' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute('href', '/api/auditoria/export.csv');
  await expect(page.getByTestId('count-badge')).toHaveText(/\d+ registros?/);
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 780 });
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
});

test('the vendedor may not open Auditoria, nor see it in the menu', async ({ page }) => {
  await useSession(page, 'vendedor');
  await page.goto('/');
  await expect(
    page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Auditoria' }),
  ).toHaveCount(0);
  await page.goto('/auditoria');
  await expect(page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
  await expect(page.getByText('Você não tem permissão para acessar esta página.')).toBeVisible();
});
