import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { makeCpf } from '../../src/shared/brazil-ids';
import { expectAccessible, resetLinkFrom, signIn, signInAs, useSession, waitForEmail } from './support';

/**
 * The enrolment funnel end to end (issue 6): Leads, Interesses, Pré-Matrículas, Matrículas Efetivadas, Efetivar
 * with the new aluno's first sign-in, the CSV download, the 403 page and the aluno's dashboard. Other specs run
 * against the same server: every row this spec changes is its own.
 */

interface PublicEvento {
  id: string;
  nomeEscola: string;
  dataEvento: string;
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const randomCpf = () => makeCpf(String(100_000_000 + Math.floor(Math.random() * 899_999_999)));

/** The cliente demo's upcoming event (Colégio Horizonte, Campinas), open for sign-up. */
async function horizonteEvento(request: APIRequestContext): Promise<PublicEvento> {
  const response = await request.get('/api/public/eventos?cidade=Campinas');
  expect(response.ok()).toBe(true);
  const eventos = (await response.json()) as PublicEvento[];
  const evento = eventos.find((e) => e.nomeEscola === 'Colégio Horizonte');
  expect(evento).toBeDefined();
  return evento!;
}

/** A pre-matrícula of our own through the public activation API. */
async function createPreMatricula(request: APIRequestContext) {
  const evento = await horizonteEvento(request);
  const id = unique();
  const body = {
    eventoId: evento.id,
    nomeAluno: `Aluno Funil ${id}`,
    nomeResponsavel: `Responsável Funil ${id}`,
    cpfAluno: randomCpf(),
    cpfResponsavel: randomCpf(),
    email: `funil.${id}@email.com`,
    telefone: '19981234567',
    consentimento: true,
    nome: `Aluno Funil ${id}`,
  };
  const response = await request.post('/api/pre-matriculas', { data: body });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return { ...body, evento };
}

function dateBR(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d}/${m}/${y}`;
}

async function chooseEvento(page: Page, label: string) {
  await page.getByLabel('Evento', { exact: true }).click();
  await page.getByRole('option', { name: label }).click();
}

test('the cliente picks an event on Leads, searches by phone and downloads the CSV', async ({ page, request }) => {
  const evento = await horizonteEvento(request);
  await useSession(page, 'cliente');
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Leads' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  await expect(page.getByText('Visualize e gerencie os leads captados nos eventos')).toBeVisible();
  await expect(page.getByText('Selecione um evento', { exact: true })).toBeVisible();
  await expectAccessible(page);

  await chooseEvento(page, `Colégio Horizonte - Campinas, SP (${dateBR(evento.dataEvento)})`);
  const table = page.getByRole('table', { name: 'Leads' });
  // exact: each row's 'Acompanhar' (issue 16) is a cell whose name includes the student's too.
  await expect(table.getByRole('cell', { name: 'Lucas Oliveira', exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Gabriela Santos', exact: true })).toBeVisible();
  // Mariana signed up for the past event, not this one.
  await expect(table.getByRole('row', { name: /Mariana Costa/ })).toHaveCount(0);

  await page.getByLabel('Buscar').fill('(19) 98700-1122');
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row', { name: /Lucas Oliveira/ });
  await expect(row.getByRole('link', { name: 'lucas.oliveira@email.com' })).toHaveAttribute(
    'href',
    'mailto:lucas.oliveira@email.com',
  );
  await expect(row.getByRole('link', { name: '(19) 98700-1122' })).toHaveAttribute('href', 'tel:+5519987001122');
  await expect(row.getByRole('link', { name: 'Conversar com Márcia Oliveira no WhatsApp' })).toHaveAttribute(
    'href',
    'https://wa.me/5519987001122',
  );
  await expect(page.getByTestId('count-badge')).toHaveText('1 lead');
  await expectAccessible(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exportar CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^leads_colegio-horizonte_\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).split('\r\n');
  // SPEC's columns, then where the family came from (issue 48, ADR 104): Lucas came with none.
  expect(lines[0]).toBe(
    '"Nome do Aluno";"Nome do Responsável";"Email";"Telefone";"Escola do Evento";"Data de Criação"' +
      ';"utm_source";"utm_medium";"utm_campaign";"utm_content";"utm_term";"vendedor do link"',
  );
  expect(lines[1]).toMatch(
    /^"Lucas Oliveira";"Márcia Oliveira";"lucas\.oliveira@email\.com";"\(19\) 98700-1122";"Colégio Horizonte";"\d{2}\/\d{2}\/\d{4}"(;"-"){6}$/,
  );
  expect(lines.slice(2)).toEqual(['']);
});

test('the franqueador sees the metric cards and the Cliente column on Interesses', async ({ page }) => {
  await useSession(page, 'franqueador');
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Interesses' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Interesses' })).toBeVisible();
  const metrics = page.getByRole('region', { name: 'Métricas' });
  for (const label of ['Total de Interesses', 'Eventos Ativos', 'Interesses Filtrados', 'Taxa de Conversão']) {
    await expect(metrics.getByRole('heading', { name: label })).toBeVisible();
  }
  const table = page.getByRole('table', { name: 'Interesses' });
  await expect(table.getByRole('columnheader', { name: 'Cliente' })).toBeVisible();
  await page.getByLabel('Buscar').fill('Beatriz Fernandes');
  const row = table.getByRole('row', { name: /Beatriz Fernandes/ });
  await expect(row.getByRole('cell', { name: 'Instituto Saber Contagem' }).first()).toBeVisible();
  await expect(metrics.getByText('1', { exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Buscar').fill('ninguém com este nome');
  await expect(page.getByText('Nenhum interesse encontrado')).toBeVisible();

  // Issue 46: a search too short to answer is not sent; the list goes back to every row and the box says why.
  await page.getByLabel('Buscar').fill('B');
  await expect(page.getByLabel('Buscar')).toHaveAccessibleDescription(
    'Digite pelo menos 3 letras ou números para buscar.',
  );
  await expect(page.getByText('Nenhum interesse encontrado')).toBeHidden();
  await expect(page).not.toHaveURL(/[?&]q=/);
});

test('a cliente makes a pre-matrícula effective; the new aluno sets its password and sees it', async ({
  page,
  request,
}) => {
  // Two sign-ins, three accessibility scans (one on Efetivar's confirmation) and a password set: past 30 s on a
  // loaded 2-core machine.
  test.slow();
  const pre = await createPreMatricula(request);
  // Its own sign-in, not the stored session: Sair below ends the session it uses.
  await signInAs(page, 'cliente');
  await page.goto('/pre-matriculas');
  await expect(page.getByRole('heading', { level: 1, name: 'Pré-Matrículas' })).toBeVisible();
  await page.getByLabel('Buscar').fill(pre.nomeAluno);
  const table = page.getByRole('table', { name: 'Pré-Matrículas' });
  const row = table.getByRole('row', { name: new RegExp(pre.nomeAluno) });
  await expect(row).toBeVisible();
  await expectAccessible(page);

  const started = Date.now();
  // Efetivar is a row action behind a confirmation naming the student (issue 23).
  await row.getByRole('button', { name: `Ações de ${pre.nomeAluno}` }).click();
  await page.getByRole('menuitem', { name: 'Efetivar' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Efetivar a matrícula de ${pre.nomeAluno}?` });
  // Issue 42: the activation named no course and the event offers two, so the confirmation asks which, each with
  // its price; Efetivar without one says so.
  const curso = confirm.getByRole('combobox', { name: /Curso da matrícula/ });
  await expect(curso).toBeVisible();
  await confirm.getByRole('button', { name: 'Efetivar' }).click();
  await expect(confirm.getByText('Escolha o curso da matrícula.')).toBeVisible();
  await curso.click();
  await page.getByRole('option', { name: /^Técnico em Administração — R\$\s[\d.]+,\d{2} / }).click();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Efetivar' }).click();
  await expect(page.getByText('Matrícula efetivada!', { exact: true })).toBeVisible();
  await expect(
    page.getByText('A pré-matrícula foi convertida em matrícula efetivada com sucesso.', { exact: true }),
  ).toBeVisible();
  await expect(row.getByText('Efetivada', { exact: true })).toBeVisible();
  // Its menu keeps the record but offers Efetivar no more.
  await row.getByRole('button', { name: `Ações de ${pre.nomeAluno}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Abrir pré-matrícula' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Efetivar' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Matrículas Efetivadas' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Matrículas Efetivadas' })).toBeVisible();
  await page.getByLabel('Buscar').fill(pre.nomeAluno);
  const matriculas = page.getByRole('table', { name: 'Matrículas Efetivadas' });
  await expect(matriculas.getByRole('row', { name: new RegExp(pre.nomeAluno) })).toBeVisible();
  // The course the matrícula took and its price.
  await expect(matriculas.getByRole('row', { name: new RegExp(pre.nomeAluno) })).toContainText(
    /Técnico em AdministraçãoR\$\s[\d.]+,\d{2} (em \d+x de|à vista)/,
  );
  await expectAccessible(page);

  // The new aluno's e-mail carries the link to set its first password.
  const link = resetLinkFrom(await waitForEmail(pre.email, started, '/reset-password?token='));
  await page.getByRole('button', { name: 'Sair' }).click();
  // Signed out before the link opens: a navigation at once cancelled the sign-out's request, the cliente's session
  // stayed, and the new password's /auth sent it on to its dashboard (a clean-clone run of 2026-11-30).
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel('Nova senha', { exact: true }).fill('senha-do-aluno');
  await page.getByLabel('Confirmar nova senha').fill('senha-do-aluno');
  await page.getByRole('button', { name: 'Redefinir Senha' }).click();
  await expect(page).toHaveURL(/\/auth$/, { timeout: 6000 });
  await signIn(page, pre.email, 'senha-do-aluno');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard do Aluno' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Suas pré-matrículas e matrículas' });
  await expect(section.getByText(pre.nomeAluno)).toHaveCount(2);
  await expect(section.getByText(/^Efetivada em \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
});

test("on a 360 px phone the staff choose the matrícula's curso in the Efetivar dialog (issue 42)", async ({
  page,
  request,
}) => {
  test.slow();
  await page.setViewportSize({ width: 360, height: 780 });
  const pre = await createPreMatricula(request);
  await useSession(page, 'cliente');
  await page.goto('/pre-matriculas');
  await page.getByLabel('Buscar').fill(pre.nomeAluno);
  const list = page.getByRole('list', { name: 'Pré-Matrículas' });
  await expect(list.getByText(pre.nomeAluno, { exact: true })).toBeVisible();
  await list.getByRole('button', { name: `Ações de ${pre.nomeAluno}` }).click();
  await page.getByRole('menuitem', { name: 'Efetivar' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Efetivar a matrícula de ${pre.nomeAluno}?` });
  await confirm.getByRole('combobox', { name: /Curso da matrícula/ }).click();
  const ingles = page.getByRole('option', { name: /^Inglês Intensivo — R\$\s[\d.]+,\d{2} / });
  await expect(ingles).toBeVisible();
  await expectAccessible(page);
  await ingles.click();
  await expect(confirm.getByRole('combobox', { name: /Curso da matrícula/ })).toContainText('Inglês Intensivo');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Efetivar' }).click();
  await expect(page.getByText('Matrícula efetivada!', { exact: true })).toBeVisible();

  await page.goto('/matriculas');
  await page.getByLabel('Buscar').fill(pre.nomeAluno);
  const card = page
    .getByRole('list', { name: 'Matrículas Efetivadas' })
    .getByRole('listitem')
    .filter({ hasText: pre.nomeAluno });
  await expect(card.getByText('Inglês Intensivo', { exact: true })).toBeVisible();
  await expect(card.getByText(/^R\$\s[\d.]+,\d{2} (em \d+x de|à vista)/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});

