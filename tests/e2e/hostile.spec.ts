import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { makeCnpj, makeCpf } from '../../src/shared/brazil-ids';
import type { Role } from '../../src/shared/roles';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  escolherNaBusca,
  expectAccessible,
  resetLinkFrom,
  signIn,
  useSession,
  waitForEmail,
} from './support';

/**
 * Stored script and formula payloads (issue 9): names carrying HTML, <script> and spreadsheet formulas are saved
 * through the real API (public sign-up and activation, franquia, micro-franquia, cliente, vendedor, curso,
 * evento, ticket), then every screen that shows them is opened by every role that sees them. Each must show the
 * literal text, never run it (no dialog, no <img src=x> in the page), and every CSV export must start those
 * cells with the neutralising apostrophe.
 */

const BASE_URL = `http://localhost:${process.env.E2E_PORT ?? 5179}`;
const STARTED = Date.now();
const TAG = `h2${STARTED.toString(36)}${randomInt(1_000_000).toString(36)}`;
const digits = (n: number) => String(randomInt(10 ** (n - 1), 10 ** n));

/** What is stored: each starts with or carries a payload, and ends with this run's tag (to search by). */
const P = {
  franquia: `<img src=x onerror=alert(1)> Franquia ${TAG}`,
  franquiaRep: `<script>alert(1)</script> Rep ${TAG}`,
  micro: `=HYPERLINK("http://x") Micro ${TAG}`,
  cliente: `<script>alert(1)</script> Escola ${TAG}`,
  vendedor: `@cmd Vendedor ${TAG}`,
  curso: `+SUM(1) <b>Curso</b> ${TAG}`,
  modulo: `<img src=x onerror=alert(2)> Módulo ${TAG}`,
  escola: `@cmd <img src=x onerror=alert(1)> ${TAG}`,
  observacao: `<script>alert(3)</script> Obs ${TAG}`,
  // The public forms refuse a name that starts like a formula (issue 23): the families' texts carry it inside.
  leadAluno: `Lia =HYPERLINK("http://x") ${TAG}`,
  leadResponsavel: `Rui +SUM(1) <script>alert(1)</script> ${TAG}`,
  preAluno: `Ana -1+2 <img src=x onerror=alert(1)> ${TAG}`,
  preResponsavel: `Rosa @cmd Responsável ${TAG}`,
  ticketTitulo: `<script>alert(1)</script> Ticket ${TAG}`,
  ticketDescricao: `<img src=x onerror=alert(1)> =HYPERLINK("http://x") ${TAG}`,
};

async function apiAs(role: Role | 'anonymous'): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
  if (role !== 'anonymous') {
    const login = await api.post('/api/login', { data: { email: DEMO_ACCOUNTS[role], password: DEMO_PASSWORD } });
    expect(login.ok(), await login.text()).toBe(true);
  }
  return api;
}

