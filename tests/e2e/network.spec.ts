import { expect, test, type Page } from '@playwright/test';
import { makeCnpj, makeCpf } from '../../src/shared/brazil-ids';
import { formatCnpj } from '../../src/shared/format';
import { expectAccessible, signIn, useSession } from './support';

/**
 * The network end to end (issue 3): franqueador -> franquia -> micro-franquia -> cliente and vendedor, with
 * the CEP look-up answered by the fake service playwright.config.ts starts. Every row this spec changes is
 * its own (unique names); demo rows are only read.
 */

let serial = 0;
/** Unique per run and per call: digits from the clock and a counter. */
function uniqueDigits(length: number): string {
  serial += 1;
  return `${Date.now()}${serial}${Math.floor(Math.random() * 1000)}`.slice(-length).padStart(length, '3');
}
const newCnpj = () => makeCnpj(uniqueDigits(12));
const newCpf = () => makeCpf(uniqueDigits(9));
const newEmail = (prefix: string) => `${prefix}.${uniqueDigits(10)}@e2e.com.br`;
const PASSWORD = 'senha-e2e-123';

async function expectToast(page: Page, title: string, description?: string) {
  await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
  if (description) await expect(page.getByText(description, { exact: true }).first()).toBeVisible();
}

async function signOutAndIn(page: Page, email: string, password = PASSWORD) {
  await page.context().clearCookies();
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/$/);
}

async function fillEmpresa(page: Page, values: { razaoSocial: string; email: string; cnpj: string; cpf: string }) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Razão Social').fill(values.razaoSocial);
  await dialog.getByLabel('CNPJ').fill(values.cnpj);
  await dialog.getByLabel('Representante Legal').fill('Helena Prado');
  await dialog.getByLabel('CPF', { exact: true }).fill(values.cpf);
  await dialog.getByLabel('Data de Nascimento').fill('1984-06-15');
  await dialog.getByLabel('Telefone').fill('11987654321');
  await dialog.getByLabel('Email').fill(values.email);
  await dialog.getByLabel('Endereço').fill('Av. Paulista, 1500 - Bela Vista');
  await dialog.getByLabel('Senha').fill(PASSWORD);
}

async function fillCliente(page: Page, values: { nome: string; email: string }) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nome Fantasia').fill(values.nome);
  await dialog.getByLabel('CNPJ').fill(newCnpj());
  await dialog.getByLabel('Representante Legal').fill('Diretora Teste');
  await dialog.getByLabel('CPF do Representante').fill(newCpf());
  await dialog.getByLabel('Telefone').fill('19987654321');
  await dialog.getByLabel('Endereço').fill('Rua das Escolas, 10 - Centro');
  await dialog.getByLabel('Email').fill(values.email);
  await dialog.getByLabel('Senha').fill(PASSWORD);
}

