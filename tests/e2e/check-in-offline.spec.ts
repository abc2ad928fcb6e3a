import { randomInt } from 'node:crypto';
import { expect, test, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';
import QRCode from 'qrcode';
import { CHECK_IN_OFFLINE_MESSAGES as M } from '../../src/shared/schemas/check-in-offline';
import { INSCRICAO_MESSAGES } from '../../src/shared/schemas/inscricao-messages';
import {
  createEventoComVagas,
  DEMO_ACCOUNTS,
  expectAccessible,
  noSideScroll,
  signIn,
  useSession,
  voucherPathFrom,
  waitForEmail,
} from './support';

/**
 * Issue 49: the door with no signal, in Chromium with the browser context set offline. The staff prepare the event's
 * roster on the phone, lose the signal, check families in by a photo of the voucher's QR code, by its short code and
 * by name, reopen the page with no network (the service worker serves it), and on reconnecting the queue uploads:
 * the server ends with each presence once. Two phones checking the same family in end with one presence and one
 * conflict; a batch whose answer was lost is sent again and creates nothing twice. And the staff app is installable
 * while the public pages load as before.
 */

const tag = () => `${Date.now().toString(36)}${randomInt(1_000_000).toString(36)}`;
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 800 };

interface Familia {
  leadId: string;
  token: string;
  /** How the roster shows it: the first name and the initials. */
  nome: string;
}

