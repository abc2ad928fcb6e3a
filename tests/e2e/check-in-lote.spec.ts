import { randomInt, randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { authFile, createEventoComVagas, expectAccessible, noSideScroll, useSession } from './support';

/**
 * Issue 49 (ADR 105), the server's side of the door without a signal, as a device and an auditor meet it: the
 * school's phone downloads its event's roster, uploads its queue of check-ins, loses the answer and sends the same
 * queue again -- nothing is created twice; the franquia then finds both uploads on Auditoria, in words, at 1280 and
 * 360 px (axe, no sideways scroll). The check-in screen's own offline flow is the screen's spec.
 */

const TAG = `${Date.now().toString(36)}${randomInt(1_000_000).toString(36)}`;

test('a queue of offline check-ins sent twice registers each family once, and Auditoria shows both uploads', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await useSession(page, 'cliente');
  const eventoId = await createEventoComVagas(page, `Escola Sem Sinal ${TAG}`);
  for (const nome of ['Maria Quintanilha', 'Joaquim Quintanilha']) {
    const signUp = await page.request.post('/api/leads', {
      data: {
        eventoId,
        nomeAluno: `${nome} ${TAG}`,
        nomeResponsavel: `Responsável ${TAG}`,
        email: `${nome.split(' ')[0]!.toLowerCase()}.${TAG}@e2e.com.br`,
        telefone: '19987654321',
        consentimento: true,
      },
    });
    expect(signUp.status(), await signUp.text()).toBe(201);
  }

  // Preparing for offline use: the roster holds the first names and hashes, no surname.
  const roteiro = await page.request.get(`/api/eventos/${eventoId}/check-in/roteiro`);
  expect(roteiro.status()).toBe(200);
  const { itens, versao } = (await roteiro.json()) as {
    itens: { leadId: string; primeiroNome: string; presente: boolean; tokenHashes: string[] }[];
    versao: string;
  };
  expect(itens.map((i) => i.primeiroNome).sort()).toEqual(['Joaquim', 'Maria']);
  expect(itens.every((i) => !i.presente && i.tokenHashes.length === 1)).toBe(true);
  expect(await roteiro.text()).not.toContain('Quintanilha');

  // The queue goes up; its answer is lost on the way, so the device sends the same queue again.
  const fila = {
    dispositivo: `e2e-${TAG}`,
    dispositivoNome: 'Chrome no Android',
    itens: itens.map((i) => ({ idCliente: randomUUID(), leadId: i.leadId, em: new Date().toISOString() })),
  };
  const primeira = await page.request.post(`/api/eventos/${eventoId}/presencas/lote`, { data: fila });
  expect(primeira.status()).toBe(200);
  const segunda = await page.request.post(`/api/eventos/${eventoId}/presencas/lote`, { data: fila });
  expect(await segunda.json()).toEqual(await primeira.json());
  expect(await primeira.json()).toMatchObject({
    itens: [{ resultado: 'registrada' }, { resultado: 'registrada' }],
    presentes: 2,
    inscritos: 2,
  });
  const evento = await page.request.get(`/api/eventos/${eventoId}`);
  expect(await evento.json()).toMatchObject({ presentes: 2, inscritos: 2 });
  const depois = await page.request.get(`/api/eventos/${eventoId}/check-in/roteiro`);
  const roteiroDepois = (await depois.json()) as { versao: string; itens: { presente: boolean }[] };
  expect(roteiroDepois.versao).not.toBe(versao);
  expect(roteiroDepois.itens.every((i) => i.presente)).toBe(true);

  // The franquia's Auditoria: both uploads on the event, in words.
  const franquia = await browser.newContext({ storageState: authFile('franquia') });
  const auditor = await franquia.newPage();
  await auditor.setViewportSize({ width: 1280, height: 900 });
  await auditor.goto('/auditoria');
  await expect(auditor.getByRole('heading', { level: 1, name: 'Auditoria' })).toBeVisible();
  await auditor.getByRole('combobox', { name: 'Ação' }).click();
  await auditor.getByRole('option', { name: 'Enviou check-ins feitos sem conexão', exact: true }).click();
  await expect(auditor).toHaveURL(/acao=evento\.presencas_lote/);
  const id8 = eventoId.slice(0, 8);
  const tabela = auditor.getByRole('table', { name: 'Registros de auditoria' });
  const linhas = tabela.getByRole('row').filter({ hasText: id8 });
  await expect(linhas).toHaveCount(2);
  await expect(linhas.first()).toContainText('Enviou check-ins feitos sem conexão');
  await expectAccessible(auditor);
  await noSideScroll(auditor);

  await auditor.setViewportSize({ width: 360, height: 780 });
  const cards = auditor.getByRole('list', { name: 'Registros de auditoria' });
  await expect(cards.getByRole('listitem').filter({ hasText: id8 })).toHaveCount(2);
  await expectAccessible(auditor);
  await noSideScroll(auditor);
  await franquia.close();
});
