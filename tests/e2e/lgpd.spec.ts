import { randomInt } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { AVISO_VIGENTE, TEXTO_CONSENTIMENTO } from '../../src/shared/privacidade';
import { FUNNEL_LISTS } from '../../src/shared/schemas/funnel';
import { LGPD_MESSAGES, NOME_ANONIMIZADO } from '../../src/shared/schemas/lgpd';
import { expectAccessible, useSession, waitForEmail } from './support';

/**
 * LGPD end to end (issue 18): a guardian signs up, asks for access on /meus-dados, opens the link from the outbox,
 * downloads the JSON and asks for anonymisation; the franqueador concludes it on /lgpd, and the lead now reads
 * 'Titular anonimizado' on Interesses. Axe and no sideways scrolling at 1280 and 360 px on /privacidade,
 * /meus-dados (both states) and /lgpd.
 */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 900 };
const TAG = `${Date.now().toString(36)}${randomInt(1_000_000).toString(36)}`;

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** Axe and the page's width, at both sizes; leaves the page at 1280 px. */
async function checkBothWidths(page: Page) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
  }
}

/** Every message in the outbox to `to`. */
function emailsTo(to: string): string[] {
  const dir = join(process.env.E2E_DATA_DIR!, 'outbox');
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.map((name) => readFileSync(join(dir, name), 'utf8')).filter((eml) => eml.includes(`To: ${to}`));
}

