import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, readOutbox, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { contratos, matriculas, preMatriculas } from '../../db/schema';
import {
  CONTRATO_ANONIMIZADO,
  CONTRATO_GUARDA_LEGAL,
  NOME_ANONIMIZADO,
  type TitularContrato,
  type TitularRegistro,
} from '../../../shared/schemas/lgpd';
import { aceiteEm } from '../../../../tests/support/contrato-aceito';
import type { MatriculaItem } from '../../../shared/schemas/funnel';

/**
 * Issue 42: the titular's contracts. 'Tudo o que a rede guarda' and its export.json carry each matrícula's
 * contract (version, values, status, acceptance date, text); the staff's titular view the same. An anonymisation
 * keeps an accepted contract whole for its legal retention (LGPD art. 16 I) -- and says so -- while the rest of
 * the titular's data goes, and empties the text of one never accepted.
 */

let ctx: TestContext;
/** Lucas's matrícula, whose contract the family accepted; Gabriela's, never accepted. */
let aceita: MatriculaItem;
let naoAceita: MatriculaItem;
const ACEITO_EM = new Date('2026-10-01T15:00:00Z');

async function efetivar(nome: string): Promise<MatriculaItem> {
  const franqueador = as(ctx.app, 'franqueador');
  const [pre] = await ctx.handle.db
    .select({ id: preMatriculas.id })
    .from(preMatriculas)
    .where(eq(preMatriculas.nome, nome));
  const cursos = (await franqueador.get(`/api/pre-matriculas/${pre!.id}/cursos`)).json<{ id: string }[]>();
  const response = await franqueador.post(`/api/matriculas/efetivar/${pre!.id}`, { cursoId: cursos[0]!.id });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<MatriculaItem>();
}

beforeAll(async () => {
  ctx = await createTestApp();
  aceita = await efetivar('Lucas Oliveira');
  naoAceita = await efetivar('Gabriela Santos');
  // The family accepted Lucas's contract (as the public page records it).
  await ctx.handle.db.update(contratos).set(aceiteEm(ACEITO_EM)).where(eq(contratos.matriculaId, aceita.id));
  await ctx.handle.db.update(matriculas).set({ status: 'ativa' }).where(eq(matriculas.id, aceita.id));
});
afterAll(() => ctx.close());

/** The portal's link, as the titular gets it by e-mail. */
async function portalToken(email: string): Promise<string> {
  await ctx.app.background.drain();
  const before = readOutbox(ctx.dataDir).length;
  const response = await ctx.app.inject({ method: 'POST', url: '/api/public/titular/solicitar', payload: { email } });
  expect(response.statusCode).toBe(200);
  await ctx.app.background.drain();
  const mail = readOutbox(ctx.dataDir)
    .slice(before)
    .find((m) => m.includes('meus-dados'))!;
  const text = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = text.match(/https?:\/\/[^\s"<]+\/meus-dados\?token=[A-Za-z0-9_%-]+/)![0];
  return decodeURIComponent(new URL(link).searchParams.get('token')!);
}

const contratoDe = (registros: TitularRegistro[], matriculaId: string): TitularContrato | undefined =>
  registros.find((r) => r.tipo === 'matricula' && r.id === matriculaId)?.contrato;

describe("the titular's contracts (issue 42)", () => {
  it('are in the portal and its export.json: version, values, status, acceptance, why an accepted one is kept', async () => {
    const token = await portalToken('lucas.oliveira@email.com');
    for (const url of ['/api/public/titular', '/api/public/titular/export.json']) {
      const response = await ctx.app.inject({ url: `${url}?token=${encodeURIComponent(token)}` });
      expect(response.statusCode, response.body).toBe(200);
      const contrato = contratoDe(response.json<{ registros: TitularRegistro[] }>().registros, aceita.id);
      expect(contrato, url).toMatchObject({
        versao: 1,
        titulo: 'Contrato de matrícula - cursos livres',
        valorTotal: aceita.valorTotal,
        parcelas: aceita.parcelas,
        valorParcela: aceita.valorParcela,
        situacao: 'Ativa',
        aceitoEm: ACEITO_EM.toISOString(),
        canceladaEm: null,
        multaCancelamento: null,
        guardaLegal: CONTRATO_GUARDA_LEGAL,
      });
      expect(contrato!.texto).toContain('Márcia Oliveira');
    }
    expect(CONTRATO_GUARDA_LEGAL).toContain('LGPD, art. 16, I');
  });

  it('are in the staff’s titular view, one not accepted said so and not held', async () => {
    const response = await as(ctx.app, 'franqueador').get('/api/lgpd/titulares?q=gabi.santos@email.com');
    expect(response.statusCode, response.body).toBe(200);
    const contrato = contratoDe(response.json<{ registros: TitularRegistro[] }>().registros, naoAceita.id);
    expect(contrato).toMatchObject({ versao: 1, situacao: 'Aguardando aceite', aceitoEm: null, guardaLegal: null });
  });

  it('an anonymisation keeps the accepted contract whole and empties the one never accepted', async () => {
    const [antes] = await ctx.handle.db.select().from(contratos).where(eq(contratos.matriculaId, aceita.id));
    for (const email of ['lucas.oliveira@email.com', 'gabi.santos@email.com']) {
      const response = await as(ctx.app, 'franqueador').post('/api/lgpd/titulares/anonimizar', { email });
      expect(response.statusCode, response.body).toBe(200);
    }
    const [guardado] = await ctx.handle.db.select().from(contratos).where(eq(contratos.matriculaId, aceita.id));
    expect(guardado).toEqual(antes);
    expect(guardado!.texto).toContain('Márcia Oliveira');
    const [apagado] = await ctx.handle.db.select().from(contratos).where(eq(contratos.matriculaId, naoAceita.id));
    expect(apagado).toMatchObject({ texto: CONTRATO_ANONIMIZADO, versao: 1, valorTotal: naoAceita.valorTotal });
    // What is not needed for the contract goes, as for any record: the matrícula's names and contacts.
    for (const id of [aceita.id, naoAceita.id]) {
      const [m] = await ctx.handle.db.select().from(matriculas).where(eq(matriculas.id, id));
      expect(m).toMatchObject({ nome: NOME_ANONIMIZADO, telefone: null });
      expect(m!.email).toMatch(/^anonimo\+[0-9a-f]+@invalid$/);
      expect(m!.anonimizadoEm).not.toBeNull();
    }
  });
});
