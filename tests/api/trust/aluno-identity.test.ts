import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema';
import type { MatriculaItem, PreMatriculaItem } from '../../../src/shared/schemas/funnel';
import type { UsuarioView } from '../../../src/shared/schemas/usuario';
import { createTestApp, login, loginAs, readOutbox, resetLinkFrom, type TestContext } from '../../setup/test-app';
import { insertOtherNetwork } from '../../support/network-payloads';
import {
  call,
  cursoPayload,
  efetivarComCurso,
  eventoPayload,
  preMatriculaPayload,
  WORLD_ENV,
} from './fixtures/network';

/**
 * Cross-tenant identity (issue 14, finding 4): one student, one login, two networks. Network A makes effective
 * a pré-matrícula for an e-mail, network B makes effective its own for the same e-mail. The student signs in once
 * and sees both; each network's staff see the student only as that network collected it -- its name, when it
 * became that network's aluno, whether that network switched it off -- never what the other network stored or
 * did (ADR 019).
 */

let ctx: TestContext;
const EMAIL = 'estudante.compartilhada@teste.com.br';
const NOME_A = 'Ana Alves Rede A';
const NOME_B = 'Bia Borges Rede B';
const PASSWORD = 'senha-da-estudante-42';
let franqueadorA: string;
let franqueadorB: string;
let microA: string;
let microB: string;
let startedB: number;

const aluno = () => login(ctx.app, EMAIL, PASSWORD);
const get = (cookie: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const usuarios = async (cookie: string, query = '') => {
  const response = await get(cookie, `/api/usuarios?pageSize=500${query}`);
  expect(response.statusCode).toBe(200);
  return { body: response.body, rows: response.json<UsuarioView[]>() };
};
const theAluno = (rows: UsuarioView[]) => rows.find((u) => u.email === EMAIL);
const switchAluno = async (cookie: string, isActive: boolean) => {
  const id = theAluno((await usuarios(cookie, '&role=aluno')).rows)!.id;
  return call<UsuarioView>(ctx.app, cookie, 'PATCH', `/api/usuarios/${id}`, { isActive });
};
const namesSeen = async (cookie: string) => ({
  matriculas: (await get(cookie, '/api/matriculas')).json<MatriculaItem[]>().map((m) => m.nome),
  preMatriculas: (await get(cookie, '/api/pre-matriculas')).json<PreMatriculaItem[]>().map((p) => p.nome),
});

beforeAll(async () => {
  ctx = await createTestApp(WORLD_ENV);
  const other = await insertOtherNetwork(ctx.handle.db);
  franqueadorA = await loginAs(ctx.app, 'franqueador');
  microA = await loginAs(ctx.app, 'micro_franquia');
  franqueadorB = await login(ctx.app, other.franqueadorEmail);
  const emailOf = async (id: string) =>
    (await ctx.handle.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email;
  const clienteB = await login(ctx.app, await emailOf(other.clienteUserId));
  const [microBUser] = await ctx.handle.db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.microFranquiaId, other.microFranquiaId), eq(users.role, 'micro_franquia')));
  microB = await login(ctx.app, microBUser!.email);

  // Network A: the student signs up at an event of the demo cliente, is made effective and sets a password.
  const clienteA = await loginAs(ctx.app, 'cliente');
  // Each event offers a course of its cliente, which the matrícula takes (issue 42).
  const cursoA = await call(ctx.app, clienteA, 'POST', '/api/cursos', cursoPayload('Curso da Rede A'));
  const eventoA = await call(
    ctx.app,
    clienteA,
    'POST',
    '/api/eventos',
    eventoPayload('Escola da Rede A', { cursoIds: [cursoA.id] }),
  );
  const preA = await call(ctx.app, null, 'POST', '/api/pre-matriculas', {
    ...preMatriculaPayload(eventoA.id, 'Rede A'),
    nomeAluno: NOME_A,
    email: EMAIL,
  });
  await efetivarComCurso(ctx.app, microA, preA.id);
  await ctx.app.background.drain();
  // The set-password e-mail, not the contract's link that goes with it (issue 42).
  const mail = readOutbox(ctx.dataDir).find(
    (m) => m.includes(`To: ${EMAIL}`) && m.includes('Subject: Defina sua senha'),
  )!;
  const token = new URL(resetLinkFrom(mail)).searchParams.get('token');
  await call(
    ctx.app,
    null,
    'POST',
    '/api/auth/reset-password',
    {
      token,
      newPassword: PASSWORD,
      confirmPassword: PASSWORD,
    },
    200,
  );

  // Network B, later: its own event, the same e-mail (as the guardian typed it) under another name.
  startedB = Date.now();
  const cursoB = await call(ctx.app, clienteB, 'POST', '/api/cursos', cursoPayload('Curso da Rede B'));
  const eventoB = await call(
    ctx.app,
    clienteB,
    'POST',
    '/api/eventos',
    eventoPayload('Escola da Rede B', { cursoIds: [cursoB.id] }),
  );
  const preB = await call(ctx.app, null, 'POST', '/api/pre-matriculas', {
    ...preMatriculaPayload(eventoB.id, 'Rede B'),
    nomeAluno: NOME_B,
    email: EMAIL.toUpperCase(),
  });
  await efetivarComCurso(ctx.app, franqueadorB, preB.id);
  await ctx.app.background.drain();
});
afterAll(() => ctx.close());

