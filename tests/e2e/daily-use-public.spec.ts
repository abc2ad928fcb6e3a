import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { makeCpf } from '../../src/shared/brazil-ids';
import { PUBLIC_MESSAGES } from '../../src/shared/schemas/public';
import { REDE_PADRAO } from '../../src/shared/rede';
import { expectAccessible, waitForEmail } from './support';

/**
 * Daily use, second pass (issue 23, ADR 030): the public side at 1280 and 360 px. Other specs run against the same
 * server: every row this spec adds is its own.
 */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const randomCpf = () => makeCpf(String(100_000_000 + Math.floor(Math.random() * 899_999_999)));
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** `README_SCREENSHOTS=1` writes the README's pictures (docs/screenshots); every run keeps its own copies. */
async function screenshot(page: Page, name: string, { readme = false, fullPage = true } = {}) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });
  if (readme && process.env.README_SCREENSHOTS) {
    const dir = join(process.cwd(), 'docs', 'screenshots');
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, `${name}.png`), fullPage });
  }
}

async function fillSignUp(page: Page, id: string, { aluno = 'Helena Teixeira' } = {}) {
  await page.getByLabel('Cidade').selectOption('Campinas');
  const evento = page.getByLabel('Evento');
  const option = evento.locator('option', { hasText: 'Colégio Horizonte' });
  await expect(option).toHaveCount(1);
  await evento.selectOption((await option.getAttribute('value'))!);
  await page.getByLabel('Nome do aluno').fill(aluno);
  await page.getByLabel('Nome do responsável').fill('Rosa Teixeira');
  await page.getByLabel('Email').fill(`rosa.${id}@email.com.br`);
  await page.getByLabel('Telefone (WhatsApp)').fill('19987654321');
  await page.getByRole('checkbox', { name: /autorizo o uso destes dados/ }).check();
}

test.describe('the sign-up confirmation', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`shows what was registered, the next step and the activation at ${viewport.width} px; a repeat gets the same screen`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto('/credito-estudantil');
      const id = unique();
      await fillSignUp(page, id);
      await page.getByRole('button', { name: 'GARANTIR MEU CRÉDITO GRATUITO' }).click();

      const heading = page.getByRole('heading', { level: 1, name: PUBLIC_MESSAGES.leadSuccess });
      await expect(heading).toBeVisible();
      await expect(heading).toBeFocused();
      await expect(page).toHaveTitle(/Inscrição realizada/);
      const dados = page.locator('dl');
      for (const value of [
        'Helena Teixeira',
        'Rosa Teixeira',
        `rosa.${id}@email.com.br`,
        '(19) 98765-4321',
        'Colégio Horizonte',
        'Campinas - SP',
      ]) {
        await expect(dados.getByText(value, { exact: true })).toBeVisible();
      }
      await expect(page.getByRole('heading', { name: 'Próximo passo' })).toBeVisible();
      await expect(page.getByRole('link', { name: PUBLIC_MESSAGES.leadSuccessAtivar })).toHaveAttribute(
        'href',
        '/credito-ativacao',
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectAccessible(page);
      const first = await page.locator('main').innerText();
      if (viewport === PHONE) await screenshot(page, 'confirmacao-inscricao-360', { readme: true });
      else await screenshot(page, 'confirmacao-inscricao-1280', { readme: true, fullPage: false });

      // The same student again, in other case: the very same screen, nothing that tells it is a repeat.
      await page.getByRole('button', { name: PUBLIC_MESSAGES.leadSuccessOutra }).click();
      await expect(page.getByLabel('Cidade')).toHaveValue('');
      await expect(page.getByRole('heading', { name: 'Garanta o seu crédito' })).toBeFocused();
      await fillSignUp(page, id, { aluno: 'HELENA TEIXEIRA' });
      await page.getByRole('button', { name: 'GARANTIR MEU CRÉDITO GRATUITO' }).click();
      await expect(heading).toBeVisible();
      expect(await page.locator('main').innerText()).toBe(first.replace('Helena Teixeira', 'HELENA TEIXEIRA'));

      await page.getByRole('link', { name: PUBLIC_MESSAGES.leadSuccessAtivar }).click();
      await expect(page).toHaveURL(/\/credito-ativacao$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Habilitação do Crédito Estudantil' })).toBeVisible();
    });
  }
});

test('the sign-up asks in plain words for the e-mail, the phone with DDD and real names', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(r.url());
  });
  await page.setViewportSize(PHONE);
  await page.goto('/credito-estudantil');
  await fillSignUp(page, unique());
  await page.getByLabel('Nome do aluno').fill('A');
  await page.getByLabel('Nome do responsável').fill('=HYPERLINK("x")');
  await page.getByLabel('Email').fill('');
  await page.getByLabel('Telefone (WhatsApp)').fill('98765');
  await page.getByRole('button', { name: 'GARANTIR MEU CRÉDITO GRATUITO' }).click();
  await expect(page.getByText(PUBLIC_MESSAGES.nomeLetras, { exact: true })).toBeVisible();
  await expect(page.getByText(PUBLIC_MESSAGES.nomeFormula, { exact: true })).toBeVisible();
  await expect(page.getByText(PUBLIC_MESSAGES.emailVazio, { exact: true })).toBeVisible();
  await expect(page.getByText(PUBLIC_MESSAGES.telefone, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  expect(posts.filter((url) => url.endsWith('/api/leads'))).toEqual([]);
  await expectAccessible(page);
  await page.setViewportSize(DESKTOP);
  await expectAccessible(page);
});

