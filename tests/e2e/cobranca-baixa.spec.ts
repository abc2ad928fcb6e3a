import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { makeCpf } from '../../src/shared/brazil-ids';
import { BASE_URL } from '../../playwright.config';
import { expectAccessible, useSession, waitForEmail } from './support';

/**
 * The baixa manual (issue 43, ADR 076): a family's contract accepted and billed by the simulated gateway, the staff
 * mark a parcela paid at the school from Financeiro > Parcelas (1280 px) and another from the matrícula's record on
 * a 360 px phone -- a dialog with the day and a note -- and each list shows 'Paga (baixa manual)' without a reload.
 * Every family here is its own: other specs run against the same server.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const randomCpf = () => makeCpf(String(100_000_000 + Math.floor(Math.random() * 899_999_999)));
const decoded = (eml: string) =>
  Buffer.from(
    eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
const noSideScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
const write = { headers: { Origin: BASE_URL } };

/** A family of the demo's Colégio Horizonte whose contract is accepted; its matrícula's id. */
async function familiaAceita(request: APIRequestContext) {
  const eventos = (await (await request.get('/api/public/eventos?cidade=Campinas')).json()) as {
    id: string;
    nomeEscola: string;
  }[];
  const evento = eventos.find((e) => e.nomeEscola === 'Colégio Horizonte')!;
  const id = unique();
  const pre = {
    eventoId: evento.id,
    nomeAluno: `Aluno Baixa ${id}`,
    nomeResponsavel: `Responsável Baixa ${id}`,
    cpfAluno: randomCpf(),
    cpfResponsavel: randomCpf(),
    email: `baixa.${id}@email.com`,
    telefone: '19981234567',
    consentimento: true,
  };
  const created = await request.post('/api/pre-matriculas', { data: pre, ...write });
  expect(created.status(), await created.text()).toBe(201);
  const preId = ((await created.json()) as { id: string }).id;
  const cursos = (await (await request.get(`/api/pre-matriculas/${preId}/cursos`)).json()) as { id: string }[];
  const started = Date.now();
  const efetivada = await request.post(`/api/matriculas/efetivar/${preId}`, {
    data: { cursoId: cursos[0]!.id },
    ...write,
  });
  expect(efetivada.status(), await efetivada.text()).toBe(201);
  const matriculaId = ((await efetivada.json()) as { id: string }).id;
  const token = /\/contrato\/([A-Za-z0-9_-]{43})/.exec(decoded(await waitForEmail(pre.email, started, '/contrato/')))![1]!;
  const pedido = Date.now();
  expect((await request.post(`/api/public/contratos/${token}/codigo`, write)).status()).toBe(200);
  const codigo = /Seu código para [^:]+: (\d{6})/.exec(
    decoded(await waitForEmail(pre.email, pedido, 'para aceitar o contrato')),
  )![1]!;
  const aceite = await request.post(`/api/public/contratos/${token}/aceitar`, {
    data: { codigo, cpfInicio: pre.cpfResponsavel.slice(0, 3) },
    ...write,
  });
  expect(aceite.status(), await aceite.text()).toBe(200);
  // The plan's job bills the parcelas at the simulated gateway right after the acceptance.
  await expect
    .poll(async () => ((await (await request.get(`/api/matriculas/${matriculaId}/parcelas`)).json()) as []).length)
    .toBeGreaterThanOrEqual(2);
  return { nomeAluno: pre.nomeAluno, matriculaId };
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
  await page.getByRole('button', { name: `${nomeAluno} (abrir a matrícula)` }).first().click();
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
