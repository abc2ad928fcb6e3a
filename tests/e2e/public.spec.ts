import { randomInt } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { makeCpf } from '../../src/shared/brazil-ids';
import { formatCpf } from '../../src/shared/format';
import { PUBLIC_MESSAGES } from '../../src/shared/schemas/public';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expectAccessible, useSession } from './support';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/** Names and CPFs no other run uses, so parallel runs on one database never collide. */
const tag = () => `${Date.now().toString(36)}${randomInt(1_000_000).toString(36)}`;
const newCpf = () => makeCpf(String(randomInt(100_000_000, 999_999_999)));

/**
 * Picks the city, then the school's event. `upcoming`: the activation also lists the school's event of last month
 * (issue 23), after the upcoming one; the upcoming one is picked.
 */
async function chooseEvent(page: Page, cidade: string, escola: string, { upcoming = false } = {}) {
  await page.getByLabel('Cidade').selectOption(cidade);
  const evento = page.getByLabel('Evento');
  await expect(evento).toBeVisible();
  const options = evento.locator('option', { hasText: escola });
  await expect(options).toHaveCount(upcoming ? 2 : 1);
  await evento.selectOption((await options.first().getAttribute('value'))!);
}

async function leadsOfCliente(request: APIRequestContext, q: string) {
  const login = await request.post('/api/login', { data: { email: DEMO_ACCOUNTS.cliente, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const response = await request.get('/api/leads', { params: { q } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { nomeAluno: string; nomeResponsavel: string; email: string; telefone: string }[];
}

test.describe('/credito-estudantil', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`signs up for an event at ${viewport.width} px, once however often it is sent`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      await page.goto('/credito-estudantil');

      await expect(page.getByText('PARABÉNS', { exact: true })).toHaveCount(20);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('crédito educacional gratuito');
      for (const categoria of [
        'Cursos Livres',
        'Técnicos',
        'Graduação',
        'Pós-graduação',
        'Mestrado',
        'Intercâmbios Internacionais',
      ]) {
        await expect(page.getByRole('listitem').getByText(categoria, { exact: true })).toBeVisible();
      }
      await expect(page.getByText('+ de R$ 10 milhões')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Como funciona' })).toBeVisible();
      await expect(page.getByRole('note')).toContainText('limitados por região');
      await expect(page.getByRole('note')).toContainText('ordem de inscrição');

      // City -> event select appears -> the personal fields appear.
      await expect(page.getByLabel('Evento')).toHaveCount(0);
      await page.getByLabel('Cidade').selectOption('Campinas');
      await expect(page.getByLabel('Evento')).toBeVisible();
      await expect(page.getByLabel('Nome do aluno')).toHaveCount(0);
      await chooseEvent(page, 'Campinas', 'Colégio Horizonte');
      await expect(page.getByText('Crédito educacional: R$ 1.500,00')).toBeVisible();

      const id = tag();
      const aluno = `Aluno Inscrição ${id}`;
      await page.getByLabel('Nome do aluno').fill(aluno);
      await page.getByLabel('Nome do responsável').fill(`Responsável ${id}`);
      await page.getByLabel('Email').fill(`inscricao.${id}@email.com`);
      await page.getByLabel('Telefone (WhatsApp)').pressSequentially('19987654321');
      await expect(page.getByLabel('Telefone (WhatsApp)')).toHaveValue('(19) 98765-4321');
      await page.getByRole('checkbox', { name: /autorizo o uso destes dados/ }).check();
      // The page fits the phone: nothing wider than the viewport.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.getByRole('button', { name: 'GARANTIR MEU CRÉDITO GRATUITO' }).click();

      // Issue 23: a confirmation screen (was a toast), then the form and the city start over.
      await expect(page.getByRole('heading', { level: 1, name: PUBLIC_MESSAGES.leadSuccess })).toBeVisible();
      await expect(page.getByText(PUBLIC_MESSAGES.leadSuccessDescription, { exact: true })).toBeVisible();
      await page.getByRole('button', { name: PUBLIC_MESSAGES.leadSuccessOutra }).click();
      await expect(page.getByLabel('Cidade')).toHaveValue('');
      await expect(page.getByLabel('Evento')).toHaveCount(0);

      const leads = await leadsOfCliente(request, aluno);
      expect(leads).toEqual([
        expect.objectContaining({
          nomeAluno: aluno,
          nomeResponsavel: `Responsável ${id}`,
          email: `inscricao.${id}@email.com`,
          telefone: '19987654321',
        }),
      ]);

      // The same sign-up again: success, and still one lead.
      await chooseEvent(page, 'Campinas', 'Colégio Horizonte');
      await page.getByLabel('Nome do aluno').fill(aluno.toUpperCase());
      await page.getByLabel('Nome do responsável').fill(`Responsável ${id}`);
      await page.getByLabel('Email').fill(`inscricao.${id}@email.com`);
      await page.getByLabel('Telefone (WhatsApp)').fill('19987654321');
      await page.getByRole('checkbox', { name: /autorizo o uso destes dados/ }).check();
      await page.getByRole('button', { name: 'GARANTIR MEU CRÉDITO GRATUITO' }).click();
      await expect(page.getByRole('heading', { level: 1, name: PUBLIC_MESSAGES.leadSuccess })).toBeVisible();
      expect(await leadsOfCliente(request, aluno)).toHaveLength(1);
    });
  }

  test('choosing another city clears the event', async ({ page }) => {
    await page.goto('/credito-estudantil');
    await chooseEvent(page, 'Campinas', 'Colégio Horizonte');
    await expect(page.getByLabel('Nome do aluno')).toBeVisible();
    await page.getByLabel('Cidade').selectOption('Valinhos');
    await expect(page.getByLabel('Evento')).toHaveValue('');
    await expect(page.getByLabel('Evento').locator('option', { hasText: 'Colégio Horizonte' })).toHaveCount(0);
    await expect(page.getByLabel('Evento').locator('option', { hasText: 'Escola Estadual Valinhos' })).toHaveCount(1);
    await expect(page.getByLabel('Nome do aluno')).toHaveCount(0);
  });

  test('asks for the event, the fields and the consent before sending anything', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url());
    });
    await page.goto('/credito-estudantil');
    await page.getByRole('button', { name: 'GARANTIR MEU CRÉDITO GRATUITO' }).click();
    await expect(page.getByText(PUBLIC_MESSAGES.eventoId, { exact: true })).toBeVisible();

    await chooseEvent(page, 'Contagem', 'Instituto Saber Contagem');
    await page.getByRole('button', { name: 'GARANTIR MEU CRÉDITO GRATUITO' }).click();
    await expect(page.getByText(PUBLIC_MESSAGES.nomeAluno, { exact: true })).toBeVisible();
    await expect(page.getByText(PUBLIC_MESSAGES.nomeResponsavel, { exact: true })).toBeVisible();
    await expect(page.getByLabel('Nome do aluno')).toHaveAttribute('aria-invalid', 'true');

    const id = tag();
    await page.getByLabel('Nome do aluno').fill(`Aluno ${id}`);
    await page.getByLabel('Nome do responsável').fill(`Responsável ${id}`);
    await page.getByLabel('Email').fill(`consent.${id}@email.com`);
    await page.getByLabel('Telefone (WhatsApp)').fill('31987654321');
    await page.getByRole('button', { name: 'GARANTIR MEU CRÉDITO GRATUITO' }).click();
    await expect(page.getByText(PUBLIC_MESSAGES.consentimento, { exact: true })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /autorizo o uso destes dados/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(posts.filter((url) => url.endsWith('/api/leads'))).toEqual([]);
    await expectAccessible(page);
  });

  test("shows the server's message when it refuses the sign-up", async ({ page }) => {
    await page.goto('/credito-estudantil');
    await chooseEvent(page, 'Valinhos', 'Escola Estadual Valinhos');
    const id = tag();
    await page.getByLabel('Nome do aluno').fill(`Aluno ${id}`);
    await page.getByLabel('Nome do responsável').fill(`Responsável ${id}`);
    await page.getByLabel('Email').fill(`recusa.${id}@email.com`);
    await page.getByLabel('Telefone (WhatsApp)').fill('19987654321');
    await page.getByRole('checkbox', { name: /autorizo o uso destes dados/ }).check();
    // The event closes between the page's load and the sign-up.
    await page.route('**/api/leads', async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, eventoId: crypto.randomUUID() }) });
    });
    await page.getByRole('button', { name: 'GARANTIR MEU CRÉDITO GRATUITO' }).click();
    await expect(page.getByText(PUBLIC_MESSAGES.leadError, { exact: true })).toBeVisible();
    await expect(page.getByText(PUBLIC_MESSAGES.eventoIndisponivel, { exact: true })).toBeVisible();
    // Nothing was lost: the visitor can try again.
    await expect(page.getByLabel('Nome do aluno')).toHaveValue(`Aluno ${id}`);
  });

  test('is accessible with the whole form open', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/credito-estudantil');
    await chooseEvent(page, 'Campinas', 'Colégio Horizonte');
    await expectAccessible(page);
  });
});

