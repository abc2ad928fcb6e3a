import { randomInt } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { addDays, brasiliaAt, todayInBrasilia } from '../../src/shared/brasilia';
import type { VisitaView } from '../../src/shared/schemas/visita';
import { expectAccessible, noSideScroll, useSession } from './support';

/**
 * A vendedor's day (issue 49, ADR 105): on a 360 px phone the vendedor schedules a visit to one of its schools in
 * 'Minha agenda', logs it as 'Visita realizada' -> 'Agendou evento' in three taps, and the new event's form opens
 * with the school filled in; the event created is linked to the visit. A manager (the micro-franquia) finds the
 * visits in Visitas and the figures in Relatórios, whose vendedor opens Visitas filtered to it. Axe at 360 and
 * 1280 px, no sideways scroll on the phone. Other specs run against the same server: the visits made here carry
 * their own tag.
 */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const tag = () => `${Date.now().toString(36)}${randomInt(1_000_000).toString(36)}`;

/** The toast itself (an open dialog hides the toast region from the accessibility tree). */
const toast = (page: Page, title: string): Locator => page.locator('.toast-root').getByText(title, { exact: true });

test('the vendedor schedules a visit on its phone, logs ‘Agendou evento’ in three taps and the event’s form opens with the school', async ({
  page,
}) => {
  // Two dialogs, five saves and axe at two widths: past 60 s on a loaded two-core machine.
  test.setTimeout(150_000);
  const marca = tag();
  const objetivo = `Apresentar os cursos ${marca}`;
  await useSession(page, 'vendedor');
  await page.setViewportSize(PHONE);
  await page.goto('/agenda');
  await expect(page.getByRole('heading', { level: 1, name: 'Minha agenda' })).toBeVisible();
  // The demo vendedor's day is filled: its two visits of today.
  const hoje = page.getByRole('region', { name: 'Visitas de hoje' });
  await expect(hoje.getByTestId('visita-card').first()).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Retornos' }).getByRole('link', { name: /^Atrasados: \d+$/ }),
  ).toBeVisible();
  await noSideScroll(page);
  await expectAccessible(page);

  // Nova visita: the school among the vendedor's own, today (already filled in), a time and a goal.
  await page.getByRole('button', { name: 'Nova visita' }).click();
  const nova = page.getByRole('dialog', { name: 'Nova visita' });
  await nova.getByRole('button', { name: 'Agendar visita' }).click();
  await expect(nova.getByText('Escolha a escola (cliente) da visita')).toBeVisible();
  await expect(nova.getByText('Informe o horário (hh:mm)')).toBeVisible();
  await nova.getByRole('combobox', { name: 'Escola (cliente)' }).fill('Valinhos');
  await page.getByRole('option', { name: 'Escola Estadual Valinhos' }).click();
  await expect(nova.getByLabel('Dia')).toHaveValue(todayInBrasilia().split('-').reverse().join('/'));
  await nova.getByLabel('Horário').fill('0715');
  await nova.getByLabel('Objetivo (opcional)').fill(objetivo);
  await nova.getByLabel('Notas (opcional)').fill('Levar os folhetos do ensino médio');
  await noSideScroll(page);
  await expectAccessible(page);
  await nova.getByRole('button', { name: 'Agendar visita' }).click();
  await expect(toast(page, 'Visita agendada')).toBeVisible();
  await expect(nova).toBeHidden();

  // The visit is today's, first by its time; three taps log it.
  const cartao = hoje.getByRole('button', { name: new RegExp(objetivo) });
  await expect(cartao).toContainText('07:15');
  await expect(cartao).toContainText('Escola Estadual Valinhos');
  await expect(cartao).toContainText('Agendada');
  await cartao.click();
  await page.getByRole('button', { name: 'Visita realizada', exact: true }).click();
  await page.getByRole('button', { name: 'Agendou evento', exact: true }).click();
  await expect(toast(page, 'Visita registrada')).toBeVisible();

  // The new event's form, with the school chosen and its name and city written.
  const evento = page.getByRole('dialog', { name: 'Novo Evento' });
  await expect(evento).toBeVisible();
  await expect(evento.getByRole('combobox', { name: 'Cliente' })).toHaveValue('Escola Estadual Valinhos');
  await expect(evento.getByLabel('Nome da escola')).toHaveValue('Escola Estadual Valinhos');
  await expect(evento.getByLabel('Cidade')).toHaveValue('Valinhos');
  await noSideScroll(page);
  await expectAccessible(page);
  const dia = addDays(todayInBrasilia(), 40);
  await evento.getByLabel('Estado').fill('SP');
  await evento.getByLabel('Data de distribuição').fill(addDays(dia, -5));
  await evento.getByLabel('Data do evento').fill(dia);
  await evento.getByLabel('Horário').fill('1930');
  await evento.getByLabel('Quantidade de alunos').fill('140');
  await evento.getByRole('button', { name: 'Criar Evento' }).click();
  // One toast at a time (TOAST_LIMIT): 'Evento criado com sucesso' gives way at once to the link's, the one read.
  await expect(toast(page, 'Evento ligado à visita')).toBeVisible();
  await expect(evento).toBeHidden();

  // The visit is logged with the event it scheduled, and says so on the card.
  await expect(cartao).toContainText('Visita realizada · Agendou evento');
  const [visita] = await (
    await page.request.get(`/api/visitas?q=Valinhos&pageSize=100`)
  )
    .json()
    .then((rows: VisitaView[]) => rows.filter((v) => v.objetivo === objetivo));
  expect(visita).toMatchObject({ status: 'realizada', resultado: 'agendou_evento', eventoId: expect.any(String) });
  const eventos = await (
    await page.request.get(`/api/eventos?q=${encodeURIComponent('Escola Estadual Valinhos')}&pageSize=100`)
  ).json();
  expect((eventos as { id: string; dataEvento: string }[]).find((e) => e.id === visita!.eventoId)?.dataEvento).toBe(
    dia,
  );
  // The event scheduled is among the vendedor's next ones.
  await expect(page.getByRole('region', { name: 'Próximos eventos' })).toContainText(
    dia.split('-').reverse().join('/'),
  );
  await noSideScroll(page);

  await page.setViewportSize(DESKTOP);
  await expect(cartao).toBeVisible();
  await expectAccessible(page);
});

