import { expect, test } from '@playwright/test';
import { addDays, todayInBrasilia } from '../../src/shared/brasilia';
import { formatBRL, formatDateOnly } from '../../src/shared/format';
import { fromCentavos } from '../../src/shared/money/parcelas';
import { expectAccessible, noSideScroll, useSession } from './support';

/**
 * Custos (issue 48): the school enters what its concluded event at Colégio Horizonte cost (R$ 1.200,00 in printed
 * cards) on the event's card, and Relatórios by event show the cost and the cost per lead and per matrícula of
 * that event -- its one lead and its matrícula of the demo network (no other spec signs up at a concluded event).
 * A franquia enters a campaign's cost on a phone; the franqueador reads the next events' costs (the demo's) there.
 */

const reais = (centavos: number) => formatBRL(fromCentavos(centavos)).replace(/\u00a0/g, ' ');
const plain = (text: string) => text.replace(/\u00a0/g, ' ').trim();

test("the school enters its event's cost and Relatórios show the cost per lead and per matrícula", async ({ page }) => {
  // Several pages and roles in one flow, axe at two widths: atribuição's took more than 60 s on a slow machine.
  test.setTimeout(150_000);
  await useSession(page, 'cliente');
  await page.goto('/eventos');
  const card = page
    .getByTestId('evento-card')
    .filter({ hasText: 'Colégio Horizonte' })
    .filter({ hasText: 'Concluído' })
    .first();
  await card.getByRole('button', { name: /^Custos do evento/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Custos do evento' });
  await expect(dialog).toBeVisible();
  const dataEvento = /(\d{2}\/\d{2}\/\d{4})/.exec(await dialog.getByText(/Colégio Horizonte · /).innerText())![1]!;

  // A wrong value is refused under its field, in Portuguese.
  await dialog.getByRole('button', { name: 'Adicionar custo' }).click();
  await expect(dialog.getByText('Informe um valor maior que zero', { exact: false })).toBeVisible();
  await dialog.getByLabel('Valor').fill('1.200,00');
  await dialog.getByLabel('Descrição (opcional)').fill('Cartões impressos para a sala');
  await dialog.getByRole('button', { name: 'Adicionar custo' }).click();
  await expect(dialog.getByTestId('evento-custos')).toContainText('Cartões impressos para a sala');
  await expect(dialog.getByTestId('evento-custos-total')).toContainText(/R\$\s1\.200,00/);
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  // Relatórios by event, over a period with the event's day: the event's row carries its cost and CPL.
  const hoje = todayInBrasilia();
  await page.goto(`/relatorios?agrupar=evento&de=${addDays(hoje, -45)}&ate=${hoje}`);
  await expect(page.getByTestId('custos-resumo')).toBeVisible();
  const row = page.getByRole('table', { name: 'Ranking' }).getByRole('row', {
    name: new RegExp(`Colégio Horizonte - Campinas, SP \\(${dataEvento.replaceAll('/', '\\/')}\\)`),
  });
  await expect(row).toBeVisible();
  const cells = row.getByRole('cell');
  // A count's cell: its number, then (for screen readers) what its link opens.
  const count = async (n: number) =>
    Number(/^\s*([\d.]+)/.exec(await cells.nth(n).innerText())![1]!.replace(/\./g, ''));
  const leads = await count(1);
  const matriculas = await count(4);
  expect(leads).toBeGreaterThan(0);
  await expect(page.getByTestId('custo-custo')).toContainText(/R\$/);
  // The demo dates it 30 days before the day it was loaded: the server's start, which a run past midnight in
  // Brasília leaves on the day before this one.
  expect([addDays(hoje, -30), addDays(hoje, -31)].map(formatDateOnly)).toContain(dataEvento);
  // The CPL as a chart, its data as a table: the event's cost, CPL, per pré-matrícula and per matrícula.
  const grafico = page.getByRole('figure', { name: 'Custo por lead' });
  await grafico.getByRole('button', { name: 'Ver como tabela' }).click();
  const dados = grafico.getByRole('table', { name: 'Custo por lead: dados' });
  const custos = dados
    .getByRole('row', { name: /Colégio Horizonte/ })
    .first()
    .getByRole('cell');
  expect(plain(await custos.nth(1).innerText())).toBe(reais(120_000));
  expect(plain(await custos.nth(2).innerText())).toBe(reais(Math.round(120_000 / leads)));
  expect(plain(await custos.nth(4).innerText())).toBe(matriculas > 0 ? reais(Math.round(120_000 / matriculas)) : '-');
  await expectAccessible(page);
});

test('a franquia enters a campaign cost on a phone; the franqueador reads the next events’ costs', async ({
  browser,
}) => {
  // Several pages and roles in one flow, axe at two widths: atribuição's took more than 60 s on a slow machine.
  test.setTimeout(150_000);
  const franquia = await browser.newPage({ viewport: { width: 360, height: 800 } });
  await useSession(franquia, 'franquia');
  await franquia.goto('/financeiro/custos-campanha');
  await expect(franquia.getByRole('heading', { level: 1, name: 'Custos de campanha' })).toBeVisible();
  const form = franquia.getByRole('form', { name: 'Adicionar custo de campanha' });
  await form.getByLabel('Campanha (utm_campaign)').fill('e2e-primavera');
  await form.getByLabel('Valor').fill('350,00');
  await form.getByRole('button', { name: 'Adicionar custo' }).click();
  const lista = franquia.getByRole('list', { name: 'Custos de campanha' });
  await expect(lista.getByRole('listitem').filter({ hasText: 'e2e-primavera' })).toContainText(/R\$\s350,00/);
  // The network's own costs are the franqueador's: the franquia reads only its own.
  await expect(lista).not.toContainText('Rede');
  await expectAccessible(franquia);
  await noSideScroll(franquia);
  await franquia.close();

  const franqueador = await browser.newPage({ viewport: { width: 360, height: 800 } });
  await useSession(franqueador, 'franqueador');
  // From two days back: the demo's families signed up in the hours before the server loaded it, which a run
  // shortly after midnight in Brasília puts on the day before (the next events' days are 8 to 20 days ahead).
  const hoje = todayInBrasilia();
  await franqueador.goto(`/relatorios?agrupar=evento&de=${addDays(hoje, -2)}&ate=${addDays(hoje, 30)}`);
  await expect(franqueador.getByTestId('custos-resumo')).toBeVisible();
  await expect(franqueador.getByTestId('custo-custo')).toContainText(/R\$/);
  await expect(franqueador.getByRole('list', { name: 'Ranking' }).getByRole('listitem').first()).toBeVisible();
  await expectAccessible(franqueador);
  await noSideScroll(franqueador);
  await franqueador.close();
});
