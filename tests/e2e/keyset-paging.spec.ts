import { expect, test, type Locator, type Page } from '@playwright/test';
import { createEventoComVagas, expectAccessible, noSideScroll, useSession } from './support';

/**
 * Keyset paging (issue 46): the cliente's Leads pages forward and back by the cursor the server names, kept in the
 * address with the page's number, so a reload and Back open the same rows. Other specs run against the same
 * server: the rows paged here are this spec's own, on an event of its own.
 */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
/** A name the public forms take: letters only, the token spelled in letters. */
const lettersOf = (token: string) => token.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);

test.describe.configure({ timeout: 90_000 });

/** `KEYSET_SHOTS=<dir>` keeps a picture of each step for a person to look at. */
async function shot(page: Page, name: string) {
  if (process.env.KEYSET_SHOTS) await page.screenshot({ path: `${process.env.KEYSET_SHOTS}/${name}.png` });
}

/** `n` public sign-ups on a new event of the demo cliente's; its id. */
async function eventoComInscricoes(page: Page, nome: string, n: number): Promise<string> {
  await useSession(page, 'cliente');
  const eventoId = await createEventoComVagas(page, `Escola ${nome}`, 1000);
  for (let i = 0; i < n; i++) {
    const response = await page.request.post('/api/leads', {
      data: {
        eventoId,
        nomeAluno: `Aluno ${nome} ${lettersOf(String(i).padStart(2, '0'))}`,
        nomeResponsavel: `Responsável ${nome}`,
        email: `${nome.toLowerCase().replace(/\s/g, '')}.${i}@email.com.br`,
        telefone: '(19) 98765-4321',
        consentimento: true,
      },
    });
    expect(response.status()).toBe(201);
  }
  return eventoId;
}

/** The students on the page, in its order (the table at 1280 px, the cards' list at 360 px). */
async function alunos(page: Page, nome: string): Promise<string[]> {
  const list: Locator = page.getByRole('table', { name: 'Leads' }).or(page.getByRole('list', { name: 'Leads' }));
  const names = list.getByText(new RegExp(`^Aluno ${nome} `)).filter({ visible: true });
  return (await names.allTextContents()).map((text) => text.trim());
}

const paging = (page: Page) => page.getByRole('navigation', { name: 'Paginação', exact: true });

