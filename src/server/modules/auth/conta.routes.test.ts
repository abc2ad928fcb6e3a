import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestContext } from '../../../../tests/setup/test-app';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../db/seed/demo-network';
import { CONTA_MESSAGES, type Perfil, type Sessao } from '../../../shared/schemas/conta';
import type { Role } from '../../../shared/roles';
import { CHAVE_PIX_MESSAGES } from '../../../shared/schemas/chave-pix';
import { auditLog } from '../../db/schema';
import { eq } from 'drizzle-orm';

let ctx: TestContext;

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

async function signIn(email: string, userAgent: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'user-agent': userAgent },
    payload: { email, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = response.cookies.find((c) => c.name === 'sid' || c.name === '__Host-sid')!;
  return `${cookie.name}=${cookie.value}`;
}

const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('perfil', () => {
  it('reads and changes the own name and phone, and nothing else', async () => {
    const cookie = await login(ctx.app, DEMO_ACCOUNTS.vendedor);
    const before = (await call(cookie, 'GET', '/api/user/perfil')).json() as Perfil;
    expect(before).toEqual({
      email: DEMO_ACCOUNTS.vendedor,
      nome: 'Marcos Vinícius Costa',
      telefone: '19991112222',
      chavePix: null,
    });
    const changed = await call(cookie, 'PATCH', '/api/user/perfil', {
      nome: '  Marcos V. Costa ',
      telefone: '(19) 98888-7777',
      email: 'outro@demo.com.br',
      role: 'franqueador',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({
      email: DEMO_ACCOUNTS.vendedor,
      nome: 'Marcos V. Costa',
      telefone: '19988887777',
      chavePix: null,
    });
    const bad = await call(cookie, 'PATCH', '/api/user/perfil', { nome: ' ', telefone: '123' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['nome', 'telefone']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/perfil' })).statusCode).toBe(401);
  });

  it('takes a PIX key (issue 44): CPF, CNPJ, e-mail, +55 phone or random key, stored as the DICT keeps it', async () => {
    const cookie = await login(ctx.app, DEMO_ACCOUNTS.vendedor);
    for (const [typed, stored] of [
      ['529.982.247-25', '52998224725'],
      ['11.222.333/0001-81', '11222333000181'],
      ['Marcos.Pix@Email.com', 'marcos.pix@email.com'],
      ['+55 (19) 98888-7777', '+5519988887777'],
      ['123E4567-E89B-42D3-A456-426614174000', '123e4567-e89b-42d3-a456-426614174000'],
    ]) {
      const response = await call(cookie, 'PATCH', '/api/user/perfil', { chavePix: typed });
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as Perfil).chavePix).toBe(stored);
    }
    for (const [typed, message] of [
      ['529.982.247-24', CHAVE_PIX_MESSAGES.cpf],
      ['11.222.333/0001-82', CHAVE_PIX_MESSAGES.cnpj],
      ['marcos@', CHAVE_PIX_MESSAGES.email],
      ['+55 19 1234', CHAVE_PIX_MESSAGES.telefone],
      ['19988887777x', CHAVE_PIX_MESSAGES.invalida],
    ]) {
      const response = await call(cookie, 'PATCH', '/api/user/perfil', { chavePix: typed });
      expect(response.statusCode, typed).toBe(400);
      expect(response.json().errors).toEqual({ chavePix: message });
    }
    // Cleared with an empty value; the change audited with the key masked.
    const cleared = await call(cookie, 'PATCH', '/api/user/perfil', { chavePix: '' });
    expect((cleared.json() as Perfil).chavePix).toBeNull();
    const trilha = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.acao, 'usuario.perfil_alterado'));
    expect(JSON.stringify(trilha)).not.toContain('52998224725');
    expect(JSON.stringify(trilha)).not.toContain('marcos.pix@email.com');
  });

  it('is there for every role', async () => {
    for (const role of ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente', 'aluno'] as Role[]) {
      const cookie = await login(ctx.app, DEMO_ACCOUNTS[role]);
      const response = await call(cookie, 'GET', '/api/user/perfil');
      expect(response.statusCode, role).toBe(200);
      expect((response.json() as Perfil).email).toBe(DEMO_ACCOUNTS[role]);
    }
  });
});

