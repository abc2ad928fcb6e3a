import { expect, test, type APIRequestContext } from '@playwright/test';
import { BASE_URL } from '../../playwright.config';
import { todayInBrasilia } from '../../src/shared/brasilia';
import { periodoDe, periodoPorExtenso } from '../../src/shared/comissoes/lancamentos';
import { formatBRL } from '../../src/shared/format';
import { ROYALTY_MESSAGES } from '../../src/shared/schemas/royalties';
import { expectAccessible, familiaComContratoAceito, noSideScroll, useSession } from './support';

/**
 * Royalties (issue 45, ADR 089, 092), the screens' proof in a browser: the franqueador sets Minas Saber's agreement
 * on 'Royalties' ('Editar acordo') and Educa Paulista's through the API, the simulated gateway pays a parcela of a
 * family in each franquia, and this month's statements show the figures computed here from what was paid and the
 * agreement. This month has not ended, so the API refuses to close it (ADR 089, as the commissions): the screen
 * offers no 'Fechar' and shows the month's preview, which is what is checked -- no clock is moved. The franquia, on a
 * 360 px phone, finds its family's line in 'Meu extrato', contests it (the reason is required, in pt-BR) and the SAC
 * ticket it opened is in its SAC list. Axe at 1280 and 360 px on both screens.
 */

const write = { headers: { Origin: BASE_URL } };

/** Royalty and fundo of a paid parcela: its value times the agreement's hundredths of a percent, rounded once. */
const percentual = (centavos: number, centesimos: number) => Math.floor((centavos * centesimos + 5000) / 10000);

/** A family billed at the simulated gateway, its first parcela paid there (the webhook's path); its value. */
async function familiaQuePagou(request: APIRequestContext, rotulo: string, escola?: { nome: string; cidade: string }) {
  const familia = await familiaComContratoAceito(request, rotulo, undefined, escola);
  let primeira: { id: string; numero: number; valor: number } | undefined;
  await expect
    .poll(async () => {
      const lista = (await (await request.get(`/api/matriculas/${familia.matriculaId}/parcelas`)).json()) as {
        id: string;
        numero: number;
        valor: number;
      }[];
      primeira = lista.find((p) => p.numero === 1);
      return lista.length;
    })
    .toBeGreaterThanOrEqual(2);
  const pago = await request.post(`/api/parcelas/${primeira!.id}/simular-pagamento`, write);
  expect(pago.status(), await pago.text()).toBe(200);
  return { ...familia, centavos: Math.round(primeira!.valor * 100) };
}

