import { expect, test, type Page } from '@playwright/test';
import { todayInBrasilia } from '../../src/shared/brasilia';
import { periodoAnterior, periodoDe, periodoPorExtenso } from '../../src/shared/comissoes/lancamentos';
import { formatCount } from '../../src/shared/format';
import { FINANCEIRO_LINKS, SIDEBAR_LINKS, STAFF_ROLES, type Role } from '../../src/shared/roles';
import { MINHAS_PAGINA } from '../../src/shared/schemas/comissao';
import { expectAccessible, noSideScroll, useSession } from './support';

/**
 * Issue 40: on a fresh start (`npm start` on an empty DATA_DIR: the demo network and its year of activity, ADR 052)
 * every screen in every demo role's sidebar shows something real -- rows in its table, its cards, a chart with
 * data, or figures above zero -- and no empty state. The screens are the sidebars' own links (src/shared/roles.ts),
 * so a screen added there is checked here too -- the 'Financeiro' section's (issue 43: Parcelas, Inadimplência)
 * included.
 */

const DESKTOP = { width: 1280, height: 900 };

// This file runs beside the whole browser suite on CI (.ci/run): six browser workers on two cores. The longest of
// its single-screen tests (a 50-row list at 1280 px, then axe over it) takes 5 s alone, 20 s with three workers,
// and passed 60 s on CI's loaded run of stop 86; each test here has three minutes (the sidebars' walks, four).
test.describe.configure({ timeout: 180_000 });

/** What a screen shows that is data: table rows, cards and list items that are not placeholders, chart marks. */
async function dataOnScreen(page: Page): Promise<{ itens: number; vazio: string | null; numeros: number }> {
  return page.getByRole('main').evaluate((main) => {
    const visible = (e: Element) => (e as HTMLElement).offsetParent !== null;
    const placeholder = (e: Element) => e.closest('[data-testid$="skeleton"], [data-testid="skeleton-row"]') !== null;
    const itens = [
      ...main.querySelectorAll(
        'tbody tr, [data-testid="evento-card"], [data-testid="curso-card"], article, ul > li, ol > li, .recharts-bar-rectangle, .recharts-line-curve, .recharts-area-curve',
      ),
    ].filter((e) => visible(e) && !placeholder(e) && !/^\s*Nenhum/.test((e as HTMLElement).innerText ?? ''));
    const text = (main as HTMLElement).innerText;
    const vazio = /(^|\n)\s*(Nenhum[^\n]*|Nenhuma[^\n]*)/.exec(text)?.[2] ?? null;
    // Figures on cards ('2.520', '13,8%'): how many of them are above zero.
    const numeros = (text.match(/(^|\n)\s*[1-9][\d.]*(,\d+)?%?\s*(\n|$)/g) ?? []).length;
    return { itens: itens.length, vazio, numeros };
  });
}

for (const role of [...STAFF_ROLES, 'aluno'] as Role[]) {
  test(`every screen of the ${role}'s sidebar shows data on a fresh start`, async ({ page }) => {
    test.setTimeout(240_000);
    await useSession(page, role);
    await page.setViewportSize(DESKTOP);
    for (const { path, label } of [...SIDEBAR_LINKS[role], ...FINANCEIRO_LINKS[role]]) {
      await test.step(`${label} (${path})`, async () => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (role === 'cliente' && path === '/leads') {
          // The cliente's Leads asks 'Selecione um evento' until an event is chosen (SPEC §2): the event of its
          // newest lead.
          await expect(page.getByRole('main').getByText('Selecione um evento', { exact: true })).toBeVisible();
          const [lead] = (await (await page.request.get('/api/leads')).json()) as { eventoId: string }[];
          expect(lead, 'the cliente has leads').toBeTruthy();
          await page.goto(`${path}?eventoId=${lead!.eventoId}`);
        }
        await expect
          .poll(
            async () => {
              const { itens, vazio, numeros } = await dataOnScreen(page);
              // A section of its own may be empty ('Nenhum lead perdido no período') on a screen that has data.
              if (path === '/' ? numeros > 0 || itens > 0 : itens > 0) return true;
              return vazio ? `vazio: ${vazio}` : false;
            },
            { message: `${role} ${path}`, timeout: 30_000 },
          )
          .toBe(true);
      });
    }
  });
}

