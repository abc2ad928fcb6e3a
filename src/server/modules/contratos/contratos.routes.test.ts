import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { insertOtherNetwork, type OtherNetwork } from '../../../../tests/support/network-payloads';
import { auditLog, contratoModelos, contratos, matriculas, preMatriculas } from '../../db/schema';
import { CONTRATO_MESSAGES, type ContratoView, type ModeloView } from '../../../shared/schemas/contrato';
import { blocosObrigatorios } from '../../../shared/contrato/modelo';
import type { MatriculaItem } from '../../../shared/schemas/funnel';

/**
 * Modelos de contrato (issue 42, second slice; ADR 064): the franqueador drafts, publishes immutable versions
 * (v1, v2, ...), an unknown placeholder is refused naming it, the fee is capped by CANCELAMENTO_MULTA_MAX_PCT, the
 * franquia reads only the current version, and another network's template is 404. Efetivar freezes the current
 * version into the matrícula's contract.
 */

let ctx: TestContext;
let outra: OtherNetwork;
const MAX = 12;

beforeAll(async () => {
  ctx = await createTestApp({ CANCELAMENTO_MULTA_MAX_PCT: String(MAX) });
  outra = await insertOtherNetwork(ctx.handle.db);
});
afterAll(() => ctx.close());

const franqueador = () => as(ctx.app, 'franqueador');
const franqueadorB = () => as(ctx.app, { email: outra.franqueadorEmail });

const TEXTO =
  '# Contrato\n\nEu, **{{responsavel.nome}}**, CPF {{responsavel.cpf}}, matriculo {{aluno.nome}} em {{curso.titulo}}.';

