import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, familiaComContratoAceito, noSideScroll, useSession } from './support';

/**
 * Renegociação (issue 43, ADR 079): a family's contract accepted and billed by the simulated gateway; staff open the
 * matrícula's record, 'Renegociar', see the new parcelas' values before confirming (1280 px), and the record lists
 * the old ones cancelled and the new ones open without a reload, with 'Renegociada em'; then the new plan is
 * renegotiated again on a 360 px phone. Every family here is its own: other specs run against the same server.
 */

async function familiaAceita(request: APIRequestContext) {
  const { nomeAluno, matriculaId } = await familiaComContratoAceito(request, 'Renegociacao');
  await expect
    .poll(async () => ((await (await request.get(`/api/matriculas/${matriculaId}/parcelas`)).json()) as []).length)
    .toBeGreaterThanOrEqual(2);
  return { nomeAluno, matriculaId };
}

async function abrirMatricula(page: Page, nomeAluno: string) {
  await page.goto('/matriculas');
  await page.getByLabel('Buscar').fill(nomeAluno);
  await page
    .getByRole('button', { name: `${nomeAluno} (abrir a matrícula)` })
    .first()
    .click();
  return page.getByRole('region', { name: 'Parcelas' });
}

test('staff renegotiate a matrícula’s open parcelas from its record, at 1280 px and on a phone', async ({ page }) => {
  test.slow();
  await useSession(page, 'franquia');
  const { nomeAluno, matriculaId } = await familiaAceita(page.request);
  const antes = (await (await page.request.get(`/api/matriculas/${matriculaId}/parcelas`)).json()) as unknown[];

  await page.setViewportSize({ width: 1280, height: 900 });
  const parcelas = await abrirMatricula(page, nomeAluno);
  await expect(parcelas.getByText('Em aberto', { exact: true })).toHaveCount(antes.length);
  await parcelas.getByRole('button', { name: 'Renegociar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Renegociar parcelas' });
  await dialog.getByLabel('Número de parcelas').fill('4');
  await dialog.getByLabel('Desconto (opcional)').fill('1,00');
  await expect(dialog.getByText(/^Até R\$\s.* \(10% do saldo em aberto, limite da rede\)\.$/)).toBeVisible();
  // The new values before confirming: four parcelas, monthly, and their total.
  const previa = dialog.getByRole('region', { name: 'Novas parcelas' });
  await expect(previa.getByRole('listitem')).toHaveCount(4);
  await expect(previa.getByText(/^1\/4, vence em \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await expect(previa.getByText(/^Total: R\$/)).toBeVisible();
  // A first due date in the past is refused before it is sent.
  await dialog.getByLabel('Primeiro vencimento').fill('01/01/2020');
  await dialog.getByRole('button', { name: 'Confirmar renegociação' }).click();
  await expect(dialog.getByText('O primeiro vencimento não pode ser no passado')).toBeVisible();
  await expectAccessible(page);
  const hoje = new Date().toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
  await dialog.getByLabel('Primeiro vencimento').fill(hoje);
  await dialog.getByRole('button', { name: 'Confirmar renegociação' }).click();
  await expect(dialog).toBeHidden();

  // Without a reload: the old parcelas cancelled, the four new ones open, and the record's 'Renegociada em'.
  await expect(parcelas.getByText('Cancelada', { exact: true })).toHaveCount(antes.length);
  await expect(parcelas.getByText('Em aberto', { exact: true })).toHaveCount(4, { timeout: 20_000 });
  await expect(parcelas.getByText(`Renegociada em ${hoje}`)).toBeVisible();
  await expectAccessible(page);

  // A phone: the new plan renegotiated again into 2.
  await page.setViewportSize({ width: 360, height: 780 });
  const noCelular = await abrirMatricula(page, nomeAluno);
  await expect(noCelular.getByText('Em aberto', { exact: true })).toHaveCount(4);
  await noCelular.getByRole('button', { name: 'Renegociar' }).click();
  const segundo = page.getByRole('dialog', { name: 'Renegociar parcelas' });
  await segundo.getByLabel('Número de parcelas').fill('2');
  await expect(segundo.getByRole('region', { name: 'Novas parcelas' }).getByRole('listitem')).toHaveCount(2);
  await noSideScroll(page);
  await expectAccessible(page);
  await segundo.getByRole('button', { name: 'Confirmar renegociação' }).click();
  await expect(segundo).toBeHidden();
  await expect(noCelular.getByText('Em aberto', { exact: true })).toHaveCount(2, { timeout: 20_000 });
  await expect(noCelular.getByText(`Renegociada em ${hoje}`)).toHaveCount(2);
  await noSideScroll(page);
  await expectAccessible(page);
});