test.describe('/credito-ativacao', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`activates the credit at ${viewport.width} px and prints the declaration alone`, async ({ page }) => {
      await page.addInitScript(() => {
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => {
          (window as unknown as { printed: number }).printed += 1;
        };
      });
      await page.setViewportSize(viewport);
      await page.goto('/credito-ativacao');
      await expect(page.getByRole('heading', { level: 1, name: 'Habilitação do Crédito Estudantil' })).toBeVisible();
      for (const selo of ['100% Seguro', 'Super Rápido', 'Suporte Total']) {
        await expect(page.getByText(selo, { exact: true })).toBeVisible();
      }
      await expect(page.getByLabel('Evento')).toHaveCount(0);
      await chooseEvent(page, 'Contagem', 'Instituto Saber Contagem');

      const id = tag();
      const aluno = `Aluna Ativação ${id}`;
      const responsavel = `Responsável Ativação ${id}`;
      const cpfAluno = newCpf();
      const cpfResponsavel = newCpf();
      await page.getByLabel('Nome do aluno').fill(aluno);
      await page.getByLabel('CPF do aluno').pressSequentially(cpfAluno);
      await expect(page.getByLabel('CPF do aluno')).toHaveValue(formatCpf(cpfAluno));
      await page.getByLabel('Nome do responsável').fill(responsavel);
      await page.getByLabel('CPF do responsável').pressSequentially(cpfResponsavel);
      await page.getByLabel('Email').fill(`ativacao.${id}@email.com`);
      await page.getByLabel('Telefone (WhatsApp)').pressSequentially('31987654321');
      await page.getByRole('checkbox', { name: /autorizo o uso destes dados/ }).check();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.getByRole('button', { name: 'ATIVAR MEU CRÉDITO GRATUITO' }).click();

      // The celebration replaces the form, at the top of the page.
      const heading = page.getByRole('heading', { level: 1, name: 'PARABÉNS!' });
      await expect(heading).toBeVisible();
      await expect(heading).toBeFocused();
      await expect(page.getByRole('button', { name: 'ATIVAR MEU CRÉDITO GRATUITO' })).toHaveCount(0);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(50);
      await expect(page.getByText('R$ 2.000,00').first()).toBeVisible();

      const declaration = page.getByRole('article', { name: 'Declaração de Crédito Estudantil' });
      await expect(declaration).toBeVisible();
      const field = (label: string) =>
        declaration.locator('dt').getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');
      await expect(field('Aluno(a)')).toHaveText(aluno);
      await expect(field('CPF do aluno')).toHaveText(formatCpf(cpfAluno));
      await expect(field('Responsável')).toHaveText(responsavel);
      await expect(field('CPF do responsável')).toHaveText(formatCpf(cpfResponsavel));
      await expect(field('Cidade do evento')).toHaveText('Contagem - MG');
      await expect(field('Valor do crédito')).toHaveText('R$ 2.000,00');
      await expect(declaration).toContainText('pessoal e intransferível');
      await expect(declaration).toContainText('formalização do contrato de matrícula');

      await page.getByRole('button', { name: 'Imprimir' }).click();
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

      // The printout holds the declaration alone.
      await page.emulateMedia({ media: 'print' });
      await expect(declaration).toBeVisible();
      await expect(field('Aluno(a)')).toBeVisible();
      await expect(heading).toBeHidden();
      await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
      await expect(page.getByRole('banner')).toBeHidden();
      await expect(page.getByRole('contentinfo')).toBeHidden();
      const box = await declaration.boundingBox();
      expect(box!.y).toBeLessThan(40);
      await page.emulateMedia({ media: 'screen' });

      // Back to a fresh form.
      await page.getByRole('button', { name: 'Ativar outro crédito' }).click();
      await expect(page.getByRole('button', { name: 'ATIVAR MEU CRÉDITO GRATUITO' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Habilitação do Crédito Estudantil' })).toBeFocused();
      await expect(page.getByLabel('Cidade')).toHaveValue('');
    });
  }

  test('activates at an event that took place last month, which the sign-up no longer offers', async ({ page }) => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const ativacao = (await (
      await page.request.get('/api/public/eventos', { params: { cidade: 'Campinas', para: 'ativacao' } })
    ).json()) as { id: string; dataEvento: string }[];
    const passado = ativacao.find((e) => e.dataEvento < today);
    expect(passado).toBeDefined();

    await page.goto('/credito-estudantil');
    await page.getByLabel('Cidade').selectOption('Campinas');
    await expect(page.getByLabel('Evento').locator('option', { hasText: 'Colégio Horizonte' })).toHaveCount(1);
    await expect(page.getByLabel('Evento').locator(`option[value="${passado!.id}"]`)).toHaveCount(0);

    await page.goto('/credito-ativacao');
    await page.getByLabel('Cidade').selectOption('Campinas');
    await page.getByLabel('Evento').selectOption(passado!.id);
    const id = tag();
    await page.getByLabel('Nome do aluno').fill(`Aluno Depois ${id}`);
    await page.getByLabel('CPF do aluno').pressSequentially(newCpf());
    await page.getByLabel('Nome do responsável').fill(`Responsável Depois ${id}`);
    await page.getByLabel('CPF do responsável').pressSequentially(newCpf());
    await page.getByLabel('Email').fill(`depois.${id}@email.com`);
    await page.getByLabel('Telefone (WhatsApp)').pressSequentially('19987654321');
    await page.getByRole('checkbox', { name: /autorizo o uso destes dados/ }).check();
    await page.getByRole('button', { name: 'ATIVAR MEU CRÉDITO GRATUITO' }).click();
    const declaration = page.getByRole('article', { name: 'Declaração de Crédito Estudantil' });
    await expect(declaration).toContainText(`Aluno Depois ${id}`);
    await expect(declaration).toContainText('Campinas - SP');
  });

  test("answers the family as a first after someone else used the student's CPF; the school sees 'Conflito'", async ({
    page,
    browser,
  }) => {
    // Someone who knows the student's CPF activates first, with another guardian's CPF (issue 14, finding 6).
    const [evento] = (await (
      await page.request.get('/api/public/eventos', { params: { cidade: 'Contagem' } })
    ).json()) as { id: string; nomeEscola: string }[];
    const id = tag();
    const cpfAluno = newCpf();
    const squatter = await page.request.post('/api/pre-matriculas', {
      data: {
        eventoId: evento!.id,
        nomeAluno: `Aluno Ocupado ${id}`,
        cpfAluno,
        nomeResponsavel: `Outro Responsável ${id}`,
        cpfResponsavel: newCpf(),
        email: `outro.${id}@email.com`,
        telefone: '31987650000',
        consentimento: true,
      },
    });
    expect(squatter.status()).toBe(201);

    // The family still gets its own declaration, never the other one's data.
    await page.goto('/credito-ativacao');
    await chooseEvent(page, 'Contagem', evento!.nomeEscola);
    const aluno = `Aluno Família ${id}`;
    const responsavel = `Responsável Família ${id}`;
    const cpfResponsavel = newCpf();
    await page.getByLabel('Nome do aluno').fill(aluno);
    await page.getByLabel('CPF do aluno').pressSequentially(cpfAluno);
    await page.getByLabel('Nome do responsável').fill(responsavel);
    await page.getByLabel('CPF do responsável').pressSequentially(cpfResponsavel);
    await page.getByLabel('Email').fill(`familia.${id}@email.com`);
    await page.getByLabel('Telefone (WhatsApp)').pressSequentially('31987654321');
    await page.getByRole('checkbox', { name: /autorizo o uso destes dados/ }).check();
    await page.getByRole('button', { name: 'ATIVAR MEU CRÉDITO GRATUITO' }).click();
    // ADR 049 (issue 39, item 6; was 'received' in ADR 030, the family's own declaration in ADR 020): the same
    // screen as a first activation, built from what the family typed -- nothing tells a repeat -- and never the
    // other one's data.
    await expect(page.getByRole('heading', { level: 1, name: 'PARABÉNS!' })).toBeVisible();
    const declaration = page.getByRole('article', { name: 'Declaração de Crédito Estudantil' });
    await expect(declaration).toContainText(aluno);
    await expect(page.getByRole('heading', { name: PUBLIC_MESSAGES.ativacaoRecebida })).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText(`Outro Responsável ${id}`);
    await expect(page.locator('body')).not.toContainText(`Aluno Ocupado ${id}`);

    // The franqueador sees both guardians behind the row's 'Conflito' badge.
    const staff = await browser.newPage();
    try {
      await useSession(staff, 'franqueador');
      await staff.goto('/pre-matriculas');
      await staff.getByPlaceholder('Nome, email ou telefone...').fill(`Aluno Ocupado ${id}`);
      await staff
        .getByRole('button', { name: `Conflito na ativação de Aluno Ocupado ${id}` })
        .first()
        .click();
      const dialog = staff.getByRole('dialog', { name: 'Ativações em conflito' });
      await expect(dialog.getByRole('region', { name: 'Ativação registrada' })).toContainText(
        `Outro Responsável ${id}`,
      );
      await expect(dialog.getByRole('region', { name: 'Outra tentativa' })).toContainText(responsavel);
      await expect(dialog.getByRole('region', { name: 'Outra tentativa' })).toContainText(formatCpf(cpfResponsavel));
    } finally {
      await staff.close();
    }
  });

  test('refuses a mistyped CPF', async ({ page }) => {
    await page.goto('/credito-ativacao');
    await chooseEvent(page, 'Valinhos', 'Escola Estadual Valinhos');
    const valid = newCpf();
    const mistyped = `${valid.slice(0, 10)}${(Number(valid[10]) + 1) % 10}`;
    await page.getByLabel('Nome do aluno').fill(`Aluno ${tag()}`);
    await page.getByLabel('CPF do aluno').fill(mistyped);
    await page.getByRole('button', { name: 'ATIVAR MEU CRÉDITO GRATUITO' }).click();
    await expect(page.getByText('CPF inválido', { exact: true })).toBeVisible();
    await expect(page.getByLabel('CPF do aluno')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(PUBLIC_MESSAGES.cpfResponsavel, { exact: true })).toBeVisible();
  });

  test('throws no confetti for a visitor who prefers less motion, and is accessible', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize(PHONE);
    await page.goto('/credito-ativacao');
    await expectAccessible(page);
    await chooseEvent(page, 'Campinas', 'Colégio Horizonte', { upcoming: true });
    await expectAccessible(page);
    const id = tag();
    await page.getByLabel('Nome do aluno').fill(`Aluno Calmo ${id}`);
    await page.getByLabel('CPF do aluno').fill(newCpf());
    await page.getByLabel('Nome do responsável').fill(`Responsável ${id}`);
    await page.getByLabel('CPF do responsável').fill(newCpf());
    await page.getByLabel('Email').fill(`calmo.${id}@email.com`);
    await page.getByLabel('Telefone (WhatsApp)').fill('19987654321');
    await page.getByRole('checkbox', { name: /autorizo o uso destes dados/ }).check();
    await page.getByRole('button', { name: 'ATIVAR MEU CRÉDITO GRATUITO' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'PARABÉNS!' })).toBeVisible();
    await expect(page.getByText('R$ 1.500,00').first()).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.locator('canvas')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('throws confetti otherwise', async ({ page }) => {
    await page.goto('/credito-ativacao');
    await chooseEvent(page, 'Contagem', 'Instituto Saber Contagem');
    const id = tag();
    await page.getByLabel('Nome do aluno').fill(`Aluno Festa ${id}`);
    await page.getByLabel('CPF do aluno').fill(newCpf());
    await page.getByLabel('Nome do responsável').fill(`Responsável ${id}`);
    await page.getByLabel('CPF do responsável').fill(newCpf());
    await page.getByLabel('Email').fill(`festa.${id}@email.com`);
    await page.getByLabel('Telefone (WhatsApp)').fill('31987654321');
    await page.getByRole('checkbox', { name: /autorizo o uso destes dados/ }).check();
    await page.getByRole('button', { name: 'ATIVAR MEU CRÉDITO GRATUITO' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'PARABÉNS!' })).toBeVisible();
    await expect(page.locator('body > canvas')).toHaveCount(1);
  });
});

