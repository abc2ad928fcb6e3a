import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { LGPD_MESSAGES } from '../../src/shared/schemas/lgpd';
import { expectAccessible, useSession, waitForEmail } from './support';

/**
 * Issue 39, items 3, 14 and 15, end to end: a family signs up and staff follow it (a contact with a note);
 * /meus-dados shows each consent's IP and browser and what staff recorded, prints a summary without the request
 * form, and opens a 'Correção de dados'; the franqueador corrects the guardian's name from /lgpd, then the phone
 * from the lead's panel. Axe and no sideways scrolling at 1280 and 360 px on each screen changed.
 */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 900 };
const TAG = `${Date.now().toString(36)}${randomInt(1_000_000).toString(36)}`;

async function checkBothWidths(page: Page) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  }
}

function portalLinkFrom(eml: string): string {
  const text = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = text.match(/https?:\/\/[^\s"<]+\/meus-dados\?token=[A-Za-z0-9_%-]+/);
  if (!match) throw new Error('no /meus-dados link in the e-mail');
  return match[0];
}

test('the titular sees and prints everything stored, asks for a correction, and the staff carry it out', async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000);
  const email = `acesso.${TAG}@e2e.com.br`;
  const nomeAluno = `Aluno Acesso ${TAG}`;
  const nota = `Prefere contato à noite ${TAG}`;

  const eventos = await page.request.get('/api/public/eventos', { params: { cidade: 'Campinas' } });
  const evento = ((await eventos.json()) as { id: string; nomeEscola: string }[]).find(
    (e) => e.nomeEscola === 'Colégio Horizonte',
  )!;
  const criado = await page.request.post('/api/leads', {
    data: {
      eventoId: evento.id,
      nomeAluno,
      nomeResponsavel: `Responsável Errado ${TAG}`,
      email,
      telefone: '19987654321',
      consentimento: true,
    },
    headers: { 'user-agent': `Navegador E2E ${TAG}` },
  });
  expect(criado.status(), await criado.text()).toBe(201);
  const lead = (await criado.json()) as { id: string };

  // The staff follow the family: a contact with a note.
  await useSession(page, 'franqueador');
  const contato = await page.request.post(`/api/leads/${lead.id}/contatos`, {
    data: { canal: 'whatsapp', resultado: 'atendeu', nota },
  });
  expect(contato.status(), await contato.text()).toBe(201);

  // The family's portal: the consent's address and browser, and what staff recorded.
  const guardianContext = await browser.newContext();
  const guardian = await guardianContext.newPage();
  const pedidoEm = Date.now();
  const solicitado = await guardian.request.post('/api/public/titular/solicitar', { data: { email } });
  expect(solicitado.status()).toBe(200);
  await guardian.goto(portalLinkFrom(await waitForEmail(email, pedidoEm, '/meus-dados?token=')));
  const registro = guardian.getByRole('article').filter({ hasText: nomeAluno });
  await expect(registro).toContainText(`Navegador: Navegador E2E ${TAG}`);
  await expect(registro).toContainText(/Endereço IP: \S+/);
  const registrado = registro.getByRole('region', { name: 'O que a rede registrou' });
  await expect(registrado).toContainText('Em contato');
  await expect(registrado).toContainText(nota);
  await expect(registrado).toContainText('Válido');
  await checkBothWidths(guardian);

  // The printable summary: the records without the request form.
  await guardian.evaluate(() => {
    window.print = () => {
      document.body.dataset.impresso = 'sim';
    };
  });
  await guardian.getByRole('button', { name: 'Imprimir resumo' }).click();
  await expect(guardian.locator('body')).toHaveAttribute('data-impresso', 'sim');
  await guardian.emulateMedia({ media: 'print' });
  await expect(guardian.getByRole('heading', { name: 'Fazer um pedido' })).toBeHidden();
  await expect(guardian.getByRole('button', { name: 'Imprimir resumo' })).toBeHidden();
  await expect(registrado).toContainText(nota);
  await expect(guardian.getByText(/^Resumo gerado em /)).toBeVisible();
  await guardian.emulateMedia({ media: 'screen' });

  // A correction request.
  await guardian.getByRole('radio', { name: /Correção de dados/ }).check();
  await guardian.getByRole('textbox', { name: 'O que deve ser corrigido' }).fill('O nome do responsável está errado.');
  await guardian.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(guardian.getByRole('heading', { name: LGPD_MESSAGES.pedidoRegistrado })).toBeVisible();
  const protocolo = (await guardian.locator('[role="status"] .font-mono').first().textContent())!.trim();
  await guardianContext.close();

  // The franqueador corrects the name from the request on /lgpd.
  await page.setViewportSize(DESKTOP);
  await page.goto('/lgpd');
  const linha = page
    .getByRole('table', { name: 'Pedidos dos titulares' })
    .getByRole('row')
    .filter({ hasText: protocolo });
  await linha.getByRole('button', { name: `Corrigir dados: pedido ${protocolo}` }).click();
  const dialog = page.getByRole('dialog', { name: `Corrigir os dados de ${email}` });
  const doLead = dialog.getByRole('article').first();
  await expect(doLead.getByLabel('Nome do aluno')).toHaveValue(nomeAluno);
  await checkBothWidths(page);
  await doLead.getByLabel('Nome do responsável').fill(`Responsável Certo ${TAG}`);
  await doLead.getByRole('button', { name: 'Salvar correção' }).click();
  await expect(page.getByText('Dados corrigidos', { exact: true }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  const depois = await page.request.get(`/api/leads/${lead.id}`);
  expect(((await depois.json()) as { nomeResponsavel: string }).nomeResponsavel).toBe(`Responsável Certo ${TAG}`);

  // The same correction on the lead's panel: the phone.
  await page.goto(`/leads/${lead.id}`);
  const painel = page.getByRole('dialog', { name: nomeAluno });
  await painel.getByRole('button', { name: 'Corrigir dados' }).click();
  const form = painel.getByRole('region', { name: 'Corrigir dados' });
  await expect(form.getByLabel('Nome do responsável')).toHaveValue(`Responsável Certo ${TAG}`);
  await checkBothWidths(page);
  await form.getByLabel('Telefone').fill('(19) 99111-2233');
  await form.getByRole('button', { name: 'Salvar correção' }).click();
  await expect(page.getByText('Dados corrigidos', { exact: true }).first()).toBeVisible();
  const corrigido = await page.request.get(`/api/leads/${lead.id}`);
  expect(((await corrigido.json()) as { telefone: string }).telefone).toBe('19991112233');
});
