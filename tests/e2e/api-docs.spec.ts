import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support';

/**
 * Issue 22: the API reference page renders the OpenAPI document under the app's CSP (no inline script, nothing
 * from another origin), lists who may call each operation, and is usable and accessible on a desktop and a phone.
 */

/** Every console error and uncaught exception, CSP refusals included. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content Security Policy|Refused to/i.test(message.text())) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

for (const width of [1280, 360]) {
  test(`the API reference at ${width} px: every operation with its roles, filterable, no CSP violation, axe clean`, async ({
    page,
  }) => {
    // Every operation of the API on one page, and axe over all of it: 44-49 s of its 60 on CI's two cores at the
    // start of a run (a clean-clone CI run of 2026-12-02), where the follow-up's tests beside it ran out of time.
    test.slow();
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    const errors = watchErrors(page);
    const document = await (await page.request.get('/api/openapi.json')).json();
    const operations = Object.values(document.paths as Record<string, object>).reduce(
      (sum: number, item) => sum + Object.keys(item).length,
      0,
    );

    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { level: 1, name: 'Referência da API' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(`${operations} operações`);
    await page.screenshot({ path: test.info().outputPath(`api-docs-${width}.png`) });

    const create = page.locator('details.op', { hasText: 'POST/api/clientes' }).filter({
      has: page.locator('.path', { hasText: /^\/api\/clientes$/ }),
    });
    await expect(create.locator('.roles')).toHaveText('Quem pode: Micro-franquia, Vendedor');
    await create.locator('summary').click();
    await expect(create.getByRole('heading', { name: 'Corpo (JSON)' })).toBeVisible();
    await expect(create.getByText('nomeFantasia', { exact: true }).first()).toBeVisible();
    await expect(create.getByText('201', { exact: true })).toBeVisible();
    await create.screenshot({ path: test.info().outputPath(`api-docs-${width}-operacao.png`) });

    await page.getByLabel('Filtrar rotas').fill('token métricas');
    await expect(page.getByRole('status')).toHaveText(`1 de ${operations} operações`);
    await expect(page.locator('details.op:visible')).toHaveCount(1);
    await expect(page.locator('details.op:visible .roles')).toHaveText('Quem pode: Token de métricas');
    await page.getByLabel('Filtrar rotas').fill('');
    await expect(page.getByRole('status')).toHaveText(`${operations} operações`);

    // Nothing wider than the screen: a long path wraps instead of scrolling the page sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });
}
