import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Importacao } from '../../src/shared/schemas/importacao';
import { createEventoComVagas, escolherNaBusca, expectAccessible, noSideScroll, useSession } from './support';

/**
 * Issue 50: a franquia brings in the sign-up sheets of an event -- a 500-row CSV with 20 bad rows and 30 families
 * already signed up --, reads the preview, imports, downloads the rows with errors and undoes the import.
 */
const stamp = Date.now().toString(36);
const CABECALHO = 'Nome do aluno;Nome do responsável;E-mail;Telefone';

/** Family n of this run: its own name, e-mail and mobile number. */
function linha(n: number, emailValido = true): string {
  const email = emailValido ? `familia.${stamp}.${n}@exemplo.com.br` : `familia-${n}-sem-arroba`;
  return `Aluno ${stamp} ${n};Responsável ${n};${email};(11) 9${String(10_000_000 + n)}`;
}

const csv = (linhas: string[]) => Buffer.from([CABECALHO, ...linhas].join('\r\n') + '\r\n', 'utf8');

async function esperarConcluida(request: APIRequestContext, id: string): Promise<Importacao> {
  for (let i = 0; i < 120; i++) {
    const atual = (await (await request.get(`/api/importacoes/${id}`)).json()) as Importacao;
    if (atual.status !== 'importando') return atual;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the import did not finish');
}

test('a franquia imports 500 rows with 20 errors and 30 duplicates, reads the preview, downloads the errors and undoes', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // A fresh event of the demo cliente (under the franquia), with room for every family.
  await useSession(page, 'cliente');
  const escola = `Colégio Importação ${stamp}`;
  const eventoId = await createEventoComVagas(page, escola, 2000);

  // 30 families are already signed up (an earlier sheet, imported through the API).
  await useSession(page, 'franquia');
  const primeira = await page.request.post('/api/importacoes', {
    multipart: {
      tipo: 'leads',
      eventoId,
      arquivo: {
        name: 'primeira.csv',
        mimeType: 'text/csv',
        buffer: csv(Array.from({ length: 30 }, (_, i) => linha(i + 1))),
      },
    },
  });
  expect(primeira.status()).toBe(201);
  const { id: primeiraId } = (await primeira.json()) as Importacao;
  const confirmada = await page.request.post(`/api/importacoes/${primeiraId}/confirmar`, {
    data: { duplicados: 'ignorar', baseLegal: 'consentimento' },
  });
  expect(confirmada.ok()).toBe(true);
  expect((await esperarConcluida(page.request, primeiraId)).resultado?.criar).toBe(30);

  // The sheet: the 30 again, 450 new families and 20 rows whose e-mail has no '@', one in 23 after the repeated ones.
  const linhas: string[] = [];
  let nova = 31;
  let ruim = 1000;
  for (let i = 0; i < 500; i++) {
    if (i < 30) linhas.push(linha(i + 1));
    else if ((i - 30) % 23 === 0 && ruim < 1020) linhas.push(linha(ruim++, false));
    else linhas.push(linha(nova++));
  }
  expect(nova - 31).toBe(450);
  expect(ruim - 1000).toBe(20);

  await page.goto('/importacoes');
  await expect(page.getByRole('heading', { level: 1, name: 'Importações' })).toBeVisible();
  await page.getByRole('link', { name: 'Nova importação' }).first().click();
  await expect(page).toHaveURL(/\/importacoes\/nova$/);
  await expectAccessible(page);

  // Step 1: the event (searched by its school) and the file.
  await escolherNaBusca(page.getByRole('combobox', { name: 'Evento dos leads' }), escola);
  await page.getByLabel('Planilha (CSV ou XLSX)').setInputFiles({
    name: `fichas-${stamp}.csv`,
    mimeType: 'text/csv',
    buffer: csv(linhas),
  });
  await page.getByRole('button', { name: 'Enviar arquivo' }).click();

  // Step 2: the columns were matched by name; nothing is missing.
  await expect(page.getByRole('list', { name: 'Colunas do arquivo' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Campo da coluna Telefone' })).toHaveText('Telefone (obrigatório)');
  await expect(page.getByText('Ajuste o mapeamento para continuar')).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Ver a prévia' }).click();

  // Step 3: the rows as stored, every problem, what each choice will do.
  const previa = page.getByRole('table', { name: 'Prévia das primeiras linhas' });
  await expect(previa.getByRole('row')).toHaveCount(21);
  await expect(previa.getByText('Já cadastrado').first()).toBeVisible();
  await expect(page.getByText(/inválido na linha 32/)).toBeVisible();
  const ignorar = page.getByRole('radio', { name: 'Ignorar as linhas repetidas' });
  await expect(ignorar).toBeChecked();
  await expect(
    page.getByText('Serão criados 450, atualizados 0, ignorados 30; 20 linhas com erro').first(),
  ).toBeVisible();
  await page.getByRole('combobox', { name: /Base legal dos dados/ }).click();
  await page.getByRole('option', { name: 'Consentimento colhido na ficha de inscrição' }).click();
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await noSideScroll(page);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Importar' }).click();

  // Step 4: what happened matches the preview.
  const resultado = page.getByRole('region', { name: 'O que foi importado' });
  await expect(resultado).toBeVisible({ timeout: 60_000 });
  await expect(resultado.getByText('Criados').locator('xpath=following-sibling::dd')).toHaveText('450');
  await expect(resultado.getByText('Ignorados').locator('xpath=following-sibling::dd')).toHaveText('30');
  await expect(resultado.getByText('Com erro').locator('xpath=following-sibling::dd')).toHaveText('20');
  await expectAccessible(page);

  // The rows with errors, as CSV with the reason.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Baixar linhas com erro (CSV)' }).click(),
  ]);
  const erros = readFileSync((await download.path())!, 'utf8')
    .split(/\r?\n/)
    .filter(Boolean);
  expect(erros).toHaveLength(21);
  expect(erros[0]).toContain('Erro');
  expect(erros[1]).toContain('sem-arroba');

  // Undo: it says what will happen, then what it did.
  await page.getByRole('button', { name: 'Desfazer importação' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Desfazer a importação de fichas-${stamp}.csv?` });
  await expect(dialog).toContainText('Serão removidos os 450 cadastros criados por esta importação');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Desfazer importação' }).click();
  // The undo is a job (ADR 106): its progress shows, then what it did.
  const desfeita = page.getByRole('region', { name: 'O que foi desfeito' });
  await expect(desfeita).toBeVisible({ timeout: 60_000 });
  await expect(desfeita.getByText('Removidos').locator('xpath=following-sibling::dd')).toHaveText('450');

  // The list says so, and the event keeps only the 30 families of the first sheet.
  await page.goto('/importacoes');
  await expect(page.getByRole('link', { name: `fichas-${stamp}.csv` }).first()).toBeVisible();
  const leads = await page.request.get(`/api/leads?eventoId=${eventoId}&pageSize=100`);
  expect(leads.headers()['x-total-count']).toBe('30');
  await page.setViewportSize({ width: 360, height: 740 });
  await noSideScroll(page);
  await expectAccessible(page);
});