for (const viewport of [DESKTOP, PHONE]) {
  test(`Leads pages forward and back by the cursor in the address (${viewport.width} px)`, async ({ page }) => {
    const nome = `Cursor ${lettersOf(unique())}`;
    const eventoId = await eventoComInscricoes(page, nome, 45);
    await page.setViewportSize(viewport);
    await page.goto(`/leads?eventoId=${eventoId}&pageSize=20`);

    await expect(paging(page)).toContainText('1–20 de 45');
    await expect(paging(page)).toContainText('Página 1 de 3');
    await expect(paging(page).getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await expect.poll(() => alunos(page, nome).then((names) => names.length)).toBe(20);
    const first = await alunos(page, nome);
    await shot(page, `leads-page-1-${viewport.width}`);
    await expectAccessible(page);
    if (viewport === PHONE) await noSideScroll(page);

    // Próxima: page 2 by the cursor of page 1's last row, in the address.
    await paging(page).getByRole('button', { name: 'Próxima' }).click();
    await expect(page).toHaveURL(/[?&]page=2&apos=[A-Za-z0-9_-]+/);
    await expect(paging(page)).toContainText('21–40 de 45');
    await expect.poll(() => alunos(page, nome)).not.toEqual(first);
    const second = await alunos(page, nome);
    expect(second).toHaveLength(20);
    expect(second.filter((name) => first.includes(name))).toEqual([]);

    // A reload (a shared link) opens the same rows.
    await page.reload();
    await expect(paging(page)).toContainText('Página 2 de 3');
    await expect.poll(() => alunos(page, nome)).toEqual(second);

    // The last page: five rows, no Próxima, and 'Primeira' back to the start.
    await paging(page).getByRole('button', { name: 'Próxima' }).click();
    await expect(page).toHaveURL(/[?&]page=3&apos=/);
    await expect(paging(page)).toContainText('41–45 de 45');
    await expect.poll(() => alunos(page, nome).then((names) => names.length)).toBe(5);
    const third = await alunos(page, nome);
    await expect(paging(page).getByRole('button', { name: 'Próxima' })).toBeDisabled();
    await expect(paging(page).getByRole('button', { name: 'Primeira' })).toBeVisible();
    await paging(page).scrollIntoViewIfNeeded();
    await shot(page, `leads-page-3-${viewport.width}`);
    await expectAccessible(page);
    if (viewport === PHONE) await noSideScroll(page);

    // Anterior: page 2 again, by the cursor of page 3's first row.
    await paging(page).getByRole('button', { name: 'Anterior' }).click();
    await expect(page).toHaveURL(/[?&]page=2&antes=[A-Za-z0-9_-]+/);
    await expect.poll(() => alunos(page, nome)).toEqual(second);

    // Back returns to page 3, its cursor and rows; Anterior twice more is page 1 with no cursor at all.
    await page.goBack();
    await expect(page).toHaveURL(/[?&]page=3&apos=/);
    await expect.poll(() => alunos(page, nome)).toEqual(third);
    await paging(page).getByRole('button', { name: 'Primeira' }).click();
    await expect(page).not.toHaveURL(/apos=|antes=|page=/);
    await expect.poll(() => alunos(page, nome)).toEqual(first);
    expect([...first, ...second, ...third]).toHaveLength(new Set([...first, ...second, ...third]).size);
  });
}

test('a cursor the server refuses (hand-edited, or of another sort) gives way to the first page with a notice', async ({
  page,
}) => {
  const nome = `Recusa ${lettersOf(unique())}`;
  const eventoId = await eventoComInscricoes(page, nome, 25);
  await page.setViewportSize(DESKTOP);
  const notice = page.getByText('Voltamos à primeira página', { exact: true });

  // A hand-edited cursor: the screen lets go of it (the address loses its page and cursor) and lists page 1.
  await page.goto(`/leads?eventoId=${eventoId}&pageSize=20&page=2&apos=lixo`);
  // The notice first: it shows for a few seconds only.
  await expect(notice).toBeVisible();
  await expect(page).not.toHaveURL(/apos=|antes=|page=/);
  await expect(page).toHaveURL(new RegExp(`eventoId=${eventoId}`));
  await expect(paging(page)).toContainText('1–20 de 25');
  await expect(paging(page)).toContainText('Página 1 de 2');
  await expect.poll(() => alunos(page, nome).then((names) => names.length)).toBe(20);
  await expect(page.getByText(/Falha ao carregar/)).toHaveCount(0);

  // An old link whose cursor belongs to the newest-first order, opened oldest first: the same, the sort kept.
  await paging(page).getByRole('button', { name: 'Próxima' }).click();
  await expect(page).toHaveURL(/[?&]page=2&apos=[A-Za-z0-9_-]+/);
  const cursor = new URL(page.url()).searchParams.get('apos')!;
  await page.goto(`/leads?eventoId=${eventoId}&pageSize=20&sort=criadoEm&page=2&apos=${cursor}`);
  await expect(notice).toBeVisible();
  await expect(page).not.toHaveURL(/apos=|antes=|page=/);
  await expect(page).toHaveURL(/[?&]sort=criadoEm/);
  await expect(paging(page)).toContainText('Página 1 de 2');
  await expect.poll(() => alunos(page, nome).then((names) => names.length)).toBe(20);
  await expect(page.getByText(/Falha ao carregar/)).toHaveCount(0);
  // Back does not return to the refused address: it was replaced.
  await page.goBack();
  await expect(page).not.toHaveURL(/sort=criadoEm/);
});