test.describe('the public pages download none of the staff application', () => {
  /** The built client's chunks that belong to the staff side: the shell, its screens, the sign-in. */
  function staffChunks(): string[] {
    const manifestPath = join(process.env.BUILD_OUT_DIR ?? 'dist', 'client', '.vite', 'manifest.json');
    expect(existsSync(manifestPath), manifestPath).toBe(true);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file: string; src?: string }>;
    const staff = Object.entries(manifest)
      .filter(([key]) => /^(app\/(shell|guards|routes\/app|routes\/auth)|features\/(?!public\/))/.test(key))
      .map(([, chunk]) => chunk.file);
    expect(staff.length).toBeGreaterThan(5);
    return staff;
  }

  for (const path of ['/credito-estudantil', '/credito-ativacao']) {
    test(`${path} loads only its own chunks and makes no signed-in call`, async ({ page }) => {
      const forbidden = staffChunks();
      const requested: string[] = [];
      page.on('request', (r) => requested.push(new URL(r.url()).pathname));
      await page.goto(path);
      await chooseEvent(page, 'Campinas', 'Colégio Horizonte', { upcoming: path === '/credito-ativacao' });
      await expect(page.getByLabel('Nome do aluno')).toBeVisible();
      const assets = requested.filter((p) => p.startsWith('/assets/'));
      expect(assets.some((p) => p.includes(path.slice(1)))).toBe(true);
      expect(assets.filter((p) => forbidden.some((file) => p.endsWith(file)))).toEqual([]);
      expect(requested).not.toContain('/api/user');
      const cookies = await page.context().cookies();
      expect(cookies.filter((c) => c.name === 'sid')).toEqual([]);
    });
  }
});
