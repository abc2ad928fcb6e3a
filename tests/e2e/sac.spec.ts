import { expect, test, type Page } from '@playwright/test';
import { authFile, DEMO_ACCOUNTS, expectAccessible, useSession, waitForEmail } from './support';

/** Today as the screen shows it (the browser runs in America/Sao_Paulo, see playwright.config.ts). */
const today = () =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());

const ticketCard = (page: Page, title: string) => page.getByRole('article', { name: title });

async function pick(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a micro-franquia ticket is found by its id, answered by the franqueador, and the answer reaches the requester', async ({
  browser,
}) => {
  // Two users, two sign-ins and five accessibility scans: longer than one screen's test.
  test.setTimeout(90_000);
  const title = `Kit de boas-vindas incompleto ${Date.now()}`;
  const description = 'Faltaram os cartões de crédito educacional no kit entregue ontem.';

  // The micro-franquia opens a ticket.
  const micro = await (await browser.newContext({ storageState: authFile('micro_franquia') })).newPage();
  await micro.goto('/');
  await micro.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'SAC' }).click();
  await expect(micro.getByRole('heading', { level: 1, name: 'SAC - Suporte ao Cliente' })).toBeVisible();
  await expect(micro.getByText('Visualize e crie tickets de suporte')).toBeVisible();
  await expect(micro.getByRole('button', { name: 'Filtros' })).toBeVisible();
  await expectAccessible(micro);

  await micro.getByRole('button', { name: 'Novo Ticket' }).click();
  const create = micro.getByRole('dialog', { name: 'Novo Ticket SAC' });
  await expect(create).toBeVisible();
  await create.getByRole('button', { name: 'Criar Ticket' }).click();
  await expect(create.getByText('Título é obrigatório')).toBeVisible();
  await expect(create.getByText('Descrição deve ter pelo menos 10 caracteres')).toBeVisible();
  await expect(create.getByRole('combobox', { name: 'Prioridade' })).toHaveText('Média');
  await expectAccessible(micro);

  await create.getByLabel('Título').fill(title);
  await pick(micro, 'Departamento', 'Logística');
  await create.getByLabel('Descrição').fill(description);
  await create.getByRole('button', { name: 'Criar Ticket' }).click();
  await expect(micro.getByText('Ticket criado com sucesso', { exact: true })).toBeVisible();
  await expect(micro.getByText('Seu ticket foi enviado e será analisado em breve', { exact: true })).toBeVisible();
  await expect(create).toBeHidden();

  const card = ticketCard(micro, title);
  await expect(card).toBeVisible();
  await expect(card.getByText('Em Andamento')).toBeVisible();
  await expect(card.getByText('Média')).toBeVisible();
  await expect(card.getByText('Juliana Pereira')).toBeVisible();
  await expect(card.getByText('Campinas Educação ME')).toBeVisible();
  await expect(card.getByText(`Criado em ${today()}`)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Responder' })).toHaveCount(0);
  const id8 = ((await card.getByText(/^#[0-9a-f]{8}$/).textContent()) ?? '').slice(1);
  expect(id8).toMatch(/^[0-9a-f]{8}$/);

  // The franqueador finds it by its 8-character id and answers it.
  const franqueador = await (await browser.newContext({ storageState: authFile('franqueador') })).newPage();
  await franqueador.goto('/sac');
  await expect(franqueador.getByText('Gerencie todos os tickets de suporte do sistema')).toBeVisible();
  await franqueador.getByRole('searchbox', { name: 'Buscar tickets por título ou ID' }).fill(id8);
  await expect(franqueador.getByRole('article')).toHaveCount(1);
  const found = ticketCard(franqueador, title);
  await found.getByRole('button', { name: 'Responder' }).click();

  const answer = franqueador.getByRole('dialog', { name: `Responder Ticket #${id8}` });
  await expect(answer).toBeVisible();
  await expect(answer.getByText('Juliana Pereira')).toBeVisible();
  await expect(answer.getByText(DEMO_ACCOUNTS.micro_franquia)).toBeVisible();
  await expect(answer.getByText('Micro-franquia', { exact: true })).toBeVisible();
  await expect(answer.getByText('Logística')).toBeVisible();
  await expect(answer.getByText(description)).toBeVisible();
  await answer.getByRole('button', { name: 'Enviar Resposta' }).click();
  await expect(answer.getByText('Resolução é obrigatória')).toBeVisible();
  await expectAccessible(franqueador);

  const before = Date.now();
  await pick(franqueador, 'Status', 'Concluído');
  await answer.getByLabel('Resolução').fill('Enviamos os cartões que faltavam pela transportadora.');
  await answer.getByRole('button', { name: 'Enviar Resposta' }).click();
  await expect(franqueador.getByText('Ticket atualizado com sucesso', { exact: true })).toBeVisible();
  await expect(franqueador.getByText('A resposta foi registrada no sistema', { exact: true })).toBeVisible();

  // The franqueador's dialog now says the ticket was answered, with only Fechar.
  await expect(answer.getByText('Ticket já foi respondido')).toBeVisible();
  await expect(answer.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
  await expect(answer.getByLabel('Resolução')).toHaveCount(0);
  await expect(answer.getByRole('button', { name: 'Enviar Resposta' })).toHaveCount(0);
  await expectAccessible(franqueador);
  await answer.getByRole('button', { name: 'Fechar' }).last().click();
  await expect(answer).toBeHidden();
  await expect(found.getByText('Concluído')).toBeVisible();
  await expect(found.getByText('Ana Beatriz Moura')).toBeVisible();
  await expect(found.getByRole('button', { name: 'Responder' })).toHaveCount(0);

  // The micro-franquia sees the resolution and its date.
  await micro.reload();
  const answered = ticketCard(micro, title);
  await expect(answered.getByText('Enviamos os cartões que faltavam pela transportadora.')).toBeVisible();
  await expect(answered.getByText(`Respondido em ${today()}`)).toBeVisible();
  await expect(answered.getByText('Concluído')).toBeVisible();

  // The answer e-mail is in the outbox.
  const mail = await waitForEmail(DEMO_ACCOUNTS.micro_franquia, before);
  expect(mail).toContain(`Subject: Seu ticket #${id8} foi respondido`);
});

test('the search answers Nenhum ticket encontrado, and the screen fits a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await useSession(page, 'franquia');
  await page.goto('/sac');
  await expect(page.getByRole('heading', { level: 1, name: 'SAC - Suporte ao Cliente' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  // A franquia sees only its own tickets.
  await expect(page.getByRole('article', { name: 'Kits de divulgação atrasados' })).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Novo Ticket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Ticket SAC' });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Buscar tickets por título ou ID' }).fill(`inexistente-${Date.now()}`);
  await expect(page.getByText('Nenhum ticket encontrado')).toBeVisible();
});
