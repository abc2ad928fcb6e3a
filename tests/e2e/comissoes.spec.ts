import { expect, test, type APIRequestContext } from '@playwright/test';
import { BASE_URL } from '../../playwright.config';
import { todayInBrasilia } from '../../src/shared/brasilia';
import {
  PAGAMENTOS_CSV_COLUMNS,
  periodoAnterior,
  periodoDe,
  periodoPorExtenso,
} from '../../src/shared/comissoes/lancamentos';
import { MINHAS_PAGINA } from '../../src/shared/schemas/comissao';
import {
  decodedEmail,
  expectAccessible,
  familiaComContratoAceito,
  noSideScroll,
  useSession,
  waitForEmail,
} from './support';

/**
 * Comissões (issue 44, ADR 088), the proof in a browser: the franqueador sets a rule on 'Comissões', the
 * simulated gateway pays the first parcela of two families, the vendedor sees both on a 360 px phone as liberada,
 * one family withdraws and its line is reversed, and the franqueador closes last month (the payments of this test
 * land in this month, which closes only when it ends: ADR 082), downloads its payout file and confirms it. Axe at
 * 1280 and 360 px.
 */

const write = { headers: { Origin: BASE_URL } };

/** A family billed at the simulated gateway, its first parcela paid there (the webhook's path). */
async function familiaQuePagou(request: APIRequestContext, rotulo: string) {
  const familia = await familiaComContratoAceito(request, rotulo);
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
  return { ...familia, valor: primeira!.valor };
}

const codigoDe = (eml: string) => /(\d{6})/.exec(decodedEmail(eml).split('código')[1] ?? '')![1]!;

