import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AddressInfo } from 'node:net';
import { APP_URL, createTestApp, readOutbox, type TestContext } from '../setup/test-app';
import { FAKE_ASAAS_KEY, startFakeAsaasServer, type FakeAsaasServer } from './fake-asaas-server';
import { as } from './inject-as';
import { uniqueCpf } from './network-payloads';
import { preMatriculas } from '../../src/server/db/schema';

/**
 * Issue 43 (ADR 076): a family of the demo network whose matrícula is made effective, its contract's link and
 * codes read from the outbox, and its contract accepted -- what the cobrança tests bill, pay, withdraw and cancel.
 */

export interface Familia {
  matriculaId: string;
  email: string;
  cpf: string;
  token: string;
}

const textoDo = (eml: string) =>
  Buffer.from(
    eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

export function familias(ctx: () => TestContext) {
  let seq = 0;
  const franqueador = () => as(ctx().app, 'franqueador');
  const publico = () => as(ctx().app, null);

  async function mailsTo(email: string) {
    await ctx().app.background.drain();
    return readOutbox(ctx().dataDir)
      .filter((m) => m.includes(`To: ${email}`))
      .map(textoDo);
  }

  /** A pending pré-matrícula of a demo event made effective by the franqueador (its contract's link e-mailed). */
  async function novaFamilia(cpf = uniqueCpf()): Promise<Familia> {
    seq += 1;
    const [modelo] = await ctx()
      .handle.db.select({ eventoId: preMatriculas.eventoId })
      .from(preMatriculas)
      .where(eq(preMatriculas.nome, 'Lucas Oliveira'));
    const email = `familia.baixa.${seq}.${Date.now()}@email.com`;
    const [pre] = await ctx()
      .handle.db.insert(preMatriculas)
      .values({
        eventoId: modelo!.eventoId,
        nome: `Aluno Baixa ${seq}`,
        nomeAluno: `Aluno Baixa ${seq}`,
        cpfAluno: uniqueCpf(),
        nomeResponsavel: `Responsável Baixa ${seq}`,
        cpfResponsavel: cpf,
        email,
        telefone: '11987654321',
        cursoInteresse: null,
        consentidoEm: ctx().clock.now(),
      })
      .returning({ id: preMatriculas.id });
    const cursos = (await franqueador().get(`/api/pre-matriculas/${pre!.id}/cursos`)).json<{ id: string }[]>();
    const efetivada = await franqueador().post(`/api/matriculas/efetivar/${pre!.id}`, { cursoId: cursos[0]!.id });
    expect(efetivada.statusCode, efetivada.body).toBe(201);
    const link = (await mailsTo(email)).find((m) => m.includes(`${APP_URL}/contrato/`))!;
    const token = new RegExp(`${APP_URL}/contrato/([A-Za-z0-9_-]{43})`).exec(link)![1]!;
    return { matriculaId: efetivada.json<{ id: string }>().id, email, cpf, token };
  }

  /** A new code e-mailed to the family, for an acceptance or a withdrawal. */
  async function codigo(f: Familia) {
    expect((await publico().post(`/api/public/contratos/${f.token}/codigo`)).statusCode).toBe(200);
    return /Seu código para [^:]+: (\d{6})/.exec((await mailsTo(f.email)).at(-1)!)![1]!;
  }

  /** Accepts the family's contract with the e-mailed code. */
  async function aceitar(f: Familia) {
    const response = await publico().post(`/api/public/contratos/${f.token}/aceitar`, {
      codigo: await codigo(f),
      cpfInicio: f.cpf.slice(0, 3),
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** The family withdraws within the 7 days, on its contract's page. */
  async function desistir(f: Familia) {
    return publico().post(`/api/public/contratos/${f.token}/desistir`, {
      codigo: await codigo(f),
      cpfInicio: f.cpf.slice(0, 3),
    });
  }

  return { novaFamilia, aceitar, desistir, mailsTo };
}

/**
 * The billing route tests' world: the fake Asaas server, an app billing through it with `webhookToken`, listening
 * on a free port so the fake can call its webhook (`webhookUrl`). Closed with `fecharAppComAsaas`.
 */
export async function appComAsaasFalso(
  webhookToken: string,
  env: Record<string, string> = {},
): Promise<{ ctx: TestContext; fake: FakeAsaasServer; webhookUrl: string }> {
  const fake = await startFakeAsaasServer();
  const ctx = await createTestApp({
    COBRANCA_PROVEDOR: 'asaas',
    ASAAS_API_URL: `${fake.url}/v3`,
    ASAAS_API_KEY: FAKE_ASAAS_KEY,
    ASAAS_WEBHOOK_TOKEN: webhookToken,
    ...env,
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const webhookUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/api/webhooks/asaas`;
  return { ctx, fake, webhookUrl };
}