/** The portal's link in an .eml (quoted-printable soft breaks and '=3D' undone). */
function portalLinkFrom(eml: string): string {
  const text = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = text.match(/https?:\/\/[^\s"<]+\/meus-dados\?token=[A-Za-z0-9_%-]+/);
  if (!match) throw new Error('no /meus-dados link in the e-mail');
  return match[0];
}

test('/privacidade shows the notice in force, and the sign-up form links to it beside the consent', async ({
  page,
}) => {
  await page.goto('/privacidade');
  await expect(page.getByRole('heading', { level: 1, name: AVISO_VIGENTE.titulo })).toBeVisible();
  const [ano, mes, dia] = AVISO_VIGENTE.vigenteDesde.split('-');
  await expect(page.getByText(`Versão ${AVISO_VIGENTE.versao}, em vigor desde ${dia}/${mes}/${ano}`)).toBeVisible();
  for (const secao of AVISO_VIGENTE.secoes) {
    await expect(page.getByRole('heading', { level: 2, name: secao.titulo })).toBeVisible();
  }
  await checkBothWidths(page);

  await page.goto('/credito-estudantil');
  await page.getByLabel('Cidade').selectOption('Campinas');
  const evento = page.getByLabel('Evento');
  const option = evento.locator('option', { hasText: 'Colégio Horizonte' });
  await expect(option).toHaveCount(1);
  await evento.selectOption((await option.getAttribute('value'))!);
  await expect(page.getByRole('checkbox', { name: TEXTO_CONSENTIMENTO })).toBeVisible();
  const aviso = page.getByRole('link', { name: /Aviso de Privacidade/ }).first();
  await expect(aviso).toHaveAttribute('href', '/privacidade');
  await expect(aviso).toHaveAttribute('target', '_blank');
});

test('a guardian asks for anonymisation from /meus-dados; the franqueador concludes it on /lgpd; the lead is anonymised', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `titular.${TAG}@e2e.com.br`;
  const nomeAluno = `Aluno LGPD ${TAG}`;
  const nomeResponsavel = `Responsável LGPD ${TAG}`;

  // The guardian signs a student up for a demo event.
  const eventos = await page.request.get('/api/public/eventos', { params: { cidade: 'Campinas' } });
  expect(eventos.ok()).toBe(true);
  const evento = ((await eventos.json()) as { id: string; nomeEscola: string }[]).find(
    (e) => e.nomeEscola === 'Colégio Horizonte',
  )!;
  const criado = await page.request.post('/api/leads', {
    data: { eventoId: evento.id, nomeAluno, nomeResponsavel, email, telefone: '19987654321', consentimento: true },
  });
  expect(criado.status(), await criado.text()).toBe(201);
  const lead = (await criado.json()) as { id: string };

  // /meus-dados without a link: asks for the e-mail; the answer is the same for every e-mail.
  const guardianContext = await browser.newContext();
  const guardian = await guardianContext.newPage();
  await guardian.goto('/meus-dados');
  await expect(guardian.getByRole('heading', { level: 1, name: 'Meus dados' })).toBeVisible();
  await checkBothWidths(guardian);
  const pedidoEm = Date.now();
  await guardian.getByLabel('Seu e-mail').fill(email);
  await guardian.getByRole('button', { name: 'Receber link por e-mail' }).click();
  await expect(guardian.getByRole('status')).toHaveText(LGPD_MESSAGES.solicitado);

  // The link from the outbox shows the record, with the consent's notice version.
  const link = portalLinkFrom(await waitForEmail(email, pedidoEm, '/meus-dados?token='));
  expect(new URL(link).pathname).toBe('/meus-dados');
  await guardian.goto(link);
  const registro = guardian.getByRole('article').filter({ hasText: nomeAluno });
  await expect(registro).toBeVisible();
  await expect(registro).toContainText(nomeResponsavel);
  await expect(registro).toContainText('(19) 98765-4321');
  await expect(registro).toContainText('Colégio Horizonte');
  await expect(registro).toContainText(`Aviso versão ${AVISO_VIGENTE.versao}`);
  await checkBothWidths(guardian);

  // Portability: the JSON holds the record.
  const downloading = guardian.waitForEvent('download');
  await guardian.getByRole('link', { name: 'Baixar meus dados (JSON)' }).click();
  const download = await downloading;
  const json = readFileSync((await download.path())!, 'utf8');
  expect(json).toContain(nomeAluno);
  expect(json).toContain(email);

  // Anonymisation, confirmed as irreversible.
  await guardian.getByRole('radio', { name: /Anonimização/ }).check();
  await guardian.getByRole('button', { name: 'Enviar pedido' }).click();
  const confirmar = guardian.getByRole('alertdialog', { name: 'Pedir a anonimização dos seus dados?' });
  await expect(confirmar).toContainText('irreversível');
  await confirmar.getByRole('button', { name: 'Sim, pedir a anonimização' }).click();
  await expect(guardian.getByRole('heading', { name: LGPD_MESSAGES.pedidoRegistrado })).toBeVisible();
  const protocolo = (await guardian.locator('[role="status"] .font-mono').first().textContent())!.trim();
  expect(protocolo).toMatch(/^[0-9A-F]{8}$/);
  // The link is spent.
  const reaberto = await guardian.request.get(`/api/public/titular?token=${new URL(link).searchParams.get('token')}`);
  expect(reaberto.status()).toBe(400);
  await guardian.reload();
  await expect(guardian.getByRole('alert')).toContainText(LGPD_MESSAGES.linkInvalido);
  await expect(guardian.getByRole('link', { name: 'Pedir um novo link' })).toBeVisible();
  await checkBothWidths(guardian);
  await guardianContext.close();

  // The franqueador finds the request on /lgpd and concludes it, naming the e-mail first.
  await useSession(page, 'franqueador');
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'LGPD' }).click();
  await expect(page).toHaveURL(/\/lgpd$/);
  await expect(page.getByRole('heading', { level: 1, name: 'LGPD' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Situação' }).click();
  await page.getByRole('option', { name: 'Aberto', exact: true }).click();
  await expect(page).toHaveURL(/status=aberto/);
  const tabela = page.getByRole('table', { name: 'Pedidos dos titulares' });
  const linha = tabela.getByRole('row').filter({ hasText: protocolo });
  await expect(linha).toContainText(email);
  await expect(linha).toContainText('Anonimização');
  await expect(linha).toContainText('Aberto');
  await expect(page.getByRole('region', { name: 'Retenção' })).toContainText('são anonimizados após');
  await checkBothWidths(page);

  await linha.getByRole('button', { name: `Concluir: pedido ${protocolo}` }).click();
  const dialog = page.getByRole('dialog', { name: `Anonimizar os dados de ${email}?` });
  await expect(dialog).toContainText('irreversível');
  await dialog.getByRole('button', { name: 'Concluir e anonimizar' }).click();
  await expect(page.getByText('Pedido concluído', { exact: true }).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByRole('combobox', { name: 'Situação' }).click();
  await page.getByRole('option', { name: 'Concluído', exact: true }).click();
  await expect(tabela.getByRole('row').filter({ hasText: protocolo })).toContainText('Concluído');

  // The titular's answer arrives by e-mail.
  await expect
    .poll(() => emailsTo(email).some((eml) => eml.includes('Resposta ao seu pedido') && eml.includes(protocolo)))
    .toBe(true);

  // The lead now reads 'Titular anonimizado': its panel over Interesses, and nowhere its old names.
  await page.goto(`/leads/${lead.id}`);
  const painel = page.getByRole('dialog', { name: NOME_ANONIMIZADO });
  await expect(painel).toBeVisible();
  await expect(painel).not.toContainText(nomeResponsavel);
  await expect(painel).not.toContainText(email);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/interesses/);
  // As a reader would: the panel gone from over the list before typing in the list's box.
  await expect(painel).toBeHidden();
  await page.getByPlaceholder('Nome, email ou telefone...').fill(nomeAluno);
  await expect(page).toHaveURL(/\/interesses\?.*q=/);
  await expect(page.getByText(FUNNEL_LISTS.interesses.empty)).toBeVisible();
});
