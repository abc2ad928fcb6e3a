import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { addDays, todayInBrasilia } from '../../../shared/brasilia';
import { PARCELA_STATUSES, type ParcelaStatus } from '../../../shared/cobranca/parcelas';
import { FAIXAS_ATRASO, contarParcela, somar, taxaInadimplencia } from '../../../shared/money/inadimplencia';
import { toCentavos } from '../../../shared/money/parcelas';
import type { InadimplenciaResposta } from '../../../shared/schemas/inadimplencia';
import { RELATORIO_MESSAGES } from '../../../shared/schemas/relatorios';
import { executeRows } from '../../db/connect';
import { auditLog, franquias, matriculas, parcelas } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-network';

/**
 * GET /api/relatorios/inadimplencia and GET /api/parcelas/export.csv (issue 43, ADR 077), over parcelas written
 * here on the demo network's matrículas: Mariana's (Colégio Horizonte, Campinas, SP), Helena's and Otávio's
 * (Contagem, MG).
 */

let ctx: TestContext;
let hoje: string;
let alvo: { id: string; nome: string }[];
beforeAll(async () => {
  ctx = await createTestApp();
  hoje = todayInBrasilia(ctx.clock.now());
  const emails = [DEMO_ACCOUNTS.aluno, 'helena.duarte@email.com', 'otavio.ramos@email.com'];
  const rows = await ctx.handle.db
    .select({ id: matriculas.id, nome: matriculas.nome, email: matriculas.email })
    .from(matriculas)
    .where(inArray(matriculas.email, emails));
  alvo = emails.map((email) => rows.find((r) => r.email === email)!);
  expect(alvo.every(Boolean)).toBe(true);
});
afterAll(() => ctx.close());

interface Nova {
  m: number;
  valorCentavos: number;
  status: ParcelaStatus;
  dias: number;
}

/** Replaces every parcela by these, each on its matrícula's scope, as the plan's job writes them. */
async function escrever(lista: readonly Nova[]) {
  await ctx.handle.db.delete(parcelas);
  const numeros = [0, 0, 0];
  for (const [i, p] of lista.entries()) {
    const numero = ++numeros[p.m]!;
    const vencimento = addDays(hoje, p.dias);
    await ctx.handle.db.execute(sql`insert into ${parcelas} (matricula_id, numero, valor_centavos, vencimento, status,
        provedor, gateway_id, paga_em, valor_liquido_centavos, evento_id, curso_id, cliente_id, vendedor_id,
        micro_franquia_id, franquia_id, franqueador_id)
      select m.id, ${numero}, ${p.valorCentavos}, ${vencimento}::date, ${p.status}::parcela_status, 'simulado',
        ${`pay_teste_${i}`}, ${p.status === 'paga' ? vencimento : null}::date,
        ${p.status === 'paga' ? p.valorCentavos : null}::int, m.evento_id, m.curso_id, m.cliente_id, m.vendedor_id,
        m.micro_franquia_id, m.franquia_id, m.franqueador_id
      from ${matriculas} m where m.id = ${alvo[p.m]!.id}`);
  }
}

