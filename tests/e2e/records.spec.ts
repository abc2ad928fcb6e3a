import { expect, test, type Page } from '@playwright/test';
import { makeCpf } from '../../src/shared/brazil-ids';
import type { Evento } from '../../src/shared/schemas/evento';
import { expectAccessible, useSession } from './support';

/**
 * Records link to each other (issue 23): the staff set a pré-matrícula's course, a row opens its record, an event
 * card counts its sign-ups and opens its leads, a cliente opens its events -- at 1280 and 360 px, axe-clean.
 * Every row this spec adds is its own.
 */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const SIZES = [
  ['1280 px', DESKTOP],
  ['360 px', PHONE],
] as const;
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const randomCpf = () => makeCpf(String(100_000_000 + Math.floor(Math.random() * 899_999_999)));

/** The Colégio Horizonte's upcoming event of the demo, the one offering Inglês Intensivo, as the signed-in staff read it. */
async function horizonteEvento(page: Page): Promise<Evento> {
  const answer = await page.request.get('/api/eventos?q=Col%C3%A9gio%20Horizonte&pageSize=100&sort=proximos');
  expect(answer.status()).toBe(200);
  const evento = ((await answer.json()) as Evento[]).find(
    (e) => e.status === 'agendado' && e.cursos.some((c) => c.titulo === 'Inglês Intensivo'),
  );
  expect(evento).toBeDefined();
  return evento!;
}

/** A fresh activation at the event, with no course (the public form's course is optional). */
async function novaPreMatricula(page: Page, eventoId: string): Promise<string> {
  const id = unique();
  const nome = `Aluno Sem Curso ${id}`;
  const created = await page.request.post('/api/pre-matriculas', {
    data: {
      eventoId,
      nomeAluno: nome,
      nomeResponsavel: `Responsável Sem Curso ${id}`,
      cpfAluno: randomCpf(),
      cpfResponsavel: randomCpf(),
      email: `sem.curso.${id}@email.com`,
      telefone: '19987654321',
      consentimento: true,
    },
  });
  expect(created.status()).toBe(201);
  return nome;
}