test.describe('the public footer', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`names the network, its CNPJ, the support contact and the privacy notice at ${viewport.width} px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      for (const path of ['/credito-estudantil', '/credito-ativacao', '/privacidade', '/meus-dados']) {
        await page.goto(path);
        const footer = page.getByRole('contentinfo');
        await expect(footer).toContainText(REDE_PADRAO.razaoSocial);
        await expect(footer).toContainText(`CNPJ ${REDE_PADRAO.cnpj}`);
        await expect(footer.getByRole('link', { name: REDE_PADRAO.suporteEmail })).toHaveAttribute(
          'href',
          `mailto:${REDE_PADRAO.suporteEmail}`,
        );
        await expect(footer.getByRole('link', { name: 'Aviso de Privacidade' })).toHaveAttribute(
          'href',
          '/privacidade',
        );
      }
      await page.goto('/credito-ativacao');
      await expectAccessible(page);
      if (viewport === PHONE) {
        await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
        await page.getByRole('contentinfo').screenshot({ path: test.info().outputPath('rodape-360.png') });
      }
    });
  }
});

test('each public page has its own link preview, written in the HTML a crawler reads', async ({ request }) => {
  const pages = {
    '/credito-estudantil': 'Crédito Estudantil',
    '/credito-ativacao': 'Habilitação do Crédito Estudantil',
    '/privacidade': 'Aviso de Privacidade',
    '/meus-dados': 'Meus dados',
  };
  for (const [path, title] of Object.entries(pages)) {
    // WhatsApp's crawler runs no JavaScript: the tags are in the HTML as served.
    const response = await request.get(path, { headers: { 'user-agent': 'WhatsApp/2.23.20.0' } });
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<meta property="og:title" content="${title} | Rede Crédito Educacional" />`);
    expect(html).toMatch(/<meta property="og:description" content="[^"]{40,}" \/>/);
    expect(html).toMatch(new RegExp(`<meta property="og:url" content="https?://[^"]+${path}" />`));
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)![1]!;
    const picture = await request.get(new URL(image).pathname);
    expect(picture.status()).toBe(200);
    expect(picture.headers()['content-type']).toBe('image/jpeg');
    expect((await picture.body()).length).toBeLessThan(300_000);
  }
});