const ler = async (role: Parameters<typeof as>[1], query = '') => {
  const response = await as(ctx.app, role).get(`/api/relatorios/inadimplencia?pageSize=500${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.json<InadimplenciaResposta>(), total: Number(response.headers['x-total-count']) };
};

const centavos = (reais: number) => toCentavos(reais);

describe('GET /api/relatorios/inadimplencia', () => {
  it('answers due, overdue, the rate and the aging per group and in total, the period of the last 12 months', async () => {
    await escrever([
      { m: 0, valorCentavos: 10_000, status: 'paga', dias: -40 },
      { m: 0, valorCentavos: 10_000, status: 'vencida', dias: -10 },
      { m: 0, valorCentavos: 10_000, status: 'aberta', dias: 15 },
      { m: 1, valorCentavos: 33_333, status: 'vencida', dias: -100 },
      { m: 1, valorCentavos: 33_333, status: 'aberta', dias: -2 },
      { m: 1, valorCentavos: 33_334, status: 'cancelada', dias: -70 },
      { m: 2, valorCentavos: 5_000, status: 'estornada', dias: -35 },
      { m: 2, valorCentavos: 5_000, status: 'vencida', dias: -400 },
    ]);
    const { body, total } = await ler('franqueador', '&agrupar=franquia');
    expect(body).toMatchObject({ de: addDays(hoje, -364), ate: hoje, hoje, agrupar: 'franquia' });
    expect(total).toBe(2);
    const [mg, sp] = body.grupos;
    // Most overdue first: Minas (R$ 666,66 overdue of R$ 666,66 due), then Paulista (R$ 100 of R$ 200).
    expect(mg).toMatchObject({
      rotulo: 'Minas Saber Franquias Ltda',
      valorDevido: 666.66,
      valorVencido: 666.66,
      parcelasVencidas: 2,
      taxaInadimplencia: 100,
    });
    expect(mg!.faixas).toEqual([
      { faixa: '1-30', valor: 333.33, quantidade: 1 },
      { faixa: '31-60', valor: 0, quantidade: 0 },
      { faixa: '61-90', valor: 0, quantidade: 0 },
      { faixa: '90+', valor: 333.33, quantidade: 1 },
    ]);
    expect(sp).toMatchObject({
      rotulo: 'Educa Paulista Franquias Ltda',
      valorDevido: 200,
      parcelasDevidas: 2,
      valorVencido: 100,
      taxaInadimplencia: 50,
    });
    expect(body.totais).toMatchObject({ valorDevido: 866.66, valorVencido: 766.66, taxaInadimplencia: 88.5 });
  });

  it('is scoped as the Parcelas list: a franquia its own, a filter outside it 404, the vendedor and aluno refused', async () => {
    const franquia = await ler('franquia', '&agrupar=cliente');
    expect(franquia.body.grupos.map((g) => g.rotulo)).toEqual(['Colégio Horizonte']);
    expect(franquia.body.totais.valorDevido).toBe(200);
    const [mg] = await ctx.handle.db
      .select({ id: franquias.id })
      .from(franquias)
      .where(eq(franquias.razaoSocial, 'Minas Saber Franquias Ltda'));
    const fora = await as(ctx.app, 'franquia').get(`/api/relatorios/inadimplencia?franquiaId=${mg!.id}`);
    expect(fora.statusCode).toBe(404);
    expect(fora.json()).toMatchObject({ message: RELATORIO_MESSAGES.naoEncontrado });
    const filtrado = await ler('franqueador', `&franquiaId=${mg!.id}&agrupar=evento`);
    expect(filtrado.body.totais.valorDevido).toBe(666.66);
    expect((await as(ctx.app, 'vendedor').get('/api/relatorios/inadimplencia')).statusCode).toBe(403);
    expect((await as(ctx.app, 'aluno').get('/api/relatorios/inadimplencia')).statusCode).toBe(403);
    expect((await as(ctx.app, null).get('/api/relatorios/inadimplencia')).statusCode).toBe(401);
  });

  it('refuses a grouping above the caller, a place grouping and a reversed or too long period, in pt-BR', async () => {
    const acima = await as(ctx.app, 'cliente').get('/api/relatorios/inadimplencia?agrupar=franquia');
    expect(acima.statusCode).toBe(400);
    expect(acima.json()).toMatchObject({ message: RELATORIO_MESSAGES.agruparAcima });
    const lugar = await as(ctx.app, 'franqueador').get('/api/relatorios/inadimplencia?agrupar=estado');
    expect(lugar.statusCode).toBe(400);
    expect(lugar.body).toContain(RELATORIO_MESSAGES.agruparInvalido);
    const invertido = await as(ctx.app, 'franqueador').get(
      `/api/relatorios/inadimplencia?de=${hoje}&ate=${addDays(hoje, -1)}`,
    );
    expect(invertido.statusCode).toBe(400);
    expect(invertido.body).toContain(RELATORIO_MESSAGES.periodoInvertido);
    const longo = await as(ctx.app, 'franqueador').get(`/api/relatorios/inadimplencia?ate=${hoje}&de=2000-01-01`);
    expect(longo.statusCode).toBe(400);
  });

  it('answers zeros and no group without parcelas, never NaN', async () => {
    await escrever([]);
    const { body, total } = await ler('cliente');
    expect(total).toBe(0);
    expect(body.grupos).toEqual([]);
    expect(body.totais).toMatchObject({ valorDevido: 0, valorVencido: 0, taxaInadimplencia: 0 });
  });

  it('for any parcelas and writes to them: groups, buckets and total agree to the cent with the shared rule, whatever the grouping, period or place, and the counters with the rows', async () => {
    const nova = fc.record({
      m: fc.integer({ min: 0, max: 2 }),
      valorCentavos: fc.integer({ min: 1, max: 9_999_999 }),
      status: fc.constantFrom(...PARCELA_STATUSES),
      dias: fc.integer({ min: -420, max: 60 }),
    });
    // Writes after billing, as the webhook, a baixa, a renegotiation or a cancellation make them (a status, a value,
    // a due day), a parcela moved in the tree, or removed.
    const mudanca = fc.record({
      i: fc.nat(),
      tipo: fc.constantFrom('status', 'valor', 'vencimento', 'mover', 'apagar'),
      status: fc.constantFrom(...PARCELA_STATUSES),
      valorCentavos: fc.integer({ min: 1, max: 9_999_999 }),
      dias: fc.integer({ min: -420, max: 60 }),
      m: fc.integer({ min: 0, max: 2 }),
    });
    const periodo = fc.option(
      fc
        .tuple(fc.integer({ min: -420, max: 60 }), fc.integer({ min: -420, max: 60 }))
        .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(nova, { maxLength: 25 }),
        fc.array(mudanca, { maxLength: 12 }),
        fc.constantFrom('franquia', 'micro_franquia', 'cliente', 'vendedor', 'evento'),
        periodo,
        fc.constantFrom(undefined, 'SP', 'MG'),
        async (inicial, mudancas, agrupar, dias, estado) => {
          await escrever(inicial);
          const lista = await mudar(inicial, mudancas);
          await expectContadoresComoAsParcelas();
          const [de, ate] = dias ?? [-364, 0];
          const periodoQuery = dias ? `&de=${addDays(hoje, de)}&ate=${addDays(hoje, ate)}` : '';
          const { body, total } = await ler(
            'franqueador',
            `&agrupar=${agrupar}${periodoQuery}${estado ? `&estado=${estado}` : ''}`,
          );
          const noPeriodo = lista.filter(
            (p) => p.dias >= de && p.dias <= ate && (!estado || ESTADO_DE[p.m] === estado),
          );
          const esperado = somar(
            noPeriodo.map((p) => contarParcela({ ...p, vencimento: addDays(hoje, p.dias) }, hoje)),
          );
          const t = body.totais;
          expect(centavos(t.valorDevido)).toBe(esperado.devidoCentavos);
          expect(t.parcelasDevidas).toBe(esperado.parcelasDevidas);
          expect(centavos(t.valorVencido)).toBe(esperado.vencidoCentavos);
          expect(t.parcelasVencidas).toBe(esperado.parcelasVencidas);
          expect(t.taxaInadimplencia).toBe(taxaInadimplencia(esperado.vencidoCentavos, esperado.devidoCentavos));
          expect(body.grupos).toHaveLength(total);
          const soma = (f: (g: InadimplenciaResposta['totais']) => number) => body.grupos.reduce((s, g) => s + f(g), 0);
          expect(soma((g) => centavos(g.valorDevido))).toBe(centavos(t.valorDevido));
          expect(soma((g) => centavos(g.valorVencido))).toBe(centavos(t.valorVencido));
          expect(soma((g) => g.parcelasDevidas)).toBe(t.parcelasDevidas);
          for (const numeros of [t, ...body.grupos]) {
            expect(numeros.faixas.map((f) => f.faixa)).toEqual([...FAIXAS_ATRASO]);
            expect(numeros.faixas.reduce((s, f) => s + centavos(f.valor), 0)).toBe(centavos(numeros.valorVencido));
            expect(numeros.faixas.reduce((s, f) => s + f.quantidade, 0)).toBe(numeros.parcelasVencidas);
            expect(Number.isFinite(numeros.taxaInadimplencia)).toBe(true);
          }
          FAIXAS_ATRASO.forEach((faixa, i) => {
            expect(centavos(t.faixas[i]!.valor)).toBe(esperado.faixas[faixa].valorCentavos);
            expect(t.faixas[i]!.quantidade).toBe(esperado.faixas[faixa].quantidade);
          });
          // A group holds parcelas someone owes in the period, and only those: none without anything due.
          expect(body.grupos.every((g) => g.parcelasDevidas > 0)).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  }, 180_000);

  it('rebuilds the counters of the parcelas by due day from the rows, as the triggers kept them', async () => {
    await escrever([
      { m: 0, valorCentavos: 10_000, status: 'paga', dias: -40 },
      { m: 1, valorCentavos: 33_333, status: 'vencida', dias: -100 },
      { m: 2, valorCentavos: 5_000, status: 'aberta', dias: 3 },
      { m: 2, valorCentavos: 7_000, status: 'cancelada', dias: -3 },
    ]);
    await expectContadoresComoAsParcelas();
    const antes = await ler('franqueador', '&agrupar=evento');
    await ctx.handle.db.execute(sql`select parcelas_vencimento_rebuild()`);
    await expectContadoresComoAsParcelas();
    expect((await ler('franqueador', '&agrupar=evento')).body).toEqual(antes.body);
  });
});

/** The place of each target matrícula's event: Campinas (SP), Contagem (MG) twice. */
const ESTADO_DE = ['SP', 'MG', 'MG'] as const;

interface Mudanca {
  i: number;
  tipo: 'status' | 'valor' | 'vencimento' | 'mover' | 'apagar';
  status: ParcelaStatus;
  valorCentavos: number;
  dias: number;
  m: number;
}

/** Applies the writes to the parcelas `escrever` wrote (by their gateway ids) and answers what they now are. */
async function mudar(inicial: readonly Nova[], mudancas: readonly Mudanca[]): Promise<Nova[]> {
  const lista: (Nova | null)[] = inicial.map((p) => ({ ...p }));
  for (const w of mudancas) {
    if (lista.length === 0) break;
    const k = w.i % lista.length;
    const p = lista[k];
    if (!p) continue;
    const onde = sql`${parcelas.gatewayId} = ${`pay_teste_${k}`}`;
    if (w.tipo === 'status') {
      await ctx.handle.db.execute(sql`update ${parcelas} set status = ${w.status}::parcela_status,
          paga_em = coalesce(paga_em, vencimento) where ${onde}`);
      p.status = w.status;
    } else if (w.tipo === 'valor') {
      await ctx.handle.db.execute(sql`update ${parcelas} set valor_centavos = ${w.valorCentavos} where ${onde}`);
      p.valorCentavos = w.valorCentavos;
    } else if (w.tipo === 'vencimento') {
      await ctx.handle.db.execute(
        sql`update ${parcelas} set vencimento = ${addDays(hoje, w.dias)}::date where ${onde}`,
      );
      p.dias = w.dias;
    } else if (w.tipo === 'mover') {
      await ctx.handle.db.execute(sql`update ${parcelas} p set evento_id = m.evento_id, cliente_id = m.cliente_id,
          vendedor_id = m.vendedor_id, micro_franquia_id = m.micro_franquia_id, franquia_id = m.franquia_id,
          franqueador_id = m.franqueador_id
        from ${matriculas} m where m.id = ${alvo[w.m]!.id} and p.gateway_id = ${`pay_teste_${k}`}`);
      p.m = w.m;
    } else {
      await ctx.handle.db.execute(sql`delete from ${parcelas} where ${onde}`);
      lista[k] = null;
    }
  }
  return lista.filter((p): p is Nova => p !== null);
}

const PATH_SQL = sql.raw('franqueador_id, franquia_id, micro_franquia_id, vendedor_id, cliente_id');

/**
 * The counters of the parcelas by due day and by month, every stripe summed, equal to the parcelas someone owes
 * counted row by row at every prefix of their path: no row missing, none left over (a zero is nothing).
 */
async function expectContadoresComoAsParcelas() {
  const linhas = await executeRows<{
    franqueador_id: string | null;
    franquia_id: string | null;
    micro_franquia_id: string | null;
    vendedor_id: string | null;
    cliente_id: string | null;
    vencimento: string;
    status: string;
    valor_centavos: number;
  }>(
    ctx.handle.db,
    sql`select ${PATH_SQL}, vencimento::text as vencimento, status::text as status, valor_centavos
    from ${parcelas} where status in ('aberta', 'paga', 'vencida')`,
  );
  const esperado = { dia: new Map<string, string>(), mes: new Map<string, string>() };
  const somaEm = (map: Map<string, [number, number]>, key: string, v: number) => {
    const [tv, tn] = map.get(key) ?? [0, 0];
    map.set(key, [tv + v, tn + 1]);
  };
  const dia = new Map<string, [number, number]>();
  const mes = new Map<string, [number, number]>();
  for (const r of linhas) {
    const path = [r.franqueador_id, r.franquia_id, r.micro_franquia_id, r.vendedor_id, r.cliente_id];
    for (let nivel = 0; nivel <= 4; nivel++) {
      const prefixo = `${nivel}|${path.slice(0, nivel + 1).join(',')}`;
      somaEm(dia, `${prefixo}|${r.vencimento}|${r.status}`, Number(r.valor_centavos));
      somaEm(mes, `${prefixo}|${r.vencimento.slice(0, 7)}-01|${r.status}`, Number(r.valor_centavos));
    }
  }
  for (const [key, [v, n]] of dia) esperado.dia.set(key, `${v}/${n}`);
  for (const [key, [v, n]] of mes) esperado.mes.set(key, `${v}/${n}`);
  for (const [tabela, coluna] of [
    ['parcelas_vencimento_dia', 'dia'],
    ['parcelas_vencimento_mes', 'mes'],
  ] as const) {
    const contados = await executeRows<{ chave: string; v: string; n: number }>(
      ctx.handle.db,
      sql`
      select nivel || '|' || concat_ws(',', ${sql.raw(
        ['franqueador_id', 'franquia_id', 'micro_franquia_id', 'vendedor_id', 'cliente_id']
          .map((c, i) => `case when nivel >= ${i} then coalesce(${c}::text, '') end`)
          .join(', '),
      )}) || '|' || ${sql.raw(coluna)}::text || '|' || status::text as chave,
        sum(valor_centavos)::bigint::text as v, sum(parcelas)::int as n
      from ${sql.raw(tabela)} group by 1 having sum(valor_centavos) <> 0 or sum(parcelas) <> 0`,
    );
    const lidos = new Map(contados.map((r) => [r.chave, `${r.v}/${r.n}`]));
    expect(lidos, tabela).toEqual(esperado[coluna]);
  }
}

describe('GET /api/parcelas/export.csv', () => {
  it("exports the list's rows with its filters, pt-BR headers and money in reais, audited", async () => {
    await escrever([
      { m: 0, valorCentavos: 123_456, status: 'paga', dias: -40 },
      { m: 0, valorCentavos: 10_000, status: 'vencida', dias: -10 },
      { m: 1, valorCentavos: 33_333, status: 'aberta', dias: 20 },
    ]);
    const response = await as(ctx.app, 'franqueador').get('/api/parcelas/export.csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain(`parcelas_${hoje}.csv`);
    const linhas = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(linhas[0]).toContain('Aluno');
    expect(linhas[0]).toContain('Vencimento');
    expect(linhas[0]).toContain('Valor Líquido');
    expect(linhas).toHaveLength(4);
    // Latest due date first, as the list.
    expect(linhas[1]).toContain('Helena Duarte');
    expect(linhas[1]).toContain('Em aberto');
    expect(response.body).toMatch(/R\$\s1\.234,56/);
    expect(response.body).toContain('Paga');

    const vencidas = await as(ctx.app, 'franqueador').get('/api/parcelas/export.csv?status=vencida');
    expect(vencidas.body.trim().split(/\r?\n/)).toHaveLength(2);
    expect(vencidas.body).toContain(`Vencida`);
    expect(vencidas.body).toMatch(/R\$\s100,00/);

    // The franquia of São Paulo exports only its own.
    const sp = await as(ctx.app, 'franquia').get('/api/parcelas/export.csv');
    expect(sp.body).not.toContain('Helena Duarte');
    expect(sp.body.trim().split(/\r?\n/)).toHaveLength(3);

    const [auditado] = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.acao, 'parcelas.exportar'))
      .orderBy(sql`${auditLog.em} asc`)
      .limit(1);
    expect(auditado?.detalhes).toMatchObject({ linhas: 3, completo: true });

    const ruim = await as(ctx.app, 'franqueador').get('/api/parcelas/export.csv?status=quitada');
    expect(ruim.statusCode).toBe(400);
    expect(ruim.body).toContain('Status inválido');
    expect((await as(ctx.app, 'vendedor').get('/api/parcelas/export.csv')).statusCode).toBe(403);
  });
});
