import { expect, test, type Page } from '@playwright/test';
import { authFile, expectAccessible } from './support';

/**
 * Issue 19: a ticket as a conversation. The franquia opens a ticket with a screenshot, the franqueador writes an
 * internal note and asks a question (aguardando), the franquia answers, the franqueador concludes, the franquia
 * rates it -- at 1280 px and at 360 px, each screen scanned by axe.
 */

async function pick(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const thread = (page: Page) => page.getByRole('region', { name: 'Conversa' });

async function noOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a ticket with a screenshot, a note, a question, an answer, a conclusion and a rating', async ({ browser }) => {
  test.setTimeout(120_000);
  const title = `Relatório não abre ${Date.now()}`;
  const franquia = await (await browser.newContext({ storageState: authFile('franquia') })).newPage();
  await franquia.goto('/sac');
  await franquia.getByRole('button', { name: 'Novo Ticket' }).click();
  const create = franquia.getByRole('dialog', { name: 'Novo Ticket SAC' });
  await create.getByLabel('Título').fill(title);
  await pick(franquia, 'Departamento', 'TI');
  await create.getByLabel('Descrição').fill('O relatório de matrículas fica carregando e não abre.');
  await create.getByRole('button', { name: 'Criar Ticket' }).click();
  await expect(create).toBeHidden();

  // The card shows its deadline in words and opens the ticket's page.
  const card = franquia.getByRole('article', { name: title });
  await expect(card.getByText(/^Vence em /)).toBeVisible();
  const screenshot = await franquia.screenshot();
  await card.getByRole('link', { name: title }).click();
  await expect(franquia).toHaveURL(/\/sac\/[0-9a-f-]{36}$/);
  const url = franquia.url();
  await expect(franquia.getByRole('heading', { level: 2, name: title })).toBeVisible();
  // The requester has no internal note nor controls.
  await expect(franquia.getByRole('button', { name: 'Nota interna' })).toHaveCount(0);
  await expect(franquia.getByRole('combobox', { name: 'Status' })).toHaveCount(0);

  await franquia.getByRole('textbox', { name: 'Mensagem', exact: true }).fill('Segue o print da tela.');
  await franquia.getByLabel('Anexos').setInputFiles({ name: 'tela.png', mimeType: 'image/png', buffer: screenshot });
  await franquia.getByRole('button', { name: 'Enviar' }).click();
  await expect(thread(franquia).getByText('Segue o print da tela.')).toBeVisible();
  const thumb = thread(franquia).getByRole('img', { name: 'tela.png' });
  await expect(thumb).toBeVisible();
  // Visible is laid out, not loaded: the image's own request may still be on its way on a busy machine.
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectAccessible(franquia);

  // The franqueador writes a note and asks a question, and waits on the requester.
  const franqueador = await (await browser.newContext({ storageState: authFile('franqueador') })).newPage();
  await franqueador.goto(url);
  await expect(thread(franqueador).getByRole('img', { name: 'tela.png' })).toBeVisible();
  await franqueador
    .getByRole('textbox', { name: 'Mensagem', exact: true })
    .fill('Verificar o log do servidor de relatórios.');
  await franqueador.getByRole('button', { name: 'Nota interna' }).click();
  const note = thread(franqueador).getByRole('article', { name: 'Nota interna' });
  await expect(note).toBeVisible();
  await expect(note.getByText('Nota interna')).toBeVisible();
  await expect(note.getByText('Verificar o log do servidor de relatórios.')).toBeVisible();
  await franqueador.getByRole('textbox', { name: 'Mensagem', exact: true }).fill('Qual navegador você usa?');
  await franqueador.getByRole('button', { name: 'Enviar' }).click();
  await expect(thread(franqueador).getByText('Qual navegador você usa?')).toBeVisible();
  await pick(franqueador, 'Status', 'Aguardando solicitante');
  await expect(franqueador.getByText('Prazo pausado')).toBeVisible();
  await expectAccessible(franqueador);
  await franqueador.screenshot({ path: 'test-results/sac-ticket-1280.png', fullPage: true });

  // The franquia never sees the note; its answer brings the ticket back to em andamento.
  await franquia.reload();
  await expect(thread(franquia).getByText('Qual navegador você usa?')).toBeVisible();
  await expect(franquia.getByText('Verificar o log do servidor de relatórios.')).toHaveCount(0);
  await expect(franquia.getByText('Nota interna')).toHaveCount(0);
  await expect(franquia.getByText('Aguardando solicitante')).toBeVisible();
  await franquia.getByRole('textbox', { name: 'Mensagem', exact: true }).fill('Uso o Chrome.');
  await franquia.getByRole('button', { name: 'Enviar' }).click();
  await expect(thread(franquia).getByText('Uso o Chrome.')).toBeVisible();
  await expect(franquia.getByText('Em Andamento').first()).toBeVisible();

  // The franqueador concludes it.
  await franqueador.reload();
  await expect(thread(franqueador).getByText('Uso o Chrome.')).toBeVisible();
  await pick(franqueador, 'Status', 'Concluído');
  await expect(franqueador.getByRole('combobox', { name: 'Status' })).toHaveText('Concluído');

  // The franquia rates it, once, at 360 px.
  await franquia.setViewportSize({ width: 360, height: 740 });
  await franquia.reload();
  const rating = franquia.getByRole('group', { name: 'Como foi o atendimento?' });
  await expect(rating).toBeVisible();
  await noOverflow(franquia);
  await expectAccessible(franquia);
  await franquia.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(franquia.getByText('Escolha uma nota de 1 a 5')).toBeVisible();
  await rating.getByRole('radio', { name: '5 estrelas' }).check({ force: true });
  await franquia.getByLabel('Comentário (opcional)').fill('Resolvido rápido.');
  await franquia.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(franquia.getByText('Nota 5 de 5 — “Resolvido rápido.”')).toBeVisible();
  await expect(franquia.getByRole('button', { name: 'Enviar avaliação' })).toHaveCount(0);
  await franquia.screenshot({ path: 'test-results/sac-ticket-360.png', fullPage: true });

  // The franqueador's SAC screen has the average; its Dashboard the open, late and waiting tickets.
  await franqueador.goto('/sac');
  await expect(franqueador.getByText('Avaliação média (30 dias)')).toBeVisible();
  await expect(franqueador.getByTestId('sac-avaliacao')).toHaveText(/de 5/);
  await franqueador.goto('/');
  await expect(franqueador.getByRole('link', { name: 'Tickets atrasados' })).toBeVisible();
  await expect(franqueador.getByRole('link', { name: 'Aguardando solicitante' })).toBeVisible();
  await expect(franqueador.getByRole('link', { name: 'Tickets abertos' })).toBeVisible();
});

test('the ticket page fits a 360 px phone for the franqueador, with its controls', async ({ browser }) => {
  const page = await (await browser.newContext({ storageState: authFile('franqueador') })).newPage();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/sac');
  await page.getByRole('button', { name: 'Filtros' }).click();
  await page.getByRole('checkbox', { name: 'Somente atrasados' }).check();
  await page.getByRole('checkbox', { name: 'Somente atrasados' }).uncheck();
  await page.getByRole('link', { name: 'Kits de divulgação atrasados' }).click();
  await expect(page.getByRole('combobox', { name: 'Responsável' })).toBeVisible();
  await noOverflow(page);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/sac-ticket-franqueador-360.png', fullPage: true });
});
