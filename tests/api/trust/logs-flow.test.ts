import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventos, users } from '../../../src/server/db/schema';
import { makeCpf } from '../../../src/shared/brazil-ids';
import { createTestApp, readOutbox, resetLinkFrom, type TestContext } from '../../setup/test-app';
import { as } from '../../support/inject-as';

/**
 * Issue 22: the server log of a family's whole journey through the API, at the most verbose level, captured in
 * memory -- sign-up, activation, the aluno's account (set-password link, sign-in, forgot-password) and the LGPD
 * portal -- carries a request id on every request's lines and never a password, token, CPF, e-mail or phone.
 */

const lines: string[] = [];
const stream = { write: (line: string) => void lines.push(line) };

const tag = `${Date.now().toString(36)}${randomInt(1_000_000).toString(36)}`;
const FAMILIA = {
  nomeAluno: `Anacleta Vasconcelos ${tag}`,
  nomeResponsavel: `Bartolomeu Vasconcelos ${tag}`,
  email: `anacleta.${tag}@familia-exemplo.com.br`,
  telefone: '(19) 97531-8642',
  cpfAluno: makeCpf(String(randomInt(100_000_000, 999_999_999))),
  cpfResponsavel: makeCpf(String(randomInt(100_000_000, 999_999_999))),
  senha: `Senha-Da-Anacleta#${tag}`,
  novaSenha: `Outra-Senha-Nova#${tag}`,
};
const maskedCpf = (digits: string) =>
  `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;

/** Secrets the app made during the run: the set-password and reset tokens, the portal's token. */
const TOKENS: string[] = [];
const CLIENT_REQUEST_ID = `rastreio-${tag}`;
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp(
    { LOG_LEVEL: 'trace', RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_FORGOT_PASSWORD: '1000', RATE_LIMIT_PUBLIC: '1000' },
    { logStream: stream },
  );
});
afterAll(() => ctx.close());

/** The newest e-mail to the family's address that holds `marker`, quoted-printable undone. */
async function mailWith(marker: string): Promise<string> {
  await ctx.app.background.drain();
  const mail = readOutbox(ctx.dataDir)
    .map((eml) => eml.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((eml) => eml.includes(`To: ${FAMILIA.email}`) && eml.includes(marker))
    .at(-1);
  expect(mail, `an e-mail with ${marker}`).toBeDefined();
  return mail!;
}

/** A value as the log might carry it: as sent, lower-cased, URL-encoded. */
const forms = (value: string) => [value, value.toLowerCase(), encodeURIComponent(value)];
/** A document or phone number, also as its digits alone. */
const numberForms = (value: string) => [...forms(value), value.replace(/\D/g, '')];

describe('the log of a family’s whole journey through the API', () => {
  it('runs: sign-up, activation, set-password link, sign-in, forgot-password, LGPD portal', async () => {
    const { app } = ctx;
    const [evento] = await ctx.handle.db
      .select()
      .from(eventos)
      .where(and(eq(eventos.cidade, 'Campinas'), eq(eventos.status, 'agendado')));
    const headers = { 'x-request-id': CLIENT_REQUEST_ID };
    const familia = { nomeAluno: FAMILIA.nomeAluno, nomeResponsavel: FAMILIA.nomeResponsavel, email: FAMILIA.email };

    // Sign-up at the event (a lead), then the credit's activation with both CPFs (a pré-matrícula).
    const lead = await app.inject({
      method: 'POST',
      url: '/api/leads',
      headers,
      payload: { eventoId: evento!.id, ...familia, telefone: FAMILIA.telefone, consentimento: true },
    });
    expect(lead.statusCode, lead.body).toBe(201);
    const activation = await app.inject({
      method: 'POST',
      url: '/api/pre-matriculas',
      payload: {
        eventoId: evento!.id,
        ...familia,
        telefone: FAMILIA.telefone,
        cpfAluno: maskedCpf(FAMILIA.cpfAluno),
        cpfResponsavel: FAMILIA.cpfResponsavel,
        consentimento: true,
      },
    });
    expect(activation.statusCode, activation.body).toBe(201);

    // Staff find the family by name, e-mail and CPF, and make the matrícula effective: the aluno's account.
    for (const q of [FAMILIA.nomeAluno, FAMILIA.email, FAMILIA.cpfAluno]) {
      const found = await as(app, 'franqueador').get(`/api/pre-matriculas?q=${encodeURIComponent(q)}`);
      expect(found.statusCode).toBe(200);
    }
    const preMatriculaId = activation.json<{ id: string }>().id;
    // The matrícula takes one of the event's courses (issue 42).
    const cursos = await as(app, 'franqueador').get(`/api/pre-matriculas/${preMatriculaId}/cursos`);
    const efetivada = await as(app, 'franqueador').post(`/api/matriculas/efetivar/${preMatriculaId}`, {
      cursoId: cursos.json<{ id: string }[]>()[0]!.id,
    });
    expect(efetivada.statusCode, efetivada.body).toBe(201);

    // The aluno opens the set-password link, sets a password and signs in (once wrongly).
    const setPassword = new URL(resetLinkFrom(await mailWith('reset-password')));
    TOKENS.push(setPassword.searchParams.get('token')!);
    await app.inject({ method: 'GET', url: setPassword.pathname + setPassword.search });
    const set = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: TOKENS[0], newPassword: FAMILIA.senha, confirmPassword: FAMILIA.senha },
    });
    expect(set.statusCode, set.body).toBe(200);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: FAMILIA.email, password: `${FAMILIA.senha}x` },
    });
    expect(wrong.statusCode).toBe(401);
    const signedIn = await as(app, { email: FAMILIA.email, password: FAMILIA.senha }).get('/api/matriculas');
    expect(signedIn.statusCode).toBe(200);

    // Forgot-password, then the new password.
    const before = readOutbox(ctx.dataDir).length;
    const forgot = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers,
      payload: { email: FAMILIA.email },
    });
    expect(forgot.statusCode).toBe(200);
    await app.background.drain();
    expect(readOutbox(ctx.dataDir).length).toBeGreaterThan(before);
    const reset = new URL(resetLinkFrom(await mailWith('reset-password')));
    TOKENS.push(reset.searchParams.get('token')!);
    expect(TOKENS[1]).not.toBe(TOKENS[0]);
    const changed = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: TOKENS[1], newPassword: FAMILIA.novaSenha, confirmPassword: FAMILIA.novaSenha },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [stored] = await ctx.handle.db
      .select({ hash: users.password })
      .from(users)
      .where(eq(users.email, FAMILIA.email));
    TOKENS.push(stored!.hash!);

    // The LGPD portal: the link by e-mail, the records, their export, a request for correction.
    const asked = await app.inject({
      method: 'POST',
      url: '/api/public/titular/solicitar',
      payload: { email: FAMILIA.email },
    });
    expect(asked.statusCode).toBe(200);
    const portalLink = (await mailWith('meus-dados')).match(/https?:\/\/[^\s"<]+\/meus-dados\?token=[A-Za-z0-9_%-]+/);
    const portalToken = decodeURIComponent(new URL(portalLink![0]).searchParams.get('token')!);
    TOKENS.push(portalToken);
    const records = await app.inject({ url: `/api/public/titular?token=${encodeURIComponent(portalToken)}` });
    expect(records.statusCode, records.body).toBe(200);
    expect(records.body).toContain(FAMILIA.cpfAluno);
    const exported = await app.inject({
      url: `/api/public/titular/export.json?token=${encodeURIComponent(portalToken)}`,
    });
    expect(exported.statusCode).toBe(200);
    const pedido = await app.inject({
      method: 'POST',
      url: '/api/public/titular/pedidos',
      payload: { token: portalToken, tipo: 'correcao', detalhe: `Meu telefone é ${FAMILIA.telefone}` },
    });
    expect(pedido.statusCode, pedido.body).toBe(201);
  });

  it('holds none of the family’s values: no password, token, CPF, e-mail, phone or name', () => {
    const { cpfAluno, cpfResponsavel, telefone, ...texts } = FAMILIA;
    const values = [
      ...[...Object.values(texts), ...TOKENS].flatMap(forms),
      ...[cpfAluno, cpfResponsavel, maskedCpf(cpfAluno), telefone].flatMap(numberForms),
    ];
    expect(TOKENS).toHaveLength(4);
    const leaks = lines.filter((line) => values.some((value) => line.includes(value)));
    expect(leaks).toEqual([]);
    // Nor anything shaped like an e-mail address, a CPF or a mobile number, whoever's it is.
    const shaped = lines.filter((line) =>
      /[\w.+-]+@[\w-]+\.[\w.]+|\d{3}\.\d{3}\.\d{3}-\d{2}|\(\d{2}\)\s?9\d{4}-\d{4}/.test(line),
    );
    expect(shaped).toEqual([]);
    expect(lines.length).toBeGreaterThanOrEqual(30);
  });

  it('gives every request’s lines its request id, and keeps a client’s X-Request-Id beside it', () => {
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = entries.filter((entry) => entry.req !== undefined || entry.res !== undefined);
    expect(requests.length).toBeGreaterThanOrEqual(30);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    expect(requests.filter((entry) => typeof entry.reqId !== 'string' || !uuid.test(entry.reqId))).toEqual([]);
    // The incoming line and the completed line of one request share its id, and no two requests do.
    const incoming = requests.filter((entry) => entry.msg === 'incoming request');
    const completed = requests.filter((entry) => entry.msg === 'request completed');
    expect(incoming.length).toBeGreaterThanOrEqual(15);
    expect(new Set(incoming.map((entry) => entry.reqId)).size).toBe(incoming.length);
    expect(completed.map((entry) => entry.reqId).sort()).toEqual(incoming.map((entry) => entry.reqId).sort());
    const traced = incoming.filter((entry) => (entry.req as { requestId?: string }).requestId === CLIENT_REQUEST_ID);
    expect(traced).toHaveLength(2);
  });
});