async function post<T>(api: APIRequestContext, url: string, data: object): Promise<T> {
  const response = await api.post(url, { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

const empresa = (razaoSocial: string, prefix: string) => ({
  razaoSocial,
  cnpj: makeCnpj(digits(12)),
  repLegal: P.franquiaRep,
  cpf: makeCpf(digits(9)),
  dataNascimento: '1985-04-12',
  telefone: '11987654321',
  endereco: '<b>Rua</b> das Flores, 100',
  cep: '01310100',
  cidade: 'São Paulo',
  estado: 'SP',
  email: `${prefix}.${TAG}@hostil.com.br`,
  password: 'segredo123',
});

/** Everything stored once per worker, through the same API the screens use. */
async function storePayloads(): Promise<void> {
  const franqueador = await apiAs('franqueador');
  await post(franqueador, '/api/franquias', empresa(P.franquia, 'franquia'));

  const franquia = await apiAs('franquia');
  await post(franquia, '/api/micro-franquias', empresa(P.micro, 'micro'));
  await post(franquia, '/api/sac/tickets', {
    titulo: P.ticketTitulo,
    descricao: P.ticketDescricao,
    departamento: 'ti',
    prioridade: 'alta',
  });

  const micro = await apiAs('micro_franquia');
  await post(micro, '/api/clientes', {
    nomeFantasia: P.cliente,
    cnpj: makeCnpj(digits(12)),
    repLegal: P.franquiaRep,
    produto: 'todos_pela_educacao',
    kit: 'essencial',
    cpf: makeCpf(digits(9)),
    telefone: '19987654321',
    endereco: 'Av. Brasil, 200',
    cep: '13010111',
    cidade: 'Campinas',
    estado: 'SP',
    email: `cliente.${TAG}@hostil.com.br`,
    password: 'segredo123',
  });
  await post(micro, '/api/vendedores', {
    nome: P.vendedor,
    cpf: makeCpf(digits(9)),
    dataNascimento: '1994-02-20',
    endereco: 'Rua do Comércio, 12',
    telefone: '19991234567',
    email: `vendedor.${TAG}@hostil.com.br`,
    password: 'segredo123',
  });

  // The demo cliente (Colégio Horizonte) offers a course and holds an event in Campinas.
  const cliente = await apiAs('cliente');
  const curso = await post<{ id: string }>(cliente, '/api/cursos', {
    titulo: P.curso,
    descricao: P.observacao,
    valor: 1000,
    parcelas: 10,
    modulos: [{ titulo: P.modulo, modulo: '1', cargaHoraria: 20 }],
  });
  const inTwoWeeks = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const evento = await post<{ id: string }>(cliente, '/api/eventos', {
    nomeEscola: P.escola,
    tipoEscola: 'privada',
    cep: '13010111',
    cidade: 'Campinas',
    estado: 'SP',
    dataDistribuicao: inTwoWeeks,
    dataEvento: inTwoWeeks,
    horario: '19:00',
    local: 'escola',
    qtdAlunos: 50,
    valorTotalDesconto: 100,
    observacao: P.observacao,
    cursoIds: [curso.id],
  });

  // A student and a guardian sign up and activate the credit on the public pages' API.
  const visitor = await apiAs('anonymous');
  await post(visitor, '/api/leads', {
    eventoId: evento.id,
    nomeAluno: P.leadAluno,
    nomeResponsavel: P.leadResponsavel,
    email: `lead.${TAG}@hostil.com.br`,
    telefone: '19987001234',
    consentimento: true,
  });
  const pre = await post<{ id: string }>(visitor, '/api/pre-matriculas', {
    eventoId: evento.id,
    nomeAluno: P.preAluno,
    cpfAluno: makeCpf(digits(9)),
    nomeResponsavel: P.preResponsavel,
    cpfResponsavel: makeCpf(digits(9)),
    email: `pre.${TAG}@hostil.com.br`,
    telefone: '19987005678',
    consentimento: true,
  });
  // A name that starts like a formula is refused on the public forms (issue 23).
  const formula = await visitor.post('/api/leads', {
    data: {
      eventoId: evento.id,
      nomeAluno: `=HYPERLINK("http://x") ${TAG}`,
      nomeResponsavel: `@cmd ${TAG}`,
      email: `formula.${TAG}@hostil.com.br`,
      telefone: '19987001234',
      consentimento: true,
    },
  });
  expect(formula.status()).toBe(400);
  expect(Object.keys((await formula.json()).errors).sort()).toEqual(['nomeAluno', 'nomeResponsavel']);
  // A second activation stays pending; the first becomes a matrícula.
  await post(visitor, '/api/pre-matriculas', {
    eventoId: evento.id,
    nomeAluno: `${P.preAluno} 2`,
    cpfAluno: makeCpf(digits(9)),
    nomeResponsavel: P.preResponsavel,
    cpfResponsavel: makeCpf(digits(9)),
    email: `pre2.${TAG}@hostil.com.br`,
    telefone: '19987005679',
    consentimento: true,
  });
  const efetivar = await cliente.post(`/api/matriculas/efetivar/${pre.id}`);
  expect(efetivar.status(), await efetivar.text()).toBeLessThan(300);

  for (const api of [franqueador, franquia, micro, cliente, visitor]) await api.dispose();
}

/**
 * Stored once per worker process. Playwright runs a file's beforeAll again when a worker comes back to the file
 * after another file's tests (fullyParallel), in the same process, with the same TAG: storing again answered 409
 * 'Email já cadastrado' (a run of 2026-11-30).
 */
let stored: Promise<void> | undefined;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  stored ??= storePayloads();
  await stored;
});

/** Fails the test if anything in the page opens a dialog (alert, confirm, prompt). */
function watchDialogs(page: Page): string[] {
  const fired: string[] = [];
  page.on('dialog', (dialog) => {
    fired.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return fired;
}

/**
 * Chooses this run's event in a funnel list's event filter; its label carries the stored school name. The filter
 * searches the server and shows a page of events: the run's tag is typed, so the other specs' events cannot push
 * this one past the first page.
 */
async function pickEvento(page: Page) {
  await escolherNaBusca(page.getByLabel('Evento', { exact: true }), TAG);
}

/** The literal texts are on screen, and none of the markup became an element. */
async function expectShownAsText(page: Page, texts: readonly string[]) {
  for (const text of texts) await expect(page.getByText(text).first()).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('main script')).toHaveCount(0);
  await expect(page.locator('main b')).toHaveCount(0);
}

interface Screen {
  path: string;
  /** The search field, when the list has one (filled with this run's tag). */
  search?: string;
  texts: readonly string[];
  /** A button to press first to show the texts (a course's modules). */
  expand?: string;
  /** The list shows rows only once an event is chosen (the cliente's Leads). */
  pickEvento?: boolean;
}

const FUNNEL_SEARCH = 'Buscar';
const lead = [P.leadAluno, P.leadResponsavel, P.escola];
const pre = [P.preAluno, P.escola];

/** Each role and the screens where it sees the stored texts. */
const SCREENS: Partial<Record<Role, readonly Screen[]>> = {
  franqueador: [
    { path: '/franquias', search: 'Buscar franquias', texts: [P.franquia, P.franquiaRep] },
    { path: '/micro-franquias', search: 'Buscar micro-franquias', texts: [P.micro] },
    { path: '/clientes', search: 'Buscar clientes', texts: [P.cliente] },
    { path: '/eventos', search: 'Buscar eventos', texts: [P.escola, P.curso] },
    { path: '/interesses', search: FUNNEL_SEARCH, texts: lead },
    { path: '/pre-matriculas', search: FUNNEL_SEARCH, texts: pre },
    { path: '/matriculas', search: FUNNEL_SEARCH, texts: pre },
    { path: '/sac', search: 'Buscar tickets por título ou ID', texts: [P.ticketTitulo, P.ticketDescricao] },
    { path: '/usuarios', search: 'Buscar', texts: [P.vendedor, P.cliente, P.franquiaRep] },
  ],
  franquia: [
    { path: '/micro-franquias', search: 'Buscar micro-franquias', texts: [P.micro] },
    { path: '/eventos', search: 'Buscar eventos', texts: [P.escola] },
    { path: '/interesses', search: FUNNEL_SEARCH, texts: lead },
    { path: '/pre-matriculas', search: FUNNEL_SEARCH, texts: pre },
    { path: '/matriculas', search: FUNNEL_SEARCH, texts: pre },
    { path: '/sac', search: 'Buscar tickets por título ou ID', texts: [P.ticketTitulo, P.ticketDescricao] },
  ],
  micro_franquia: [
    { path: '/clientes', search: 'Buscar clientes', texts: [P.cliente] },
    { path: '/eventos', search: 'Buscar eventos', texts: [P.escola] },
    { path: '/interesses', search: FUNNEL_SEARCH, texts: lead },
    { path: '/pre-matriculas', search: FUNNEL_SEARCH, texts: pre },
    { path: '/matriculas', search: FUNNEL_SEARCH, texts: pre },
    { path: '/usuarios', search: 'Buscar', texts: [P.vendedor] },
  ],
  vendedor: [
    { path: '/interesses', search: FUNNEL_SEARCH, texts: lead },
    { path: '/pre-matriculas', search: FUNNEL_SEARCH, texts: pre },
  ],
  cliente: [
    { path: '/cursos', texts: [P.curso], expand: 'Ver módulos' },
    { path: '/eventos', search: 'Buscar eventos', texts: [P.escola, P.curso, P.observacao] },
    { path: '/leads', search: FUNNEL_SEARCH, texts: lead, pickEvento: true },
    { path: '/pre-matriculas', search: FUNNEL_SEARCH, texts: pre },
    { path: '/matriculas', search: FUNNEL_SEARCH, texts: pre },
  ],
};

for (const [role, screens] of Object.entries(SCREENS) as [Role, readonly Screen[]][]) {
  test(`${role}: stored HTML and formulas show as text on every screen that lists them`, async ({ page }) => {
    // Every listing screen of the role with an axe scan each: the franqueador's dozen took 1.3-1.6 min here.
    test.setTimeout(240_000);
    const dialogs = watchDialogs(page);
    await useSession(page, role);
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (screen.pickEvento) await pickEvento(page);
      if (screen.search) await page.getByLabel(screen.search, { exact: true }).fill(TAG);
      if (screen.expand) {
        const card = page.getByTestId('curso-card').filter({ hasText: TAG });
        await card.getByRole('button', { name: screen.expand }).click();
        await expect(card.getByText(P.modulo)).toBeVisible();
      }
      await expectShownAsText(page, screen.texts);
      // Long unbroken names widen the lists: the screen must stay usable (a wide table scrolls by keyboard too).
      await expectAccessible(page);
    }
    // The event filter of the funnel lists labels each event with its school's name.
    if (role !== 'vendedor') {
      await page.goto(role === 'cliente' ? '/leads' : '/interesses');
      await page.getByLabel('Evento', { exact: true }).fill(TAG);
      await expect(page.getByRole('option', { name: new RegExp(TAG) })).toBeVisible();
      await expectShownAsText(page, [P.escola]);
      await page.keyboard.press('Escape');
    }
    expect(dialogs).toEqual([]);
  });
}

test('the new aluno sees its stored name and school as text on its dashboard', async ({ page }) => {
  const dialogs = watchDialogs(page);
  // Made effective, the activation's student got an e-mail to set a first password.
  const email = `pre.${TAG}@hostil.com.br`;
  const link = new URL(resetLinkFrom(await waitForEmail(email, STARTED, '/reset-password?token=')));
  await page.goto(link.pathname + link.search);
  await page.getByLabel('Nova senha', { exact: true }).fill('senha-do-aluno');
  await page.getByLabel('Confirmar nova senha').fill('senha-do-aluno');
  await page.getByRole('button', { name: 'Redefinir Senha' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await signIn(page, email, 'senha-do-aluno');
  const section = page.getByRole('region', { name: 'Suas pré-matrículas e matrículas' });
  await expect(section.getByText(P.preAluno).first()).toBeVisible();
  await expect(section.getByText(P.escola).first()).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('the public sign-up page lists the stored school name as text', async ({ page }) => {
  const dialogs = watchDialogs(page);
  await page.goto('/credito-estudantil');
  await page.getByLabel('Cidade').selectOption('Campinas');
  const option = page.getByLabel('Evento').locator('option', { hasText: TAG });
  await expect(option).toHaveCount(1);
  await expect(option).toContainText(P.escola);
  await page.getByLabel('Evento').selectOption((await option.getAttribute('value'))!);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

/** The rows of a downloaded CSV (BOM, ';', every field quoted, "" for a quote). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.replace(/^\uFEFF/, '').split('\r\n')) {
    if (line === '') continue;
    const cells: string[] = [];
    for (const match of line.matchAll(/"((?:[^"]|"")*)"(?:;|$)/g)) cells.push(match[1]!.replaceAll('""', '"'));
    rows.push(cells);
  }
  return rows;
}

async function downloadCsv(page: Page, path: string, evento = false): Promise<string[][]> {
  await page.goto(path);
  if (evento) await pickEvento(page);
  await page.getByLabel(FUNNEL_SEARCH, { exact: true }).fill(TAG);
  await expect(page.getByText(P.escola).first()).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exportar CSV' }).click();
  const download = await downloading;
  return parseCsv(readFileSync((await download.path())!, 'utf8'));
}

/** A cell holding a formula-like text starts with the apostrophe that makes a spreadsheet show it as text. */
function expectNeutralised(rows: string[][], column: string, value: string) {
  const index = rows[0]!.indexOf(column);
  expect(index, `column ${column} in ${rows[0]!.join(';')}`).toBeGreaterThanOrEqual(0);
  const cells = rows.slice(1).map((row) => row[index]);
  expect(cells).toContain(`'${value}`);
  expect(cells).not.toContain(value);
}

/** A text that only holds a formula inside is exported as typed. */
function expectPlain(rows: string[][], column: string, value: string) {
  const index = rows[0]!.indexOf(column);
  expect(index, `column ${column} in ${rows[0]!.join(';')}`).toBeGreaterThanOrEqual(0);
  expect(rows.slice(1).map((row) => row[index])).toContain(value);
}

test('the Leads CSV starts formula-like cells with an apostrophe', async ({ page }) => {
  const dialogs = watchDialogs(page);
  await useSession(page, 'cliente');
  const leads = await downloadCsv(page, '/leads', true);
  expectPlain(leads, 'Nome do Aluno', P.leadAluno);
  expectPlain(leads, 'Nome do Responsável', P.leadResponsavel);
  expectNeutralised(leads, 'Escola do Evento', P.escola);
  expect(dialogs).toEqual([]);
});

test('the Interesses, Pré-Matrículas and Matrículas CSVs start formula-like cells with an apostrophe', async ({
  page,
}) => {
  const dialogs = watchDialogs(page);
  await useSession(page, 'franqueador');
  const interesses = await downloadCsv(page, '/interesses');
  expectPlain(interesses, 'Nome do Aluno', P.leadAluno);
  expectPlain(interesses, 'Nome do Responsável', P.leadResponsavel);
  expectNeutralised(interesses, 'Escola do Evento', P.escola);

  const pres = await downloadCsv(page, '/pre-matriculas');
  expectPlain(pres, 'Nome', P.preAluno);
  expectPlain(pres, 'Nome', `${P.preAluno} 2`);
  expectNeutralised(pres, 'Escola do Evento', P.escola);

  const matriculas = await downloadCsv(page, '/matriculas');
  expectPlain(matriculas, 'Nome', P.preAluno);
  expectNeutralised(matriculas, 'Escola do Evento', P.escola);
  expect(dialogs).toEqual([]);
});
