import { expect, test, type APIRequestContext } from '@playwright/test';
import { formatCount } from '../../src/shared/format';
import { SEARCH_TOO_SHORT_MESSAGE } from '../../src/shared/schemas/list-query';
import { expectAccessible, familiaComContratoAceito, noSideScroll, useSession } from './support';

/**
 * The baixa manual (issue 43, ADR 076): a family's contract accepted and billed by the simulated gateway, the staff
 * mark a parcela paid at the school from Financeiro > Parcelas (1280 px) and another from the matrícula's record on
 * a 360 px phone -- a dialog with the day and a note -- and each list shows 'Paga (baixa manual)' without a reload.
 * Every family here is its own: other specs run against the same server.
 */

/** A family whose contract is accepted, once the plan's job billed its parcelas at the simulated gateway. */
async function familiaAceita(request: APIRequestContext) {
  const { nomeAluno, matriculaId } = await familiaComContratoAceito(request, 'Baixa');
  await expect
    .poll(async () => ((await (await request.get(`/api/matriculas/${matriculaId}/parcelas`)).json()) as []).length)
    .toBeGreaterThanOrEqual(2);
  return { nomeAluno, matriculaId };
}

test('staff give a baixa to a parcela paid at the school, from Parcelas and from the matrícula on a phone', async ({
  page,
}) => {
  test.slow();
  await useSession(page, 'franqueador');
  const { nomeAluno } = await familiaAceita(page.request);

  // Financeiro > Parcelas at 1280 px: the family's first parcela, 'Dar baixa', a dialog with the day and a note.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/financeiro/parcelas');
  await page.getByLabel('Buscar').fill(nomeAluno);
  const tabela = page.getByRole('table', { name: 'Parcelas das matrículas' });
  const primeira = tabela.getByRole('button', { name: new RegExp(`^Dar baixa: parcela 1 de \\d+ de ${nomeAluno}$`) });
  await expect(primeira).toBeVisible();
  await primeira.click();
  const dialog = page.getByRole('dialog', { name: /^Dar baixa: parcela 1 de \d+$/ });
  await expect(dialog.getByLabel('Data do pagamento')).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  await dialog.getByRole('button', { name: 'Confirmar baixa' }).click();
  await expect(dialog.getByText('Informe uma observação sobre o pagamento', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel(/Observação/).fill('Pago em dinheiro na secretaria');
  await dialog.getByRole('button', { name: 'Confirmar baixa' }).click();
  await expect(dialog).toBeHidden();
  // The list shows it without a reload: paid by baixa, by whom and why.
  await expect(tabela.getByText('Paga (baixa manual)')).toHaveCount(1);
  await expect(tabela.getByText(/Pago em dinheiro na secretaria/)).toBeVisible();
  await expect(primeira).toHaveCount(0);
  await expectAccessible(page);

  // The matrícula's record on a 360 px phone: its second parcela.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/matriculas');
  await page.getByLabel('Buscar').fill(nomeAluno);
  await page
    .getByRole('button', { name: `${nomeAluno} (abrir a matrícula)` })
    .first()
    .click();
  const parcelas = page.getByRole('region', { name: 'Parcelas' });
  await expect(parcelas.getByText('Paga (baixa manual)')).toBeVisible();
  await expect(parcelas.getByText(/Baixa em .*: Pago em dinheiro na secretaria/)).toBeVisible();
  await parcelas.getByRole('button', { name: new RegExp(`^Dar baixa: parcela 2 de \\d+ de ${nomeAluno}$`) }).click();
  const segunda = page.getByRole('dialog', { name: /^Dar baixa: parcela 2 de \d+$/ });
  await segunda.getByLabel(/Observação/).fill('Pago no balcão com troco');
  await noSideScroll(page);
  await expectAccessible(page);
  await segunda.getByRole('button', { name: 'Confirmar baixa' }).click();
  await expect(segunda).toBeHidden();
  await expect(parcelas.getByText('Paga (baixa manual)')).toHaveCount(2);
  await expect(parcelas.getByText(/Pago no balcão com troco/)).toBeVisible();
  await noSideScroll(page);
  await expectAccessible(page);
});

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 360, height: 780 },
]) {
  test(`Parcelas answers a one-letter search with the hint and keeps its list (issue 46, ${viewport.width} px)`, async ({
    page,
  }) => {
    await useSession(page, 'franqueador');
    await page.setViewportSize(viewport);
    const lista = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/parcelas' && r.ok());
    await page.goto('/financeiro/parcelas');
    const total = Number((await (await lista).headerValue('x-total-count')) ?? '0');
    const busca = page.getByLabel('Buscar', { exact: true });
    const contagem = page
      .getByRole('region', { name: 'Parcelas das matrículas' })
      .getByText(`${formatCount(total)} ${total === 1 ? 'parcela' : 'parcelas'}`, { exact: true });
    await expect(contagem).toBeVisible();
    const pedidos: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/parcelas') pedidos.push(r.url());
    });

    // One letter is not sent: the box says why, the list and the address stay without a search.
    await busca.fill('a');
    await expect(busca).toHaveAccessibleDescription(SEARCH_TOO_SHORT_MESSAGE);
    await expect(page).not.toHaveURL(/[?&]q=/);
    await expect(busca).toHaveValue('a');
    await expect(contagem).toBeVisible();
    expect(pedidos.filter((url) => new URL(url).searchParams.has('q'))).toEqual([]);
    await noSideScroll(page);
    await expectAccessible(page);

    // Three letters search, and the hint goes.
    await busca.fill('ana');
    await expect(page).toHaveURL(/[?&]q=ana/);
    await expect(busca).not.toHaveAttribute('aria-describedby');
  });
}
