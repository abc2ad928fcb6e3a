import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { queryRows } from '../../../../tests/support/database-digest';
import { as } from '../../../../tests/support/inject-as';
import { insertOtherNetwork, type OtherNetwork } from '../../../../tests/support/network-payloads';
import {
  WHATSAPP_MESSAGES,
  WHATSAPP_MODELO_CHAVES,
  WHATSAPP_MODELOS_PADRAO,
  type WhatsappModelo,
  type WhatsappModelos,
} from '../../../shared/schemas/whatsapp';

/**
 * Modelos de mensagem de WhatsApp (issue 51, ADR 091): every staff role reads its network's templates (the
 * product's until the franqueador rewrites one); the franqueador's edit is validated, audited and its network's
 * alone.
 */
let ctx: TestContext;
let outra: OtherNetwork;
beforeAll(async () => {
  ctx = await createTestApp();
  outra = await insertOtherNetwork(ctx.handle.db);
});
afterAll(() => ctx.close());

const franqueadorB = () => as(ctx.app, { email: outra.franqueadorEmail });
const modelos = async (caller: Parameters<typeof as>[1]) => {
  const response = await as(ctx.app, caller).get('/api/whatsapp/modelos');
  expect(response.statusCode).toBe(200);
  return response.json<WhatsappModelos>().modelos;
};
const texto = (lista: WhatsappModelo[], chave: string) => lista.find((m) => m.chave === chave)?.texto;

describe('WhatsApp message templates', () => {
  it("gives every staff role its network's templates, the product's texts until they are rewritten", async () => {
    const outraRede = await modelos({ email: outra.franqueadorEmail });
    expect(outraRede.map((m) => m.chave)).toEqual([...WHATSAPP_MODELO_CHAVES]);
    for (const m of outraRede) {
      expect(m).toEqual({ ...WHATSAPP_MODELOS_PADRAO[m.chave], chave: m.chave, padrao: true, atualizadoEm: null });
    }
    for (const role of ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente'] as const) {
      expect((await modelos(role)).map((m) => m.chave)).toEqual([...WHATSAPP_MODELO_CHAVES]);
    }
    expect((await as(ctx.app, 'aluno').get('/api/whatsapp/modelos')).statusCode).toBe(403);
    expect((await as(ctx.app, null).get('/api/whatsapp/modelos')).statusCode).toBe(401);
  });

  it("saves the franqueador's text for its whole network, audited with the text it replaced", async () => {
    const novo = 'Oi {nome}! Sou da escola {evento}: vamos conversar sobre {aluno}? (evento de {data})';
    const response = await as(ctx.app, 'franqueador').put('/api/whatsapp/modelos/sem_resposta', {
      texto: `  ${novo} `,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<WhatsappModelo>()).toMatchObject({ chave: 'sem_resposta', texto: novo, padrao: false });
    for (const role of ['franquia', 'micro_franquia', 'vendedor', 'cliente'] as const) {
      expect(texto(await modelos(role), 'sem_resposta')).toBe(novo);
    }
    // Another network keeps the product's text, and its franqueador's edit never reaches the demo network.
    expect(texto(await modelos({ email: outra.franqueadorEmail }), 'sem_resposta')).toBe(
      WHATSAPP_MODELOS_PADRAO.sem_resposta.texto,
    );
    const deB = await franqueadorB().put('/api/whatsapp/modelos/sem_resposta', { texto: 'Rede B, {nome}' });
    expect(deB.statusCode).toBe(200);
    expect(texto(await modelos('vendedor'), 'sem_resposta')).toBe(novo);

    const [row] = await queryRows<{ alteracoes: { texto: [string, string] }; detalhes: { chave: string } }>(
      ctx.handle.db,
      sql`select alteracoes, detalhes from audit_log a join users u on u.id = a.usuario_id
        where a.acao = 'whatsapp_modelo.editar' and u.email = 'franqueador@demo.com.br' order by em desc limit 1`,
    );
    expect(row).toMatchObject({
      alteracoes: { texto: [WHATSAPP_MODELOS_PADRAO.sem_resposta.texto, novo] },
      detalhes: { chave: 'sem_resposta' },
    });
  });

  it('refuses an unknown placeholder with a pt-BR message listing the valid ones, and keeps the text', async () => {
    const antes = texto(await modelos('franqueador'), 'primeiro_contato');
    const response = await as(ctx.app, 'franqueador').put('/api/whatsapp/modelos/primeiro_contato', {
      texto: 'Olá {nome}, seu telefone é {telefone} e o curso {curso}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.texto).toBe(
      'A mensagem tem um campo entre chaves que não existe. Use apenas {nome}, {aluno}, {evento} ou {data}.',
    );
    expect(texto(await modelos('franqueador'), 'primeiro_contato')).toBe(antes);
  });

  it.each([
    [{ texto: '   ' }, WHATSAPP_MESSAGES.textoObrigatorio],
    [{ texto: 'x'.repeat(1001) }, WHATSAPP_MESSAGES.textoLongo],
    [{}, WHATSAPP_MESSAGES.textoObrigatorio],
  ])('refuses %j with a clear message', async (body, message) => {
    const response = await as(ctx.app, 'franqueador').put('/api/whatsapp/modelos/primeiro_contato', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.texto).toContain(message);
  });

  it('refuses an unknown template, extra fields, and every role but the franqueador', async () => {
    const unknown = await as(ctx.app, 'franqueador').put('/api/whatsapp/modelos/outro', { texto: 'Olá {nome}' });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json())).toContain(WHATSAPP_MESSAGES.modeloNaoEncontrado);
    const extra = await as(ctx.app, 'franqueador').put('/api/whatsapp/modelos/primeiro_contato', {
      texto: 'Olá {nome}',
      franqueadorId: crypto.randomUUID(),
    });
    expect(extra.statusCode).toBe(400);
    for (const role of ['franquia', 'micro_franquia', 'vendedor', 'cliente', 'aluno'] as const) {
      const response = await as(ctx.app, role).put('/api/whatsapp/modelos/primeiro_contato', { texto: 'Olá {nome}' });
      expect(response.statusCode).toBe(403);
    }
  });
});