describe('sessões', () => {
  it('lists the own sessions with device and address, this one marked, and ends one or all the others', async () => {
    const phone = await signIn(DEMO_ACCOUNTS.micro_franquia, ANDROID);
    const laptop = await signIn(DEMO_ACCOUNTS.micro_franquia, WINDOWS);
    const third = await signIn(DEMO_ACCOUNTS.micro_franquia, WINDOWS);
    const list = (await call(laptop, 'GET', '/api/user/sessoes')).json() as Sessao[];
    expect(list.length).toBeGreaterThanOrEqual(3);
    const atual = list.filter((s) => s.atual);
    expect(atual).toHaveLength(1);
    expect(atual[0]).toMatchObject({ dispositivo: 'Firefox no Windows', ip: '127.0.0.1' });
    expect(list.map((s) => s.dispositivo)).toContain('Chrome no Android');
    for (const s of list) expect(s.id).toMatch(/^[0-9a-f]{32}$/);
    // The id is not the cookie, nor the digest the server keeps.
    expect(JSON.stringify(list)).not.toContain(laptop.split('=')[1]);

    const android = list.find((s) => s.dispositivo === 'Chrome no Android')!;
    const ended = await call(laptop, 'DELETE', `/api/user/sessoes/${android.id}`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ message: CONTA_MESSAGES.sessaoEncerrada });
    expect((await call(phone, 'GET', '/api/user')).statusCode).toBe(401);
    expect((await call(laptop, 'DELETE', `/api/user/sessoes/${android.id}`)).statusCode).toBe(404);

    const others = await call(laptop, 'POST', '/api/user/sessoes/encerrar-outras');
    expect(others.json()).toEqual({ message: CONTA_MESSAGES.outrasEncerradas });
    expect((await call(third, 'GET', '/api/user')).statusCode).toBe(401);
    expect((await call(laptop, 'GET', '/api/user')).statusCode).toBe(200);
    expect(((await call(laptop, 'GET', '/api/user/sessoes')).json() as Sessao[]).map((s) => s.atual)).toEqual([true]);
  });

  it("answers another person's session as an unknown one, and ends nothing", async () => {
    const owner = await signIn(DEMO_ACCOUNTS.cliente, ANDROID);
    const [own] = (await call(owner, 'GET', '/api/user/sessoes')).json() as Sessao[];
    const stranger = await signIn(DEMO_ACCOUNTS.franqueador, WINDOWS);
    const response = await call(stranger, 'DELETE', `/api/user/sessoes/${own!.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: CONTA_MESSAGES.sessaoNaoEncontrada });
    expect((await call(stranger, 'DELETE', '/api/user/sessoes/nao-e-um-id')).statusCode).toBe(400);
    expect((await call(owner, 'GET', '/api/user')).statusCode).toBe(200);
  });
});

describe('senha', () => {
  it('changes the password with the current one, ends the other sessions and keeps this one', async () => {
    const other = await signIn(DEMO_ACCOUNTS.franquia, ANDROID);
    const here = await signIn(DEMO_ACCOUNTS.franquia, WINDOWS);
    const wrong = await call(here, 'POST', '/api/user/senha', { senhaAtual: 'errada123', novaSenha: 'NovaSenha#2026' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ senhaAtual: CONTA_MESSAGES.senhaAtualIncorreta });
    const common = await call(here, 'POST', '/api/user/senha', { senhaAtual: DEMO_PASSWORD, novaSenha: '123456' });
    expect(common.statusCode).toBe(400);
    expect(Object.keys(common.json().errors)).toEqual(['novaSenha']);
    expect((await call(other, 'GET', '/api/user')).statusCode).toBe(200);

    const changed = await call(here, 'POST', '/api/user/senha', {
      senhaAtual: DEMO_PASSWORD,
      novaSenha: 'NovaSenha#2026',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ message: CONTA_MESSAGES.senhaAlterada });
    expect((await call(other, 'GET', '/api/user')).statusCode).toBe(401);
    expect((await call(here, 'GET', '/api/user')).statusCode).toBe(200);
    const old = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: DEMO_ACCOUNTS.franquia, password: DEMO_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    await signIn(DEMO_ACCOUNTS.franquia, WINDOWS, 'NovaSenha#2026');
  });
});
