import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, useSession } from './support';

/**
 * Meus Cursos and Eventos (issue 4). Every spec shares one server and database: this file only changes rows it
 * creates (unique names), and its events are dated in the past so the public pages never offer them.
 */

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The toast itself (an open dialog hides the toast region from the accessibility tree; Radix announces it apart). */
function toast(page: Page, title: string): Locator {
  return page.locator('.toast-root').getByText(title, { exact: true });
}

async function pickOption(page: Page, dialog: Locator, label: string, option: string) {
  await dialog.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function cursoCard(page: Page, titulo: string): Locator {
  return page.getByTestId('curso-card').filter({ has: page.getByRole('heading', { name: titulo, exact: true }) });
}

function eventoCard(page: Page, escola: string): Locator {
  return page.getByTestId('evento-card').filter({ has: page.getByRole('heading', { name: escola, exact: true }) });
}

interface EventoFields {
  escola: string;
  cidade?: string;
  estado?: string;
  dataDistribuicao?: string;
  dataEvento?: string;
  desconto?: string;
}

async function fillEvento(dialog: Locator, fields: EventoFields) {
  await dialog.getByLabel('Nome da escola').fill(fields.escola);
  await dialog.getByLabel('CEP (opcional)').fill('13024001');
  await dialog.getByLabel('Cidade').fill(fields.cidade ?? 'Campinas');
  await dialog.getByLabel('Estado').fill(fields.estado ?? 'sp');
  await dialog.getByLabel('Data de distribuição').fill(fields.dataDistribuicao ?? '2025-02-20');
  await dialog.getByLabel('Data do evento').fill(fields.dataEvento ?? '2025-03-01');
  await dialog.getByLabel('Horário').fill('19:30');
  await dialog.getByLabel('Quantidade de alunos').fill('150');
  if (fields.desconto) await dialog.getByLabel('Valor total de desconto (R$)').fill(fields.desconto);
}

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Buscar eventos' }).fill(text);
}

