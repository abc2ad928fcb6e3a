import { expect, test } from '@playwright/test';
import {
  decodedEmail,
  expectAccessible,
  familiaComContratoAceito,
  noSideScroll,
  useSession,
  waitForEmail,
} from './support';

/**
 * Issue 43 (ADR 078): the family's link to its parcelas, opened on a phone from the e-mail billing sends once the
 * contract is accepted -- each parcela with 'Pagar com PIX' (the code, its copy button and its QR code) -- and the
 * régua de cobrança a franquia switches step by step. Other specs run against the same server: the family is its own.
 */

const pathDe = (eml: string, pattern: RegExp) => {
  const match = pattern.exec(decodedEmail(eml));
  if (!match) throw new Error(`no ${String(pattern)} in the e-mail`);
  return match[1]!;
};

test("the family opens its parcelas from the billing e-mail on a phone and pays the first by PIX's QR code", async ({
  page,
  browser,
}) => {
  test.slow();
  await useSession(page, 'franqueador');
  const familia = await familiaComContratoAceito(page.request, 'Parcelas', 15);
  const link = pathDe(
    await waitForEmail(familia.email, familia.aceitoEm, 'Suas parcelas foram geradas'),
    /https?:\/\/[^\s"<]+(\/parcelas\/[A-Za-z0-9_-]+)/,
  );

  const phone = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'pt-BR' });
  const familyPage = await phone.newPage();
  await familyPage.goto(link);
  await expect(familyPage.getByRole('heading', { level: 1, name: 'Parcelas' })).toBeVisible();
  const primeira = familyPage.getByRole('listitem').filter({ hasText: /^Parcela 1 de \d+/ });
  await expect(primeira).toContainText('Em aberto');
  await expect(primeira).toContainText(/Vencimento: 15\/\d{2}\/\d{4}/);
  await primeira.getByRole('button', { name: 'Pagar com PIX' }).click();
  await expect(primeira.getByRole('img', { name: 'QR code PIX da parcela 1' })).toBeVisible();
  await expect(primeira.getByRole('button', { name: 'Copiar código PIX' })).toBeVisible();
  await noSideScroll(familyPage);
  await expectAccessible(familyPage);

  // A link nobody was given answers in Portuguese, with nothing of any family.
  await familyPage.goto('/parcelas/um-link-que-nao-existe-aaaaaaaaaaaaaaaaaaaaaaaaaaaa');
  await expect(familyPage.getByRole('alert')).toBeVisible();
  await expect(familyPage.getByText(familia.nomeAluno)).toHaveCount(0);
  await phone.close();
});

test('a franquia switches a step of its régua off and on, at 1280 and 360 px', async ({ page }) => {
  await useSession(page, 'franquia');
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 860 });
    await page.goto('/financeiro/regua');
    await expect(page.getByRole('heading', { level: 1, name: 'Régua de cobrança' })).toBeVisible();
    const etapa = page.getByRole('switch', { name: '7 dias depois do vencimento' });
    const antes = await etapa.isChecked();
    await etapa.setChecked(!antes);
    await page.getByRole('button', { name: 'Salvar régua' }).click();
    await expect(page.getByText('Régua de cobrança salva.').first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: '7 dias depois do vencimento' })).toBeChecked({ checked: !antes });
    await noSideScroll(page);
    await expectAccessible(page);
  }
});
