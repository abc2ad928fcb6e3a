import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createEventoComVagas, expectAccessible, noSideScroll, useSession } from './support';

/**
 * The vendedor's phone day and the operators' items (issue 51, ADR 087), at 1280 and 360 px with axe: the dashboard
 * opens on the follow-up queue, above the counts, all of it on the phone's first screen; a queue link opens the list
 * with its rows first and the filters folded into 'Filtros (N)'; Envios finds a family's e-mails by the whole
 * address only; the cliente's Leads says why it waits for an event and keeps 'Exportar CSV' until it can export.
 * Other specs run against the same server: this one changes nothing but its own family's sign-up.
 */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const tag = () => `${Date.now().toString(36)}${randomInt(1_000_000).toString(36)}`;

const QUEUE = [/^Retornos de hoje: \d+$/, /^Atrasados: \d+$/, /^Leads sem contato há mais de 48\sh: \d+$/] as const;

/** The top of an element on the page, in CSS pixels. */
async function topOf(page: Page, selector: Parameters<Page['locator']>[0]): Promise<number> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${String(selector)} is not shown`);
  return box.y;
}

test('the phone dashboard opens on the follow-up queue, and a queue link opens the rows first with the filters in a sheet', async ({
  page,
}) => {
  await useSession(page, 'vendedor');
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard do Vendedor' })).toBeVisible();
  const queue = page.getByRole('region', { name: 'Acompanhamento' });
  const metricas = page.getByRole('region', { name: 'Métricas' });
  await expect(metricas).toBeVisible();
  // What the first screen shows, without scrolling: the heading and the three queues, whole.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(queue.getByRole('heading', { name: 'Acompanhamento' })).toBeInViewport({ ratio: 1 });
  for (const name of QUEUE) await expect(queue.getByRole('link', { name })).toBeInViewport({ ratio: 1 });
  // Above the count cards.
  expect((await queue.boundingBox())!.y).toBeLessThan((await metricas.boundingBox())!.y);
  await noSideScroll(page);
  await expectAccessible(page);

  // 'Atrasados' (the demo's Gabriela Santos is overdue): the rows come first, the filters behind 'Filtros (1)'.
  await queue.getByRole('link', { name: QUEUE[1] }).click();
  await expect(page).toHaveURL(/\/interesses\?retorno=atrasados$/);
  const filtros = page.getByRole('button', { name: 'Filtros (1)' });
  await expect(filtros).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('combobox', { name: 'Evento', exact: true })).toHaveCount(0);
  await expect(page.getByText('Gabriela Santos').first()).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await noSideScroll(page);
  await expectAccessible(page);

  await filtros.click();
  const sheet = page.getByRole('dialog', { name: 'Filtros' });
  await expect(sheet.getByRole('combobox', { name: 'Evento', exact: true })).toBeVisible();
  await expect(sheet.getByRole('button', { name: /^Retorno: atrasados/ })).toBeVisible();
  await expectAccessible(page);
  await sheet.getByRole('button', { name: 'Ver resultados' }).click();
  await expect(sheet).toHaveCount(0);
  await expect(filtros).toBeFocused();

  // At 1280 px the queue still leads the dashboard, and the list's filters sit above it, unfolded.
  await page.setViewportSize(DESKTOP);
  await expect(page.getByRole('button', { name: /^Filtros \(/ })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Evento', exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/');
  await expect(queue.getByRole('link', { name: QUEUE[0] })).toBeInViewport({ ratio: 1 });
  expect(await topOf(page, 'section[aria-labelledby="acompanhamento-titulo"]')).toBeLessThan(
    (await metricas.boundingBox())!.y,
  );
  await expectAccessible(page);
});

test("Envios finds a family's e-mail by the whole address only, the list still masked", async ({ page }) => {
  // A family of this test's own signs up at an event of its own (the voucher e-mail is queued with its lead).
  await useSession(page, 'cliente');
  const eventoId = await createEventoComVagas(page, `Escola Envios ${tag()}`);
  const n = tag();
  const email = `envios.${n}@email.com.br`;
  const signUp = await page.request.post('/api/leads', {
    data: {
      eventoId,
      nomeAluno: `Aluno ${n} Envios`,
      nomeResponsavel: `Responsável ${n}`,
      email,
      telefone: '19987654321',
      consentimento: true,
    },
  });
  expect(signUp.status()).toBe(201);

  await useSession(page, 'franqueador');
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto('/envios');
    await expect(page.getByRole('heading', { level: 1, name: 'Envios' })).toBeVisible();
    const busca = page.getByRole('search', { name: 'Buscar por destinatário' });
    const campo = busca.getByRole('textbox', { name: 'Destinatário' });

    // Not an address: refused under the field, nothing asked of the server.
    await campo.fill(`envios.${n}`);
    await busca.getByRole('button', { name: 'Buscar' }).click();
    await expect(busca.getByText('Informe o e-mail completo do destinatário')).toBeVisible();
    await expect(campo).toHaveAttribute('aria-invalid', 'true');

    // A fragment that is still an address finds nothing.
    await campo.fill(email.replace(/\.br$/, ''));
    await busca.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByText('Nenhum envio para este destinatário')).toBeVisible();

    // The whole address, typed in capitals: the family's voucher e-mail, its address masked.
    await campo.fill(` ${email.toUpperCase()} `);
    await busca.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByText('1 envio', { exact: true })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText(/^e\*+@/).first()).toBeVisible();
    expect((await main.innerText()).toLowerCase()).not.toContain(email);
    await noSideScroll(page);
    await expectAccessible(page);

    await busca.getByRole('button', { name: 'Limpar busca' }).click();
    await expect(campo).toHaveValue('');
  }
});

test("the cliente's Leads says why it waits for an event, and 'Exportar CSV' waits with it", async ({ page }) => {
  await useSession(page, 'cliente');
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto('/leads');
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText('Selecione um evento', { exact: true })).toBeVisible();
    await expect(main.getByText(/Os leads são listados por evento/)).toBeVisible();
    const exportar = main.getByRole('button', { name: 'Exportar CSV' });
    await expect(exportar).toBeDisabled();
    await expect(exportar).toHaveAccessibleDescription('Escolha um evento para exportar');
    await expect(main.getByRole('link', { name: 'Exportar CSV' })).toHaveCount(0);
    // A list opened from no queue keeps its filters on top on a phone too (the sheet is the queues' own).
    if (viewport === PHONE) await expect(main.getByRole('button', { name: /^Filtros \(/ })).toHaveCount(0);
    await noSideScroll(page);
    await expectAccessible(page);
  }
  // A queue link lists without an event, and then the export is there.
  await page.goto('/leads?semContato=48h');
  await expect(page.getByRole('main').getByRole('link', { name: 'Exportar CSV' })).toBeVisible();
});