/** A family signed up by the staff; its voucher token from the e-mail. The first name carries the tag. */
async function familia(page: Page, eventoId: string, primeiro: string): Promise<Familia> {
  const n = tag();
  const email = `offline.${n}@email.com.br`;
  const started = Date.now();
  const created = await page.request.post('/api/leads', {
    data: {
      eventoId,
      nomeAluno: `${primeiro} Souza Lima`,
      nomeResponsavel: `Responsável ${n}`,
      email,
      telefone: '19987654321',
      consentimento: true,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const token = voucherPathFrom(await waitForEmail(email, started, '/voucher/'))
    .split('/')
    .pop()!;
  return { leadId: id, token, nome: `${primeiro} ${primeiro[0]!.toUpperCase()}. S. L.` };
}

const qrPhoto = async (token: string) => ({
  name: 'voucher.png',
  mimeType: 'image/png',
  buffer: await QRCode.toBuffer(`http://localhost/voucher/${token}`, { width: 400, margin: 2 }),
});

/** The check-in screen with the event's roster prepared on the device, and the service worker in charge. */
async function prepararOffline(page: Page, eventoId: string): Promise<void> {
  await page.goto(`/eventos/${eventoId}/check-in`);
  await page.getByRole('button', { name: M.preparar }).click();
  await expect(page.getByText(/^Lista offline atualizada em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toMatch(/\/sw\.js$/);
}

const banner = (page: Page) => page.getByRole('alert').filter({ hasText: 'Sem conexão —' });
const aEnviar = (page: Page) => page.getByTestId('check-in-a-enviar');

async function presencas(page: Page, eventoId: string) {
  const evento = await page.request.get(`/api/eventos/${eventoId}`);
  expect(evento.status()).toBe(200);
  const conflitos = await page.request.get(`/api/eventos/${eventoId}/presencas/conflitos`);
  expect(conflitos.status()).toBe(200);
  const inscritos = await page.request.get(`/api/eventos/${eventoId}/inscritos`, { params: { q: '' } });
  expect(inscritos.status()).toBe(200);
  return {
    presentes: ((await evento.json()) as { presentes: number }).presentes,
    conflitos: ((await conflitos.json()) as { itens: { leadId: string }[] }).itens,
    presentesIds: ((await inscritos.json()) as { id: string; presenteEm: string | null }[])
      .filter((i) => i.presenteEm)
      .map((i) => i.id)
      .sort(),
  };
}

test('with no signal the door checks families in from the roster on the phone, survives a reload, and uploads each presence once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await useSession(page, 'cliente');
  await page.setViewportSize(DESKTOP);
  const eventoId = await createEventoComVagas(page, `Escola Sem Sinal ${tag()}`);
  const porFoto = await familia(page, eventoId, `Foto${tag()}`);
  const porNome = await familia(page, eventoId, `Nome${tag()}`);
  const porCodigo = await familia(page, eventoId, `Codigo${tag()}`);
  const ausente = await familia(page, eventoId, `Ausente${tag()}`);
  const voucher = await page.request.get(`/api/public/voucher/${porCodigo.token}`);
  const { codigo } = (await voucher.json()) as { codigo: string };

  await prepararOffline(page, eventoId);
  await page.context().setOffline(true);
  await expect(banner(page)).toHaveText(new RegExp(M.semConexao(0)));

  // A photo of the voucher's QR code: in at once, from the roster; the same voucher again says so.
  const foto = await qrPhoto(porFoto.token);
  await page.locator('#check-in-foto').setInputFiles(foto);
  await expect(
    page.getByRole('status').filter({ hasText: `${INSCRICAO_MESSAGES.presencaRegistrada}: ${porFoto.nome}` }),
  ).toBeVisible();
  await expect(banner(page)).toContainText(M.semConexao(1));
  await page.locator('#check-in-foto').setInputFiles(foto);
  await expect(
    page.getByRole('status').filter({ hasText: `${INSCRICAO_MESSAGES.presencaJaRegistrada}: ${porFoto.nome}` }),
  ).toBeVisible();
  // A voucher the roster does not know is refused.
  await page.locator('#check-in-foto').setInputFiles(await qrPhoto('Z'.repeat(43)));
  await expect(page.getByRole('status').filter({ hasText: M.desconhecido })).toBeVisible();

  // The typed short code, and the name.
  await page.getByLabel(INSCRICAO_MESSAGES.codigoDoVoucher).fill(codigo.toLowerCase());
  await page.getByRole('button', { name: 'Registrar pelo código' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `${INSCRICAO_MESSAGES.presencaRegistrada}: ${porCodigo.nome}` }),
  ).toBeVisible();
  await page.getByLabel('Nome do aluno ou do responsável').fill(porNome.nome.split(' ')[0]!);
  await page.getByRole('button', { name: `Registrar presença de ${porNome.nome}` }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `${INSCRICAO_MESSAGES.presencaRegistrada}: ${porNome.nome}` }),
  ).toBeVisible();
  await expect(banner(page)).toContainText(M.semConexao(3));
  await expect(page.getByTestId('check-in-contagem')).toHaveText('3 presentes de 4 inscritos');

  // The screen offline with its banner, at both widths.
  await expectAccessible(page);
  await page.setViewportSize(PHONE);
  await expectAccessible(page);
  await noSideScroll(page);

  // Closed and reopened with no network: the service worker serves the page, the queue is still there.
  await page.reload();
  await expect(banner(page)).toContainText(M.semConexao(3));
  await page.getByLabel('Nome do aluno ou do responsável').fill(porNome.nome.split(' ')[0]!);
  await expect(page.getByRole('listitem').filter({ hasText: porNome.nome })).toContainText('Presente');
  await noSideScroll(page);

  // The signal is back: the queue goes by itself (at the latest on the 30 s retry).
  await page.context().setOffline(false);
  await expect(aEnviar(page)).toHaveCount(0, { timeout: 45_000 });
  await expect(banner(page)).toHaveCount(0);
  const server = await presencas(page, eventoId);
  expect(server.presentes).toBe(3);
  expect(server.presentesIds).toEqual([porFoto.leadId, porNome.leadId, porCodigo.leadId].sort());
  expect(server.presentesIds).not.toContain(ausente.leadId);
  expect(server.conflitos).toEqual([]);
});

async function aparelho(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await useSession(page, 'cliente');
  return { context, page };
}

test('two phones that check the same family in offline end with one presence and one conflict, both shown', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  await useSession(page, 'cliente');
  const eventoId = await createEventoComVagas(page, `Escola Dois Aparelhos ${tag()}`);
  const alvo = await familia(page, eventoId, `Dupla${tag()}`);
  const um = await aparelho(browser);
  const dois = await aparelho(browser);
  try {
    for (const { page: phone } of [um, dois]) {
      await prepararOffline(phone, eventoId);
      await phone.context().setOffline(true);
      await expect(banner(phone)).toBeVisible();
      await phone.getByLabel('Nome do aluno ou do responsável').fill(alvo.nome.split(' ')[0]!);
      await phone.getByRole('button', { name: `Registrar presença de ${alvo.nome}` }).click();
      await expect(banner(phone)).toContainText(M.semConexao(1));
    }
    for (const { page: phone } of [um, dois]) {
      await phone.context().setOffline(false);
      await expect(aEnviar(phone)).toHaveCount(0, { timeout: 45_000 });
    }
    const server = await presencas(page, eventoId);
    expect(server.presentes).toBe(1);
    expect(server.presentesIds).toEqual([alvo.leadId]);
    expect(server.conflitos.map((c) => c.leadId)).toEqual([alvo.leadId]);

    // 'Conflitos' on the screen: the family, both devices and both times.
    await um.page.reload();
    const conflitos = um.page.getByRole('list', { name: M.conflitos });
    await expect(um.page.getByRole('heading', { name: `${M.conflitos} (1)` })).toBeVisible();
    await expect(conflitos.getByRole('listitem')).toHaveCount(1);
    await expect(conflitos).toContainText(alvo.nome.split(' ')[0]!);
    await expect(conflitos).toContainText(/Valeu: Chrome no \p{L}+.*, \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/u);
    await expect(conflitos).toContainText(/Depois: Chrome no \p{L}+.*, \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/u);
    await expectAccessible(um.page);
  } finally {
    await um.context.close();
    await dois.context.close();
  }
});

