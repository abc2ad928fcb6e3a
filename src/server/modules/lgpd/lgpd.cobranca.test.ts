import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { cobrancaClientes, matriculas, parcelas } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-network';
import { COBRANCA_GUARDA_LEGAL, type TitularCobranca, type TitularRegistro } from '../../../shared/schemas/lgpd';
import { fromCentavos } from '../../../shared/money/parcelas';
import { criarPlano } from '../cobranca';

/**
 * Issue 43: what billing holds about a titular is part of their data. The staff's titular view (and the portal,
 * which reads the same records) lists each matrícula's parcelas with the gateway that bills them and why they
 * outlive an anonymisation; an anonymisation keeps the parcelas and the gateway's customer (the accepted
 * contract's legal retention, LGPD art. 16 I).
 */

let ctx: TestContext;
let marianaId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const [mariana] = await ctx.handle.db
    .select({ id: matriculas.id })
    .from(matriculas)
    .where(eq(matriculas.email, DEMO_ACCOUNTS.aluno));
  marianaId = mariana!.id;
});
afterAll(() => ctx.close());

const parcelasDe = () =>
  ctx.handle.db.select().from(parcelas).where(eq(parcelas.matriculaId, marianaId)).orderBy(asc(parcelas.numero));

async function cobrancaNaVisaoDoTitular(): Promise<TitularCobranca | undefined> {
  const response = await as(ctx.app, 'franqueador').get(
    `/api/lgpd/titulares?q=${encodeURIComponent(DEMO_ACCOUNTS.aluno)}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<{ registros: TitularRegistro[] }>()
    .registros.find((r) => r.tipo === 'matricula' && r.id === marianaId)?.cobranca;
}

describe("the titular's parcelas (issue 43)", () => {
  it('a matrícula never billed shows none', async () => {
    expect(await parcelasDe()).toHaveLength(0);
    expect(await cobrancaNaVisaoDoTitular()).toBeUndefined();
  });

  it('each parcela with its value, due day and situation, the gateway, and why they are kept', async () => {
    await criarPlano(ctx.app, marianaId);
    const rows = await parcelasDe();
    expect(rows.length).toBeGreaterThan(0);
    const paga = await as(ctx.app, 'cliente').post(`/api/parcelas/${rows[0]!.id}/simular-pagamento`);
    expect(paga.statusCode, paga.body).toBe(200);

    const cobranca = await cobrancaNaVisaoDoTitular();
    expect(cobranca).toMatchObject({
      meioDePagamento: 'Simulado (ambiente de demonstração, sem cobrança real)',
      guardaLegal: COBRANCA_GUARDA_LEGAL,
    });
    expect(cobranca!.parcelas).toHaveLength(rows.length);
    expect(cobranca!.parcelas[0]).toMatchObject({
      titulo: `Parcela 1 de ${rows.length}`,
      numero: 1,
      totalParcelas: rows.length,
      valor: fromCentavos(rows[0]!.valorCentavos),
      vencimento: rows[0]!.vencimento,
      situacao: 'Paga',
    });
    expect(cobranca!.parcelas[0]!.pagaEm).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(cobranca!.parcelas.slice(1).every((p) => p.situacao === 'Em aberto' && p.pagaEm === null)).toBe(true);
    expect(COBRANCA_GUARDA_LEGAL).toContain('LGPD, art. 16, I');
  });

  it('an anonymisation keeps the parcelas and the gateway customer of the accepted contract', async () => {
    const antes = await parcelasDe();
    const clientesAntes = await ctx.handle.db.select().from(cobrancaClientes);
    expect(clientesAntes.length).toBeGreaterThan(0);
    const response = await as(ctx.app, 'franqueador').post('/api/lgpd/titulares/anonimizar', {
      email: DEMO_ACCOUNTS.aluno,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await parcelasDe()).toEqual(antes);
    expect(await ctx.handle.db.select().from(cobrancaClientes)).toEqual(clientesAntes);
  });
});