test('the demo aluno sees its own pre-matrícula and matrícula on the dashboard', async ({ page }) => {
  await useSession(page, 'aluno');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard do Aluno' })).toBeVisible();
  // The metric cards stay for every role.
  await expect(page.getByRole('main').getByText('Matrículas Efetivadas', { exact: true })).toBeVisible();
  const section = page.getByRole('region', { name: 'Suas pré-matrículas e matrículas' });
  await expect(section.getByRole('heading', { name: 'Pré-matrículas', exact: true })).toBeVisible();
  await expect(section.getByText('Preparatório ENEM')).toHaveCount(2);
  await expect(section.getByText('Efetivada', { exact: true })).toBeVisible();
  await expect(section.getByText(/Colégio Horizonte - Campinas, SP/).first()).toBeVisible();
  // Only its own: nobody else's enrolment.
  await expect(section.getByText('Rafaela Lima')).toHaveCount(0);
  await expectAccessible(page);
});

test('the vendedor is told it may not see matrículas', async ({ page }) => {
  await useSession(page, 'vendedor');
  await page.goto('/matriculas');
  await expect(page.getByText('Você não tem permissão para visualizar matrículas')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectAccessible(page);
});

test('the franquia sees only its network on Pré-Matrículas and Matrículas, also at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await useSession(page, 'franquia');
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/pre-matriculas');
  // Narrow screens list each row as a card instead of a table.
  const list = page.getByRole('list', { name: 'Pré-Matrículas' });
  await expect(list.getByText('Rafaela Lima', { exact: true })).toBeVisible();
  await expect(list.getByText('Beatriz Fernandes', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);
  // The page itself never scrolls sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByRole('link', { name: 'Exportar CSV' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/matriculas');
  await expect(
    page.getByRole('list', { name: 'Matrículas Efetivadas' }).getByText('Rafaela Lima', { exact: true }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});
