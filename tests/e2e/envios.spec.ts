import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, useSession } from './support';

/**
 * Envios (issue 39, item 22): the filters live in the address (/envios?tipo=webhook opens that view, Reload keeps
 * it); a queued delivery that failed shows when it is tried again and offers 'Tentar agora' and 'Cancelar'; a
 * failed try reads in pt-BR. The queue of the e2e server retries within half a second, so the queued row is the
 * API's answer as the server writes it for such a job. Axe and no sideways scrolling at 1280 and 360 px.
 */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 900 };
const JOB_ID = '00000000-0000-4000-8000-000000000039';

async function checkBothWidths(page: Page, name: string) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`${name}-${viewport.width}.png`), fullPage: true });
  }
}

test('the filters are in the address: a link to the webhooks opens the webhooks', async ({ page }) => {
  await useSession(page, 'franqueador');
  await page.setViewportSize(DESKTOP);
  const asked: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/envios') asked.push(url);
  });
  await page.goto('/envios?tipo=webhook&status=falhou');
  await expect(page.getByRole('heading', { level: 1, name: 'Envios' })).toBeVisible();
  await expect(page.getByLabel('Tipo')).toContainText('Webhook');
  await expect(page.getByLabel('Situação')).toContainText('Falhou');
  await expect.poll(() => asked.at(-1)?.searchParams.get('tipo')).toBe('webhook');
  expect(asked.at(-1)?.searchParams.get('status')).toBe('falhou');
  // Another type chosen: the address follows, and Reload keeps it.
  await page.getByLabel('Tipo').click();
  await page.getByRole('option', { name: 'E-mail' }).click();
  await expect(page).toHaveURL(/[?&]tipo=email/);
  await page.reload();
  await expect(page.getByLabel('Tipo')).toContainText('E-mail');
  await expect.poll(() => asked.at(-1)?.searchParams.get('tipo')).toBe('email');
  await page.getByRole('button', { name: 'Limpar filtros' }).click();
  await expect(page).toHaveURL(/\/envios$/);
});

test("a queued failing delivery shows its next try, and 'Tentar agora' and 'Cancelar' reach the API", async ({
  page,
}) => {
  await useSession(page, 'franqueador');
  await page.setViewportSize(DESKTOP);
  const proxima = new Date(Date.now() + 90 * 60_000);
  await page.route('**/api/envios?*', async (route) => {
    const response = await route.fetch();
    const items = (await response.json()) as unknown[];
    const queued = {
      id: JOB_ID,
      tipo: 'webhook',
      canal: 'webhook',
      status: 'pendente',
      resumo: 'lead.criado',
      destino: 'https://hooks.exemplo.com.br/rede',
      tentativas: 2,
      maxTentativas: 6,
      ultimoErro: 'Sem resposta: endereço não encontrado',
      criadoEm: new Date().toISOString(),
      atualizadoEm: new Date().toISOString(),
      proximaTentativaEm: proxima.toISOString(),
      whatsapp: null,
    };
    await route.fulfill({ response, json: [queued, ...items] });
  });
  const posted: string[] = [];
  await page.route(`**/api/envios/${JOB_ID}/*`, async (route) => {
    posted.push(new URL(route.request().url()).pathname);
    const message = route.request().url().endsWith('/cancelar') ? 'Envio cancelado' : 'Envio será tentado agora';
    await route.fulfill({ json: { message } });
  });
  await page.goto('/envios');
  const table = page.getByRole('table', { name: 'E-mails, WhatsApp e webhooks da rede' });
  const row = table.getByRole('row').filter({ hasText: 'hooks.exemplo.com.br' });
  await expect(row).toContainText('Na fila');
  await expect(row).toContainText('Próxima tentativa:');
  const hora = new Intl.DateTimeFormat('pt-BR', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'America/Sao_Paulo',
  }).format(proxima);
  await expect(row).toContainText(hora);
  await expect(row).toContainText('Sem resposta: endereço não encontrado');
  await checkBothWidths(page, 'envios-na-fila');

  await page.setViewportSize(DESKTOP);
  await row.getByRole('button', { name: 'Ações de lead.criado' }).click();
  await page.getByRole('menuitem', { name: 'Tentar agora' }).click();
  await expect(page.getByText('Envio será tentado agora').first()).toBeVisible();
  await row.getByRole('button', { name: 'Ações de lead.criado' }).click();
  await page.getByRole('menuitem', { name: 'Cancelar' }).click();
  await expect(page.getByText('Envio cancelado').first()).toBeVisible();
  expect(posted).toEqual([`/api/envios/${JOB_ID}/tentar-agora`, `/api/envios/${JOB_ID}/cancelar`]);
});
