import { expect, test } from '@playwright/test';
import { expectAccessible, noSideScroll, useSession } from './support';

/**
 * Financeiro (issue 43, ADR 077): 'Inadimplência' -- the overdue rate and aging with Relatórios' filter bar -- and
 * the Parcelas list's 'Exportar CSV', reached from the sidebar, accessible at 1280 and 360 px. The demo network
 * alone (this suite's) bills nothing until a family accepts: the figures are whatever the other specs billed, so
 * this one checks what is always true -- a rate that is a number, the aging's four buckets, the file's columns.
 * demo-alive.spec.ts checks both screens show data with the demo's year of activity.
 */

test('the franqueador opens Inadimplência from Financeiro, groups it, reads a chart as a table, at 1280 and 360 px', async ({
  page,
}) => {
  await useSession(page, 'franqueador');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const financeiro = page.getByRole('navigation', { name: 'Financeiro' }).getByRole('link', { name: 'Inadimplência' });
  await financeiro.click();
  await expect(page).toHaveURL(/\/financeiro\/inadimplencia$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inadimplência' })).toBeVisible();
  // The last 12 months by default, grouped by franquia.
  await expect(page.getByLabel('Período')).toContainText('Últimos 12 meses');
  await expect(page.getByTestId('inadimplencia-taxa')).toContainText(/^Taxa de inadimplência\d+,\d%$/);
  await expect(page.getByRole('main')).not.toContainText('NaN');
  await page.getByLabel('Agrupar por').click();
  await expect(page.getByRole('option')).toHaveText(['Franquia', 'Micro-franquia', 'Vendedor', 'Cliente', 'Evento']);
  await page.getByRole('option', { name: 'Cliente' }).click();
  await expect(page).toHaveURL(/agrupar=cliente/);
  await expect(page.getByRole('heading', { name: 'Por cliente' })).toBeVisible();
  const aging = page.getByRole('figure', { name: /Aging/ });
  if (await aging.isVisible()) {
    await aging.getByRole('button', { name: 'Ver como tabela' }).click();
    await expect(aging.getByRole('table', { name: 'Aging: dados' }).getByRole('rowheader')).toHaveText([
      '1 a 30 dias',
      '31 a 60 dias',
      '61 a 90 dias',
      'Mais de 90 dias',
      'Total vencido',
    ]);
  }
  await expectAccessible(page);

  await page.setViewportSize({ width: 360, height: 780 });
  await page.reload();
  await expect(page.getByTestId('inadimplencia-vencido')).toContainText(/R\$/);
  await noSideScroll(page);
  await expectAccessible(page);
});

test("the cliente exports its parcelas as CSV from Financeiro > Parcelas, with the list's filter", async ({ page }) => {
  await useSession(page, 'cliente');
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/financeiro/parcelas?status=vencida');
  const exportar = page.getByRole('link', { name: 'Exportar CSV' });
  await expect(exportar).toHaveAttribute('href', '/api/parcelas/export.csv?status=vencida');
  const download = page.waitForEvent('download');
  await exportar.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^parcelas_\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (await file.createReadStream()).toArray();
  const header = Buffer.concat(text)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)[0];
  expect(header).toContain('Aluno');
  expect(header).toContain('Vencimento');
  expect(header).toContain('Valor Líquido');
  await noSideScroll(page);
  await expectAccessible(page);
});

/**
 * A network's summary figures are one unbreakable line each ('R$ 12.345.678,90'): each fits its card at every width
 * the layout changes at -- a phone, beside the sidebar, four cards a row at 1280 and 1536 px. The real answer, its
 * totals made a large network's.
 */
test("Inadimplência's summary figures fit their cards at every width, a large network's amounts included", async ({
  page,
}) => {
  await useSession(page, 'franqueador');
  await page.route('**/api/relatorios/inadimplencia?*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { totais: Record<string, number> };
    body.totais = { ...body.totais, valorDevido: 12_345_678.9, valorVencido: 1_234_567.89, parcelasVencidas: 123_456 };
    await route.fulfill({ response, json: body });
  });
  for (const width of [360, 640, 1024, 1280, 1536]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/financeiro/inadimplencia');
    await expect(page.getByTestId('inadimplencia-devido')).toContainText('R$ 12.345.678,90');
    const figures = page.locator('[data-testid^="inadimplencia-"] p');
    await expect(figures).toHaveCount(4);
    // A figure wider than its card's content spills over the card's edge (or under the next card).
    const spilled = await figures.evaluateAll((ps) =>
      ps.filter((p) => p.scrollWidth > p.clientWidth).map((p) => p.textContent),
    );
    expect(spilled, `${width} px`).toEqual([]);
    await noSideScroll(page);
  }
});
