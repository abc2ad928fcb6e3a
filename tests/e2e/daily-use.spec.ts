import { expect, test, type Page } from '@playwright/test';
import { makeCpf } from '../../src/shared/brazil-ids';
import { expectAccessible, useSession } from './support';

/**
 * Daily use (issue 23): what staff and families hit when they use the product for a day, at 1280 and 360 px.
 * Other specs run against the same server: every row this spec adds is its own.
 */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const randomCpf = () => makeCpf(String(100_000_000 + Math.floor(Math.random() * 899_999_999)));

/** Nothing on the page is wider than the window: no list scrolls sideways or cuts its last column. */
async function expectNoOverflow(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const clipped = await page.evaluate(
    () =>
      [...document.querySelectorAll('table')].filter((t) => t.scrollWidth > (t.parentElement?.clientWidth ?? 0) + 1)
        .length,
  );
  expect(clipped).toBe(0);
}

for (const role of ['micro_franquia', 'vendedor'] as const) {
  test(`/clientes fits at 1280 px and becomes cards at 360 px for the ${role}, one row-action menu`, async ({
    page,
  }) => {
    await useSession(page, role);
    await page.setViewportSize(DESKTOP);
    await page.goto('/clientes');
    const table = page.getByRole('table', { name: 'Lista de clientes' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expectNoOverflow(page, DESKTOP.width);
    const acoes = table.getByRole('button', { name: /^Ações de / }).first();
    await expect(acoes).toBeVisible();
    await acoes.click();
    await expect(page.getByRole('menuitem', { name: 'Editar' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: /^(Desativar|Ativar)$/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expectAccessible(page);

    await page.setViewportSize(PHONE);
    await expectNoOverflow(page, PHONE.width);
    // A card: the row's cells stack, each under the one before.
    const cells = table.getByRole('row').nth(1).getByRole('cell');
    const [first, second] = [await cells.nth(0).boundingBox(), await cells.nth(1).boundingBox()];
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    await expectAccessible(page);
  });
}

test('a pré-matrícula that arrives during the event shows as "1 novo — atualizar", then in the list', async ({
  page,
}) => {
  await useSession(page, 'cliente');
  await page.setViewportSize(DESKTOP);
  await page.goto('/pre-matriculas');
  const table = page.getByRole('table', { name: 'Pré-Matrículas' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const eventos = (await (await page.request.get('/api/public/eventos?cidade=Campinas')).json()) as { id: string }[];
  const id = unique();
  const nome = `Aluno Ao Vivo ${id}`;
  const created = await page.request.post('/api/pre-matriculas', {
    data: {
      eventoId: eventos[0]!.id,
      nomeAluno: nome,
      nomeResponsavel: `Responsável Ao Vivo ${id}`,
      cpfAluno: randomCpf(),
      cpfResponsavel: randomCpf(),
      email: `ao.vivo.${id}@email.com`,
      telefone: '19987654321',
      consentimento: true,
    },
  });
  expect(created.status()).toBe(201);
  // The window regains focus (another tab, another app): the list reads again without moving its rows.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
  const novos = page.getByRole('button', { name: /^\d+ novos? — atualizar$/ });
  await expect(novos).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(nome) })).toHaveCount(0);
  await expectAccessible(page);
  await novos.click();
  await expect(table.getByRole('row', { name: new RegExp(nome) })).toBeVisible();
  await expect(novos).toHaveCount(0);
});

test("the activation records the 'Curso de interesse' chosen among the event's courses", async ({ page, browser }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/credito-ativacao');
  await page.getByLabel('Cidade').selectOption('Contagem');
  const evento = page.getByLabel('Evento');
  await evento.selectOption(
    (await evento.locator('option', { hasText: 'Instituto Saber Contagem' }).getAttribute('value'))!,
  );
  const curso = page.getByLabel(/Curso de interesse/);
  await expect(curso.locator('option')).toHaveText(['Ainda não sei', 'Informática Básica']);
  await curso.selectOption({ label: 'Informática Básica' });
  const id = unique();
  const nome = `Aluno Curso ${id}`;
  await page.getByLabel('Nome do aluno').fill(nome);
  await page.getByLabel('CPF do aluno').fill(randomCpf());
  await page.getByLabel('Nome do responsável').fill(`Responsável Curso ${id}`);
  await page.getByLabel('CPF do responsável').fill(randomCpf());
  await page.getByLabel('Email').fill(`curso.${id}@email.com`);
  await page.getByLabel('Telefone (WhatsApp)').fill('31987654321');
  await page.getByRole('checkbox', { name: /autorizo o uso destes dados/ }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'ATIVAR MEU CRÉDITO GRATUITO' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'PARABÉNS!' })).toBeVisible();

  const staff = await browser.newPage();
  try {
    await useSession(staff, 'franqueador');
    await staff.goto(`/pre-matriculas`);
    await staff.getByRole('searchbox', { name: 'Buscar' }).fill(nome);
    await expect(staff.getByRole('row', { name: new RegExp(nome) })).toContainText('Informática Básica');
  } finally {
    await staff.close();
  }
});

test('the event form shows every error on the first submit, the missing client and a late distribution too', async ({
  page,
}) => {
  await useSession(page, 'micro_franquia');
  await page.goto('/eventos');
  await page.getByRole('button', { name: 'Criar Evento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Evento' });
  await dialog.getByLabel('Data de distribuição').fill('2031-05-20');
  await dialog.getByLabel('Data do evento').fill('2031-05-10');
  await dialog.getByRole('button', { name: 'Criar Evento' }).click();
  await expect(dialog.getByText('Cliente é obrigatório')).toBeVisible();
  await expect(dialog.getByText('Nome da escola é obrigatório')).toBeVisible();
  await expect(dialog.getByText('A data de distribuição deve ser no dia do evento ou antes dele')).toBeVisible();
  await expectAccessible(page);
});