test('the network grows from the franqueador down to a cliente, and a deactivated cliente can no longer sign in', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const franquia = {
    razaoSocial: `Franquia E2E ${uniqueDigits(6)} Ltda`,
    email: newEmail('franquia'),
    cnpj: newCnpj(),
  };
  const micro = { razaoSocial: `Micro E2E ${uniqueDigits(6)} ME`, email: newEmail('micro'), cnpj: newCnpj() };
  const clienteA = { nome: `Escola E2E A ${uniqueDigits(6)}`, email: newEmail('cliente-a') };
  const clienteB = { nome: `Escola E2E B ${uniqueDigits(6)}`, email: newEmail('cliente-b') };
  const vendedor = { nome: `Vendedor E2E ${uniqueDigits(4)}`, email: newEmail('vendedor') };

  // Franqueador: a new franquia, CEP filled by the look-up.
  await useSession(page, 'franqueador');
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Franquias', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Franquias' })).toBeVisible();
  await expect(page.getByText('Gerencie todas as franquias cadastradas no sistema')).toBeVisible();
  await expect(page.getByRole('cell', { name: /^Educa Paulista Franquias Ltda ID: [0-9a-f]{8}$/ })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Nova Franquia' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova Franquia' });
  await expect(dialog).toBeVisible();
  await fillEmpresa(page, { ...franquia, cpf: newCpf() });
  await dialog.getByLabel('CEP', { exact: true }).fill('01310100');
  await expect(dialog.getByLabel('CEP', { exact: true })).toHaveValue('01310-100');
  await dialog.getByLabel('Senha').focus();
  await expectToast(page, 'CEP encontrado', 'São Paulo - SP');
  await expect(dialog.getByLabel('Cidade')).toHaveValue('São Paulo');
  await expect(dialog.getByLabel('Estado')).toHaveValue('SP');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Criar Franquia' }).click();
  await expectToast(page, 'Franquia criada com sucesso');
  await expect(dialog).toBeHidden();

  await page.getByLabel('Buscar franquias').fill(franquia.razaoSocial);
  const row = page.getByRole('row', { name: new RegExp(franquia.razaoSocial) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(formatCnpj(franquia.cnpj));
  await expect(row).toContainText('São Paulo');
  await expect(row).toContainText('Ativo');

  // Edit.
  await row.getByRole('button', { name: `Ações de ${franquia.razaoSocial}` }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Franquia' });
  await expect(edit.getByText(`Atualize os dados da franquia ${franquia.razaoSocial}.`)).toBeVisible();
  await expect(edit.getByLabel('Senha')).toHaveCount(0);
  await expect(edit.getByLabel('Email')).toHaveValue(franquia.email);
  await edit.getByLabel('Representante Legal').fill('Helena Prado Souza');
  await edit.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expectToast(page, 'Franquia atualizada com sucesso');
  await expect(row).toContainText('Helena Prado Souza');

  // Deactivate and activate again, each behind a confirmation naming the franquia (issue 23).
  await row.getByRole('button', { name: `Ações de ${franquia.razaoSocial}` }).click();
  await page.getByRole('menuitem', { name: 'Desativar' }).click();
  await page
    .getByRole('alertdialog', { name: `Desativar a franquia ${franquia.razaoSocial}?` })
    .getByRole('button', { name: 'Desativar' })
    .click();
  await expectToast(page, 'Franquia desativada', 'A franquia foi desativada com sucesso');
  await expect(row).toContainText('Inativo');
  await row.getByRole('button', { name: `Ações de ${franquia.razaoSocial}` }).click();
  await page.getByRole('menuitem', { name: 'Ativar' }).click();
  await page
    .getByRole('alertdialog', { name: `Ativar a franquia ${franquia.razaoSocial}?` })
    .getByRole('button', { name: 'Ativar' })
    .click();
  await expectToast(page, 'Franquia ativada', 'A franquia foi ativada com sucesso');
  await expect(row).toContainText('Ativo');

  // The new franquia signs in and creates a micro-franquia.
  await signOutAndIn(page, franquia.email);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard da Franquia' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Micro-franquias', exact: true })
    .click();
  await expect(page.getByText('Gerencie suas micro-franquias')).toBeVisible();
  await expect(page.getByText('Nenhuma micro-franquia cadastrada')).toBeVisible();
  await expect(page.getByText('0 micro-franquia(s) cadastrada(s)')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Nova Micro-franquia' }).click();
  const microDialog = page.getByRole('dialog', { name: 'Nova Micro-franquia' });
  await fillEmpresa(page, { ...micro, cpf: newCpf() });
  await microDialog.getByLabel('CEP', { exact: true }).fill('13010111');
  await microDialog.getByLabel('Senha').focus();
  await expectToast(page, 'CEP encontrado', 'Campinas - SP');
  await expect(microDialog.getByLabel('Cidade')).toHaveValue('Campinas');
  await microDialog.getByRole('button', { name: 'Criar Micro-franquia' }).click();
  await expectToast(page, 'Micro-franquia criada com sucesso');
  await expect(page.getByText('1 micro-franquia(s) cadastrada(s)')).toBeVisible();
  const microRow = page.getByRole('row', { name: new RegExp(micro.razaoSocial) });
  await expect(microRow).toContainText('Ativa');

  await microRow.getByRole('button', { name: `Ações de ${micro.razaoSocial}` }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  const microEdit = page.getByRole('dialog', { name: 'Editar Micro-franquia' });
  await microEdit.getByLabel('Endereço').fill('Rua Nova, 22 - Cambuí');
  await microEdit.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expectToast(page, 'Micro-franquia atualizada com sucesso');

  // The micro-franquia creates a cliente (CEP by the search button) and a vendedor.
  await signOutAndIn(page, micro.email);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Clientes', exact: true })
    .click();
  await expect(page.getByText('Nenhum cliente encontrado')).toBeVisible();
  await page.getByRole('button', { name: 'Novo Cliente' }).click();
  const clienteDialog = page.getByRole('dialog', { name: 'Novo Cliente' });
  await expect(clienteDialog.getByLabel('Produto')).toHaveText('Todos Pela Educação');
  await expect(clienteDialog.getByLabel('Kit')).toHaveText('Essencial');
  await fillCliente(page, clienteA);
  await clienteDialog.getByLabel('Kit').click();
  await page.getByRole('option', { name: 'Premium' }).click();
  await clienteDialog.getByLabel('CEP', { exact: true }).fill('20040020');
  await clienteDialog.getByRole('button', { name: 'Buscar CEP' }).click();
  await expectToast(page, 'CEP encontrado', 'Rio de Janeiro - RJ');
  await expect(clienteDialog.getByLabel('Estado')).toHaveValue('RJ');
  await expectAccessible(page);
  await clienteDialog.getByRole('button', { name: 'Criar Cliente' }).click();
  await expectToast(page, 'Cliente criado com sucesso');
  const clienteRow = page.getByRole('row', { name: new RegExp(clienteA.nome) });
  await expect(clienteRow).toContainText('Todos Pela Educação');
  await expect(clienteRow).toContainText('Premium');
  await expect(clienteRow).toContainText('Ativo');
  await expect(page.getByText('1 cliente', { exact: true })).toBeVisible();
  await expectAccessible(page);

  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Usuários', exact: true })
    .click();
  await expect(page.getByText('Permissões')).toBeVisible();
  await expect(page.getByText('Nenhum usuário encontrado')).toBeVisible();
  await page.getByRole('button', { name: 'Novo Vendedor' }).click();
  const vendedorDialog = page.getByRole('dialog', { name: 'Novo Vendedor' });
  await vendedorDialog.getByLabel('Nome').fill(vendedor.nome);
  await vendedorDialog.getByLabel('CPF').fill(newCpf());
  await vendedorDialog.getByLabel('Data de Nascimento').fill('1996-03-08');
  await vendedorDialog.getByLabel('Endereço').fill('Rua do Vendedor, 5');
  await vendedorDialog.getByLabel('Telefone').fill('19991112233');
  await vendedorDialog.getByLabel('Email').fill(vendedor.email);
  await vendedorDialog.getByLabel('Senha').fill(PASSWORD);
  await vendedorDialog.getByRole('button', { name: 'Criar Vendedor' }).click();
  await expectToast(page, 'Vendedor criado com sucesso', 'O novo vendedor foi cadastrado no sistema');
  await expect(page.getByRole('row', { name: new RegExp(vendedor.email) })).toContainText('Vendedor');
  await expectAccessible(page);

  // The vendedor signs in and registers a cliente of its own.
  await signOutAndIn(page, vendedor.email);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard do Vendedor' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Clientes', exact: true })
    .click();
  await page.getByRole('button', { name: 'Novo Cliente' }).click();
  await fillCliente(page, clienteB);
  const clienteBDialog = page.getByRole('dialog', { name: 'Novo Cliente' });
  await clienteBDialog.getByLabel('CEP', { exact: true }).fill('30130010');
  await clienteBDialog.getByRole('button', { name: 'Buscar CEP' }).click();
  await expectToast(page, 'CEP encontrado', 'Belo Horizonte - MG');
  await clienteBDialog.getByRole('button', { name: 'Criar Cliente' }).click();
  await expectToast(page, 'Cliente criado com sucesso');
  await expect(page.getByRole('row', { name: new RegExp(clienteB.nome) })).toBeVisible();
  // It registered only this one: the micro-franquia's own cliente is not in its list.
  await expect(page.getByRole('row', { name: new RegExp(clienteA.nome) })).toHaveCount(0);

  // The micro-franquia deactivates its cliente behind the confirmation; that cliente can no longer sign in.
  await signOutAndIn(page, micro.email);
  await page.goto('/clientes');
  const rowA = page.getByRole('row', { name: new RegExp(clienteA.nome) });
  await rowA.getByRole('button', { name: `Ações de ${clienteA.nome}` }).click();
  await page.getByRole('menuitem', { name: 'Desativar' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Desativar o cliente ${clienteA.nome}?` });
  await expect(confirm).toContainText('não poderá mais acessar o sistema');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Desativar' }).click();
  await expectToast(page, 'Cliente desativado');
  await expect(rowA).toContainText('Inativo');
  await expect(page.getByRole('row', { name: new RegExp(clienteB.nome) })).toContainText('Ativo');

  await page.context().clearCookies();
  await signIn(page, clienteA.email, PASSWORD);
  await expectToast(page, 'Não foi possível entrar', 'Usuário inativo. Entre em contato com o administrador.');
  await expect(page).toHaveURL(/\/auth$/);

  // And Ativar lets it back in.
  await signOutAndIn(page, micro.email);
  await page.goto('/clientes');
  await page
    .getByRole('row', { name: new RegExp(clienteA.nome) })
    .getByRole('button', { name: `Ações de ${clienteA.nome}` })
    .click();
  await page.getByRole('menuitem', { name: 'Ativar' }).click();
  await page
    .getByRole('alertdialog', { name: `Ativar o cliente ${clienteA.nome}?` })
    .getByRole('button', { name: 'Ativar' })
    .click();
  await expectToast(page, 'Cliente ativado');
  await signOutAndIn(page, clienteA.email);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard do Cliente' })).toBeVisible();
});

test('franqueador: Usuários finds a user by e-mail and filters by role', async ({ page }) => {
  await useSession(page, 'franqueador');
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Usuários', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Usuários' })).toBeVisible();
  await expect(page.getByRole('row', { name: /franqueador@demo\.com\.br/ })).toContainText('Você');
  await expectAccessible(page);

  await page.getByLabel('Buscar').fill('micro@demo.com.br');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row', { name: /micro@demo\.com\.br/ })).toContainText('Micro-franquia');

  await page.getByLabel('Buscar').fill('');
  await page.getByLabel('Perfil').click();
  await expect(page.getByRole('option')).toHaveText([
    'Todos',
    'Franqueador',
    'Franquia',
    'Micro-franquia',
    'Vendedor',
    'Cliente',
    'Aluno',
  ]);
  await page.getByRole('option', { name: 'Franquia', exact: true }).click();
  await expect(page.getByRole('row', { name: /micro@demo\.com\.br/ })).toHaveCount(0);
  const rows = page.getByRole('row').filter({ hasText: '@' });
  for (const text of await rows.allInnerTexts()) expect(text).toMatch(/\tFranquia\t/);
  await expect(page.getByRole('row', { name: /franquia@demo\.com\.br/ })).toBeVisible();
});

test('micro-franquia: Usuários offers Todos and Vendedor only, and lists its vendedor', async ({ page }) => {
  await useSession(page, 'micro_franquia');
  await page.goto('/usuarios');
  await expect(page.getByText('Permissões')).toBeVisible();
  await expect(page.getByRole('row', { name: /vendedor@demo\.com\.br/ })).toBeVisible();
  await page.getByLabel('Perfil').click();
  await expect(page.getByRole('option')).toHaveText(['Todos', 'Vendedor']);
  await page.keyboard.press('Escape');
  await expectAccessible(page);
});

test('wrong CPF, CNPJ and an unknown CEP are explained', async ({ page }) => {
  await useSession(page, 'franqueador');
  await page.goto('/franquias');
  await page.getByRole('button', { name: 'Nova Franquia' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova Franquia' });
  await dialog.getByLabel('CNPJ').fill('11.222.333/0001-80');
  await dialog.getByLabel('CPF', { exact: true }).fill('529.982.247-24');
  await dialog.getByLabel('CEP', { exact: true }).fill('99999-999');
  await dialog.getByLabel('Cidade').focus();
  await expectToast(page, 'CEP não encontrado', 'Verifique o CEP informado');
  await dialog.getByRole('button', { name: 'Criar Franquia' }).click();
  await expect(dialog.getByText('CNPJ inválido')).toBeVisible();
  await expect(dialog.getByText('CPF inválido')).toBeVisible();
  await expect(dialog.getByText('Razão social é obrigatória')).toBeVisible();
  await expect(dialog.getByText('Senha deve ter pelo menos 6 caracteres')).toBeVisible();
  await expect(dialog.getByLabel('CNPJ')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('CNPJ').fill('1122');
  await dialog.getByRole('button', { name: 'Criar Franquia' }).click();
  await expect(dialog.getByText('CNPJ deve ter pelo menos 14 caracteres')).toBeVisible();
  await expectAccessible(page);
});

test('franqueador reads micro-franquias and clientes without changing them', async ({ page }) => {
  await useSession(page, 'franqueador');
  await page.goto('/micro-franquias');
  await expect(page.getByText('Visualize todas as micro-franquias do sistema')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Franquia' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Contagem Cursos ME/ })).toContainText('Minas Saber Franquias Ltda');
  await expect(page.getByRole('button', { name: 'Nova Micro-franquia' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Ações' })).toHaveCount(0);
  await expectAccessible(page);

  await page.goto('/clientes');
  await expect(page.getByRole('columnheader', { name: 'Micro-Franquia' })).toBeVisible();
  const horizonte = page.getByRole('row', { name: /Colégio Horizonte/ });
  await expect(horizonte).toContainText('Campinas Educação ME');
  await expect(horizonte).toContainText('Premium');
  await expect(page.getByRole('row', { name: /Escola Estadual Valinhos/ })).toContainText('Digital');
  await expect(page.getByRole('button', { name: 'Novo Cliente' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Ações' })).toHaveCount(0);
  await expectAccessible(page);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the clientes screen and its dialog fit the screen', async ({ page }) => {
    await useSession(page, 'vendedor');
    await page.goto('/clientes');
    await expect(page.getByRole('row', { name: /Colégio Horizonte/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await page.getByRole('button', { name: 'Novo Cliente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo Cliente' });
    await dialog.getByRole('button', { name: 'Criar Cliente' }).scrollIntoViewIfNeeded();
    await expect(dialog.getByRole('button', { name: 'Criar Cliente' })).toBeInViewport();
    const box = await dialog.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await expectAccessible(page);
  });
});
