import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, useSession } from './support';

/**
 * Lists at national scale (issue 21's event filter) and their daily use (issue 23: state in the address, live
 * lists, safe actions). Other specs run against the same server: this file only reads the demo rows.
 */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = process.env.LISTS_SHOTS_DIR;

// Each test opens a few screens on a shared 2-core machine.
test.describe.configure({ timeout: 60_000 });

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

for (const viewport of [DESKTOP, PHONE]) {
  test(`the franqueador finds an event by typing part of a school's name and Interesses filters (${viewport.width} px)`, async ({
    page,
  }) => {
    await useSession(page, 'franqueador');
    await page.setViewportSize(viewport);
    // Oldest first: the demo's rows lead the list however many sign-ups the other specs add (a Valinhos event's
    // among them).
    await page.goto('/interesses?sort=criadoEm');
    const table = page.getByRole('table', { name: 'Interesses' }).or(page.getByRole('list', { name: 'Interesses' }));
    await expect(page.getByText('Valinhos').filter({ visible: true }).first()).toBeVisible();

    const combobox = page.getByRole('combobox', { name: 'Evento', exact: true });
    await combobox.click();
    await expect(combobox).toHaveAttribute('aria-expanded', 'true');
    await combobox.fill('horizon');
    const listbox = page.getByRole('listbox');
    const options = listbox.getByRole('option');
    await expect(options.first()).toContainText('Colégio Horizonte');
    await expect(listbox.getByRole('option', { name: /Valinhos/ })).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: /resultado/ })).toBeVisible();
    await expectAccessible(page);
    await shot(page, `leads-combobox-open-${viewport.width}`);

    // The keyboard chooses: the first match, read out through aria-activedescendant.
    await expect(combobox).toHaveAttribute('aria-activedescendant', /.+/);
    const label = (await options.first().textContent())!.trim();
    await combobox.press('Enter');
    await expect(listbox).toHaveCount(0);
    await expect(combobox).toHaveValue(label);
    await expect(page).toHaveURL(/eventoId=[0-9a-f-]{36}/);
    await expect(page.getByText('Valinhos').filter({ visible: true })).toHaveCount(0);
    await expect(table.getByText('Colégio Horizonte').filter({ visible: true }).first()).toBeVisible();

    // A reload keeps the event and its label.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Evento', exact: true })).toHaveValue(label);
    await expect(page.getByText('Valinhos').filter({ visible: true })).toHaveCount(0);
  });
}

// Issue 23's list state and issue 46's short-search hint, in three tests: as one flow they took 27 s on a quiet
// machine and passed the 60 s limit on a slow day of the CI's.
for (const viewport of [DESKTOP, PHONE]) {
  test(`a list keeps its search in the address; Reload brings it back and a search too short is not sent (${viewport.width} px)`, async ({
    page,
  }) => {
    await useSession(page, 'franqueador');
    await page.setViewportSize(viewport);
    await page.goto('/usuarios');
    await page.getByLabel('Buscar', { exact: true }).fill('demo');
    await expect(page).toHaveURL(/[?&]q=demo/);
    await page.reload();
    await expect(page.getByLabel('Buscar', { exact: true })).toHaveValue('demo');
    await expect(page.getByRole('button', { name: 'Atualizar lista' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, `usuarios-${viewport.width}`);
    // Issue 46: a search too short to answer is not sent; the box says why and the address holds no search.
    await page.getByLabel('Buscar', { exact: true }).fill('de');
    await expect(page.getByLabel('Buscar', { exact: true })).toHaveAccessibleDescription(
      'Digite pelo menos 3 letras ou números para buscar.',
    );
    await expect(page).not.toHaveURL(/[?&]q=/);
    await page.getByLabel('Buscar', { exact: true }).fill('demo');
    await expect(page.getByLabel('Buscar', { exact: true })).not.toHaveAttribute('aria-describedby');
    await expect(page).toHaveURL(/[?&]q=demo/);
  });

  test(`Back and Forward bring a list's search and sort back (${viewport.width} px)`, async ({ page }) => {
    await useSession(page, 'franqueador');
    await page.setViewportSize(viewport);
    await page.goto('/usuarios');
    await page.getByLabel('Buscar', { exact: true }).fill('demo');
    // The search is in the address once typing pauses: the entry Back returns to holds it.
    await expect(page).toHaveURL(/[?&]q=demo/);

    await page.goto('/eventos');
    await page.getByLabel('Ordenar por').selectOption('nomeEscola');
    await expect(page).toHaveURL(/sort=nomeEscola/);
    await page.goBack();
    await expect(page).toHaveURL(/\/usuarios\?q=demo/);
    await expect(page.getByLabel('Buscar', { exact: true })).toHaveValue('demo');
    await page.goForward();
    await expect(page.getByLabel('Ordenar por')).toHaveValue('nomeEscola');
    await expectAccessible(page);
    await shot(page, `eventos-${viewport.width}`);
  });

  test(`Eventos answers one letter with the hint and a state alone as a search (${viewport.width} px)`, async ({
    page,
  }) => {
    await useSession(page, 'franqueador');
    await page.setViewportSize(viewport);
    await page.goto('/eventos');
    // Issue 46 on Eventos: one letter is the hint and is not sent; a state alone ('SP', SPEC §4) is a search.
    const eventos = page.getByRole('searchbox', { name: 'Buscar eventos' });
    await eventos.fill('s');
    await expect(eventos).toHaveAccessibleDescription('Digite pelo menos 3 letras ou números para buscar.');
    await expect(page).not.toHaveURL(/[?&]q=/);
    await expectAccessible(page);
    await eventos.fill('sp');
    await expect(page).toHaveURL(/[?&]q=sp/);
    await expect(eventos).not.toHaveAttribute('aria-describedby');
    await expect(page.getByText(/, SP · /).first()).toBeVisible();
    await expect(page.getByText(/, MG · /)).toHaveCount(0);
  });
}