/**
 * The cliente's Leads of the families present (the demo's year has 67): at 1280 px the table is short of room, and a
 * cell may break a long word anywhere (an e-mail, a campaign) so it fits. The student's column was squeezed to a
 * letter or two, its names drawn a syllable a line ('Giova / nna / Batist / a'). A name breaks between its words: a
 * word drawn on two lines has two boxes.
 */
/**
 * A student's name in a list at 1280 px breaks between its words, never inside one ('Rafael / a Lima'): the cliente's
 * Leads and the franqueador's Matrículas, whose table is the widest (its course, price and status column).
 */
const NOMES_NA_LISTA = [
  { role: 'cliente', path: '/leads?presenca=sim', tabela: 'Leads', coluna: 'Aluno' },
  { role: 'franqueador', path: '/matriculas', tabela: 'Matrículas Efetivadas', coluna: 'Nome' },
] as const;
for (const { role, path, tabela, coluna: nomeDaColuna } of NOMES_NA_LISTA) {
  test(`the ${role}'s ${tabela} at 1280 px breaks a student's name between its words, never inside one`, async ({
    page,
  }) => {
    await useSession(page, role);
    await page.setViewportSize(DESKTOP);
    await page.goto(path);
    const table = page.getByRole('table', { name: tabela });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    // The loading rows are rows too: the names read are the answer's (CI's loaded run read the five skeleton rows).
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    const nomes = await table.evaluate((t, titulo) => {
      const coluna = [...t.querySelectorAll('thead th')].findIndex((th) => th.textContent?.trim() === titulo);
      return [...t.querySelectorAll('tbody tr')].map((tr) => {
        const cell = tr.children[coluna]!;
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        const partidas: string[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const match of node.textContent!.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) partidas.push(match[0]);
          }
        }
        return { nome: cell.textContent ?? '', partidas };
      });
    }, nomeDaColuna);
    expect(nomes.length).toBeGreaterThan(10);
    expect(nomes.filter((n) => n.partidas.length > 0)).toEqual([]);
    // The table fits its card: nothing scrolls sideways at 1280 px.
    expect(await table.evaluate((t) => t.scrollWidth - t.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
}

/**
 * Issue 44 (ADR 088): the commission screens (in the sidebars above, so they show data) show the demo's year as a
 * newcomer should meet it: each seller's and micro-franquia's lines liberada this month and paid in the month closed
 * before last; the franqueador's closed and paid months, and last month left for it to close.
 */
for (const role of ['vendedor', 'micro_franquia'] as const) {
  test(`the ${role}'s 'Minhas comissões' has liberada and paid commissions`, async ({ page }) => {
    await useSession(page, role);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/financeiro/minhas-comissoes');
    const historico = page.getByRole('region', { name: 'Histórico por período' });
    await expect(historico.getByText('Liberada').first()).toBeVisible();
    // The month closed before last was paid: its sum is what 'Recebida' shows.
    await expect(page.getByText('Recebida', { exact: true }).locator('..')).toContainText(/R\$\s*[1-9]/);
    // A year of lines comes a page at a time: the newest first, 'Carregar mais' appends the older ones.
    const contagem = historico.getByText(/^[\d.]+ de [\d.]+ lançamentos$/);
    await expect(contagem).toHaveText(new RegExp(`^${MINHAS_PAGINA} de `));
    const total = Number(/ de ([\d.]+)/.exec((await contagem.textContent())!)![1]!.replace(/\./g, ''));
    expect(total, 'a year of lines is more than a page').toBeGreaterThan(MINHAS_PAGINA);
    // Each line is a button in its month (the closed months' too).
    const linhas = historico.getByRole('button', { name: /abrir matrícula/, includeHidden: true });
    await expect(linhas).toHaveCount(MINHAS_PAGINA);
    await historico.getByRole('button', { name: 'Carregar mais' }).click();
    const depois = Math.min(total, 2 * MINHAS_PAGINA);
    await expect(contagem).toHaveText(`${formatCount(depois)} de ${formatCount(total)} lançamentos`);
    await expect(linhas).toHaveCount(depois);
    await noSideScroll(page);
    await expectAccessible(page);
  });
}

test("the franqueador's 'Comissões' has the demo's rules, its paid months and last month to close", async ({
  page,
}) => {
  await useSession(page, 'franqueador');
  await page.setViewportSize(DESKTOP);
  await page.goto('/financeiro/comissoes');
  const regras = page.getByRole('table', { name: 'Regras de comissão' });
  await expect(regras.getByText('Vendedor responsável pelo lead', { exact: true })).toBeVisible();
  await expect(regras.getByText('Micro-franquia do evento', { exact: true })).toBeVisible();
  // The year's months up to the one before last, closed and paid: none left waiting for its payout.
  const fechamentos = page.getByRole('table', { name: 'Fechamentos das comissões' });
  await expect(fechamentos.getByText('Paga', { exact: true }).first()).toBeVisible();
  expect(await fechamentos.getByText('Paga', { exact: true }).count()).toBeGreaterThan(6);
  await page.getByRole('button', { name: 'Mês passado' }).click();
  await expect(page.getByRole('button', { name: /^Fechar / })).toBeVisible();
});

/**
 * Issue 45 (ADR 089, 092): the royalties screens on the demo's year. The franqueador's 'Royalties' has both
 * franquias' agreements (Minas Saber's split version to come), the month before last closed with its fatura, and
 * last month to close (or closed by the daily job, which runs on start); the franquia's 'Meu extrato' has its
 * months, this month's lines, the closed month's fatura and a contested line with its concluded ticket.
 */
test("the franqueador's 'Royalties' has the agreements, a closed month with its fatura and last month to close", async ({
  page,
}) => {
  await useSession(page, 'franqueador');
  await page.setViewportSize(DESKTOP);
  await page.goto('/financeiro/royalties');
  const acordos = page.getByRole('table', { name: 'Acordos de royalties' });
  await expect(acordos.getByText('6 % + 2 % de fundo, mínimo R$', { exact: false }).first()).toBeVisible();
  await expect(acordos.getByText('2 versões')).toBeVisible();
  // Last month: left for a newcomer to close by hand, unless the daily job (ADR 089) closed it first on start.
  await page.getByRole('button', { name: 'Mês passado' }).click();
  const extratos = page.getByRole('table', { name: /^Extratos de royalties por franquia em / });
  await expect(
    extratos
      .getByRole('button', { name: /^Fechar o extrato de / })
      .or(extratos.getByText(/Vence em|Paga em/))
      .first(),
  ).toBeVisible();
  // The month before last, chosen in the month's list (pt-BR: 'Outubro de 2026'; the names match ignoring case).
  const passado = periodoAnterior(periodoDe(todayInBrasilia()));
  const mes = page.getByLabel('Mês');
  await expect(mes).toHaveText(new RegExp(`^${periodoPorExtenso(passado)}$`, 'i'));
  await mes.click();
  await page.getByRole('option', { name: periodoPorExtenso(periodoAnterior(passado)) }).click();
  await expect(extratos.getByText(/Vence em|Paga em/).first()).toBeVisible();
  await expect(extratos.getByRole('button', { name: /^Fechar/ })).toHaveCount(0);
});

test("the franquia's 'Meu extrato' has this month's preview, last month's lines and the closed month's fatura", async ({
  page,
}) => {
  await useSession(page, 'franquia');
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/financeiro/meu-extrato');
  const meses = page.getByRole('list', { name: 'Meses' });
  const titulos = meses.getByRole('heading', { level: 3 });
  await expect(titulos).toHaveCount(12);
  // This month opens first, as a preview: on its first day no family may have paid yet, so its lines are read in
  // last month, still open ('A fechar'), whose families have paid.
  const hoje = periodoDe(todayInBrasilia());
  await expect(page.getByLabel(`Valores de ${periodoPorExtenso(hoje)}`)).toBeVisible();
  await expect(page.getByText(/^Mês em andamento: estes valores são uma prévia/)).toBeVisible();
  await titulos.nth(1).click();
  await expect(
    page
      .getByRole('list', { name: `Lançamentos de ${periodoPorExtenso(periodoAnterior(hoje))}` })
      .getByRole('listitem')
      .first(),
  ).toBeVisible();
  // The month before last, closed by the demo: its fatura, read in its own card (last month may be closed by then
  // too, by the daily job of the 1st, and show a fatura of its own).
  const retrasado = meses.locator(':scope > li').nth(2);
  await titulos.nth(2).click();
  await expect(retrasado.getByText('Fatura do mês')).toBeVisible();
  // The demo's contest of a line of that month, answered: its ticket concluded.
  await expect(retrasado.getByText('Chamado: Concluído')).toBeVisible();
});
