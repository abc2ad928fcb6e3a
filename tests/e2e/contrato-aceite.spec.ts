import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { makeCpf } from '../../src/shared/brazil-ids';
import { buscarNaTabela, expectAccessible, useSession, waitForEmail } from './support';

/**
 * The family's contract on a phone (issue 42, third slice; ADR 066): the staff make a pré-matrícula effective, the
 * guardian opens the link from the e-mail on a 360 px phone, reads the contract and its summary, accepts with the
 * e-mailed code and the CPF's first digits and downloads the PDF; another family withdraws within 7 days. Other
 * specs run against the same server: every family here is its own.
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

/** A pré-matrícula of our own at the demo's Colégio Horizonte, through the public activation. */
async function createPreMatricula(request: APIRequestContext) {
  const eventos = (await (await request.get('/api/public/eventos?cidade=Campinas')).json()) as {
    id: string;
    nomeEscola: string;
  }[];
  const evento = eventos.find((e) => e.nomeEscola === 'Colégio Horizonte')!;
  const id = unique();
  const body = {
    eventoId: evento.id,
    nomeAluno: `Aluno Contrato ${id}`,
    nomeResponsavel: `Responsável Contrato ${id}`,
    cpfAluno: randomCpf(),
    cpfResponsavel: randomCpf(),
    email: `contrato.${id}@email.com`,
    telefone: '19981234567',
    consentimento: true,
  };
  const response = await request.post('/api/pre-matriculas', { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return { ...body, id: ((await response.json()) as { id: string }).id };
}

/** The contract's path of the link e-mail, `/contrato/<token>`. */
const contratoPath = (eml: string) => {
  const match = /https?:\/\/[^\s"<]+(\/contrato\/[A-Za-z0-9_-]{43})/.exec(decoded(eml));
  if (!match) throw new Error('no contract link in the e-mail');
  return match[1]!;
};
const codigoDe = (eml: string) => {
  const match = /Seu código para [^:]+: (\d{6})/.exec(decoded(eml));
  if (!match) throw new Error('no code in the e-mail');
  return match[1]!;
};

test('staff make a matrícula effective; the guardian accepts on a phone with the code and downloads the PDF', async ({
  page,
  browser,
}) => {
  test.slow();
  const pre = await createPreMatricula(page.request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await useSession(page, 'franqueador');
  await page.goto('/pre-matriculas');
  await expect(page.getByRole('heading', { level: 1, name: 'Pré-Matrículas' })).toBeVisible();
  const pres = await buscarNaTabela(page, 'Pré-Matrículas', pre.nomeAluno);
  const row = pres.getByRole('row', { name: new RegExp(pre.nomeAluno) });
  const started = Date.now();
  await row.getByRole('button', { name: `Ações de ${pre.nomeAluno}` }).click();
  await page.getByRole('menuitem', { name: 'Efetivar' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Efetivar a matrícula de ${pre.nomeAluno}?` });
  await confirm.getByRole('combobox', { name: /Curso da matrícula/ }).click();
  await page.getByRole('option', { name: /^Técnico em Administração — R\$/ }).click();
  await confirm.getByRole('button', { name: 'Efetivar' }).click();
  await expect(page.getByText('Matrícula efetivada!', { exact: true })).toBeVisible();

  // The guardian, on a 360 px phone, opens the link the e-mail carries.
  const phone = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'pt-BR' });
  const guardian = await phone.newPage();
  await guardian.goto(contratoPath(await waitForEmail(pre.email, started, '/contrato/')));
  await expect(guardian.getByRole('heading', { level: 1 })).toBeVisible();
  const texto = guardian.getByRole('article', { name: 'Texto do contrato' });
  await expect(texto).toContainText(pre.nomeResponsavel);
  await expect(texto.getByRole('heading', { name: 'Direito de arrependimento' })).toBeVisible();
  const resumo = guardian.getByRole('region', { name: 'Resumo do contrato' });
  await expect(resumo).toContainText(/Valor total: R\$\s[\d.]+,\d{2} (em \d+ parcelas de R\$\s[\d.]+,\d{2}|à vista)/);
  await expect(resumo).toContainText('Você pode desistir em até 7 dias depois do aceite, sem multa');
  await expect(resumo).toContainText(/a multa é de no máximo \d+% do valor que ainda falta pagar/);
  await noSideScroll(guardian);
  await expectAccessible(guardian);

  const pedido = Date.now();
  await guardian.getByRole('button', { name: 'Aceitar contrato' }).click();
  const form = guardian.getByRole('form', { name: 'Confirmar o aceite do contrato' });
  await expect(form.getByText(/Enviamos um código de 6 dígitos para/)).toBeVisible();
  // A wrong CPF is refused with the one answer every failure gets.
  const codigo = codigoDe(await waitForEmail(pre.email, pedido, 'para aceitar o contrato'));
  await form.getByLabel('Código de 6 dígitos').fill(codigo);
  const outroInicio = `${(Number(pre.cpfResponsavel[0]) + 1) % 10}${pre.cpfResponsavel.slice(1, 3)}`;
  await form.getByLabel('3 primeiros dígitos do CPF do responsável').fill(outroInicio);
  await form.getByRole('button', { name: 'Confirmar aceite' }).click();
  await expect(form.getByRole('alert')).toContainText('Não foi possível confirmar.');
  await expectAccessible(guardian);
  await form.getByLabel('3 primeiros dígitos do CPF do responsável').fill(pre.cpfResponsavel.slice(0, 3));
  await form.getByRole('button', { name: 'Confirmar aceite' }).click();
  await expect(guardian.getByRole('status').filter({ hasText: 'Contrato aceito.' })).toBeVisible();
  await expect(guardian.getByText(/^Contrato aceito em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)).toBeVisible();
  await expect(guardian.getByRole('button', { name: 'Desistir da matrícula' })).toBeVisible();

  const downloading = guardian.waitForEvent('download');
  await guardian.getByRole('link', { name: 'Baixar PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^contrato-[0-9A-F]{12}\.pdf$/);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  await noSideScroll(guardian);
  await expectAccessible(guardian);

  // The verification page the PDF prints: valid, initials only.
  const codigoPdf = download.suggestedFilename().slice('contrato-'.length, -'.pdf'.length);
  await guardian.goto(`/contrato/verificar/${codigoPdf}`);
  await expect(guardian.getByText('Contrato válido')).toBeVisible();
  await expect(guardian.getByText('R. C.')).toBeVisible();
  await expect(guardian.getByText(pre.nomeResponsavel)).toHaveCount(0);
  await expectAccessible(guardian);
  await phone.close();

  // The staff's record: accepted, its timeline, the PDF.
  await page.goto('/matriculas');
  await expect(page.getByRole('heading', { level: 1, name: 'Matrículas Efetivadas' })).toBeVisible();
  const tabela = await buscarNaTabela(page, 'Matrículas Efetivadas', pre.nomeAluno);
  const matricula = tabela.getByRole('row', { name: new RegExp(pre.nomeAluno) });
  await expect(matricula).toContainText('Ativa');
  await matricula.getByRole('button', { name: `${pre.nomeAluno} (abrir a matrícula)` }).click();
  await expect(page.getByRole('dialog', { name: `Matrícula de ${pre.nomeAluno}` })).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Linha do tempo do contrato' });
  await expect(timeline).toContainText('Link enviado ao responsável');
  await expect(timeline).toContainText('Contrato aceito');
  await expect(page.getByRole('link', { name: 'Baixar PDF' })).toBeVisible();
  await expectAccessible(page);
});

test('another family withdraws within 7 days: cancelled without a fee, on screen and by e-mail', async ({ page }) => {
  test.slow();
  await useSession(page, 'franqueador');
  const pre = await createPreMatricula(page.request);
  const cursos = (await (await page.request.get(`/api/pre-matriculas/${pre.id}/cursos`)).json()) as { id: string }[];
  const started = Date.now();
  const efetivada = await page.request.post(`/api/matriculas/efetivar/${pre.id}`, { data: { cursoId: cursos[0]!.id } });
  expect(efetivada.status()).toBe(201);
  const path = contratoPath(await waitForEmail(pre.email, started, '/contrato/'));
  const token = path.split('/').pop()!;
  // Accepted through the family's API (the test above accepts on the page).
  const pedido = Date.now();
  expect((await page.request.post(`/api/public/contratos/${token}/codigo`, { data: {} })).status()).toBe(200);
  const codigo = codigoDe(await waitForEmail(pre.email, pedido, 'para aceitar o contrato'));
  const aceito = await page.request.post(`/api/public/contratos/${token}/aceitar`, {
    data: { codigo, cpfInicio: pre.cpfResponsavel.slice(0, 3) },
  });
  expect(aceito.status(), await aceito.text()).toBe(200);

  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 860 });
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Desistir da matrícula' })).toBeVisible();
    await expect(page.getByText(/^Você pode desistir até \d{2}\/\d{2}\/\d{4}, sem multa/)).toBeVisible();
    await noSideScroll(page);
    await expectAccessible(page);
  }
  const pedidoDesistencia = Date.now();
  await page.getByRole('button', { name: 'Desistir da matrícula' }).click();
  const form = page.getByRole('form', { name: 'Confirmar a desistência da matrícula' });
  await expect(form.getByText(/Enviamos um código de 6 dígitos para/)).toBeVisible();
  const codigoDesistir = codigoDe(await waitForEmail(pre.email, pedidoDesistencia, 'para desistir da matr'));
  await form.getByLabel('Código de 6 dígitos').fill(codigoDesistir);
  await form.getByLabel('3 primeiros dígitos do CPF do responsável').fill(pre.cpfResponsavel.slice(0, 3));
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Confirmar desistência' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Desistência registrada' })).toBeVisible();
  await expect(page.getByText(/Matrícula cancelada por desistência, sem multa/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Desistir da matrícula' })).toHaveCount(0);
  await expectAccessible(page);
  const email = decoded(await waitForEmail(pre.email, pedidoDesistencia, 'cancelada sem multa'));
  expect(email).toContain('todo valor já pago será devolvido integralmente');
});