async function rascunho(body: Record<string, unknown> = {}) {
  const response = await franqueador().post('/api/contratos/modelos', {
    titulo: 'Contrato v2',
    texto: TEXTO,
    multaCancelamentoPct: 10,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ModeloView>();
}

describe('GET /api/contratos/modelos', () => {
  it("answers the demo network's published v1 as current to the franqueador and to its franquia", async () => {
    const mine = (await franqueador().get('/api/contratos/modelos')).json<ModeloView[]>();
    expect(mine).toEqual([expect.objectContaining({ versao: 1, status: 'publicado', vigente: true })]);
    const daFranquia = await as(ctx.app, 'franquia').get('/api/contratos/modelos');
    expect(daFranquia.statusCode).toBe(200);
    expect(daFranquia.json<ModeloView[]>().map((m) => m.id)).toEqual([mine[0]!.id]);
  });

  it('is refused to the roles that neither write nor read the template', async () => {
    for (const role of ['micro_franquia', 'vendedor', 'cliente', 'aluno'] as const) {
      expect((await as(ctx.app, role).get('/api/contratos/modelos')).statusCode, role).toBe(403);
      expect(
        (await as(ctx.app, role).post('/api/contratos/modelos', { titulo: 'x', texto: 'y', multaCancelamentoPct: 1 }))
          .statusCode,
      ).toBe(403);
    }
    const franquia = await as(ctx.app, 'franquia').post('/api/contratos/modelos', {
      titulo: 'Meu contrato',
      texto: 'Texto',
      multaCancelamentoPct: 5,
    });
    expect(franquia.statusCode).toBe(403);
  });

  it("answers the network's cap on the fee", async () => {
    expect((await franqueador().get('/api/contratos/regras')).json()).toEqual({ multaMaximaPct: MAX });
  });
});

describe('drafts and immutable versions', () => {
  let draft: ModeloView;

  it('keeps one draft per network, audited without its text', async () => {
    draft = await rascunho();
    expect(draft).toMatchObject({ status: 'rascunho', versao: null, vigente: false, texto: TEXTO });
    const again = await franqueador().post('/api/contratos/modelos', {
      titulo: 'Outro',
      texto: 'Outro',
      multaCancelamentoPct: 1,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CONTRATO_MESSAGES.rascunhoExiste);
    const [row] = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.entidadeId, draft.id));
    expect(row).toMatchObject({ acao: 'contrato_modelo.criar', entidade: 'contrato_modelo' });
    expect(JSON.stringify(row!.alteracoes)).not.toContain('responsavel.nome');
    expect(row!.franqueadorId).not.toBeNull();
  });

  it('refuses a fee above CANCELAMENTO_MULTA_MAX_PCT, naming the cap', async () => {
    const response = await franqueador().patch(`/api/contratos/modelos/${draft.id}`, { multaCancelamentoPct: MAX + 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: CONTRATO_MESSAGES.multaAcimaDoLimite(MAX),
      errors: { multaCancelamentoPct: CONTRATO_MESSAGES.multaAcimaDoLimite(MAX) },
    });
  });

  it('refuses to publish a template with an unknown placeholder, naming it in pt-BR', async () => {
    const changed = await franqueador().patch(`/api/contratos/modelos/${draft.id}`, {
      texto: `${TEXTO}\n\nIdade: {{ aluno.idade }}. Turma: {{turma}}. {{aluno.nome}}`,
    });
    expect(changed.statusCode).toBe(200);
    const response = await franqueador().post(`/api/contratos/modelos/${draft.id}/publicar`);
    expect(response.statusCode).toBe(400);
    const message =
      "Os campos {{aluno.idade}}, {{turma}} não existem. Use apenas os campos da lista 'Campos disponíveis'.";
    expect(response.json()).toEqual({ message, errors: { texto: message } });
    const [row] = await ctx.handle.db.select().from(contratoModelos).where(eq(contratoModelos.id, draft.id));
    expect(row!.versao).toBeNull();
  });

  it('publishes the draft as v2, the current version, and never changes it again', async () => {
    await franqueador().patch(`/api/contratos/modelos/${draft.id}`, { texto: TEXTO, multaCancelamentoPct: MAX });
    const response = await franqueador().post(`/api/contratos/modelos/${draft.id}/publicar`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ModeloView>()).toMatchObject({ versao: 2, status: 'publicado', vigente: true });

    const list = (await franqueador().get('/api/contratos/modelos')).json<ModeloView[]>();
    expect(list.map((m) => [m.versao, m.vigente])).toEqual([
      [2, true],
      [1, false],
    ]);
    // The franquia now reads v2 alone.
    const daFranquia = (await as(ctx.app, 'franquia').get('/api/contratos/modelos')).json<ModeloView[]>();
    expect(daFranquia.map((m) => m.versao)).toEqual([2]);

    for (const body of [{ texto: 'Outro texto' }, { titulo: 'Outro' }, { multaCancelamentoPct: 0 }]) {
      const patch = await franqueador().patch(`/api/contratos/modelos/${draft.id}`, body);
      expect(patch.statusCode).toBe(409);
      expect(patch.json().message).toBe(CONTRATO_MESSAGES.jaPublicado);
    }
    expect((await franqueador().post(`/api/contratos/modelos/${draft.id}/publicar`)).statusCode).toBe(409);
    const v1 = list[1]!;
    expect((await franqueador().patch(`/api/contratos/modelos/${v1.id}`, { texto: 'x' })).statusCode).toBe(409);
    const [row] = await ctx.handle.db.select().from(contratoModelos).where(eq(contratoModelos.id, draft.id));
    expect(row).toMatchObject({ versao: 2, texto: TEXTO, multaCancelamentoPct: MAX });
    const acoes = await ctx.handle.db
      .select({ acao: auditLog.acao })
      .from(auditLog)
      .where(and(eq(auditLog.entidadeId, draft.id), eq(auditLog.acao, 'contrato_modelo.publicar')));
    expect(acoes).toHaveLength(1);
  });

  it('takes the next version number after a new draft (v3), one after the other', async () => {
    const next = await rascunho({ titulo: 'Contrato v3' });
    const published = await franqueador().post(`/api/contratos/modelos/${next.id}/publicar`);
    expect(published.json<ModeloView>().versao).toBe(3);
  });
});

describe('another network', () => {
  it("answers another network's template 404, as one that exists nowhere, and lists none of it", async () => {
    const created = await franqueadorB().post('/api/contratos/modelos', {
      titulo: 'Contrato da outra rede',
      texto: 'Texto da outra rede para {{aluno.nome}}',
      multaCancelamentoPct: 5,
    });
    expect(created.statusCode, created.body).toBe(201);
    const theirs = created.json<ModeloView>();
    const unknown = crypto.randomUUID();
    for (const url of [`/api/contratos/modelos/${theirs.id}`, `/api/contratos/modelos/${unknown}`]) {
      const patch = await franqueador().patch(url, { texto: 'Tomado' });
      expect(patch.statusCode).toBe(404);
      expect(patch.json()).toEqual({ message: CONTRATO_MESSAGES.naoEncontrado });
      const publish = await franqueador().post(`${url}/publicar`);
      expect(publish.statusCode).toBe(404);
      expect(publish.json()).toEqual({ message: CONTRATO_MESSAGES.naoEncontrado });
    }
    for (const role of ['franqueador', 'franquia'] as const) {
      const body = (await as(ctx.app, role).get('/api/contratos/modelos')).body;
      expect(body).not.toContain(theirs.id);
      expect(body).not.toContain('outra rede');
    }
    // Their own network sees its draft only, not the demo's versions.
    const own = (await franqueadorB().get('/api/contratos/modelos')).json<ModeloView[]>();
    expect(own.map((m) => m.id)).toEqual([theirs.id]);
    const [row] = await ctx.handle.db.select().from(contratoModelos).where(eq(contratoModelos.id, theirs.id));
    expect(row!.texto).toBe('Texto da outra rede para {{aluno.nome}}');
  });
});

describe('the contract Efetivar freezes (GET /api/matriculas/:id/contrato)', () => {
  let matricula: MatriculaItem;

  it('fills the current version for the family, with the required blocks, and waits for acceptance', async () => {
    const [pre] = await ctx.handle.db
      .select({ id: preMatriculas.id })
      .from(preMatriculas)
      .where(and(eq(preMatriculas.status, 'pendente'), sql`${preMatriculas.nomeResponsavel} is not null`))
      .limit(1);
    const cursos = (await franqueador().get(`/api/pre-matriculas/${pre!.id}/cursos`)).json<{ id: string }[]>();
    const efetivada = await franqueador().post(`/api/matriculas/efetivar/${pre!.id}`, { cursoId: cursos[0]!.id });
    expect(efetivada.statusCode, efetivada.body).toBe(201);
    matricula = efetivada.json<MatriculaItem>();
    expect(matricula).toMatchObject({ status: 'aguardando_aceite', motivoCancelamento: null, canceladaEm: null });

    const response = await franqueador().get(`/api/matriculas/${matricula.id}/contrato`);
    expect(response.statusCode, response.body).toBe(200);
    const contrato = response.json<ContratoView>();
    const [p] = await ctx.handle.db.select().from(preMatriculas).where(eq(preMatriculas.id, pre!.id));
    expect(contrato).toMatchObject({
      matriculaId: matricula.id,
      versao: 3,
      status: 'aguardando_aceite',
      valorTotal: matricula.valorTotal,
      parcelas: matricula.parcelas,
      multaCancelamentoPct: 10,
    });
    expect(contrato.texto).toContain(`Eu, **${p!.nomeResponsavel}**`);
    expect(contrato.texto).toContain(`matriculo ${p!.nomeAluno} em`);
    expect(contrato.texto).not.toContain('{{');
    expect(contrato.texto).toContain(blocosObrigatorios(10));
    expect(contrato.texto).toContain('art. 49');
  });

  it('stays as it was frozen when the network publishes another version', async () => {
    const before = (await franqueador().get(`/api/matriculas/${matricula.id}/contrato`)).json<ContratoView>();
    const next = await rascunho({ titulo: 'Contrato v4', texto: 'Novo texto para {{aluno.nome}}' });
    await franqueador().post(`/api/contratos/modelos/${next.id}/publicar`);
    const after = (await franqueador().get(`/api/matriculas/${matricula.id}/contrato`)).json<ContratoView>();
    expect(after).toEqual(before);
  });

  it('answers 404 for a matrícula out of scope or without a contract, and 403 to the aluno and vendedor', async () => {
    const other = await franqueadorB().get(`/api/matriculas/${matricula.id}/contrato`);
    const unknown = await franqueadorB().get(`/api/matriculas/${crypto.randomUUID()}/contrato`);
    expect(other.statusCode).toBe(404);
    expect(other.body).toBe(unknown.body);
    const [antiga] = await ctx.handle.db
      .select({ id: matriculas.id })
      .from(matriculas)
      .where(sql`${matriculas.id} not in (select ${contratos.matriculaId} from ${contratos})`)
      .limit(1);
    const semContrato = await franqueador().get(`/api/matriculas/${antiga!.id}/contrato`);
    expect(semContrato.statusCode).toBe(404);
    expect(semContrato.json().message).toBe(CONTRATO_MESSAGES.contratoNaoEncontrado);
    for (const role of ['aluno', 'vendedor'] as const) {
      expect((await as(ctx.app, role).get(`/api/matriculas/${matricula.id}/contrato`)).statusCode).toBe(403);
    }
  });
});