test('a rule set, two parcelas paid, one withdrawn, last month closed and paid out', async ({ page, browser }) => {
  test.slow();
  await useSession(page, 'franqueador');
  const atual = periodoDe(todayInBrasilia());
  const anterior = periodoAnterior(atual);

  // The franqueador's rule: 3 % of each paid parcela to the event's micro-franquia, from today.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/financeiro/comissoes');
  await expect(page.getByRole('heading', { name: 'Regras de comissão' })).toBeVisible();
  await page.getByRole('button', { name: 'Nova regra' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Nova regra de comissão' });
  await dialogo.getByRole('button', { name: 'Criar regra' }).click();
  await expect(dialogo.getByText('Escolha quem recebe a comissão', { exact: false })).toBeVisible();
  await dialogo.getByLabel('Quem recebe').click();
  await page.getByRole('option', { name: 'Micro-franquia do evento' }).click();
  await dialogo.getByLabel('Percentual (%)').fill('3');
  await expectAccessible(page);
  await dialogo.getByRole('button', { name: 'Criar regra' }).click();
  await expect(dialogo).toBeHidden();
  const regras = page.getByRole('table', { name: 'Regras de comissão' });
  await expect(regras.getByRole('row').filter({ hasText: '3 % de cada parcela paga' })).toHaveCount(1);

  // Two families pay their first parcela at the simulated gateway.
  const [a, b] = [await familiaQuePagou(page.request, 'ComissaoA'), await familiaQuePagou(page.request, 'ComissaoB')];

  // The period's view: the vendedor (the network's 5 %) and the micro-franquia (the new 3 %) each have their lines.
  await page.reload();
  const resumo = page.getByRole('table', { name: `Comissões por beneficiário em ${periodoPorExtenso(atual)}` });
  await expect(resumo.getByText('Micro-franquia do evento').first()).toBeVisible();
  // The month's totals over every beneficiary, above its (paged) table.
  await expect(page.getByLabel('Totais do período')).toContainText(/Total\s*R\$\s*[1-9]/);
  await page.getByRole('button', { name: 'Ver todos os lançamentos' }).click();
  const linhas = page.getByRole('table', { name: `Lançamentos de ${periodoPorExtenso(atual)}` });
  await expect(linhas.getByRole('row').filter({ hasText: a.nomeAluno })).toHaveCount(2);
  await expectAccessible(page);

  // The vendedor, on a phone: both families' commissions, liberada; a line opens its matrícula.
  const vendedor = await browser.newPage({ viewport: { width: 360, height: 780 } });
  await useSession(vendedor, 'vendedor');
  await vendedor.goto('/financeiro/minhas-comissoes');
  await expect(vendedor.getByRole('heading', { name: 'Minhas comissões', level: 1 })).toBeVisible();
  const doMes = vendedor.getByRole('list', { name: `Lançamentos de ${periodoPorExtenso(atual)}` });
  for (const f of [a, b]) {
    const linha = doMes.getByRole('listitem').filter({ hasText: f.nomeAluno });
    await expect(linha).toHaveCount(1);
    await expect(linha.getByText('Liberada')).toBeVisible();
    // 5 % of the parcela, rounded once (ADR 081).
    const centavos = Math.floor((Math.round(f.valor * 100) * 500 + 5000) / 10000);
    await expect(linha).toContainText(`R$ ${(centavos / 100).toFixed(2).replace('.', ',')}`);
  }
  // The statement's lines come a page at a time: every one here, or the newest page and 'Carregar mais'.
  const contagem = vendedor.getByText(/^[\d.]+ de [\d.]+ lançamentos$/);
  await expect(contagem).toBeVisible();
  const [vistas, total] = (await contagem.textContent())!
    .split(' lançamentos')[0]!
    .split(' de ')
    .map((n) => Number(n.replace(/\./g, '')));
  expect(total).toBeGreaterThanOrEqual(2);
  expect(vistas).toBe(Math.min(total!, MINHAS_PAGINA));
  await expect(vendedor.getByRole('button', { name: 'Carregar mais' })).toHaveCount(total! > vistas! ? 1 : 0);
  await noSideScroll(vendedor);
  await expectAccessible(vendedor);
  await doMes.getByRole('button', { name: new RegExp(`^${a.nomeAluno}`) }).click();
  const ficha = vendedor.getByRole('dialog', { name: `Matrícula de ${a.nomeAluno}` });
  await expect(ficha.getByText('1ª parcela de', { exact: false })).toBeVisible();
  await expect(ficha.getByText(/@|\d{3}\.\d{3}\.\d{3}-\d{2}/)).toHaveCount(0);
  await expectAccessible(vendedor);
  await ficha.getByRole('button', { name: 'Fechar' }).click();

  // Family B withdraws within 7 days: its parcela is refunded, and its commission reversed -- a new line.
  const pedido = Date.now();
  expect((await page.request.post(`/api/public/contratos/${b.token}/codigo`, { data: {}, ...write })).status()).toBe(
    200,
  );
  const codigo = codigoDe(await waitForEmail(b.email, pedido, 'para desistir da matr'));
  const desistiu = await page.request.post(`/api/public/contratos/${b.token}/desistir`, {
    data: { codigo, cpfInicio: b.cpfResponsavel.slice(0, 3) },
    ...write,
  });
  expect(desistiu.status(), await desistiu.text()).toBe(200);
  await expect
    .poll(
      async () => {
        await vendedor.reload();
        return doMes.getByRole('listitem').filter({ hasText: b.nomeAluno }).getByText('Estornada').count();
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  await expect(doMes.getByRole('listitem').filter({ hasText: a.nomeAluno }).getByText('Liberada')).toBeVisible();
  await noSideScroll(vendedor);
  await expectAccessible(vendedor);
  await vendedor.close();

  // The franqueador closes last month, confirmed first, downloads its payout file and confirms the payout.
  await page.goto('/financeiro/comissoes');
  await page.getByRole('button', { name: 'Mês passado' }).click();
  const mes = periodoPorExtenso(anterior);
  await page.getByRole('button', { name: `Fechar ${mes}` }).click();
  const confirmar = page.getByRole('alertdialog', { name: `Fechar as comissões de ${mes}?` });
  await expectAccessible(page);
  await confirmar.getByRole('button', { name: 'Fechar o mês' }).click();
  await expect(page.getByText('Período fechado: o arquivo de pagamento está pronto.').first()).toBeVisible();
  await expect(page.getByRole('button', { name: `Fechar ${mes}` })).toHaveCount(0);
  const fechamentos = page.getByRole('table', { name: 'Fechamentos das comissões' });
  const fechado = fechamentos.getByRole('row').filter({ hasText: mes });
  await expect(fechado.getByText('A pagar')).toBeVisible();
  const [arquivo] = await Promise.all([
    page.waitForEvent('download'),
    fechado.getByRole('link', { name: `Arquivo de pagamento de ${mes}` }).click(),
  ]);
  expect(arquivo.suggestedFilename()).toBe(`comissoes_${anterior}.csv`);
  const csv = await (await arquivo.createReadStream()).toArray();
  // The payout file's columns (ADR 082), one row per beneficiary owed in the month (this network's month before
  // holds none of this test's lines: they landed this month).
  const [cabecalho] = Buffer.concat(csv)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/);
  expect(cabecalho).toBe(PAGAMENTOS_CSV_COLUMNS.map((c) => `"${c}"`).join(';'));
  await fechado.getByRole('button', { name: `Confirmar pagamento de ${mes}` }).click();
  const pagar = page.getByRole('alertdialog', { name: `Confirmar o pagamento de ${mes}?` });
  await pagar.getByRole('button', { name: 'Confirmar pagamento' }).click();
  await expect(pagar).toBeHidden();
  await expect(fechado.getByText('Paga', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // The same screen on a phone.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Fechamentos' })).toBeVisible();
  await noSideScroll(page);
  await expectAccessible(page);
});

test('a rule for one curso: found by its name in the dialog, listed with it, shown fixed on an edit', async ({
  page,
}) => {
  // ADR 093: the curso picker searches the cursos the franqueador reads; 'Todos os cursos' is the default.
  await useSession(page, 'franqueador');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/financeiro/comissoes');
  await page.getByRole('button', { name: 'Nova regra' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Nova regra de comissão' });
  const curso = dialogo.getByRole('combobox', { name: 'Curso' });
  await expect(curso).toHaveValue('');
  await curso.click();
  await expect(page.getByRole('option', { name: 'Todos os cursos' })).toBeVisible();
  await curso.pressSequentially('inglês');
  await page.getByRole('option', { name: 'Inglês Intensivo' }).click();
  await expect(curso).toHaveValue('Inglês Intensivo');
  await dialogo.getByLabel('Quem recebe').click();
  await page.getByRole('option', { name: 'Franquia', exact: true }).click();
  await dialogo.getByLabel('Percentual (%)').fill('1,5');
  // From a year far ahead: the other test's payments (run beside this one) must not meet this rule.
  const inicio = dialogo.getByLabel('Início', { exact: true });
  await inicio.fill('');
  await inicio.pressSequentially('01012031');
  await expect(inicio).toHaveValue('01/01/2031');
  await expectAccessible(page);
  await dialogo.getByRole('button', { name: 'Criar regra' }).click();
  await expect(dialogo).toBeHidden();
  const regras = page.getByRole('table', { name: 'Regras de comissão' });
  const doCurso = regras.getByRole('row').filter({ hasText: 'Inglês Intensivo' });
  await expect(doCurso).toHaveCount(1);
  await expect(doCurso).toContainText('Franquia');
  await expectAccessible(page);

  // On a phone: the rule's edit shows its curso, which a change of amount or period never moves.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.reload();
  await page.getByRole('button', { name: /^Editar regra: Franquia,/ }).click();
  const edicao = page.getByRole('dialog', { name: 'Editar regra de comissão' });
  await expect(edicao.getByRole('combobox', { name: 'Curso' })).toHaveValue('Inglês Intensivo');
  await expect(edicao.getByRole('combobox', { name: 'Curso' })).toBeDisabled();
  await noSideScroll(page);
  await expectAccessible(page);
});
