import { expect, test } from '@playwright/test';
import { expectAccessible } from './support';

/**
 * The suite's accessibility check itself (ADR 126): under the product's CSP, a serious violation fails the scan --
 * on a document axe has already scanned and on a fresh one.
 */
test('expectAccessible finds a serious violation on a page it scanned before and on a fresh one', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Entrar na conta' })).toBeVisible();
  await expectAccessible(page);
  // A button with no name: axe's `button-name`, critical.
  await page.evaluate(() => document.body.append(document.createElement('button')));
  await expect(expectAccessible(page)).rejects.toThrow(/button-name/);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Entrar na conta' })).toBeVisible();
  await page.evaluate(() => document.body.append(document.createElement('button')));
  await expect(expectAccessible(page)).rejects.toThrow(/button-name/);
});