test.describe('a repeated activation with corrected names (defect 6; issue 39, item 6)', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`answers as a first activation, shows nothing stored and mails the declaration on record at ${viewport.width} px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const id = unique();
      const cpfAluno = randomCpf();
      const cpfResponsavel = randomCpf();
      const email = `corrige.${id}@email.com.br`;
      const activate = async (aluno: string) => {
        await page.getByLabel('Cidade').selectOption('Campinas');
        const evento = page.getByLabel('Evento');
        const option = evento.locator('option', { hasText: 'Colégio Horizonte' }).first();
        await expect(option).toBeAttached();
        await evento.selectOption((await option.getAttribute('value'))!);
        await page.getByLabel('Nome do aluno').fill(aluno);
        await page.getByLabel('CPF do aluno').pressSequentially(cpfAluno);
        await page.getByLabel('Nome do responsável').fill('Marta Nogueira');
        await page.getByLabel('CPF do responsável').pressSequentially(cpfResponsavel);
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Telefone (WhatsApp)').pressSequentially('19987654321');
        await page.getByRole('checkbox', { name: /autorizo o uso destes dados/ }).check();
        await page.getByRole('button', { name: 'ATIVAR MEU CRÉDITO GRATUITO' }).click();
      };

      await page.goto('/credito-ativacao');
      await activate(`Joao ${id} Nogueira`);
      await expect(page.getByRole('article', { name: 'Declaração de Crédito Estudantil' })).toContainText(
        `Joao ${id} Nogueira`,
      );
      await page.getByRole('button', { name: 'Ativar outro crédito' }).click();

      // The family corrects the accent and sends again.
      const started = Date.now();
      await activate(`João ${id} Nogueira`);
      // ADR 049: the same screen as a first activation, with what the family typed now; nothing on record.
      await expect(page.getByRole('heading', { level: 1, name: 'PARABÉNS!' })).toBeVisible();
      const declaration = page.getByRole('article', { name: 'Declaração de Crédito Estudantil' });
      await expect(declaration).toContainText(`João ${id} Nogueira`);
      await expect(declaration).not.toContainText(`Joao ${id} Nogueira`);
      await expect(page.getByRole('heading', { name: PUBLIC_MESSAGES.ativacaoRecebida })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectAccessible(page);
      if (viewport === PHONE) await screenshot(page, 'ativacao-repetida-360');

      // The declaration on record goes to the e-mail on record, with the way to correct it.
      const eml = (await waitForEmail(email, started)).replace(/=\r?\n/g, '').replace(/=C3=A3/g, 'ã');
      expect(eml).toContain(`Joao ${id} Nogueira`);
      expect(eml).toContain('/meus-dados');
    });
  }
});

test.describe('the declaration on a phone: PDF, share and its verification by code', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`downloads the PDF, shares it and verifies it with initials only at ${viewport.width} px`, async ({
      page,
    }) => {
      // A browser with the share sheet, as phones have: what it is given is recorded.
      await page.addInitScript(() => {
        const shared: unknown[] = [];
        Object.assign(window, { __shared: shared });
        Object.defineProperty(navigator, 'canShare', { value: () => false, configurable: true });
        Object.defineProperty(navigator, 'share', {
          value: (data: ShareData) => {
            shared.push({ title: data.title, text: data.text, url: data.url });
            return Promise.resolve();
          },
          configurable: true,
        });
      });
      await page.setViewportSize(viewport);
      const id = unique();
      await page.goto('/credito-ativacao');
      await page.getByLabel('Cidade').selectOption('Campinas');
      const evento = page.getByLabel('Evento');
      const option = evento.locator('option', { hasText: 'Colégio Horizonte' }).first();
      await expect(option).toBeAttached();
      await evento.selectOption((await option.getAttribute('value'))!);
      await page.getByLabel('Nome do aluno').fill('Valéria Duarte');
      await page.getByLabel('CPF do aluno').pressSequentially(randomCpf());
      await page.getByLabel('Nome do responsável').fill('Otávio Duarte');
      await page.getByLabel('CPF do responsável').pressSequentially(randomCpf());
      await page.getByLabel('Email').fill(`duarte.${id}@email.com.br`);
      await page.getByLabel('Telefone (WhatsApp)').pressSequentially('19987654321');
      await page.getByRole('checkbox', { name: /autorizo o uso destes dados/ }).check();
      await page.getByRole('button', { name: 'ATIVAR MEU CRÉDITO GRATUITO' }).click();
      const declaration = page.getByRole('article', { name: 'Declaração de Crédito Estudantil' });
      await expect(declaration).toBeVisible();
      const codigo = /Código ([0-9A-F]{8})/.exec(await declaration.innerText())![1]!;

      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Baixar PDF' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`declaracao-credito-${codigo}.pdf`);
      const pdf = readFileSync((await download.path())!);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.length).toBeGreaterThan(2_000);

      await page.getByRole('button', { name: 'Compartilhar' }).click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __shared: unknown[] }).__shared))
        .toEqual([
          {
            title: 'Declaração de Crédito Estudantil',
            text: `Declaração de Crédito Estudantil, código ${codigo}.`,
            url: expect.stringMatching(new RegExp(`/declaracao/${codigo}$`)),
          },
        ]);
      await expectAccessible(page);

      // The link in the declaration opens its verification: valid, initials, nothing else personal.
      await declaration.getByRole('link', { name: new RegExp(`/declaracao/${codigo}`) }).click();
      await expect(page).toHaveURL(new RegExp(`/declaracao/${codigo}$`));
      const result = page.getByRole('article', { name: `Declaração ${codigo}` });
      await expect(result).toContainText('Declaração válida');
      await expect(result).toContainText('V. D.');
      await expect(result).toContainText('O. D.');
      await expect(result).toContainText('Colégio Horizonte');
      await expect(result).toContainText('R$ 1.500,00');
      const text = await page.locator('main').innerText();
      for (const secret of ['Valéria', 'Otávio', 'Duarte', `duarte.${id}`]) expect(text).not.toContain(secret);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectAccessible(page);
      if (viewport === PHONE) await screenshot(page, 'declaracao-verificacao-360');

      // A code nobody holds says so.
      await page.goto('/declaracao/00000000');
      await expect(page.getByRole('alert')).toHaveText(PUBLIC_MESSAGES.declaracaoNaoEncontrada);
      await expectAccessible(page);
    });
  }
});

test.describe('password links and sign-in errors (issue 23)', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`a dead reset link says so on opening and offers 'Pedir novo link' at ${viewport.width} px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto('/reset-password?token=link-usado-ou-expirado');
      await expect(page.getByText('Este link já foi usado ou expirou.', { exact: false })).toBeVisible();
      await expect(page.getByLabel('Nova senha')).toHaveCount(0);
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Pedir novo link' }).click();
      await expect(page).toHaveURL(/\/auth\?esqueci=1$/);
      await expect(page.getByRole('button', { name: 'Enviar instruções' })).toBeVisible();

      // A refused sign-in is told next to the form, in Portuguese.
      await page.goto('/auth');
      await page.getByLabel('Email').fill('ninguem.aqui@demo.com.br');
      await page.getByLabel('Senha').fill('senha-errada');
      await page.getByRole('button', { name: 'Entrar' }).click();
      const beside = page.locator('#login-erro');
      await expect(beside).toContainText('Não foi possível entrar');
      await expect(beside).not.toContainText(/failed|error|unauthorized/i);
      await expectAccessible(page);
    });
  }
});
