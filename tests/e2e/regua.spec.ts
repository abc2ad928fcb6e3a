import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { makeCpf } from '../../src/shared/brazil-ids';
import { expectAccessible, useSession, waitForEmail } from './support';

/**
 * Issue 43 (ADR 078): the family's link to its parcelas, opened on a phone from the e-mail billing sends once the
 * contract is accepted -- each parcela with 'Pagar com PIX' (the code, its copy button and its QR code) -- and the
 * régua de cobrança a franquia switches step by step. Other specs run against the same server: the family is its own.
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
const pathDe = (eml: string, pattern: RegExp) => {
  const match = pattern.exec(decoded(eml));
  if (!match) throw new Error(`no ${String(pattern)} in the e-mail`);
  return match[1]!;
};

/** A family of our own at the demo's Colégio Horizonte, made effective and its contract accepted. */
async function familiaComContratoAceito(request: APIRequestContext) {
  const eventos = (await (await request.get('/api/public/eventos?cidade=Campinas')).json()) as {
    id: string;
    nomeEscola: string;
  }[];
  const id = unique();
  const pre = {
    eventoId: eventos.find((e) => e.nomeEscola === 'Colégio Horizonte')!.id,
    nomeAluno: `Aluno Parcelas ${id}`,
    nomeResponsavel: `Responsável Parcelas ${id}`,
    cpfAluno: randomCpf(),
    cpfResponsavel: randomCpf(),
    email: `parcelas.${id}@email.com`,
    telefone: '19981234567',
    consentimento: true,
  };
  const criada = await request.post('/api/pre-matriculas', { data: pre });
  expect(criada.status(), await criada.text()).toBe(201);
  const preId = ((await criada.json()) as { id: string }).id;
  const cursos = (await (await request.get(`/api/pre-matriculas/${preId}/cursos`)).json()) as { id: string }[];
  const started = Date.now();
  expect((await request.post(`/api/matriculas/efetivar/${preId}`, { data: { cursoId: cursos[0]!.id } })).status()).toBe(
    201,
  );
  const token = pathDe(
    await waitForEmail(pre.email, started, '/contrato/'),
    /https?:\/\/[^\s"<]+\/contrato\/([A-Za-z0-9_-]{43})/,
  );
  const pedido = Date.now();
  expect((await request.post(`/api/public/contratos/${token}/codigo`, { data: {} })).status()).toBe(200);
  const codigo = pathDe(
    await waitForEmail(pre.email, pedido, 'para aceitar o contrato'),
    /Seu código para [^:]+: (\d{6})/,
  );
  const aceito = await request.post(`/api/public/contratos/${token}/aceitar`, {
    data: { codigo, cpfInicio: pre.cpfResponsavel.slice(0, 3), diaVencimento: 15 },
  });
  expect(aceito.status(), await aceito.text()).toBe(200);
  return { ...pre, aceitoEm: pedido };
}

test("the family opens its parcelas from the billing e-mail on a phone and pays the first by PIX's QR code", async ({
  page,
  browser,
}) => {
  test.slow();
  await useSession(page, 'franqueador');
  const familia = await familiaComContratoAceito(page.request);
  const link = pathDe(
    await waitForEmail(familia.email, familia.aceitoEm, 'Suas parcelas foram geradas'),
    /https?:\/\/[^\s"<]+(\/parcelas\/[A-Za-z0-9_-]+)/,
  );

  const phone = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'pt-BR' });
  const familyPage = await phone.newPage();
  await familyPage.goto(link);
  await expect(familyPage.getByRole('heading', { level: 1, name: 'Parcelas' })).toBeVisible();
  const primeira = familyPage.getByRole('listitem').filter({ hasText: /^Parcela 1 de \d+/ });
  await expect(primeira).toContainText('Em aberto');
  await expect(primeira).toContainText(/Vencimento: 15\/\d{2}\/\d{4}/);
  await primeira.getByRole('button', { name: 'Pagar com PIX' }).click();
  await expect(primeira.getByRole('img', { name: 'QR code PIX da parcela 1' })).toBeVisible();
  await expect(primeira.getByRole('button', { name: 'Copiar código PIX' })).toBeVisible();
  await noSideScroll(familyPage);
  await expectAccessible(familyPage);

  // A link nobody was given answers in Portuguese, with nothing of any family.
  await familyPage.goto('/parcelas/um-link-que-nao-existe-aaaaaaaaaaaaaaaaaaaaaaaaaaaa');
  await expect(familyPage.getByRole('alert')).toBeVisible();
  await expect(familyPage.getByText(familia.nomeAluno)).toHaveCount(0);
  await phone.close();
});

test('a franquia switches a step of its régua off and on, at 1280 and 360 px', async ({ page }) => {
  await useSession(page, 'franquia');
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 860 });
    await page.goto('/financeiro/regua');
    await expect(page.getByRole('heading', { level: 1, name: 'Régua de cobrança' })).toBeVisible();
    const etapa = page.getByRole('switch', { name: '7 dias depois do vencimento' });
    const antes = await etapa.isChecked();
    await etapa.setChecked(!antes);
    await page.getByRole('button', { name: 'Salvar régua' }).click();
    await expect(page.getByText('Régua de cobrança salva.').first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: '7 dias depois do vencimento' })).toBeChecked({ checked: !antes });
    await noSideScroll(page);
    await expectAccessible(page);
  }
});
