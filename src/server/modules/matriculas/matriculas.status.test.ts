import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { MIGRATIONS_FOLDER } from '../../db/connect';
import { contratoEventos, contratoModelos, contratos, matriculas, preMatriculas } from '../../db/schema';
import { FUNNEL_MESSAGES, type MatriculaItem } from '../../../shared/schemas/funnel';
import { MATRICULA_STATUSES } from '../../../shared/schemas/matricula';
import { DEMO_CONTRATOS } from '../../db/seed/demo-contratos';

/**
 * Issue 42, second slice (ADR 064): a matrícula's status. Those made before contracts are 'ativa' (migration 0038);
 * Efetivar makes a new one 'aguardando_aceite' when its network has a published contract, 'ativa' when it has none;
 * GET /api/matriculas and its CSV filter by status and return it; the counts of matrículas count every status.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const franqueador = () => as(ctx.app, 'franqueador');

async function efetivarUma(): Promise<MatriculaItem> {
  const [pre] = await ctx.handle.db
    .select({ id: preMatriculas.id })
    .from(preMatriculas)
    .where(eq(preMatriculas.status, 'pendente'))
    .limit(1);
  const cursos = (await franqueador().get(`/api/pre-matriculas/${pre!.id}/cursos`)).json<{ id: string }[]>();
  const response = await franqueador().post(`/api/matriculas/efetivar/${pre!.id}`, { cursoId: cursos[0]!.id });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<MatriculaItem>();
}

describe('matrícula status', () => {
  it("shows the demo's matrículas, made before contracts, as 'ativa'", async () => {
    const all = (await franqueador().get('/api/matriculas?pageSize=500')).json<MatriculaItem[]>();
    // Issue 42: the demo's two families with accepted contracts (db/seed/demo-contratos.ts), one of them cancelled.
    const comContrato: string[] = [DEMO_CONTRATOS.ativa.nome, DEMO_CONTRATOS.cancelada.nome];
    const rows = all.filter((m) => !comContrato.includes(m.nome));
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((m) => m.status))).toEqual(new Set(['ativa']));
    expect(rows.every((m) => m.motivoCancelamento === null && m.canceladaEm === null)).toBe(true);
    expect(all.find((m) => m.nome === DEMO_CONTRATOS.cancelada.nome)).toMatchObject({
      status: 'cancelada',
      motivoCancelamento: 'cancelamento',
    });
  });

  it("makes a new matrícula 'aguardando_aceite' under the network's published contract, without changing the counts", async () => {
    const metricas = async () =>
      (await franqueador().get('/api/dashboard/metrics')).json<{ totalMatriculas: number }>().totalMatriculas;
    const antes = await metricas();
    const nova = await efetivarUma();
    expect(nova.status).toBe('aguardando_aceite');
    // Every status counts as an effective matrícula (the dashboards, the summary).
    expect(await metricas()).toBe(antes + 1);
  });

  it('filters the list and its CSV by status, with an exact total, and refuses an unknown status', async () => {
    // One cancelled, as the withdrawal of a later slice will leave it.
    const [alvo] = await ctx.handle.db
      .select({ id: matriculas.id })
      .from(matriculas)
      .where(eq(matriculas.status, 'ativa'))
      .limit(1);
    await ctx.handle.db
      .update(matriculas)
      .set({ status: 'cancelada', motivoCancelamento: 'arrependimento', canceladaEm: new Date() })
      .where(eq(matriculas.id, alvo!.id));

    const all = (await franqueador().get('/api/matriculas?pageSize=500')).json<MatriculaItem[]>();
    for (const status of MATRICULA_STATUSES) {
      const response = await franqueador().get(`/api/matriculas?status=${status}&pageSize=500`);
      expect(response.statusCode).toBe(200);
      const expected = all.filter((m) => m.status === status).map((m) => m.id);
      expect(expected.length, status).toBeGreaterThan(0);
      expect(response.json<MatriculaItem[]>().map((m) => m.id)).toEqual(expected);
      expect(response.headers['x-total-count']).toBe(String(expected.length));

      const csv = (await franqueador().get(`/api/matriculas/export.csv?status=${status}`)).body;
      const lines = csv.split('\r\n').filter((l) => l !== '');
      expect(lines[0]).toContain('"Status";"Motivo do Cancelamento"');
      expect(lines).toHaveLength(expected.length + 1);
    }
    const cancelada = (await franqueador().get('/api/matriculas?status=cancelada')).json<MatriculaItem[]>();
    expect(cancelada[0]).toMatchObject({ id: alvo!.id, status: 'cancelada', motivoCancelamento: 'arrependimento' });
    const csv = (await franqueador().get('/api/matriculas/export.csv?status=cancelada')).body;
    expect(csv).toContain('"Cancelada";"Desistência em 7 dias"');
    // '' is every status, as the screen's 'Todos' sends it.
    expect((await franqueador().get('/api/matriculas?status=&pageSize=500')).json<MatriculaItem[]>()).toHaveLength(
      all.length,
    );
    const wrong = await franqueador().get('/api/matriculas?status=talvez');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ status: FUNNEL_MESSAGES.statusMatriculaInvalido });
  });

  it("answers the aluno its own matrículas with their status (its dashboard's badge)", async () => {
    const rows = (await as(ctx.app, 'aluno').get('/api/matriculas')).json<MatriculaItem[]>();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((m) => MATRICULA_STATUSES.includes(m.status))).toBe(true);
  });

  it("makes a matrícula 'ativa' where the network has published no contract", async () => {
    // A network before its first template: no contract, no version.
    await ctx.handle.db.delete(contratoEventos);
    await ctx.handle.db.delete(contratos);
    await ctx.handle.db.delete(contratoModelos);
    const nova = await efetivarUma();
    expect(nova.status).toBe('ativa');
    expect((await franqueador().get(`/api/matriculas/${nova.id}/contrato`)).statusCode).toBe(404);
  });

  it("migration 0038 makes every matrícula made before it 'ativa', and the new ones wait for acceptance", async () => {
    const migration = readFileSync(join(MIGRATIONS_FOLDER, '0038_matricula_status_contratos.sql'), 'utf8');
    const statements = migration
      .split('--> statement-breakpoint')
      .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
      .filter((s) => /ALTER TABLE "matriculas" (ADD COLUMN|ALTER COLUMN) "status"/.test(s));
    expect(statements).toHaveLength(2);
    await ctx.handle.db
      .transaction(async (tx) => {
        // As the table was before 0038: no status.
        await tx.execute(sql`alter table matriculas drop constraint matriculas_cancelamento_check`);
        await tx.execute(sql`alter table matriculas drop column status`);
        for (const statement of statements) await tx.execute(sql.raw(statement));
        const statuses = await tx.execute(sql`select distinct status from matriculas`);
        expect((statuses as unknown as { rows: { status: string }[] }).rows).toEqual([{ status: 'ativa' }]);
        const def = await tx.execute(sql`select column_default from information_schema.columns
        where table_name = 'matriculas' and column_name = 'status'`);
        expect((def as unknown as { rows: { column_default: string }[] }).rows[0]!.column_default).toMatch(
          /^'aguardando_aceite'/,
        );
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
      });
  });
});
