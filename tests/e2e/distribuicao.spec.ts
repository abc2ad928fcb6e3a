import { randomInt } from 'node:crypto';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { makeCnpj, makeCpf } from '../../src/shared/brazil-ids';
import type { LeadItem } from '../../src/shared/schemas/funnel';
import { createEventoComVagas, expectAccessible, noSideScroll, signIn, useSession } from './support';

/**
 * Issue 50: a micro-franquia turns on the round-robin and three public sign-ups land on three different vendedores,
 * each lead's history saying so; then it reassigns the three in one bulk action on its list. The spec brings its
 * own micro-franquia (with three vendedores, a school and an event), so no other spec's sign-up takes a turn and
 * the demo micro-franquia keeps its rule.
 */
const TAG = `${Date.now().toString(36)}${randomInt(1_000_000).toString(36)}`;
const digits = (n: number) => String(randomInt(10 ** (n - 1), 10 ** n));
const SENHA = 'senha-e2e-123';
/** The toast itself (its words are also read out by a live region). */
const toast = (page: Page, title: string): Locator => page.locator('.toast-root').getByText(title, { exact: true });

async function novaSessao(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, SENHA);
  await expect(page).toHaveURL(/\/$/);
  return page;
}

test('a micro-franquia turns on the round-robin: three sign-ups, three vendedores; then one bulk reassignment', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // The franquia opens a micro-franquia of its own for this spec.
  await useSession(page, 'franquia');
  const microEmail = `micro.rodizio.${TAG}@e2e.com.br`;
  const micro = await page.request.post('/api/micro-franquias', {
    data: {
      razaoSocial: `Micro Rodízio ${TAG}`,
      cnpj: makeCnpj(digits(12)),
      repLegal: 'Rita Rodízio',
      cpf: makeCpf(digits(9)),
      dataNascimento: '1985-04-10',
      telefone: '19987650000',
      endereco: 'Rua do Rodízio, 10',
      cep: '13010111',
      cidade: 'Campinas',
      estado: 'SP',
      email: microEmail,
      password: SENHA,
    },
  });
  expect(micro.status(), await micro.text()).toBe(201);

  // Its three vendedores and a school with an event.
  const microPage = await novaSessao(browser, microEmail);
  const vendedores: string[] = [];
  for (const nome of ['Ana', 'Bruno', 'Carla']) {
    const criado = await microPage.request.post('/api/vendedores', {
      data: {
        role: 'vendedor',
        nome: `${nome} Rodízio ${TAG}`,
        cpf: makeCpf(digits(9)),
        dataNascimento: '1990-01-01',
        endereco: 'Rua dos Vendedores, 1',
        telefone: '19987651111',
        email: `${nome.toLowerCase()}.rodizio.${TAG}@e2e.com.br`,
        password: SENHA,
      },
    });
    expect(criado.status(), await criado.text()).toBe(201);
    vendedores.push(((await criado.json()) as { nome: string }).nome);
  }
  const clienteEmail = `escola.rodizio.${TAG}@e2e.com.br`;
  const cliente = await microPage.request.post('/api/clientes', {
    data: {
      nomeFantasia: `Escola Rodízio ${TAG}`,
      cnpj: makeCnpj(digits(12)),
      repLegal: 'Helena Prado',
      produto: 'todos_pela_educacao',
      kit: 'essencial',
      cpf: makeCpf(digits(9)),
      telefone: '19987654321',
      endereco: 'Av. Brasil, 200 - Centro',
      cep: '13010111',
      cidade: 'Campinas',
      estado: 'SP',
      email: clienteEmail,
      password: SENHA,
    },
  });
  expect(cliente.status(), await cliente.text()).toBe(201);
  const clientePage = await novaSessao(browser, clienteEmail);
  const eventoId = await createEventoComVagas(clientePage, `Escola Rodízio ${TAG}`, 50);

  // The micro-franquia turns the round-robin on.
  await microPage.goto('/distribuicao');
  await expect(microPage.getByRole('heading', { level: 1, name: 'Distribuição de leads' })).toBeVisible();
  await expect(microPage.getByRole('radio', { name: 'Nenhuma (atribuir manualmente)' })).toBeChecked();
  const lista = microPage.getByRole('list', { name: 'Vendedores' });
  for (const nome of vendedores) await expect(lista.getByText(nome)).toBeVisible();
  await microPage.getByRole('radio', { name: 'Rodízio entre os vendedores ativos' }).check();
  await expectAccessible(microPage);
  await microPage.setViewportSize({ width: 360, height: 740 });
  await noSideScroll(microPage);
  await expectAccessible(microPage);
  await microPage.setViewportSize({ width: 1280, height: 800 });
  await microPage.getByRole('button', { name: 'Salvar distribuição' }).click();
  await expect(toast(microPage, 'Distribuição de leads salva')).toBeVisible();

  // Three families sign up on the public page's API.
  for (const n of [1, 2, 3]) {
    const inscricao = await clientePage.request.post('/api/leads', {
      data: {
        eventoId,
        nomeAluno: `Aluno Rodízio ${n} ${TAG}`,
        nomeResponsavel: `Família Rodízio ${n}`,
        email: `familia.rodizio.${n}.${TAG}@e2e.com.br`,
        telefone: `1998765432${n}`,
        consentimento: true,
      },
    });
    expect(inscricao.status(), await inscricao.text()).toBe(201);
  }

  // Three leads, three vendedores.
  const resposta = await microPage.request.get(`/api/leads?eventoId=${eventoId}`);
  const leads = (await resposta.json()) as LeadItem[];
  expect(leads).toHaveLength(3);
  const responsaveis = leads.map((lead) => lead.responsavel?.nome);
  expect(new Set(responsaveis)).toEqual(new Set(vendedores));

  // A lead's history says the rule chose its vendedor.
  await microPage.goto(`/leads/${leads[0]!.id}`);
  await expect(microPage.getByText(`Atribuído automaticamente a ${leads[0]!.responsavel!.nome}`)).toBeVisible();

  // Ações em lote: the three chosen on Interesses and handed to one vendedor in one action.
  await microPage.goto(`/interesses?eventoId=${eventoId}`);
  const tabela = microPage.getByRole('table', { name: 'Interesses' });
  await expect(tabela.getByRole('row')).toHaveCount(4);
  await tabela.getByRole('checkbox', { name: 'Selecionar todos desta página' }).check();
  const barra = microPage.getByRole('region', { name: 'Ações em lote' });
  await expect(barra.getByText('3 selecionados')).toBeVisible();
  await expectAccessible(microPage);
  await barra.getByRole('button', { name: 'Atribuir vendedor' }).click();
  const dialog = microPage.getByRole('dialog', { name: 'Atribuir vendedor' });
  await dialog.getByRole('combobox', { name: /Vendedor responsável/ }).click();
  await microPage.getByRole('option', { name: vendedores[2]! }).click();
  await expectAccessible(microPage);
  await dialog.getByRole('button', { name: 'Atribuir' }).click();
  await expect(toast(microPage, '2 leads atualizados')).toBeVisible();
  await expect(barra).toHaveCount(0);
  // One request changed them (the lead that was already hers is not counted); all three are hers now.
  const depois = (await (await microPage.request.get(`/api/leads?eventoId=${eventoId}`)).json()) as LeadItem[];
  expect(depois.map((lead) => lead.responsavel?.nome)).toEqual([vendedores[2], vendedores[2], vendedores[2]]);
  await microPage.setViewportSize({ width: 360, height: 740 });
  await noSideScroll(microPage);
  await expectAccessible(microPage);
  // On a phone, one row chosen: the bar's offer of every matching lead wraps inside the screen.
  await microPage
    .getByRole('checkbox', { name: /Selecionar/ })
    .nth(1)
    .check();
  await expect(barra.getByRole('button', { name: 'Selecionar todos os 3 que atendem aos filtros' })).toBeVisible();
  await noSideScroll(microPage);
});