test('a batch whose answer was lost on the way is sent again and creates nothing twice', async ({ page }) => {
  test.setTimeout(120_000);
  await useSession(page, 'cliente');
  await page.setViewportSize(DESKTOP);
  const eventoId = await createEventoComVagas(page, `Escola Resposta Perdida ${tag()}`);
  const alvo = await familia(page, eventoId, `Perdida${tag()}`);
  await prepararOffline(page, eventoId);
  await page.context().setOffline(true);
  await page.getByLabel('Nome do aluno ou do responsável').fill(alvo.nome.split(' ')[0]!);
  await page.getByRole('button', { name: `Registrar presença de ${alvo.nome}` }).click();
  await expect(banner(page)).toContainText(M.semConexao(1));

  // The first batch reaches the server, and its answer is dropped; the next one goes through.
  const enviados: { status: number | null; ids: string[] }[] = [];
  await page.route('**/api/eventos/*/presencas/lote', async (route) => {
    const ids = (route.request().postDataJSON() as { itens: { idCliente: string }[] }).itens.map((i) => i.idCliente);
    if (enviados.length === 0) {
      const response = await route.fetch();
      enviados.push({ status: response.status(), ids });
      await route.abort('failed');
    } else {
      enviados.push({ status: null, ids });
      await route.continue();
    }
  });
  await page.context().setOffline(false);
  await expect(page.getByRole('alert').filter({ hasText: 'Erro de conexão. Tente novamente.' })).toBeVisible({
    timeout: 45_000,
  });
  await expect(aEnviar(page)).toHaveText(M.aEnviar(1));
  expect(enviados).toHaveLength(1);
  expect(enviados[0]!.status).toBe(200);

  await page.getByRole('button', { name: M.enviarAgora }).click();
  await expect(aEnviar(page)).toHaveCount(0);
  expect(enviados).toHaveLength(2);
  expect(enviados[1]!.ids).toEqual(enviados[0]!.ids);
  const server = await presencas(page, eventoId);
  expect(server.presentes).toBe(1);
  expect(server.presentesIds).toEqual([alvo.leadId]);
  expect(server.conflitos).toEqual([]);
});

