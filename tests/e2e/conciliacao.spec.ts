import { expect, test } from '@playwright/test';
import { expectAccessible, familiaComContratoAceito, noSideScroll, useSession } from './support';

/**
 * The reconciliation (issue 43, ADR 080): a family's first parcela is paid at the simulated gateway and its webhook
 * is lost (an outage); the franqueador opens Financeiro > Conciliação, runs 'Conciliar agora' and sees the
 * difference fixed -- the parcela paid -- at 1280 px, then reads the same screen on a 360 px phone. Axe clean.
 */
test('the franqueador reconciles a payment whose webhook was lost and sees it fixed', async ({ page }) => {
  test.slow();
  await useSession(page, 'franqueador');
  const { nomeAluno, matriculaId } = await familiaComContratoAceito(page.request, 'Conciliacao');
  let primeira: { id: string; status: string } | undefined;
  await expect
    .poll(async () => {
      const lista = (await (await page.request.get(`/api/matriculas/${matriculaId}/parcelas`)).json()) as {
        id: string;
        numero: number;
        status: string;
      }[];
      primeira = lista.find((p) => p.numero === 1);
      return lista.length;
    })
    .toBeGreaterThanOrEqual(2);
  // Paid at the gateway, its notice lost: the parcela still reads open.
  const pago = await page.request.post(`/api/parcelas/${primeira!.id}/simular-pagamento?semAviso=true`);
  expect(pago.status(), await pago.text()).toBe(200);
  expect(((await pago.json()) as { parcela: { status: string } }).parcela.status).toBe('aberta');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/financeiro/conciliacao');
  await expect(page.getByRole('heading', { name: 'Conciliação', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Última conciliação' })).toBeVisible();
  await page.getByRole('button', { name: 'Conciliar agora' }).click();
  await expect(page.getByText(/^Conciliação concluída: \d+ diferenças? corrigidas?/)).toBeVisible();
  const tabela = page.getByRole('table', { name: 'Diferenças da última conciliação' });
  const linha = tabela.getByRole('row').filter({ hasText: nomeAluno });
  await expect(linha).toHaveCount(1);
  await expect(linha.getByText('Corrigida')).toBeVisible();
  await expect(linha.getByText('Status diferente')).toBeVisible();
  await expect(linha.getByText(/Em aberto/)).toBeVisible();
  await expect(linha.getByText(/Recebida/)).toBeVisible();
  await expectAccessible(page);
  // The parcela is paid now, as the webhook would have made it.
  const depois = (await (await page.request.get(`/api/matriculas/${matriculaId}/parcelas`)).json()) as {
    id: string;
    status: string;
  }[];
  expect(depois.find((p) => p.id === primeira!.id)!.status).toBe('paga');

  // On a 360 px phone: the same run, its numbers and the difference, no sideways scroll.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Conciliar agora' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Diferenças da última conciliação' }).getByText(nomeAluno),
  ).toBeVisible();
  await noSideScroll(page);
  await expectAccessible(page);
});