for (const [label, size] of SIZES) {
  test(`the staff set a pré-matrícula's course and it replaces 'Curso a definir', at ${label}`, async ({ page }) => {
    await useSession(page, 'cliente');
    await page.setViewportSize(size);
    const evento = await horizonteEvento(page);
    const nome = await novaPreMatricula(page, evento.id);

    await page.goto('/pre-matriculas');
    await page.getByPlaceholder('Nome, email ou telefone...').fill(nome);
    // The search's own answer, not the unfiltered list still shown while it loads (where this newest row is first
    // too): a menu opened on that list is re-laid out under the pointer when the answer replaces it.
    await expect(page.getByText('1 pré-matrícula', { exact: true })).toBeVisible();
    const acoes = page.getByRole('button', { name: `Ações de ${nome}` });
    await expect(acoes).toBeVisible();
    const linha = page.getByRole(size === DESKTOP ? 'row' : 'listitem').filter({ has: acoes });
    await expect(linha.getByText('Curso a definir')).toBeVisible();

    await acoes.click();
    await page.getByRole('menuitem', { name: 'Definir curso' }).click();
    const dialog = page.getByRole('dialog', { name: 'Definir curso' });
    const select = dialog.getByLabel('Curso de interesse');
    await expect(select.getByRole('option', { name: 'Inglês Intensivo' })).toBeAttached();
    await expectAccessible(page);
    await select.selectOption({ label: 'Inglês Intensivo' });
    await dialog.getByRole('button', { name: 'Salvar curso' }).click();
    await expect(dialog).toBeHidden();
    await expect(linha.getByText('Inglês Intensivo')).toBeVisible();
    await expect(linha.getByText('Curso a definir')).toHaveCount(0);

    // The row opens its record, which says the course too and links to the event's leads.
    await linha.getByRole('button', { name: `${nome} (abrir a pré-matrícula)` }).click();
    const record = page.getByRole('dialog', { name: `Pré-matrícula de ${nome}` });
    await expect(record).toBeVisible();
    await expect(record.getByText('Inglês Intensivo')).toBeVisible();
    await expect(record.getByRole('link', { name: 'Leads do evento' })).toHaveAttribute(
      'href',
      `/leads?eventoId=${evento.id}`,
    );
    await expectAccessible(page);
    // Esc closes it (a first Esc may close the 'Curso definido' toast, the layer on top).
    await expect(async () => {
      await page.keyboard.press('Escape');
      await expect(record).toBeHidden({ timeout: 1000 });
    }).toPass();
  });

  test(`an event card counts its sign-ups and opens its leads, filtered by the event, at ${label}`, async ({
    page,
  }) => {
    await useSession(page, 'cliente');
    await page.setViewportSize(size);
    const evento = await horizonteEvento(page);
    const fresh = (await (await page.request.get(`/api/eventos/${evento.id}`)).json()) as Evento;
    const inscricoes = fresh.inscritos + fresh.listaEspera;

    await page.goto('/eventos?q=Col%C3%A9gio%20Horizonte');
    const link = page.locator(`a[href="/leads?eventoId=${evento.id}"]`);
    const card = page.getByTestId('evento-card').filter({ has: link });
    await expect(card.getByTestId('evento-inscricoes')).toHaveText(
      inscricoes === 1 ? '1 inscrição' : `${inscricoes} inscrições`,
    );
    await expectAccessible(page);
    await expect(link).toHaveAccessibleName('Ver leads do evento: Colégio Horizonte');
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/leads\\?eventoId=${evento.id}$`));
    await expect(page.getByRole('heading', { name: 'Leads', exact: true })).toBeVisible();
    // The list holds the event's leads only: the total matches the API's for that filter.
    const leads = await page.request.get(`/api/leads?eventoId=${evento.id}&pageSize=1`);
    await expect(page.getByTestId('count-badge')).toContainText(String(leads.headers()['x-total-count']));
    await expectAccessible(page);
  });

  test(`a cliente's row opens its record, which opens its events, at ${label}`, async ({ page }) => {
    await useSession(page, 'micro_franquia');
    await page.setViewportSize(size);
    await page.goto('/clientes?q=Col%C3%A9gio%20Horizonte');
    const abrir = page.getByRole('button', { name: 'Colégio Horizonte (abrir o cliente)' });
    await abrir.focus();
    await page.keyboard.press('Enter');
    const record = page.getByRole('dialog', { name: 'Colégio Horizonte' });
    await expect(record).toBeVisible();
    await expect(record.getByText('Campinas Educação ME')).toBeVisible();
    await expectAccessible(page);
    await record.getByRole('link', { name: 'Ver eventos do cliente' }).click();

    await expect(page).toHaveURL(/\/eventos\?clienteId=[0-9a-f-]{36}$/);
    const clienteId = new URL(page.url()).searchParams.get('clienteId')!;
    await expect(page.getByRole('button', { name: /Cliente: Colégio Horizonte/ })).toBeVisible();
    const total = (await page.request.get(`/api/eventos?clienteId=${clienteId}&pageSize=1`)).headers()['x-total-count'];
    await expect(page.getByRole('heading', { name: total === '1' ? '1 evento' : `${total} eventos` })).toBeVisible();
    await expectAccessible(page);
    // Removing the chip lists every event again.
    await page.getByRole('button', { name: /Cliente: Colégio Horizonte/ }).click();
    await expect(page).toHaveURL(/\/eventos$/);
  });

  test(`a matrícula's row opens its record, at ${label}`, async ({ page }) => {
    await useSession(page, 'cliente');
    await page.setViewportSize(size);
    await page.goto('/matriculas');
    const abrir = page.getByRole('button', { name: /\(abrir a matrícula\)$/ }).first();
    const nome = (await abrir.innerText()).replace(/\s*\(abrir a matrícula\)$/, '').trim();
    await abrir.click();
    const record = page.getByRole('dialog', { name: `Matrícula de ${nome}` });
    await expect(record).toBeVisible();
    await expect(record.getByText('Efetivada em')).toBeVisible();
    await expect(record.getByRole('link', { name: 'Pré-matrículas do evento' })).toBeVisible();
    await expectAccessible(page);
    await record.getByRole('button', { name: 'Fechar' }).click();
    await expect(record).toBeHidden();
  });
}
