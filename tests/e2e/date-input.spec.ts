import { expect, test } from '@playwright/test';
import { expectAccessible, useSession } from './support';

/**
 * Issue 23: dates read and typed as dd/mm/aaaa with a pt-BR calendar, whatever the browser's language (a
 * browser in English showed mm/dd/yyyy in the native date inputs).
 */
test.use({ locale: 'en-US' });

for (const width of [1280, 360]) {
  test(`an English browser types and picks dd/mm/aaaa on the funnel's date filter at ${width} px`, async ({ page }) => {
    await useSession(page, 'franqueador');
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/pre-matriculas');
    const data = page.getByLabel('Data do evento');
    await expect(data).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    await data.pressSequentially('06122026');
    await expect(data).toHaveValue('06/12/2026');
    await expect(page).toHaveURL(/data=2026-12-06/);

    await page.getByRole('button', { name: 'Escolher no calendário' }).click();
    const calendar = page.getByRole('dialog', { name: 'Calendário' });
    await expect(calendar).toContainText('dezembro 2026');
    await expectAccessible(page);
    await calendar.getByRole('button', { name: /14/ }).first().click();
    await expect(data).toHaveValue('14/12/2026');
    await expect(page).toHaveURL(/data=2026-12-14/);
  });
}
