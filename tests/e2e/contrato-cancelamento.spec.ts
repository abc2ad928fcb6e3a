import { expect, test, type Page } from '@playwright/test';
import { DEMO_CONTRATOS } from '../../src/server/db/seed/demo-contratos';
import { expectAccessible, useSession } from './support';

/**
 * Issue 42: the staff cancel a matrícula whose contract the family accepted long ago. The demo network seeds
 * Helena Duarte's (accepted 14 days ago, past the family's 7 days) and Otávio Ramos' (already cancelled with its
 * fee): the franqueador opens Helena's record, sees the fee before confirming, gives the reason, cancels, and sees
 * the status; at 360 px the cancelled one says the fee it charged, and Relatórios counts the matrículas by status.
 * Screenshots go to E2E_SHOTS_DIR when it is set (a person looks at them; nothing compares them).
 */

const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SHOTS_DIR)
    await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/${name}.png`, fullPage: true });
};
const noSideScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

/** The matrícula's record, found through the list's search. */
async function abrirMatricula(page: Page, nome: string) {
  await page.goto('/matriculas');
  await page.getByLabel('Buscar').fill(nome);
  await page.getByRole('button', { name: `${nome} (abrir a matrícula)` }).click();
  const record = page.getByRole('dialog', { name: `Matrícula de ${nome}` });
  await expect(record).toBeVisible();
  return record;
}

const BRL = String.raw`R\$\s[\d.]+,\d{2}`;

test('the franqueador sees the fee, gives the reason and cancels a matrícula accepted long ago (1280 px)', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await useSession(page, 'franqueador');
  const { nome } = DEMO_CONTRATOS.ativa;
  const record = await abrirMatricula(page, nome);
  // The matrícula's status in the record's data (the contract's section, ADR 066, says it again).
  await expect(record.locator('dl').getByText('Ativa', { exact: true })).toBeVisible();
  await expectAccessible(page);

  await record.getByRole('button', { name: 'Cancelar matrícula' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancelar a matrícula de ${nome}?` });
  await expect(dialog).toBeVisible();
  // The fee before confirming: the contract's 10% of what is still to pay (the total less the parcela paid at the
  // school, ADR 076).
  await expect(dialog.getByText(new RegExp(`^Multa de ${BRL}: 10% do valor restante de ${BRL}\\.$`))).toBeVisible();
  await expect(dialog.getByText('Valor pago')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'cancelamento-dialogo-1280');

  // No reason: refused in pt-BR, nothing sent.
  await dialog.getByRole('button', { name: 'Confirmar cancelamento' }).click();
  await expect(dialog.getByText('Informe o motivo do cancelamento')).toBeVisible();
  await dialog.getByLabel(/^Motivo do cancelamento/).fill('A família mudou de cidade.');
  await dialog.getByRole('button', { name: 'Confirmar cancelamento' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Matrícula cancelada', { exact: true })).toBeVisible();

  // The record shows the new status and the fee charged; the list filtered by status holds it.
  await expect(record.getByText('Cancelada · Cancelamento')).toBeVisible();
  await expect(record.getByText(new RegExp(`\\(Cancelamento\\)\\. Multa cobrada: ${BRL}\\.$`))).toBeVisible();
  await expect(record.getByRole('button', { name: 'Cancelar matrícula' })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'cancelamento-feito-1280');
  await record.getByRole('button', { name: 'Fechar' }).click();

  await page.goto(`/matriculas?status=cancelada&q=${encodeURIComponent(nome)}`);
  const tabela = page.getByRole('table', { name: 'Matrículas Efetivadas' });
  await expect(tabela.getByRole('row', { name: new RegExp(nome) })).toContainText('Cancelada');
  await expectAccessible(page);
});

test('at 360 px the cancelled matrícula says the fee it charged, and Relatórios counts the matrículas by status', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 360, height: 780 });
  await useSession(page, 'franqueador');
  const { nome } = DEMO_CONTRATOS.cancelada;
  const record = await abrirMatricula(page, nome);
  await expect(record.getByText('Cancelada · Cancelamento')).toBeVisible();
  await expect(
    record.getByText(
      new RegExp(`^Matrícula cancelada em \\d{2}/\\d{2}/\\d{4} \\(Cancelamento\\)\\. Multa cobrada: ${BRL}\\.$`),
    ),
  ).toBeVisible();
  await expect(record.getByRole('button', { name: 'Cancelar matrícula' })).toHaveCount(0);
  await noSideScroll(page);
  await expectAccessible(page);
  await shot(page, 'cancelamento-cancelada-360');
  await record.getByRole('button', { name: 'Fechar' }).click();

  await page.goto('/relatorios');
  const secao = page.getByRole('region', { name: 'Matrículas por status' });
  await expect(secao.getByTestId('matriculas-cancelada')).toContainText(/Canceladas\s*[1-9]/);
  await expect(secao.getByRole('list', { name: 'Canceladas por motivo' })).toContainText('Cancelamento');
  await noSideScroll(page);
  await expectAccessible(page);
  await shot(page, 'relatorios-status-360');
});
