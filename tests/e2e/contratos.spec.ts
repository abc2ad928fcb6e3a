import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, useSession } from './support';

/**
 * Contratos (issue 42, second slice; ADR 064): the franqueador writes the network's contract template, sees it
 * filled with a sample matrícula, is refused a placeholder that does not exist and publishes the next version; a
 * franquia reads the current version and cannot change it; Matrículas shows and filters each matrícula's status.
 * Screenshots go to E2E_SHOTS_DIR when it is set (a person looks at them; nothing compares them).
 */

const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SHOTS_DIR)
    await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/${name}.png`, fullPage: true });
};
const noSideScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

test('the franqueador writes, previews and publishes a new version of the contract (1280 px)', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await useSession(page, 'franqueador');
  await page.goto('/');
  await page.getByRole('navigation').getByRole('link', { name: 'Contratos' }).click();
  await expect(page.getByRole('heading', { name: 'Contratos', level: 1 })).toBeVisible();
  const vigente = page.getByRole('region', { name: 'Versão vigente' });
  await expect(vigente.getByText(/^Versão \d+$/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Campos disponíveis' }).getByText('{{responsavel.cpf}}')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Novo rascunho' }).click();
  const texto = page.getByLabel('Texto do contrato (Markdown)');
  await expect(texto).toHaveValue(/\{\{aluno\.nome\}\}/);
  const previa = page.getByRole('region', { name: 'Pré-visualização' });
  // The sample matrícula fills the preview; the CPF masked, the required clauses at the end.
  await expect(previa.getByText(/Carlos Souza, CPF \*\*\*\.\*\*\*\.\*47-25/)).toBeVisible();
  await expect(previa.getByRole('heading', { name: 'Direito de arrependimento' })).toBeVisible();
  await expect(previa.getByText(/A multa de cancelamento é de \d+%/)).toBeVisible();

  // A placeholder that does not exist: announced while typing, refused by the server at publish.
  await texto.fill('# Contrato E2E\n\nAluno: **{{aluno.nome}}**, turma {{aluno.turma}}.');
  await expect(page.getByText(/O campo \{\{aluno\.turma\}\} não existe/)).toBeVisible();
  await expect(previa.getByText('Aluno: Ana Souza, turma {{aluno.turma}}.')).toBeVisible();
  await page.getByRole('button', { name: /^Publicar versão \d+$/ }).click();
  const confirmar = page.getByRole('alertdialog', { name: /^Publicar a versão \d+\?$/ });
  await expectAccessible(page);
  await confirmar.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('Erro ao publicar', { exact: true })).toBeVisible();
  await expect(texto).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'contratos-franqueador-recusa-1280');

  await texto.fill('# Contrato E2E\n\nAluno: **{{aluno.nome}}**, curso {{curso.titulo}} ({{curso.cargaHoraria}}).');
  await expect(previa.getByText('Ana Souza', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /^Publicar versão \d+$/ }).click();
  await confirmar.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText(/^Versão \d+ publicada: é o contrato das novas matrículas da rede\.$/)).toBeVisible();
  const versoes = page.getByRole('table', { name: 'Versões publicadas do contrato' });
  await expect(versoes.getByRole('row').filter({ hasText: 'Vigente' })).toContainText('Contrato de matrícula');
  await expect(page.getByRole('region', { name: /^Contrato vigente \(versão \d+\)$/ })).toContainText(
    'Aluno: Ana Souza, curso Inglês Kids (120 horas).',
  );
  await expectAccessible(page);
  await shot(page, 'contratos-franqueador-1280');

  // Matrículas: each row's status, and the filter.
  await page.goto('/matriculas');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Ativa' }).click();
  await expect(page).toHaveURL(/status=ativa/);
  const tabela = page.getByRole('table', { name: 'Matrículas Efetivadas' });
  await expect(tabela.getByRole('row').nth(1)).toContainText('Ativa');
  await expectAccessible(page);
  await shot(page, 'matriculas-status-1280');
});

test('a franquia reads the current contract and cannot change it (360 px)', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await useSession(page, 'franquia');
  await page.goto('/contratos');
  await expect(page.getByRole('heading', { name: 'Contratos', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Somente leitura: o franqueador escreve e publica o contrato da rede/)).toBeVisible();
  const contrato = page.getByRole('region', { name: /^Contrato vigente \(versão \d+\)$/ });
  await expect(contrato.getByRole('heading', { name: 'Direito de arrependimento' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Novo rascunho' })).toHaveCount(0);
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await noSideScroll(page);
  await expectAccessible(page);
  await shot(page, 'contratos-franquia-360');
});

test('on a 360 px phone the franqueador previews a draft and the aluno sees its matrícula status', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  await useSession(page, 'franqueador');
  await page.goto('/contratos');
  await expect(page.getByRole('region', { name: 'Versão vigente' })).toBeVisible();
  await noSideScroll(page);
  await expectAccessible(page);
  await shot(page, 'contratos-franqueador-360');
  await context.close();

  const aluno = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const alunoPage = await aluno.newPage();
  await useSession(alunoPage, 'aluno');
  await alunoPage.goto('/');
  const section = alunoPage.getByRole('region', { name: 'Suas pré-matrículas e matrículas' });
  await expect(section.getByText('Ativa', { exact: true }).first()).toBeVisible();
  await noSideScroll(alunoPage);
  await expectAccessible(alunoPage);
  await shot(alunoPage, 'aluno-dashboard-360');
  await aluno.close();
});
