import { expect, test } from '@playwright/test';
import { makeCnpj, makeCpf } from '../../src/shared/brazil-ids';
import { expectAccessible, resetLinkFrom, signIn, useSession, waitForEmail } from './support';

/**
 * 'Enviar convite' (issue 14, finding 1): the franqueador creates a franquia without choosing its password; the
 * franquia's person sets it through the e-mailed link and signs in. Nobody else ever knew it.
 */
const digits = (length: number) => `${Date.now()}${Math.floor(Math.random() * 1e6)}`.slice(-length);

for (const width of [1280, 360]) {
  test(`franqueador invites a new franquia by e-mail, who sets its own password (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await useSession(page, 'franqueador');
    const email = `convite.${digits(10)}@e2e.com.br`;
    const razaoSocial = `Convite ${digits(6)} Franquias Ltda`;

    await page.goto('/franquias');
    await page.getByRole('button', { name: 'Nova Franquia' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova Franquia' });
    await dialog.getByLabel('Razão Social').fill(razaoSocial);
    await dialog.getByLabel('CNPJ').fill(makeCnpj(digits(12)));
    await dialog.getByLabel('Representante Legal').fill('Helena Convidada');
    await dialog.getByLabel('CPF', { exact: true }).fill(makeCpf(digits(9)));
    await dialog.getByLabel('Data de Nascimento').fill('1984-06-15');
    await dialog.getByLabel('Telefone').fill('11987654321');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Endereço').fill('Av. Paulista, 1500 - Bela Vista');
    await dialog.getByLabel('CEP', { exact: true }).fill('01310100');
    await dialog.getByLabel('Cidade').fill('São Paulo');
    await dialog.getByLabel('Estado').fill('SP');

    await dialog.getByLabel('Senha').fill('digitada-antes');
    await dialog.getByLabel('Enviar convite por e-mail').check();
    await expect(dialog.getByLabel('Senha')).toHaveCount(0);
    await expect(dialog.getByText('A pessoa recebe um link para definir a própria senha.')).toBeVisible();
    await expectAccessible(page);

    const sent = Date.now();
    await dialog.getByRole('button', { name: 'Criar Franquia' }).click();
    await expect(page.getByText('Franquia criada com sucesso', { exact: true }).first()).toBeVisible();

    const eml = await waitForEmail(email, sent);
    expect(eml).toContain('Convite: defina sua senha de acesso');
    await page.context().clearCookies();
    // The password typed before ticking the invite was never sent: it does not open the account.
    await signIn(page, email, 'digitada-antes');
    await expect(page.locator('form').getByText('Email ou senha inválidos', { exact: true })).toBeVisible();

    const link = new URL(resetLinkFrom(eml));
    await page.goto(link.pathname + link.search);
    await page.getByLabel('Nova senha', { exact: true }).fill('senha-da-helena-1');
    await page.getByLabel('Confirmar nova senha').fill('senha-da-helena-1');
    await page.getByRole('button', { name: 'Redefinir Senha' }).click();
    await expect(page).toHaveURL(/\/auth$/, { timeout: 6000 });
    await signIn(page, email, 'senha-da-helena-1');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
}