test.describe('Meus Cursos', () => {
  test('a cliente creates a course with three modules, edits it, removes a module and deactivates it', async ({
    page,
  }) => {
    // Three dialogs and a dozen saves: about 20 s alone, past 30 s on a loaded 2-core runner.
    test.slow();
    await useSession(page, 'cliente');
    await page.goto('/cursos');
    await expect(page.getByRole('heading', { level: 1, name: 'Meus Cursos' })).toBeVisible();

    await page.getByRole('button', { name: 'Novo Curso' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo Curso' });
    await dialog.getByRole('button', { name: 'Criar Curso' }).click();
    await expect(dialog.getByText('Título é obrigatório')).toBeVisible();
    await expect(dialog.getByText('Carga horária deve ser maior que 0')).toBeVisible();

    const titulo = unique('Curso E2E');
    await dialog.getByLabel('Título', { exact: true }).fill(titulo);
    await dialog.getByLabel('Descrição').fill('Curso criado pelo teste de ponta a ponta.');
    await dialog.getByLabel('Valor (R$)').fill('1000');
    await dialog.getByLabel('Valor com desconto (R$)').fill('1200');
    await dialog.getByLabel('Parcelas').fill('10');
    const modulo = (n: number) => dialog.getByRole('listitem', { name: `Módulo ${n}` });
    await modulo(1).getByLabel('Título do módulo').fill('Fundamentos');
    await modulo(1).getByLabel('Carga horária (h)').fill('20');
    await dialog.getByRole('button', { name: 'Adicionar módulo' }).click();
    await expect(modulo(2).getByLabel('Módulo', { exact: true })).toHaveValue('2');
    await modulo(2).getByLabel('Título do módulo').fill('Prática');
    await modulo(2).getByLabel('Carga horária (h)').fill('30');
    await dialog.getByRole('button', { name: 'Adicionar módulo' }).click();
    await modulo(3).getByLabel('Título do módulo').fill('Projeto');
    await modulo(3).getByLabel('Carga horária (h)').fill('10');
    await dialog.getByRole('button', { name: 'Criar Curso' }).click();
    await expect(dialog.getByText('Valor com desconto deve ser menor ou igual ao valor original')).toBeVisible();

    await dialog.getByLabel('Valor com desconto (R$)').fill('800');
    await expect(dialog.getByTestId('resumo-modulos')).toHaveText('3');
    await expect(dialog.getByTestId('resumo-horas')).toHaveText('60h');
    await expect(dialog.getByTestId('resumo-valor')).toContainText('R$ 800,00');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Criar Curso' }).click();
    await expect(toast(page, 'Curso criado')).toBeVisible();
    await expect(dialog).toBeHidden();

    const card = cursoCard(page, titulo);
    await expect(card).toContainText('3 módulos');
    await expect(card).toContainText('60h');
    await expect(card).toContainText('R$ 800,00');
    await expect(card).toContainText('com desconto');
    await expect(card).toContainText('10x de R$ 80,00');
    await expect(card.getByText('Ativo', { exact: true })).toBeVisible();

    // Edit: remove a saved module (deleted on the server at once), add a new one, rename.
    await card.getByRole('button', { name: `Editar ${titulo}` }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Curso' });
    await expect(edit.getByLabel('Título', { exact: true })).toHaveValue(titulo);
    await edit.getByRole('button', { name: 'Remover módulo 2' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remover módulo?' });
    await expect(confirm).toContainText('Esta ação não pode ser desfeita.');
    await confirm.getByRole('button', { name: 'Remover' }).click();
    await expect(toast(page, 'Módulo removido')).toBeVisible();
    await expect(edit.getByRole('listitem', { name: /^Módulo \d$/ })).toHaveCount(2);
    await edit.getByRole('button', { name: 'Adicionar módulo' }).click();
    const novo = edit.getByRole('listitem', { name: 'Módulo 3' });
    await novo.getByLabel('Módulo', { exact: true }).fill('3A');
    await novo.getByLabel('Título do módulo').fill('Estágio');
    await novo.getByLabel('Carga horária (h)').fill('40');
    await expect(edit.getByTestId('resumo-horas')).toHaveText('70h');
    const renamed = `${titulo} (revisado)`;
    await edit.getByLabel('Título', { exact: true }).fill(renamed);
    await edit.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(toast(page, 'Curso atualizado')).toBeVisible();

    const revised = cursoCard(page, renamed);
    await expect(revised).toContainText('3 módulos');
    await expect(revised).toContainText('70h');
    await revised.getByRole('button', { name: 'Ver módulos' }).click();
    const rows = revised.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(1)).toContainText('Fundamentos');
    await expect(rows.nth(2)).toContainText('Projeto');
    await expect(rows.nth(3)).toContainText('Estágio');
    await expect(rows.nth(3)).toContainText('40h');

    // Deactivation acts at once and can be undone from its toast (issue 23, ADR 036; safe-actions.spec.ts undoes it).
    await revised.getByRole('button', { name: `Desativar ${renamed}` }).click();
    await expect(toast(page, 'Curso desativado')).toBeVisible();
    await expect(revised.getByText('Inativo', { exact: true })).toBeVisible();
    await expect(revised.getByRole('button', { name: /^Desativar/ })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('a course with one module offers no removal', async ({ page }) => {
    await useSession(page, 'cliente');
    await page.goto('/cursos');
    await page.getByRole('button', { name: 'Novo Curso' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo Curso' });
    await expect(dialog.getByRole('button', { name: /^Remover módulo/ })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Adicionar módulo' }).click();
    await expect(dialog.getByRole('button', { name: /^Remover módulo/ })).toHaveCount(2);
    // A module not yet saved just leaves the form.
    await dialog.getByRole('button', { name: 'Remover módulo 2' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remover' }).click();
    await expect(dialog.getByRole('button', { name: /^Remover módulo/ })).toHaveCount(0);
    await expect(toast(page, 'Módulo removido')).toHaveCount(0);
  });
});

test.describe('Eventos', () => {
  test('a cliente creates an event with its courses; the card shows the typed date and the discount', async ({
    page,
  }) => {
    await useSession(page, 'cliente');
    await page.goto('/eventos');
    await expect(page.getByRole('heading', { level: 1, name: 'Eventos' })).toBeVisible();
    await page.getByRole('button', { name: 'Criar Evento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo Evento' });
    // A cliente's own id comes from its session: no client selector.
    await expect(dialog.getByRole('combobox', { name: 'Cliente' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Criar Evento' }).click();
    await expect(dialog.getByText('Nome da escola é obrigatório')).toBeVisible();
    await expect(dialog.getByText('Quantidade de alunos deve ser pelo menos 1')).toBeVisible();
    await expect(dialog.getByText('Data do evento é obrigatória')).toBeVisible();

    const escola = unique('Escola Cliente E2E');
    await fillEvento(dialog, { escola, dataEvento: '2025-03-01', desconto: '1234.5' });
    await expect(dialog.getByLabel('Estado')).toHaveValue('SP');
    await dialog.getByLabel('Inglês Intensivo').check();
    await dialog.getByLabel('Preparatório ENEM').check();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Criar Evento' }).click();
    await expect(toast(page, 'Evento criado com sucesso')).toBeVisible();

    await search(page, escola);
    const card = eventoCard(page, escola);
    await expect(card).toHaveCount(1);
    await expect(page.getByRole('heading', { name: '1 evento', exact: true })).toBeVisible();
    // America/Sao_Paulo is west of UTC: a date passed through Date would show 28/02/2025.
    await expect(card).toContainText('01/03/2025');
    await expect(card).toContainText('20/02/2025');
    await expect(card).toContainText('R$ 1.234,50');
    await expect(card).toContainText('2 cursos');
    await expect(card).toContainText('Campinas, SP');
    await expect(card).toContainText('CEP 13024-001');
    await expect(card).toContainText('150 alunos');
    await expect(card.getByText('Agendado', { exact: true })).toBeVisible();
  });

  test('a micro-franquia creates an event for one of its clientes with two of its courses', async ({ page }) => {
    await useSession(page, 'micro_franquia');
    await page.goto('/eventos');
    await page.getByRole('button', { name: 'Criar Evento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo Evento' });
    await expect(dialog.getByText('Selecione um cliente para escolher os cursos.')).toBeVisible();
    const escola = unique('Escola Micro E2E');
    await fillEvento(dialog, { escola, dataEvento: '2025-01-10', dataDistribuicao: '2025-01-02' });
    await dialog.getByRole('button', { name: 'Criar Evento' }).click();
    await expect(dialog.getByText('Cliente é obrigatório')).toBeVisible();

    await pickOption(page, dialog, 'Cliente', 'Colégio Horizonte');
    const cursos = dialog.getByRole('list', { name: 'Cursos do cliente' });
    await expect(cursos).toBeVisible();
    // A micro-franquia's other client's course never shows (Instituto Saber Contagem is another branch).
    await expect(cursos.getByText('Informática Básica')).toHaveCount(0);
    await cursos.getByLabel('Técnico em Administração').check();
    await cursos.getByLabel('Inglês Intensivo').check();
    await dialog.getByRole('button', { name: 'Criar Evento' }).click();
    await expect(toast(page, 'Evento criado com sucesso')).toBeVisible();

    await search(page, escola);
    const card = eventoCard(page, escola);
    await expect(card).toContainText('2 cursos');
    await expect(card).toContainText('10/01/2025');
    await expect(card).toContainText('02/01/2025');
    await expect(card.getByRole('button', { name: `Editar evento: ${escola}` })).toBeVisible();
  });

  test('a status changed to Concluído is final', async ({ page }) => {
    await useSession(page, 'cliente');
    const escola = unique('Escola Status E2E');
    const created = await page.request.post('/api/eventos', {
      data: {
        nomeEscola: escola,
        tipoEscola: 'privada',
        cidade: 'Campinas',
        estado: 'SP',
        dataDistribuicao: '2025-04-01',
        dataEvento: '2025-04-10',
        horario: '08:00',
        local: 'hotel',
        qtdAlunos: 40,
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    await page.goto('/eventos');
    await search(page, escola);
    const card = eventoCard(page, escola);
    await card.getByRole('button', { name: `Editar evento: ${escola}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Evento' });
    await expect(dialog.getByLabel('Nome da escola')).toHaveValue(escola);
    await expect(dialog.getByLabel('Data do evento')).toHaveValue('10/04/2025');
    await pickOption(page, dialog, 'Status', 'Concluído');
    await dialog.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(toast(page, 'Evento atualizado com sucesso')).toBeVisible();
    await expect(card.getByText('Concluído', { exact: true })).toBeVisible();
    await expect(card).toContainText('10/04/2025');

    await card.getByRole('button', { name: `Editar evento: ${escola}` }).click();
    const again = page.getByRole('dialog', { name: 'Editar Evento' });
    await expect(again.getByRole('combobox', { name: 'Status' })).toBeDisabled();
    await expect(again.getByText('Eventos concluídos ou cancelados não mudam de status.')).toBeVisible();
    await again.getByRole('button', { name: 'Cancelar' }).click();

    // The server holds the rule too.
    const back = await page.request.put(`/api/eventos/${id}`, {
      data: {
        nomeEscola: escola,
        tipoEscola: 'privada',
        cidade: 'Campinas',
        estado: 'SP',
        dataDistribuicao: '2025-04-01',
        dataEvento: '2025-04-10',
        horario: '08:00',
        local: 'hotel',
        qtdAlunos: 40,
        status: 'agendado',
      },
    });
    expect(back.status()).toBe(409);
    expect(((await back.json()) as { message: string }).message).toBe(
      'Evento concluído ou cancelado não pode mudar de status',
    );
  });

  test('the franqueador sees every event of its network but neither creates nor edits; the search filters', async ({
    page,
  }) => {
    await useSession(page, 'franqueador');
    await page.goto('/eventos');
    await expect(page.getByTestId('evento-card').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Criar Evento' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Editar/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /^\d+ eventos?$/ })).toBeVisible();

    await search(page, 'contag');
    await expect(eventoCard(page, 'Instituto Saber Contagem')).toBeVisible();
    await expect(page.getByTestId('evento-card').filter({ hasNotText: /contagem/i })).toHaveCount(0);
    await search(page, 'MG');
    await expect(eventoCard(page, 'Instituto Saber Contagem')).toBeVisible();
    await expect(eventoCard(page, 'Escola Estadual Valinhos')).toHaveCount(0);
    await search(page, 'nenhuma-escola-assim');
    await expect(page.getByText('Nenhum evento encontrado para a busca')).toBeVisible();
    await expect(page.getByRole('heading', { name: '0 eventos' })).toBeVisible();
    await search(page, '');
    await expect(page.getByTestId('evento-card').first()).toBeVisible();
    await expectAccessible(page);
  });

  test('another branch never sees the events of this one', async ({ page }) => {
    await useSession(page, 'cliente');
    await page.goto('/eventos');
    await search(page, 'Contagem');
    await expect(page.getByText('Nenhum evento encontrado para a busca')).toBeVisible();
  });
});

test('both screens fit a 360 px wide phone and stay accessible', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await useSession(page, 'cliente');
  for (const path of ['/cursos', '/eventos']) {
    await page.goto(path);
    await expect(page.getByTestId(path === '/cursos' ? 'curso-card' : 'evento-card').first()).toBeVisible();
    if (path === '/cursos') await page.getByRole('button', { name: 'Ver módulos' }).first().click();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  }
  await page.getByRole('button', { name: 'Criar Evento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Evento' });
  await expect(dialog.getByLabel('Nome da escola')).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(360);
  await expectAccessible(page);
});
