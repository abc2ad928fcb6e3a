import { expect, test, type Browser, type Page } from '@playwright/test';
import { authFile, DEMO_ACCOUNTS, expectAccessible, waitForEmail } from './support';

/**
 * Issue 51, 'A help desk that resolves', at 1280 and 360 px with axe: attachments of any type but programs, sent
 * and downloaded as files; the first agent reply takes the ticket; 'Resolver' asks for a resolution note, confirms
 * and concludes.
 */

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
];

const thread = (page: Page) => page.getByRole('region', { name: 'Conversa' });
const tag = () => `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;

async function noOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function pageAs(browser: Browser, role: 'franquia' | 'franqueador', viewport: (typeof VIEWPORTS)[number]) {
  const context = await browser.newContext({ storageState: authFile(role), viewport });
  return context.newPage();
}

/** A franquia's ticket, opened through the API; its id. */
async function openTicket(page: Page, titulo: string): Promise<string> {
  const created = await page.request.post('/api/sac/tickets', {
    data: { titulo, descricao: 'A planilha de matrículas do mês não fecha.', departamento: 'administrativo' },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

// An .xlsx is a ZIP; a CSV is text no sniffing names.
const XLSX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('[Content_Types].xml planilha')]);
const CSV = Buffer.from('aluno;responsavel\nAna;Maria\n');

for (const viewport of VIEWPORTS) {
  test(`a spreadsheet and a CSV go as attachments and come back as downloads; a program is refused, at ${viewport.width} px`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const franquia = await pageAs(browser, 'franquia', viewport);
    const id = await openTicket(franquia, `Planilha ${tag()}`);
    await franquia.goto(`/sac/${id}`);
    await expect(franquia.getByText(/Até 5 arquivos de até 5 MB cada: planilhas, documentos/)).toBeVisible();
    await franquia.getByRole('textbox', { name: 'Mensagem', exact: true }).fill('Seguem a planilha e o CSV.');
    const picker = franquia.locator('#mensagem-anexos');
    await picker.setInputFiles([
      {
        name: 'matriculas.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: XLSX,
      },
      { name: 'leads.csv', mimeType: 'text/csv', buffer: CSV },
      { name: 'instalador.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') },
    ]);
    await franquia.getByRole('button', { name: 'Enviar' }).click();
    // The program is named and refused before anything is sent.
    await expect(franquia.getByRole('alert').filter({ hasText: 'instalador.exe' })).toContainText(
      'não são aceitos como anexo',
    );
    await expect(picker).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(franquia);
    await franquia
      .getByRole('list', { name: 'Arquivos escolhidos' })
      .getByRole('button', { name: 'Remover instalador.exe' })
      .click();
    await franquia.getByRole('button', { name: 'Enviar' }).click();

    const anexos = thread(franquia).getByRole('list', { name: 'Anexos da mensagem' });
    const planilha = anexos.getByRole('link', { name: 'matriculas.xlsx' });
    await expect(planilha).toBeVisible();
    await expect(anexos.getByRole('link', { name: 'leads.csv' })).toBeVisible();
    await noOverflow(franquia);
    await expectAccessible(franquia);

    // A click downloads the file with its name and bytes; the answer is a download the browser never sniffs.
    const [download] = await Promise.all([franquia.waitForEvent('download'), planilha.click()]);
    expect(download.suggestedFilename()).toBe('matriculas.xlsx');
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(path).equals(XLSX)).toBe(true);
    const href = (await planilha.getAttribute('href'))!;
    const file = await franquia.request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-disposition']).toMatch(/^attachment; filename="matriculas\.xlsx"/);
    expect(file.headers()['x-content-type-options']).toBe('nosniff');
    expect(file.headers()['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');

    // The franqueador downloads the CSV from the same conversation.
    const franqueador = await pageAs(browser, 'franqueador', viewport);
    await franqueador.goto(`/sac/${id}`);
    const csv = thread(franqueador).getByRole('link', { name: 'leads.csv' });
    const [csvDownload] = await Promise.all([franqueador.waitForEvent('download'), csv.click()]);
    expect(csvDownload.suggestedFilename()).toBe('leads.csv');
    await expectAccessible(franqueador);
    await franquia.context().close();
    await franqueador.context().close();
  });

  test(`the first reply takes the ticket and 'Resolver' asks for the note, then concludes, at ${viewport.width} px`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const franquia = await pageAs(browser, 'franquia', viewport);
    const titulo = `Fechamento do mês ${tag()}`;
    const id = await openTicket(franquia, titulo);
    const franqueador = await pageAs(browser, 'franqueador', viewport);
    await franqueador.goto(`/sac/${id}`);
    const responsavel = franqueador.getByRole('combobox', { name: 'Responsável' });
    await expect(responsavel).toHaveText('Sem responsável');

    // The first reply assigns the ticket to whoever wrote it.
    await franqueador.getByRole('textbox', { name: 'Mensagem', exact: true }).fill('Estou verificando a planilha.');
    await franqueador.getByRole('button', { name: 'Enviar' }).click();
    await expect(thread(franqueador).getByText('Estou verificando a planilha.')).toBeVisible();
    await expect(responsavel).toHaveText('Ana Beatriz Moura');

    // 'Resolver' asks for the resolution note, and refuses to conclude without one.
    await franqueador.getByRole('button', { name: 'Resolver', exact: true }).click();
    const dialog = franqueador.getByRole('dialog', { name: `Resolver ticket #${id.slice(0, 8)}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Nota de resolução' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Confirmar resolução' }).click();
    await expect(dialog.getByText('Resolução é obrigatória')).toBeVisible();
    await noOverflow(franqueador);
    await expectAccessible(franqueador);
    // Cancelled, nothing changes.
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await expect(franqueador.getByRole('combobox', { name: 'Status' })).toHaveText('Em Andamento');

    const before = Date.now();
    const nota = 'Fórmula da coluna de totais corrigida; a planilha fecha.';
    await franqueador.getByRole('button', { name: 'Resolver', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Nota de resolução' }).fill(nota);
    await dialog.getByRole('button', { name: 'Confirmar resolução' }).click();
    await expect(dialog).toBeHidden();
    await expect(franqueador.getByText('Ticket resolvido', { exact: true })).toBeVisible();
    await expect(franqueador.getByRole('combobox', { name: 'Status' })).toHaveText('Concluído');
    await expect(franqueador.getByRole('button', { name: 'Resolver', exact: true })).toHaveCount(0);
    await expect(thread(franqueador).getByText(nota)).toBeVisible();
    await noOverflow(franqueador);
    await expectAccessible(franqueador);

    // The requester reads the resolution on the ticket, in the conversation, and by e-mail.
    await franquia.goto(`/sac/${id}`);
    await expect(franquia.getByRole('heading', { level: 3, name: 'Resolução' })).toBeVisible();
    await expect(franquia.getByText('Concluído').first()).toBeVisible();
    await expect(thread(franquia).getByText(nota)).toBeVisible();
    await expect(franquia.getByRole('button', { name: 'Resolver', exact: true })).toHaveCount(0);
    await noOverflow(franquia);
    await expectAccessible(franquia);
    await waitForEmail(DEMO_ACCOUNTS.franquia, before, id.slice(0, 8));
    await franquia.context().close();
    await franqueador.context().close();
  });
}
