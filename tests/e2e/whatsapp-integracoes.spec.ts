import { randomInt } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { WhatsappModeloView, WhatsappMomentosView } from '../../src/shared/schemas/whatsapp-cloud';
import { expectAccessible, noSideScroll, useSession } from './support';

/**
 * Integrações > WhatsApp (issue 47): the franqueador registers a template approved in WhatsApp Manager with two
 * body variables mapped to fields, gives it the eve-of-event reminder, and sees both in the list; the dialog and
 * the screen pass axe without sideways scrolling at 1280 and 360 px. Whether or not the e2e server has the
 * WHATSAPP_* configuration, the templates can be registered. The moment and the template are put back as they
 * were at the end, so the other specs' sign-ups go out as before.
 */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 900 };
const TAG = `${Date.now().toString(36)}${randomInt(1_000_000).toString(36)}`;
/** WhatsApp Manager's names: lower-case letters, digits and _. */
const NOME = `e2e_lembrete_${TAG}`;
// The eve-of-event reminder, not the sign-up's confirmation: whatsapp-oficial.spec signs a family up meanwhile.
const VESPERA = 'Lembrete na véspera do evento (18h)';

async function checkBothWidths(page: Page, name: string) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expectAccessible(page);
    await noSideScroll(page);
    await page.screenshot({ path: test.info().outputPath(`${name}-${viewport.width}.png`), fullPage: true });
  }
}

/** Opens a Radix select by its label and picks an option. */
async function choose(page: Page, where: Locator, label: string, option: string) {
  await where.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the franqueador registers a WhatsApp template with two body variables and gives it the eve-of-event reminder', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await useSession(page, 'franqueador');
  const antes = (await (await page.request.get('/api/integracoes/whatsapp/momentos')).json()) as WhatsappMomentosView;
  const vesperaAntes = antes.momentos.find((m) => m.momento === 'lembrete_vespera')?.modeloId ?? null;
  try {
    await page.setViewportSize(DESKTOP);
    await page.goto('/integracoes');
    await expect(page.getByRole('heading', { level: 1, name: 'Integrações' })).toBeVisible();
    const secao = page.getByRole('region', { name: 'WhatsApp', exact: true });
    await expect(secao.getByRole('heading', { level: 2, name: 'WhatsApp', exact: true })).toBeVisible();

    // The dialog fits a phone.
    await page.setViewportSize(PHONE);
    await secao.getByRole('button', { name: 'Novo modelo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo modelo de WhatsApp' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Adicionar variável' }).click();
    await dialog.getByRole('button', { name: 'Adicionar variável' }).click();
    await expectAccessible(page);
    await noSideScroll(page);
    await page.screenshot({ path: test.info().outputPath('whatsapp-modelo-360.png'), fullPage: true });
    await page.setViewportSize(DESKTOP);

    await dialog.getByLabel('Nome do modelo').fill(NOME);
    await expect(dialog.getByLabel('Idioma')).toHaveValue('pt_BR');
    await choose(page, dialog, 'Categoria', 'Utilidade');
    const primeira = dialog.getByRole('group', { name: 'Variável 1' });
    const segunda = dialog.getByRole('group', { name: 'Variável 2' });
    await expect(primeira.getByLabel('Posição ({{n}})')).toHaveValue('1');
    await expect(segunda.getByLabel('Posição ({{n}})')).toHaveValue('2');
    await choose(page, primeira, 'Campo', 'Primeiro nome do aluno');
    await choose(page, segunda, 'Campo', 'Data do evento');
    await dialog.getByRole('button', { name: 'Cadastrar modelo' }).click();
    await expect(page.getByText('Modelo cadastrado').first()).toBeVisible();
    await expect(dialog).toBeHidden();

    const linha = secao.getByRole('table', { name: 'Modelos de WhatsApp' }).getByRole('row').filter({ hasText: NOME });
    await expect(linha).toContainText('pt_BR · Utilidade');
    await expect(linha).toContainText('{{1}} do corpo → Primeiro nome do aluno');
    await expect(linha).toContainText('{{2}} do corpo → Data do evento');

    const momentos = secao.getByRole('form', { name: 'Momentos' });
    await choose(page, momentos, VESPERA, `${NOME} (pt_BR)`);
    await momentos.getByRole('button', { name: 'Salvar momentos' }).click();
    await expect(page.getByText('Momentos salvos').first()).toBeVisible();
    await expect(linha.getByText(VESPERA)).toBeVisible();

    // Read again from the server: the moment keeps its template.
    await page.reload();
    await expect(page.getByRole('form', { name: 'Momentos' }).getByRole('combobox', { name: VESPERA })).toContainText(
      NOME,
    );
    await expect(linha).toContainText(VESPERA);
    await checkBothWidths(page, 'whatsapp-integracoes');
  } finally {
    // As it was: the moment's template back, this run's template gone.
    const volta = await page.request.put('/api/integracoes/whatsapp/momentos', {
      data: { lembrete_vespera: vesperaAntes },
    });
    expect(volta.status()).toBe(200);
    const lista = (await (await page.request.get('/api/integracoes/whatsapp/modelos')).json()) as {
      items: WhatsappModeloView[];
    };
    const criado = lista.items.find((m) => m.nome === NOME);
    if (criado) {
      const excluido = await page.request.delete(`/api/integracoes/whatsapp/modelos/${criado.id}`);
      expect(excluido.status()).toBe(204);
    }
  }
});