describe('one student in two networks: each network sees only what it collected', () => {
  it('shows network B the student under B’s name and date, never A’s', async () => {
    const { rows, body } = await usuarios(franqueadorB);
    expect(theAluno(rows)).toMatchObject({ nome: NOME_B, role: 'aluno', isActive: true });
    expect(Date.parse(theAluno(rows)!.createdAt)).toBeGreaterThanOrEqual(startedB - 1000);
    expect(body).not.toContain(NOME_A);
    expect(body).not.toContain('Ana Alves');
    // A's name is no search key in B either.
    expect((await usuarios(franqueadorB, '&q=Ana%20Alves')).rows).toEqual([]);
    expect(theAluno((await usuarios(franqueadorB, '&q=Borges')).rows)?.nome).toBe(NOME_B);
  });

  it('shows network A the student as before, never B’s name', async () => {
    const { rows, body } = await usuarios(franqueadorA);
    expect(theAluno(rows)).toMatchObject({ nome: NOME_A, role: 'aluno', isActive: true });
    expect(Date.parse(theAluno(rows)!.createdAt)).toBeLessThan(startedB);
    expect(body).not.toContain(NOME_B);
    expect(body).not.toContain('Bia Borges');
    expect((await usuarios(franqueadorA, '&q=Borges')).rows).toEqual([]);
  });

  it('leaves the student’s account as A made it, and lets it see its own rows of both networks', async () => {
    const session = await aluno();
    const user = (await get(session, '/api/user')).json<{ nome: string; email: string; role: string }>();
    expect(user).toMatchObject({ nome: NOME_A, email: EMAIL, role: 'aluno' });
    const seen = await namesSeen(session);
    expect(seen.matriculas.sort()).toEqual([NOME_A, NOME_B].sort());
    expect(seen.preMatriculas.sort()).toEqual([NOME_A, NOME_B].sort());
  });

  it('a network switches the student off for itself only: the other one neither sees nor suffers it', async () => {
    const off = await switchAluno(franqueadorB, false);
    expect(off).toMatchObject({ nome: NOME_B, isActive: false });
    expect(theAluno((await usuarios(franqueadorA)).rows)).toMatchObject({ nome: NOME_A, isActive: true });
    // The login still works, for network A's rows only.
    const session = await aluno();
    expect(await namesSeen(session)).toEqual({ matriculas: [NOME_A], preMatriculas: [NOME_A] });
    expect(theAluno((await usuarios(franqueadorB)).rows)).toMatchObject({ isActive: false });

    await switchAluno(franqueadorB, true);
    expect((await namesSeen(session)).matriculas.sort()).toEqual([NOME_A, NOME_B].sort());
  });

  it('the login stops only when every network has switched the student off', async () => {
    const session = await aluno();
    await switchAluno(franqueadorA, false);
    expect(theAluno((await usuarios(franqueadorB)).rows)).toMatchObject({ nome: NOME_B, isActive: true });
    expect(await namesSeen(session)).toEqual({ matriculas: [NOME_B], preMatriculas: [NOME_B] });

    await switchAluno(franqueadorB, false);
    expect((await get(session, '/api/user')).statusCode).toBe(401);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: EMAIL, password: PASSWORD },
    });
    expect(refused.statusCode).toBe(403);

    await switchAluno(franqueadorA, true);
    expect(theAluno((await usuarios(franqueadorB)).rows)).toMatchObject({ isActive: false });
    expect(await namesSeen(await aluno())).toEqual({ matriculas: [NOME_A], preMatriculas: [NOME_A] });
    await switchAluno(franqueadorB, true);
  });

  it('a network that had switched the student off keeps it off when it makes another pré-matrícula effective', async () => {
    await switchAluno(franqueadorB, false);
    const eventos = (await get(microB, '/api/eventos')).json<{ id: string; nomeEscola: string }[]>();
    const eventoB = eventos.find((e) => e.nomeEscola === 'Escola da Rede B')!;
    const again = await call(ctx.app, null, 'POST', '/api/pre-matriculas', {
      ...preMatriculaPayload(eventoB.id, 'Rede B de novo'),
      nomeAluno: 'Bia Borges Outra Vez',
      email: EMAIL,
    });
    await call(ctx.app, microB, 'POST', `/api/matriculas/efetivar/${again.id}`, undefined, 201);
    expect(theAluno((await usuarios(franqueadorB)).rows)).toMatchObject({ nome: NOME_B, isActive: false });
    expect((await namesSeen(await aluno())).matriculas).toEqual([NOME_A]);
    await switchAluno(franqueadorB, true);
    expect((await namesSeen(await aluno())).matriculas.sort()).toEqual(['Bia Borges Outra Vez', NOME_A, NOME_B].sort());
  });
});