test('a manager finds the visits in Visitas and the figures per vendedor in Relatórios', async ({ page }) => {
  test.setTimeout(150_000);
  const marca = tag();
  await useSession(page, 'micro_franquia');
  // A visit the micro-franquia schedules at Horizonte goes to the school's vendedor; it logs it as 'Interessada'.
  const hoje = todayInBrasilia();
  const criada = await page.request.post('/api/visitas', {
    data: {
      clienteId: await clienteId(page, 'Colégio Horizonte'),
      agendadaPara: new Date(brasiliaAt(hoje, 6).getTime() + 5 * 60_000).toISOString(),
      objetivo: `Conferir a sala ${marca}`,
    },
  });
  expect(criada.status()).toBe(201);
  const visita = (await criada.json()) as VisitaView;
  expect(visita.vendedorNome).toBe('Marcos Vinícius Costa');
  const logada = await page.request.patch(`/api/visitas/${visita.id}`, {
    data: { status: 'realizada', resultado: 'interessada' },
  });
  expect(logada.status()).toBe(200);

  // Relatórios: the visits of the last 30 days per vendedor.
  await page.setViewportSize(DESKTOP);
  await page.goto('/relatorios');
  const secao = page.getByRole('region', { name: 'Visitas às escolas' });
  await expect(secao.getByTestId('visitas-agendadas')).toContainText(/\d+/);
  const numero = async (testId: string) => Number(/(\d+)/.exec(await secao.getByTestId(testId).innerText())![1]);
  // The demo's five visits of the last weeks and today's two, and the one made here at least.
  expect(await numero('visitas-agendadas')).toBeGreaterThanOrEqual(7);
  expect(await numero('visitas-eventosAgendados')).toBeGreaterThanOrEqual(1);
  const linha = secao
    .getByRole('table', { name: 'Visitas por vendedor' })
    .getByRole('row', { name: /Marcos Vinícius Costa/ });
  await expect(linha).toBeVisible();
  await expectAccessible(page);

  // The vendedor's name opens Visitas filtered to it, over the report's period.
  await linha.getByRole('link', { name: 'Marcos Vinícius Costa' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Visitas' })).toBeVisible();
  await expect(page).toHaveURL(/vendedorId=/);
  await expect(page.getByRole('button', { name: /Vendedor: Marcos Vinícius Costa/ })).toBeVisible();
  const lista = page.getByRole('table', { name: 'Visitas' });
  const row = lista.getByRole('row', { name: new RegExp(`Conferir a sala ${marca}`) });
  await expect(row).toContainText('Colégio Horizonte');
  await expect(row).toContainText('Visita realizada · Interessada');
  await expect(row).toContainText('Marcos Vinícius Costa');
  await expectAccessible(page);

  // On a phone: the list as cards, the filters above it, nothing sideways.
  await page.setViewportSize(PHONE);
  await page.getByRole('searchbox', { name: 'Buscar pela escola' }).fill('horizonte');
  await expect(page.getByRole('list', { name: 'Visitas' }).getByText(`Conferir a sala ${marca}`)).toBeVisible();
  await noSideScroll(page);
  await expectAccessible(page);
});

/** A school's id, as the caller's Clientes list finds it. */
async function clienteId(page: Page, nome: string): Promise<string> {
  const response = await page.request.get(`/api/clientes?q=${encodeURIComponent(nome)}`);
  const [cliente] = ((await response.json()) as { id: string; nomeFantasia: string }[]).filter(
    (c) => c.nomeFantasia === nome,
  );
  if (!cliente) throw new Error(`no cliente ${nome}`);
  return cliente.id;
}
