import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { BASE_URL } from '../../playwright.config';
import { makeCpf } from '../../src/shared/brazil-ids';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/db/seed/demo-network';
import type { Role } from '../../src/shared/roles';

export { DEMO_ACCOUNTS, DEMO_PASSWORD };

export async function signIn(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

export async function signInAs(page: Page, role: Role): Promise<void> {
  await signIn(page, DEMO_ACCOUNTS[role]);
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Where auth.setup.ts keeps each demo role's signed-in storage state (`<outputDir>/.auth/<role>.json`, outside
 * git). Every spec shares these sessions, so a test that logs out, resets a demo password or deactivates a demo
 * user signs in through the form instead (its own session): ending a stored one would fail the tests after it.
 */
export function authFile(role: Role): string {
  return join(test.info().project.outputDir, '.auth', `${role}.json`);
}

/**
 * Puts the demo role's stored session into the page's browser context, in place of a sign-in through the form
 * (tests about signing in keep `signIn`/`signInAs`). The page does not move: the test opens what it needs.
 */
export async function useSession(page: Page, role: Role): Promise<void> {
  const file = authFile(role);
  if (!existsSync(file)) throw new Error(`no stored session for ${role} (${file}): the setup project signs it in`);
  const state = JSON.parse(readFileSync(file, 'utf8')) as { cookies: Parameters<BrowserContext['addCookies']>[0] };
  await page.context().addCookies(state.cookies);
}

/**
 * Types `texto` into a list's 'Buscar' and waits until the table named `tabela` shows only what the search found, its
 * answer in (not busy). A row clicked before that may move under the pointer: the list is live, and the other
 * workers' matrículas arrive at its top while this one waits for its search (the click then opened another record).
 */
export async function buscarNaTabela(page: Page, tabela: string, texto: string) {
  await page.getByLabel('Buscar').fill(texto);
  const table = page.getByRole('table', { name: tabela });
  await expect(table.locator('tbody tr').filter({ hasNotText: texto })).toHaveCount(0);
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  await expect(table.locator('tbody tr').filter({ hasText: texto }).first()).toBeVisible();
  return table;
}

/**
 * Types `texto` into a search combobox (an event found by its school) and picks the first option holding it, once the
 * list shows only what the search found, and checks the field shows the choice. Until the search answers, the list
 * keeps the options it showed before (every event, 'Todos os eventos' first): an option clicked there moves under the
 * pointer when the answer replaces the list, and the click lands on another option, or outside the shorter list and
 * chooses nothing (the cliente's Leads then stayed empty, waiting for an event).
 */
export async function escolherNaBusca(combobox: Locator, texto: string) {
  await combobox.fill(texto);
  await expect(combobox).toHaveAttribute('aria-expanded', 'true');
  const lista = combobox.page().locator(`[id="${await combobox.getAttribute('aria-controls')}"]`);
  const opcoes = lista.getByRole('option');
  await expect(async () => {
    expect(await opcoes.filter({ hasText: texto }).count()).toBeGreaterThan(0);
    expect(await opcoes.filter({ hasNotText: texto }).count()).toBe(0);
  }).toPass({ timeout: 15_000 });
  await opcoes.filter({ hasText: texto }).first().click();
  await expect(combobox).toHaveValue(new RegExp(texto.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
}

/** The server's mail outbox (DATA_DIR/outbox): waits for a message to `to` newer than `after`. */
/**
 * The newest e-mail to `to` written from `after` on (a second's slack for the file's stamp) -- and, with `containing`,
 * one whose text (quoted-printable undone) holds it: a family's voucher e-mail, queued by its sign-up, may land after
 * the moment a later e-mail was asked for.
 */
export async function waitForEmail(to: string, after: number, containing?: string): Promise<string> {
  const dir = join(process.env.E2E_DATA_DIR!, 'outbox');
  for (let i = 0; i < 50; i++) {
    let names: string[] = [];
    try {
      names = readdirSync(dir).sort();
    } catch {
      // not created yet
    }
    for (const name of names.reverse()) {
      const text = readFileSync(join(dir, name), 'utf8');
      const stamp = Date.parse(
        name.slice(0, 24).replace(/^(\d{4}-\d{2}-\d{2}T\d{2})-(\d{2})-(\d{2})-(\d{3})Z/, '$1:$2:$3.$4Z'),
      );
      const holds =
        !containing ||
        text
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=')
          .includes(containing);
      if (text.includes(`To: ${to}`) && stamp >= after - 1000 && holds) return text;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${to} in the outbox`);
}

export function resetLinkFrom(eml: string): string {
  const text = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = text.match(/https?:\/\/[^\s"<]+\/reset-password\?token=[A-Za-z0-9_%-]+/);
  if (!match) throw new Error('no reset link in the e-mail');
  return match[0];
}

/**
 * No serious or critical accessibility violations on the page as it stands.
 *
 * axe runs in the page itself (legacy mode) and reports its violations only. The builder's default opens a blank
 * page per scan to merge the frames' results, for cross-origin frames, which the product's CSP (`default-src
 * 'self'`) never loads; and it describes every passing node too. Measured in turns on the same screens: 55% less
 * time per scan, the same violations (ADR 072's addendum).
 */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** A cliente's event in Campinas with `vagas` seats (issue 20), created through the staff API; its id. */
export async function createEventoComVagas(page: Page, nomeEscola: string, vagas = 10): Promise<string> {
  const created = await page.request.post('/api/eventos', {
    data: {
      nomeEscola,
      tipoEscola: 'publica',
      cidade: 'Campinas',
      estado: 'SP',
      dataDistribuicao: '2030-11-20',
      dataEvento: '2030-12-10',
      horario: '19:00',
      local: 'escola',
      qtdAlunos: 100,
      vagas,
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** The voucher's path of an e-mail, `/voucher/<token>` (quoted-printable undone). */
export function voucherPathFrom(eml: string): string {
  const text = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /https?:\/\/[^\s"<]+(\/voucher\/[A-Za-z0-9_-]{43})/.exec(text);
  if (!match) throw new Error('no voucher link in the e-mail');
  return match[1]!;
}

/** No sideways scroll: the page fits its viewport (a 360 px phone). */
export async function noSideScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** An e-mail's text, its quoted-printable undone (accents included). */
export function decodedEmail(eml: string): string {
  return Buffer.from(
    eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

const uniqueSuffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const randomCpf = () => makeCpf(String(100_000_000 + Math.floor(Math.random() * 899_999_999)));
const write = { headers: { Origin: BASE_URL } };

/**
 * A family of its own at the demo's Colégio Horizonte (other specs run against the same server), made effective by
 * the session's staff and its contract accepted through the family's API with the e-mailed code (issue 42): the
 * pré-matrícula's fields, the matrícula's id, and when the acceptance was asked (for the e-mails that follow it).
 * `escola` picks another of the demo's upcoming events (Instituto Saber Contagem: Minas Saber's network).
 */
export async function familiaComContratoAceito(
  request: APIRequestContext,
  rotulo: string,
  diaVencimento?: number,
  escola: { nome: string; cidade: string } = { nome: 'Colégio Horizonte', cidade: 'Campinas' },
): Promise<{
  nomeAluno: string;
  email: string;
  cpfResponsavel: string;
  matriculaId: string;
  aceitoEm: number;
  /** The family's contract link's token (its withdrawal goes through it, ADR 088's spec). */
  token: string;
}> {
  const eventos = (await (
    await request.get(`/api/public/eventos?cidade=${encodeURIComponent(escola.cidade)}`)
  ).json()) as {
    id: string;
    nomeEscola: string;
  }[];
  const id = uniqueSuffix();
  const pre = {
    eventoId: eventos.find((e) => e.nomeEscola === escola.nome)!.id,
    nomeAluno: `Aluno ${rotulo} ${id}`,
    nomeResponsavel: `Responsável ${rotulo} ${id}`,
    cpfAluno: randomCpf(),
    cpfResponsavel: randomCpf(),
    email: `${rotulo.toLowerCase()}.${id}@email.com`,
    telefone: '19981234567',
    consentimento: true,
  };
  const criada = await request.post('/api/pre-matriculas', { data: pre, ...write });
  expect(criada.status(), await criada.text()).toBe(201);
  const preId = ((await criada.json()) as { id: string }).id;
  const cursos = (await (await request.get(`/api/pre-matriculas/${preId}/cursos`)).json()) as { id: string }[];
  const started = Date.now();
  const efetivada = await request.post(`/api/matriculas/efetivar/${preId}`, {
    data: { cursoId: cursos[0]!.id },
    ...write,
  });
  expect(efetivada.status(), await efetivada.text()).toBe(201);
  const matriculaId = ((await efetivada.json()) as { id: string }).id;
  const token = /\/contrato\/([A-Za-z0-9_-]{43})/.exec(
    decodedEmail(await waitForEmail(pre.email, started, '/contrato/')),
  )![1]!;
  const aceitoEm = Date.now();
  expect((await request.post(`/api/public/contratos/${token}/codigo`, write)).status()).toBe(200);
  const codigo = /Seu código para [^:]+: (\d{6})/.exec(
    decodedEmail(await waitForEmail(pre.email, aceitoEm, 'para aceitar o contrato')),
  )![1]!;
  const aceite = await request.post(`/api/public/contratos/${token}/aceitar`, {
    data: { codigo, cpfInicio: pre.cpfResponsavel.slice(0, 3), ...(diaVencimento ? { diaVencimento } : {}) },
    ...write,
  });
  expect(aceite.status(), await aceite.text()).toBe(200);
  return {
    nomeAluno: pre.nomeAluno,
    email: pre.email,
    cpfResponsavel: pre.cpfResponsavel,
    matriculaId,
    aceitoEm,
    token,
  };
}