test("an agreement set, two franquias' parcelas paid, the month's statements, a line contested", async ({
  page,
  browser,
}) => {
  test.slow();
  const hoje = todayInBrasilia();
  const mes = periodoDe(hoje);
  const extenso = periodoPorExtenso(mes);
  await useSession(page, 'franqueador');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Minas Saber's agreement through 'Editar acordo': 5 % of royalty and 1,5 % of fundo, by fatura, from today.
  await page.goto('/financeiro/royalties');
  const acordos = page.getByRole('table', { name: 'Acordos de royalties' });
  const minas = acordos.getByRole('row').filter({ hasText: 'Minas Saber Franquias Ltda' });
  await minas.getByRole('button', { name: 'Editar acordo de Minas Saber Franquias Ltda' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Acordo de Minas Saber Franquias Ltda' });
  await dialogo.getByRole('button', { name: 'Salvar nova versão' }).click();
  await expect(dialogo.getByText(ROYALTY_MESSAGES.royalty)).toBeVisible();
  await dialogo.getByLabel('Royalty (%)').fill('5');
  await dialogo.getByLabel('Fundo de propaganda (%)').fill('1,5');
  await expectAccessible(page);
  await dialogo.getByRole('button', { name: 'Salvar nova versão' }).click();
  await expect(dialogo).toBeHidden();
  await expect(minas).toContainText('5 % + 1,5 % de fundo');
  await expect(minas).toContainText('Fatura mensal à franquia');

  // Educa Paulista's (the demo franquia's) through the API: 6 % + 2 %, by fatura, from today.
  const franquias = (await (await page.request.get('/api/royalties/acordos')).json()) as {
    franquiaId: string;
    franquia: string;
  }[];
  const paulista = franquias.find((f) => f.franquia === 'Educa Paulista Franquias Ltda')!;
  const salvo = await page.request.put(`/api/royalties/acordos/${paulista.franquiaId}`, {
    data: { royalty: 6, fundo: 2, minimo: null, inicio: hoje, modo: 'fatura' },
    ...write,
  });
  expect(salvo.status(), await salvo.text()).toBe(200);

  // One family in each franquia pays its first parcela at the simulated gateway.
  const sp = await familiaQuePagou(page.request, 'RoyaltySP');
  const mg = await familiaQuePagou(page.request, 'RoyaltyMG', { nome: 'Instituto Saber Contagem', cidade: 'Contagem' });

  // This month's statements: Minas Saber's holds this family's payment alone (no other spec bills in its network).
  const royaltyMg = percentual(mg.centavos, 500);
  const fundoMg = percentual(mg.centavos, 150);
  await page.reload();
  const extratos = page.getByRole('table', { name: `Extratos de royalties por franquia em ${extenso}` });
  const linhaMg = extratos.getByRole('row').filter({ hasText: 'Minas Saber Franquias Ltda' });
  await expect(linhaMg).toContainText(formatBRL(mg.centavos / 100));
  for (const centavos of [royaltyMg, fundoMg, royaltyMg + fundoMg])
    await expect(linhaMg).toContainText(formatBRL(centavos / 100));
  await expect(linhaMg).toContainText('Mês em andamento (prévia)');
  // The month is running: nothing to close yet.
  await expect(extratos.getByRole('button', { name: /^Fechar/ })).toHaveCount(0);
  await expectAccessible(page);

  // Minas Saber's history: this month in the chart's table.
  await linhaMg.getByRole('button', { name: /Minas Saber Franquias Ltda/ }).click();
  await expect(page.getByRole('heading', { name: 'Histórico de Minas Saber Franquias Ltda' })).toBeVisible();
  await page.getByRole('button', { name: 'Ver como tabela' }).click();
  const historico = page.getByRole('table', { name: 'Histórico de royalties de Minas Saber Franquias Ltda: dados' });
  await expect(historico.getByRole('row').last()).toContainText(formatBRL(royaltyMg / 100));
  await expectAccessible(page);

  await page.setViewportSize({ width: 360, height: 780 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Acordos' })).toBeVisible();
  await noSideScroll(page);
  await expectAccessible(page);

  // The franquia on a phone: its family's line this month, with the royalty and fundo of its agreement.
  const franquia = await browser.newPage({ viewport: { width: 360, height: 780 } });
  await useSession(franquia, 'franquia');
  await franquia.goto('/financeiro/meu-extrato');
  await expect(franquia.getByRole('heading', { name: 'Meu extrato', level: 1 })).toBeVisible();
  await expect(franquia.getByText('Royalty de 6 % e fundo de propaganda de 2 %', { exact: false })).toBeVisible();
  const doMes = franquia.getByRole('list', { name: `Lançamentos de ${extenso}` });
  const linha = doMes.getByRole('listitem').filter({ hasText: sp.nomeAluno });
  await expect(linha).toContainText(formatBRL(sp.centavos / 100));
  await expect(linha).toContainText(`Royalty ${formatBRL(percentual(sp.centavos, 600) / 100)}`);
  await expect(linha).toContainText(`Fundo ${formatBRL(percentual(sp.centavos, 200) / 100)}`);
  await expect(linha.getByRole('link', { name: '1ª parcela' })).toHaveAttribute('href', /\/financeiro\/parcelas\?q=/);
  await noSideScroll(franquia);
  await expectAccessible(franquia);

  // 'Contestar': the reason is required; sent, the line shows the contest and its ticket.
  await linha.getByRole('button', { name: `Contestar a linha de ${sp.nomeAluno}` }).click();
  const contestar = franquia.getByRole('dialog', { name: 'Contestar lançamento' });
  await contestar.getByRole('button', { name: 'Enviar contestação' }).click();
  await expect(contestar.getByText(ROYALTY_MESSAGES.motivo)).toBeVisible();
  await expectAccessible(franquia);
  await contestar.getByLabel('Motivo').fill('A família pagou esta parcela em dinheiro na escola, não pelo link.');
  await contestar.getByRole('button', { name: 'Enviar contestação' }).click();
  await expect(contestar).toBeHidden();
  await expect(linha.getByText('Chamado: Em Andamento')).toBeVisible();
  await expect(linha.getByRole('button', { name: /^Contestar/ })).toHaveCount(0);
  await noSideScroll(franquia);
  await expectAccessible(franquia);

  // The ticket is in the franquia's SAC list.
  await linha.getByRole('link', { name: /Ver o chamado no SAC/ }).click();
  await expect(franquia).toHaveURL(/\/sac\/[0-9a-f-]{36}$/);
  await expect(franquia.getByRole('heading', { level: 2, name: `Contestação de royalties - ${mes}` })).toBeVisible();
  await franquia.goto('/sac');
  await expect(franquia.getByRole('article', { name: `Contestação de royalties - ${mes}` })).toBeVisible();

  // 'Meu extrato' at 1280 px too.
  await franquia.setViewportSize({ width: 1280, height: 900 });
  await franquia.goto('/financeiro/meu-extrato');
  await expect(doMes.getByRole('listitem').filter({ hasText: sp.nomeAluno })).toContainText('Chamado: Em Andamento');
  await expectAccessible(franquia);
  await franquia.close();
});
