import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, useSession } from './support';

/**
 * Acompanhamento end to end (issue 16) on the demo network: the vendedor follows a return due today from its
 * dashboard card to the lead's panel, logs a WhatsApp contact (asked for the next step, issue 51: '+2 dias') and
 * closes the lead as 'Sem interesse', and the list and the card count it; the micro-franquia assigns a lead to its
 * vendedor; axe on a list with a panel open at 1280 and 360 px. The demo seed gives the vendedor Lucas Oliveira
 * (return today) and Gabriela Santos (overdue); the first test closes Lucas, the second assigns Pedro Henrique
 * Silva, the axe tests read Gabriela, and the last logs a contact on her, leaving her return as it was.
 */

/** The count a dashboard card's link carries in its name ('Retornos de hoje: 3'). */
async function cardCount(link: Locator): Promise<number> {
  const text = (await link.getAttribute('aria-label')) ?? '';
  const match = /:\s*([\d.]+)\s*$/.exec(text);
  if (!match) throw new Error(`no count in '${text}'`);
  return Number(match[1]!.replace(/\./g, ''));
}

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the vendedor follows a return due today: logs a WhatsApp contact, closes it as Sem interesse, and the list and the card follow', async ({
  page,
  context,
}) => {
  // A contact logged in a new tab, a loss closed, the list and the card checked: 59 s of its 60 on CI's two cores
  // at the start of the run (a clean-clone CI run of 2026-12-02), beside the demo's year suite.
  test.slow();
  // WhatsApp opens in a tab of its own; no test reaches the real site.
  await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/plain', body: 'WhatsApp' }));
  await useSession(page, 'vendedor');
  await page.goto('/');
  const acompanhamento = page.getByRole('region', { name: 'Acompanhamento' });
  const hoje = acompanhamento.getByRole('link', { name: /^Retornos de hoje: \d+$/ });
  await expect(hoje).toBeVisible();
  const before = await cardCount(hoje);
  expect(before).toBeGreaterThan(0);
  await expect(acompanhamento.getByRole('link', { name: /^Atrasados: \d+$/ })).toBeVisible();
  await expect(acompanhamento.getByRole('link', { name: /^Leads sem contato há mais de 48\sh: \d+$/ })).toBeVisible();

  await hoje.click();
  await expect(page).toHaveURL(/\/interesses\?retorno=hoje$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Interesses' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Retorno: hoje/ })).toBeVisible();
  await expect(page.getByTestId('count-badge')).toHaveText(`${before} ${before === 1 ? 'interesse' : 'interesses'}`);
  const table = page.getByRole('table', { name: 'Interesses' });
  const row = table.getByRole('row', { name: /Lucas Oliveira/ });
  await expect(row.getByText('Em contato', { exact: true })).toBeVisible();

  await row.getByRole('link', { name: 'Acompanhar Lucas Oliveira' }).click();
  await expect(page).toHaveURL(/\/leads\/[0-9a-f-]{36}\?retorno=hoje$/);
  const panel = page.getByRole('dialog', { name: 'Lucas Oliveira' });
  await expect(panel).toBeVisible();
  const dados = panel.getByRole('region', { name: 'Dados do lead' });
  await expect(dados.getByText('Márcia Oliveira')).toBeVisible();
  await expect(dados.getByText('Hoje', { exact: true })).toBeVisible();
  await expect(dados.getByText('Marcos Vinícius Costa')).toBeVisible();
  const historico = panel.getByRole('region', { name: 'Histórico' });
  await expect(historico.getByText('A mãe pediu para ligar de novo hoje à tarde.')).toBeVisible();

  // WhatsApp, then the offer to log it, the channel filled in.
  const whatsapp = panel.getByRole('link', { name: /^WhatsApp de Márcia Oliveira/ });
  // Issue 51 (ADR 091): it opens with the network's first-contact template, filled with the family's first name.
  await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/5519987001122\?text=.*M%C3%A1rcia/);
  const popup = page.waitForEvent('popup');
  await whatsapp.click();
  await (await popup).close();
  const prompt = panel.getByRole('region', { name: 'Registrar este contato?' });
  await expect(prompt.getByRole('combobox', { name: 'Canal' })).toHaveText('WhatsApp');
  await prompt.getByLabel('Nota do contato (opcional)').fill('Mandei o link da matrícula.');
  await prompt.getByRole('button', { name: 'Registrar contato' }).click();
  await expect(page.getByText('Contato registrado', { exact: true })).toBeVisible();
  await expect(prompt).toHaveCount(0);
  const first = historico.getByRole('listitem').first();
  await expect(first.getByText('Contato por WhatsApp')).toBeVisible();
  await expect(first.getByText('Mandei o link da matrícula.')).toBeVisible();
  await expect(first.getByText('por Marcos Vinícius Costa')).toBeVisible();

  // Issue 51: the next step asked at once; '+2 dias' moves the return off today.
  const proximo = panel.getByRole('region', { name: 'Próximo passo' });
  await expect(proximo.getByText('Quando falar de novo com a família de Lucas?')).toBeVisible();
  await proximo.getByRole('button', { name: /^\+2 dias \(\d{2}\/\d{2}\/\d{4}\)$/ }).click();
  await expect(page.getByText(/^Retorno agendado para \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await expect(proximo).toHaveCount(0);
  await expect(dados.getByText('Hoje', { exact: true })).toHaveCount(0);

  // 'Sem interesse' asks for the reason before it is sent.
  await panel.getByRole('button', { name: 'Alterar status' }).click();
  const statusForm = panel.getByRole('region', { name: 'Alterar status' });
  await choose(page, statusForm, 'Status', 'Sem interesse');
  await statusForm.getByRole('button', { name: 'Salvar status' }).click();
  await expect(statusForm.getByText('Informe o motivo da perda')).toBeVisible();
  await choose(page, statusForm, 'Motivo da perda', 'Preço');
  await statusForm.getByRole('button', { name: 'Salvar status' }).click();
  await expect(page.getByText('Status atualizado', { exact: true })).toBeVisible();
  await expect(dados.getByText('Sem interesse', { exact: true })).toBeVisible();
  await expect(dados.getByText('Preço', { exact: true })).toBeVisible();
  await expect(historico.getByText('De Em contato para Sem interesse')).toBeVisible();

  // Closing returns to the list as it was; the lead is no longer due today there, nor on the card.
  await panel.getByRole('button', { name: 'Fechar acompanhamento' }).click();
  await expect(panel).toHaveCount(0);
  await expect(page).toHaveURL(/\/interesses\?retorno=hoje$/);
  await expect(page.getByRole('button', { name: /^Retorno: hoje/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Lucas Oliveira/ })).toHaveCount(0);
  const after = before - 1;
  if (after > 0) {
    await expect(page.getByTestId('count-badge')).toHaveText(`${after} ${after === 1 ? 'interesse' : 'interesses'}`);
  } else {
    await expect(page.getByText('Nenhum interesse encontrado')).toBeVisible();
  }

  await page.goto('/');
  await expect(
    page.getByRole('region', { name: 'Acompanhamento' }).getByRole('link', { name: `Retornos de hoje: ${after}` }),
  ).toBeVisible();
});

test('the micro-franquia assigns a lead to its vendedor, and the lead leaves the unassigned ones', async ({ page }) => {
  await useSession(page, 'micro_franquia');
  await page.goto('/interesses');
  await expect(page.getByRole('heading', { level: 1, name: 'Interesses' })).toBeVisible();
  await choose(page, page.getByRole('main'), 'Vendedor responsável', 'Sem responsável');
  await expect(page).toHaveURL(/responsavelId=nenhum/);
  const table = page.getByRole('table', { name: 'Interesses' });
  const row = table.getByRole('row', { name: /Pedro Henrique Silva/ });
  await row.getByRole('link', { name: 'Acompanhar Pedro Henrique Silva' }).click();

  const panel = page.getByRole('dialog', { name: 'Pedro Henrique Silva' });
  await panel.getByRole('button', { name: 'Atribuir responsável' }).click();
  const form = panel.getByRole('region', { name: 'Atribuir responsável' });
  await choose(page, form, 'Vendedor responsável', 'Marcos Vinícius Costa');
  await form.getByRole('button', { name: 'Salvar responsável' }).click();
  await expect(page.getByText('Responsável atualizado', { exact: true })).toBeVisible();
  await expect(panel.getByRole('region', { name: 'Dados do lead' }).getByText('Marcos Vinícius Costa')).toBeVisible();
  await expect(
    panel.getByRole('region', { name: 'Histórico' }).getByText('De Sem responsável para Marcos Vinícius Costa'),
  ).toBeVisible();

  await panel.getByRole('button', { name: 'Fechar acompanhamento' }).click();
  await expect(page).toHaveURL(/\/interesses\?responsavelId=nenhum$/);
  await expect(table.getByRole('row', { name: /Pedro Henrique Silva/ })).toHaveCount(0);
});

test('a list with a lead open has no serious accessibility violations at 1280 and 360 px', async ({ page }) => {
  // Three axe scans of the whole page, two widths and two roles: on CI's two cores, beside the demo's year suite at
  // the start of the run, the third scan was still running at 60 s (a clean-clone CI run of 2026-12-02); the flow is the same.
  test.slow();
  await useSession(page, 'vendedor');
  await page.goto('/interesses?retorno=atrasados');
  const table = page.getByRole('table', { name: 'Interesses' });
  await table.getByRole('link', { name: 'Acompanhar Gabriela Santos' }).click();
  const panel = page.getByRole('dialog', { name: 'Gabriela Santos' });
  await expect(panel.getByRole('region', { name: 'Histórico' }).getByRole('listitem').first()).toBeVisible();
  await expect(panel.getByText('Atrasado', { exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Registrar contato' }).click();
  await expect(panel.getByRole('region', { name: 'Registrar contato' })).toBeVisible();
  await expectAccessible(page);

  await page.setViewportSize({ width: 360, height: 780 });
  // A phone: the panel is the whole screen.
  const box = await panel.boundingBox();
  expect(box?.width).toBe(360);
  await expectAccessible(page);

  // Opened directly, over the role's own list; closing lands on it.
  await useSession(page, 'cliente');
  await page.goto(page.url().replace(/\?.*$/, ''));
  await expect(page.getByRole('dialog', { name: 'Gabriela Santos' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Fechar acompanhamento' }).click();
  await expect(page).toHaveURL(/\/leads$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
});

test('a contact registered asks for the next step, with no serious accessibility violations at 1280 and 360 px (issue 51)', async ({
  page,
}) => {
  // Two axe scans after a write, as above: 60 s was not enough on CI's two cores at the start of the run.
  test.slow();
  await useSession(page, 'vendedor');
  await page.goto('/interesses?retorno=atrasados');
  await page
    .getByRole('table', { name: 'Interesses' })
    .getByRole('link', { name: 'Acompanhar Gabriela Santos' })
    .click();
  const panel = page.getByRole('dialog', { name: 'Gabriela Santos' });
  await panel.getByRole('button', { name: 'Registrar contato' }).click();
  const form = panel.getByRole('region', { name: 'Registrar contato' });
  await choose(page, form, 'Canal', 'Telefone');
  await choose(page, form, 'Resultado', 'Não atendeu');
  await form.getByRole('button', { name: 'Registrar contato' }).click();
  const proximo = panel.getByRole('region', { name: 'Próximo passo' });
  await expect(proximo.getByText('Quando falar de novo com a família de Gabriela?')).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(proximo.getByRole('button', { name: /^Próxima semana \(\d{2}\/\d{2}\/\d{4}\)$/ })).toBeVisible();
  await expectAccessible(page);
  // 'Agora não' leaves the return as it was: Gabriela stays overdue (the test above reads her so).
  await proximo.getByRole('button', { name: 'Agora não' }).click();
  await expect(proximo).toHaveCount(0);
  await expect(panel.getByText('Atrasado', { exact: true })).toBeVisible();
});
