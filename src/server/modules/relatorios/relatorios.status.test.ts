import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { matriculas } from '../../db/schema';
import { MATRICULA_STATUSES } from '../../../shared/schemas/matricula';
import { RELATORIO_MESSAGES, type FunilResposta, type MatriculasStatus } from '../../../shared/schemas/relatorios';
import type { Role } from '../../../shared/roles';

/**
 * Issue 42: Relatórios breaks the period's matrículas down by status (aguardando aceite, ativa, cancelada by
 * reason). Each figure is what the Matrículas list filtered the same way counts; their sum is the funnel's
 * `matriculas`, which keeps counting every matrícula efetivada -- a cancellation changes the breakdown, never the
 * funnel.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const period = () => {
  const ate = new Date().toISOString().slice(0, 10);
  return `de=${new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10)}&ate=${ate}`;
};

async function listTotal(role: Role, query: string): Promise<number> {
  const response = await as(ctx.app, role).get(`/api/matriculas?${query}&pageSize=1`);
  expect(response.statusCode, response.body).toBe(200);
  return Number(response.headers['x-total-count']);
}

describe('GET /api/relatorios/matriculas-status', () => {
  it('counts each status as the Matrículas list does, and adds up to the funnel’s matrículas', async () => {
    for (const role of ['franqueador', 'franquia', 'micro_franquia', 'cliente'] as const) {
      const response = await as(ctx.app, role).get(`/api/relatorios/matriculas-status?${period()}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<MatriculasStatus>();
      const porStatus = { aguardando_aceite: body.aguardandoAceite, ativa: body.ativa, cancelada: body.cancelada };
      for (const status of MATRICULA_STATUSES) {
        expect(porStatus[status], `${role} ${status}`).toBe(await listTotal(role, `${period()}&status=${status}`));
      }
      expect(body.total).toBe(body.aguardandoAceite + body.ativa + body.cancelada);
      const motivos = body.canceladaPorMotivo;
      expect(motivos.arrependimento + motivos.cancelamento + motivos.contrato_expirado).toBe(body.cancelada);
      const funil = (await as(ctx.app, role).get(`/api/relatorios/funil?${period()}`)).json<FunilResposta>();
      expect(body.total, role).toBe(funil.totais.matriculas);
    }
  });

  it('moves a cancelled matrícula between statuses and leaves the funnel’s count as it was', async () => {
    const franqueador = as(ctx.app, 'franqueador');
    const before = (await franqueador.get(`/api/relatorios/matriculas-status?${period()}`)).json<MatriculasStatus>();
    const funilBefore = (await franqueador.get(`/api/relatorios/funil?${period()}`)).json<FunilResposta>();
    const [ativa] = await ctx.handle.db
      .select({ id: matriculas.id })
      .from(matriculas)
      .where(eq(matriculas.status, 'ativa'))
      .limit(1);
    await ctx.handle.db
      .update(matriculas)
      .set({ status: 'cancelada', motivoCancelamento: 'arrependimento', canceladaEm: new Date(), multaCancelamento: 0 })
      .where(eq(matriculas.id, ativa!.id));
    const after = (await franqueador.get(`/api/relatorios/matriculas-status?${period()}`)).json<MatriculasStatus>();
    expect(after).toEqual({
      ...before,
      ativa: before.ativa - 1,
      cancelada: before.cancelada + 1,
      canceladaPorMotivo: {
        ...before.canceladaPorMotivo,
        arrependimento: before.canceladaPorMotivo.arrependimento + 1,
      },
    });
    const funilAfter = (await franqueador.get(`/api/relatorios/funil?${period()}`)).json<FunilResposta>();
    expect(funilAfter.totais).toEqual(funilBefore.totais);
  });

  it('narrows by place and period as the funnel does, and refuses a reversed period in pt-BR', async () => {
    const franqueador = as(ctx.app, 'franqueador');
    for (const estado of ['SP', 'MG']) {
      const body = (
        await franqueador.get(`/api/relatorios/matriculas-status?${period()}&estado=${estado}`)
      ).json<MatriculasStatus>();
      const funil = (await franqueador.get(`/api/relatorios/funil?${period()}&estado=${estado}`)).json<FunilResposta>();
      expect(body.total, estado).toBe(funil.totais.matriculas);
    }
    const empty = (
      await franqueador.get('/api/relatorios/matriculas-status?de=2001-01-01&ate=2001-01-31')
    ).json<MatriculasStatus>();
    expect(empty).toMatchObject({ de: '2001-01-01', ate: '2001-01-31', total: 0, ativa: 0, cancelada: 0 });
    const reversed = await franqueador.get('/api/relatorios/matriculas-status?de=2026-02-01&ate=2026-01-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors).toEqual({ de: RELATORIO_MESSAGES.periodoInvertido });
    expect((await as(ctx.app, 'aluno').get('/api/relatorios/matriculas-status')).statusCode).toBe(403);
  });
});