test('the staff app is installable, and the public page is neither controlled by its worker nor loads more', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  await useSession(page, 'vendedor');
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: unknown[];
  };
  expect(installabilityErrors).toEqual([]);
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  expect(manifest.errors).toEqual([]);
  // No update to offer on a fresh install.
  await expect(page.getByText('Nova versão disponível')).toHaveCount(0);

  // A family's phone opens the public page: no worker, no manifest, only the page's own scripts.
  const visitor = await browser.newContext({ viewport: PHONE });
  try {
    const phone = await visitor.newPage();
    const requests: Request[] = [];
    phone.on('request', (r) => requests.push(r));
    await phone.goto('/credito-estudantil');
    await expect(phone.getByRole('heading', { level: 1 })).toBeVisible();
    await phone.waitForLoadState('networkidle');
    const paths = requests.map((r) => new URL(r.url()).pathname);
    expect(paths).not.toContain('/sw.js');
    expect(paths).not.toContain('/manifest.webmanifest');
    expect(paths.filter((p) => /\/assets\/(staff-app|root|evento-check-in)-/.test(p))).toEqual([]);
    expect(
      await phone.evaluate(async () => ({
        controlled: navigator.serviceWorker.controller !== null,
        registrations: (await navigator.serviceWorker.getRegistrations()).length,
      })),
    ).toEqual({ controlled: false, registrations: 0 });
    const scripts = paths.filter((p) => p.endsWith('.js')).sort();

    // On a staff phone the same page is left to the network, with the same scripts and nothing more.
    const staffRequests: Request[] = [];
    page.on('request', (r) => staffRequests.push(r));
    const response = await page.goto('/credito-estudantil');
    expect(response?.fromServiceWorker()).toBe(false);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const staffPaths = staffRequests.map((r) => new URL(r.url()).pathname);
    expect(staffPaths.filter((p) => p.endsWith('.js')).sort()).toEqual(scripts);
    expect(staffPaths).not.toContain('/manifest.webmanifest');
  } finally {
    await visitor.close();
  }
});

test('logging out waits for the unsent check-ins, sends them, then clears the roster and the queue from the device', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // Its own session: logging out ends it (the stored ones are shared by the other specs).
  const context = await browser.newContext({ viewport: DESKTOP });
  try {
    const page = await context.newPage();
    await signIn(page, DEMO_ACCOUNTS.cliente);
    await expect(page).toHaveURL(/\/$/);
    const eventoId = await createEventoComVagas(page, `Escola Sair ${tag()}`);
    const alvo = await familia(page, eventoId, `Sair${tag()}`);
    await prepararOffline(page, eventoId);
    await page.context().setOffline(true);
    await page.getByLabel('Nome do aluno ou do responsável').fill(alvo.nome.split(' ')[0]!);
    await page.getByRole('button', { name: `Registrar presença de ${alvo.nome}` }).click();
    await expect(banner(page)).toContainText(M.semConexao(1));
    // The upload keeps failing: the check-in is still queued at logout.
    await page.route('**/api/eventos/*/presencas/lote', (route) => route.abort('failed'));
    await page.context().setOffline(false);
    await expect(page.getByRole('alert').filter({ hasText: 'Erro de conexão. Tente novamente.' })).toBeVisible({
      timeout: 45_000,
    });

    const guardado = () =>
      page.evaluate(
        () =>
          new Promise<{ roteiros: number; fila: number; sessao: number }>((resolve, reject) => {
            const open = indexedDB.open('rede-offline');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const tx = open.result.transaction(['roteiros', 'fila', 'sessao']);
              const counts = { roteiros: 0, fila: 0, sessao: 0 };
              for (const name of ['roteiros', 'fila', 'sessao'] as const) {
                const count = tx.objectStore(name).count();
                count.onsuccess = () => (counts[name] = count.result);
              }
              tx.oncomplete = () => {
                open.result.close();
                resolve(counts);
              };
            };
          }),
      );
    expect(await guardado()).toEqual({ roteiros: 1, fila: 1, sessao: 1 });
    // Signing out would lose the check-in: it says so, and stays.
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(
      page
        .locator('.toast-root')
        .getByText(
          'Há 1 check-in feito sem conexão neste aparelho ainda não enviado. Conecte-se à internet e tente sair de novo: sair agora apagaria esse check-in.',
        ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/check-in$/);
    expect(await guardado()).toEqual({ roteiros: 1, fila: 1, sessao: 1 });
    // With the upload back, signing out sends it first, then clears the device.
    await page.unroute('**/api/eventos/*/presencas/lote');
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    expect(await guardado()).toEqual({ roteiros: 0, fila: 0, sessao: 0 });
    // Signed in again (back on the screen it left), the server holds the family's presence, sent at the sign-out.
    await signIn(page, DEMO_ACCOUNTS.cliente);
    await expect(page).toHaveURL(/\/check-in$/);
    expect((await presencas(page, eventoId)).presentesIds).toEqual([alvo.leadId]);
  } finally {
    await context.close();
  }
});
