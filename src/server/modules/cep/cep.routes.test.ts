import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as, type Caller } from '../../../../tests/support/inject-as';
import {
  FAKE_CEP_BROKEN,
  FAKE_CEP_HANGING,
  startFakeCepServer,
  type FakeCepServer,
} from '../../../../tests/support/fake-cep-server';
import { MutableClock } from '../../../../tests/setup/test-app';
import { CepService } from './cep.service';

let fake: FakeCepServer;
let ctx: TestContext;

beforeAll(async () => {
  fake = await startFakeCepServer();
  ctx = await createTestApp({ CEP_API_URL: fake.urlTemplate });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

const lookup = (cep: string, who: Caller = 'franquia') => as(ctx.app, who).get(`/api/cep/${encodeURIComponent(cep)}`);

describe('GET /api/cep/:cep', () => {
  it('answers cidade and estado from the service, with or without the hyphen', async () => {
    const response = await lookup('01310100');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      cep: '01310100',
      cidade: 'São Paulo',
      estado: 'SP',
      logradouro: 'Rua de Teste',
      bairro: 'Centro',
    });
    expect((await lookup('30130-010')).json()).toEqual({
      cep: '30130010',
      cidade: 'Belo Horizonte',
      estado: 'MG',
      logradouro: 'Rua de Teste',
      bairro: 'Centro',
    });
  });

  it("answers a street's code with its logradouro and bairro (issue 51: an event's address)", async () => {
    expect((await lookup('13015-001')).json()).toEqual({
      cep: '13015001',
      cidade: 'Campinas',
      estado: 'SP',
      logradouro: 'Rua Barão de Jaguara',
      bairro: 'Centro',
    });
  });

  it('caches answers: the service is asked once per code', async () => {
    const before = fake.requests.filter((c) => c === '20040020').length;
    await lookup('20040020');
    await lookup('20040-020');
    expect(fake.requests.filter((c) => c === '20040020').length - before).toBe(1);
  });

  it.each([
    ['123', 'CEP deve conter 8 dígitos'],
    ['123456789', 'CEP deve conter 8 dígitos'],
    ['1234567a', 'CEP inválido'],
  ])('answers 400 for %s: %s', async (cep, message) => {
    const response = await lookup(cep);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it("answers 404 'CEP não encontrado' for an unknown code", async () => {
    const response = await lookup('99999999');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'CEP não encontrado' });
  });

  it('answers 502 with the connection message when the service fails', async () => {
    const response = await lookup(FAKE_CEP_BROKEN);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: 'Erro ao consultar CEP. Verifique sua conexão.' });
  });

  it('is open to every staff role, not to the aluno nor to visitors', async () => {
    for (const role of ['franqueador', 'micro_franquia', 'vendedor', 'cliente'] as const) {
      expect((await lookup('01310100', role)).statusCode, role).toBe(200);
    }
    expect((await lookup('01310100', 'aluno')).statusCode).toBe(403);
    expect((await lookup('01310100', null)).statusCode).toBe(401);
  });
});

describe('CepService', () => {
  it('gives up after its timeout with a 502', async () => {
    const service = new CepService(fake.urlTemplate, new MutableClock(), undefined, 200);
    await expect(service.lookup(FAKE_CEP_HANGING)).rejects.toMatchObject({
      statusCode: 502,
      message: 'Erro ao consultar CEP. Verifique sua conexão.',
    });
  });

  it('asks the service again once a cached answer is a day old', async () => {
    const clock = new MutableClock();
    const service = new CepService(fake.urlTemplate, clock);
    const count = () => fake.requests.filter((c) => c === '80010000').length;
    const before = count();
    await service.lookup('80010000');
    clock.advance(23 * 60 * 60 * 1000);
    await service.lookup('80010000');
    expect(count() - before).toBe(1);
    clock.advance(2 * 60 * 60 * 1000);
    expect(await service.lookup('80010000')).toEqual({
      cep: '80010000',
      cidade: 'Curitiba',
      estado: 'PR',
      logradouro: 'Rua de Teste',
      bairro: 'Centro',
    });
    expect(count() - before).toBe(2);
  });

  it('unreachable service: 502', async () => {
    const service = new CepService('http://127.0.0.1:1/ws/{cep}/json/', new MutableClock());
    await expect(service.lookup('01310100')).rejects.toMatchObject({ statusCode: 502 });
  });
});
