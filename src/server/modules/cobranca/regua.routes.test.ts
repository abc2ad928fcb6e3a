import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, between, eq, inArray, like, ne, sql } from 'drizzle-orm';
import { APP_URL, createTestApp, readOutbox, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { familias } from '../../../../tests/support/cobranca-familia';
import { insertOtherNetwork, type OtherNetwork } from '../../../../tests/support/network-payloads';
import { auditLog, cobrancaLinks, cobrancaReguaEnvios, jobs, matriculas, parcelas } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-network';
import { addDays } from '../../../shared/brasilia';
import { REGUA_MESSAGES, type ParcelasPublicas, type ReguaView } from '../../../shared/schemas/regua';
import { digest } from '../../lib/tokens';
import { gravarParcela } from './cobranca.repository';
import { criarPlano } from './plano.service';
import {
  LINK_PARCELAS_GUARDA_DIAS,
  LINK_PARCELAS_VALIDADE_DIAS,
  executarRegua,
  purgarLinksExpirados,
} from './regua.service';

/**
 * Issue 43 (ADR 078): the régua de cobrança -- a franquia's steps, read and saved by it and its franqueador, and
 * the daily run that sends each step once, one e-mail per family a day, never to a paid parcela -- and the
 * responsável's link to its parcelas, e-mailed once the plan is billed.
 */

let ctx: TestContext;
let outra: OtherNetwork;
let marianaId: string;
let franquiaId: string;
let token: string;

/** Midday in São Paulo of a day: the daily run's `now`. */
const meioDia = (dia: string) => new Date(`${dia}T15:00:00Z`);

const textoDo = (eml: string) =>
  Buffer.from(
    eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

beforeAll(async () => {
  ctx = await createTestApp();
  outra = await insertOtherNetwork(ctx.handle.db);
  const [mariana] = await ctx.handle.db
    .select({ id: matriculas.id, franquiaId: matriculas.franquiaId })
    .from(matriculas)
    .where(eq(matriculas.email, DEMO_ACCOUNTS.aluno));
  marianaId = mariana!.id;
  franquiaId = mariana!.franquiaId!;
  expect(await criarPlano(ctx.app, marianaId)).toBeGreaterThan(0);
  await ctx.app.background.drain();
  const mail = readOutbox(ctx.dataDir)
    .map(textoDo)
    .find((m) => m.includes(`To: ${DEMO_ACCOUNTS.aluno}`) && m.includes('Suas parcelas foram geradas'));
  expect(mail).toBeDefined();
  token = new RegExp(`${APP_URL}/parcelas/([A-Za-z0-9_-]{43})`).exec(mail!)![1]!;
});
afterAll(() => ctx.close());

const parcelasDe = (matriculaId: string) =>
  ctx.handle.db.select().from(parcelas).where(eq(parcelas.matriculaId, matriculaId)).orderBy(asc(parcelas.numero));

describe("the responsável's link (GET /api/public/parcelas/{token})", () => {
  it('is e-mailed once the plan is billed, and opens every parcela with its PIX code and boleto, never cached', async () => {
    // A second run of the plan (a retry) writes nothing and e-mails nothing again.
    expect(await criarPlano(ctx.app, marianaId)).toBe(0);
    await ctx.app.background.drain();
    const geradas = readOutbox(ctx.dataDir)
      .map(textoDo)
      .filter((m) => m.includes(`To: ${DEMO_ACCOUNTS.aluno}`) && m.includes('Suas parcelas foram geradas'));
    expect(geradas).toHaveLength(1);

    const response = await as(ctx.app, null).get(`/api/public/parcelas/${token}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<ParcelasPublicas>();
    const rows = await parcelasDe(marianaId);
    expect(body.parcelas.map((p) => p.id).sort()).toEqual(rows.map((p) => p.id).sort());
    expect(body.responsavel).not.toContain(' ');
    for (const p of body.parcelas) {
      const row = rows.find((r) => r.id === p.id)!;
      expect(p).toMatchObject({
        numero: row.numero,
        totalParcelas: rows.length,
        aluno: 'Mariana Costa',
        vencimento: row.vencimento,
        status: row.status,
        pixCopiaECola: row.pixCopiaECola,
        bankSlipUrl: row.bankSlipUrl,
      });
      expect(p.valor * 100).toBeCloseTo(row.valorCentavos, 6);
    }
    // Only the token's digest is stored.
    const links = await ctx.handle.db.select().from(cobrancaLinks).where(eq(cobrancaLinks.matriculaId, marianaId));
    expect(links.some((l) => l.tokenHash === digest(token))).toBe(true);
    expect(links.some((l) => l.tokenHash.includes(token))).toBe(false);
  });

  it('answers 404 with a pt-BR message for a token unknown, malformed or expired', async () => {
    for (const t of ['x'.repeat(43), 'abc', token.slice(0, 42)]) {
      const response = await as(ctx.app, null).get(`/api/public/parcelas/${t}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: REGUA_MESSAGES.linkInvalido });
    }
    ctx.clock.advance((LINK_PARCELAS_VALIDADE_DIAS + 1) * 86_400_000);
    try {
      const expirado = await as(ctx.app, null).get(`/api/public/parcelas/${token}`);
      expect(expirado.statusCode).toBe(404);
      expect(expirado.json()).toEqual({ message: REGUA_MESSAGES.linkInvalido });
    } finally {
      ctx.clock.advance(-(LINK_PARCELAS_VALIDADE_DIAS + 1) * 86_400_000);
    }
  });
});

describe('GET and PUT /api/cobranca/regua', () => {
  it("reads a franquia's own régua (every step on by default) and saves it, audited, with a pt-BR confirmation", async () => {
    const inicial = await as(ctx.app, 'franquia').get('/api/cobranca/regua');
    expect(inicial.statusCode, inicial.body).toBe(200);
    expect(inicial.json<ReguaView>()).toMatchObject({
      franquiaId,
      etapas: { antes3: true, vencimento: true, depois1: true, depois7: true },
      atualizadaEm: null,
    });
    const salva = await as(ctx.app, 'franquia').put('/api/cobranca/regua', {
      etapas: { antes3: true, vencimento: false, depois1: true, depois7: true },
      // Not the caller's to set: ignored.
      franqueadorId: outra.franquiaId,
      atualizadaEm: '2001-01-01T00:00:00.000Z',
    });
    expect(salva.statusCode, salva.body).toBe(200);
    const answer = salva.json<{ message: string; regua: ReguaView }>();
    expect(answer.message).toBe(REGUA_MESSAGES.salva);
    expect(answer.regua).toMatchObject({ franquiaId, etapas: { vencimento: false } });
    expect(answer.regua.atualizadaEm).not.toBe('2001-01-01T00:00:00.000Z');
    const [row] = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.acao, 'franquia.editar_regua'), eq(auditLog.entidadeId, franquiaId)));
    expect(row!.papel).toBe('franquia');
    expect(row!.alteracoes).toEqual({ vencimento: [true, false] });
    // The franqueador reads the same franquia by naming it, and switches it back.
    const doFranqueador = await as(ctx.app, 'franqueador').get(`/api/cobranca/regua?franquiaId=${franquiaId}`);
    expect(doFranqueador.json<ReguaView>().etapas.vencimento).toBe(false);
    const devolta = await as(ctx.app, 'franqueador').put('/api/cobranca/regua', {
      franquiaId,
      etapas: { antes3: true, vencimento: true, depois1: true, depois7: true },
    });
    expect(devolta.statusCode, devolta.body).toBe(200);
  });

  it('asks the franqueador to name the franquia, and keeps other networks and franquias out (404), other roles 403', async () => {
    const semFranquia = await as(ctx.app, 'franqueador').get('/api/cobranca/regua');
    expect(semFranquia.statusCode).toBe(400);
    expect(semFranquia.json()).toMatchObject({ message: REGUA_MESSAGES.franquiaObrigatoria });
    const alheia = await as(ctx.app, 'franqueador').get(`/api/cobranca/regua?franquiaId=${outra.franquiaId}`);
    expect(alheia.statusCode).toBe(404);
    expect(alheia.json()).toEqual({ message: REGUA_MESSAGES.franquiaNaoEncontrada });
    const outroFranqueador = { email: outra.franqueadorEmail };
    const intruso = await as(ctx.app, outroFranqueador).put('/api/cobranca/regua', {
      franquiaId,
      etapas: { antes3: false, vencimento: false, depois1: false, depois7: false },
    });
    expect(intruso.statusCode).toBe(404);
    const outraFranquia = await as(ctx.app, 'franquia').get(`/api/cobranca/regua?franquiaId=${outra.franquiaId}`);
    expect(outraFranquia.statusCode).toBe(404);
    for (const role of ['micro_franquia', 'cliente', 'vendedor', 'aluno'] as const) {
      expect((await as(ctx.app, role).get('/api/cobranca/regua')).statusCode).toBe(403);
    }
    expect((await as(ctx.app, null).get('/api/cobranca/regua')).statusCode).toBe(401);
    const invalida = await as(ctx.app, 'franquia').put('/api/cobranca/regua', { etapas: { antes3: 'sim' } });
    expect(invalida.statusCode).toBe(400);
    expect(JSON.stringify(invalida.json())).toContain(REGUA_MESSAGES.etapaInvalida);
    const semEtapas = await as(ctx.app, 'franquia').put('/api/cobranca/regua', { franquiaId: 'nao-e-uuid' });
    expect(semEtapas.statusCode).toBe(400);
  });
});

describe('the daily run (cobranca_regua)', () => {
  const avisosDoDia = async (dia: string) =>
    ctx.handle.db
      .select()
      .from(jobs)
      .where(like(jobs.chave, `cobranca_regua:${dia}:%`));

  it('sends each step once, one e-mail per family listing its parcelas, never to a paid parcela, and lists it on Envios', async () => {
    const [p1] = await parcelasDe(marianaId);
    // Two parcelas of the family due the same day (a second, written as the plan's job writes one), and a third
    // due a month later: one message lists the two.
    const maisUma = (numero: number, vencimento: string) =>
      gravarParcela(
        ctx.handle.db,
        {
          matriculaId: marianaId,
          numero,
          valorCentavos: 4321,
          vencimento,
          provedor: 'simulado',
          gatewayId: `pay_regua_${numero}`,
          invoiceUrl: null,
          bankSlipUrl: `https://boleto.example.com/${numero}`,
          pixCopiaECola: `PIX-REGUA-${numero}`,
        },
        ctx.clock.now(),
      );
    await maisUma(101, p1!.vencimento);
    await maisUma(102, addDays(p1!.vencimento, 30));
    const p2 = (await parcelasDe(marianaId)).find((p) => p.numero === 101);
    const p3 = (await parcelasDe(marianaId)).find((p) => p.numero === 102);
    const v = p1!.vencimento;
    const antes = addDays(v, -3);
    // The demo network's other families owe parcelas by the calendar too: on some days of the year one falls due on
    // Mariana's day (Helena's second, 10 January, when the test runs on 1 December in São Paulo). Moved out of the
    // days these runs read (due from v - 10 to v + 10) and back afterwards, so each count is this family's alone.
    const alheias = await ctx.handle.db
      .update(parcelas)
      .set({ vencimento: sql`${parcelas.vencimento} + 60` })
      .where(and(ne(parcelas.matriculaId, marianaId), between(parcelas.vencimento, addDays(v, -10), addDays(v, 10))))
      .returning({ id: parcelas.id });
    try {
      await reguaDeMariana(v, antes, p1!, p2!, p3);
    } finally {
      if (alheias.length > 0)
        await ctx.handle.db
          .update(parcelas)
          .set({ vencimento: sql`${parcelas.vencimento} - 60` })
          .where(
            inArray(
              parcelas.id,
              alheias.map((a) => a.id),
            ),
          );
    }
  });

  async function reguaDeMariana(
    v: string,
    antes: string,
    p1: typeof parcelas.$inferSelect,
    p2: typeof parcelas.$inferSelect,
    p3: typeof parcelas.$inferSelect | undefined,
  ) {
    expect(await executarRegua(ctx.app, meioDia(antes))).toBe(1);
    const [job] = await avisosDoDia(antes);
    const mail = job!.payload as { to: string; subject: string; text: string };
    expect(mail.to).toBe(DEMO_ACCOUNTS.aluno);
    expect(mail.subject).toBe('Lembrete: 2 parcelas a vencer');
    expect(mail.text).toContain(`Parcela ${p1!.numero} de`);
    expect(mail.text).toContain(`Parcela ${p2!.numero} de`);
    expect(mail.text).toContain('vence em 3 dias');
    expect(mail.text).toContain(p1!.pixCopiaECola!);
    expect(mail.text).toContain(`${APP_URL}/parcelas/`);
    if (p3) expect(mail.text).not.toContain(`Parcela ${p3.numero} de`);
    // Its link opens the family's page.
    const link = new RegExp(`${APP_URL}/parcelas/([A-Za-z0-9_-]{43})`).exec(mail.text)![1]!;
    expect((await as(ctx.app, null).get(`/api/public/parcelas/${link}`)).statusCode).toBe(200);
    // Run again the same day (a retry): nothing more.
    expect(await executarRegua(ctx.app, meioDia(antes))).toBe(0);
    expect(await avisosDoDia(antes)).toHaveLength(1);
    // On Envios for the network's franqueador, with no personal data in its summary.
    const envios = await as(ctx.app, 'franqueador').get('/api/envios?pageSize=100');
    expect(envios.json<{ resumo: string | null }[]>().some((e) => e.resumo === mail.subject)).toBe(true);

    // The first is paid: on the due day only the second is chased.
    await ctx.handle.db.update(parcelas).set({ status: 'paga', pagaEm: antes }).where(eq(parcelas.id, p1!.id));
    expect(await executarRegua(ctx.app, meioDia(v))).toBe(1);
    const [noDia] = await avisosDoDia(v);
    const texto = (noDia!.payload as { subject: string; text: string }).text;
    expect((noDia!.payload as { subject: string }).subject).toBe('Sua parcela vence hoje');
    expect(texto).toContain(`Parcela ${p2!.numero} de`);
    expect(texto).not.toContain(`Parcela ${p1!.numero} de`);

    // The franquia switched '1 dia depois' off: nothing the next day; 7 days after, the overdue notice.
    await as(ctx.app, 'franquia').put('/api/cobranca/regua', {
      etapas: { antes3: true, vencimento: true, depois1: false, depois7: true },
    });
    expect(await executarRegua(ctx.app, meioDia(addDays(v, 1)))).toBe(0);
    expect(await executarRegua(ctx.app, meioDia(addDays(v, 7)))).toBe(1);
    const [depois] = await avisosDoDia(addDays(v, 7));
    expect((depois!.payload as { subject: string }).subject).toBe('Parcela em atraso há 7 dias');
    const enviados = await ctx.handle.db
      .select({ parcelaId: cobrancaReguaEnvios.parcelaId, etapa: cobrancaReguaEnvios.etapa })
      .from(cobrancaReguaEnvios)
      .where(inArray(cobrancaReguaEnvios.parcelaId, [p1!.id, p2!.id]));
    expect(enviados.map((e) => `${e.parcelaId === p1!.id ? 1 : 2}:${e.etapa}`).sort()).toEqual([
      '1:antes3',
      '2:antes3',
      '2:depois7',
      '2:vencimento',
    ]);
  }
});

describe("a cancellation's fee, as the family reads it (ADR 080)", () => {
  it("is 'Multa de cancelamento' on the family's page (with its tipo) and in the régua's e-mail, never 'Parcela n de N'", async () => {
    const plano = await parcelasDe(marianaId);
    const vencimento = addDays(plano.at(-1)!.vencimento, 45);
    await gravarParcela(
      ctx.handle.db,
      {
        matriculaId: marianaId,
        numero: 300,
        valorCentavos: 15000,
        vencimento,
        provedor: 'simulado',
        gatewayId: 'pay_regua_multa',
        invoiceUrl: null,
        bankSlipUrl: 'https://boleto.example.com/multa',
        pixCopiaECola: 'PIX-REGUA-MULTA',
        tipo: 'taxa_cancelamento',
      },
      ctx.clock.now(),
    );
    const body = (await as(ctx.app, null).get(`/api/public/parcelas/${token}`)).json<ParcelasPublicas>();
    const multa = body.parcelas.find((p) => p.numero === 300)!;
    expect(multa.tipo).toBe('taxa_cancelamento');
    const mensalidades = body.parcelas.filter((p) => p.tipo === 'mensalidade');
    expect(mensalidades.length).toBe(body.parcelas.length - 1);
    // N counts the plan alone.
    for (const p of mensalidades) expect(p.totalParcelas).toBe(mensalidades.length);

    const dia = addDays(vencimento, -3);
    expect(await executarRegua(ctx.app, meioDia(dia))).toBe(1);
    const [job] = await ctx.handle.db
      .select()
      .from(jobs)
      .where(like(jobs.chave, `cobranca_regua:${dia}:%`));
    const text = (job!.payload as { text: string }).text;
    expect(text).toContain('Multa de cancelamento de ');
    expect(text).not.toContain('Parcela 300 de');
  });
});

describe("the family's expired links (daily purge, ADR 080)", () => {
  it(`deletes the links expired more than ${LINK_PARCELAS_GUARDA_DIAS} days ago, keeps the others`, async () => {
    const now = ctx.clock.now().getTime();
    const dias = (n: number) => new Date(now + n * 86_400_000);
    const [velho, recente, vivo] = await ctx.handle.db
      .insert(cobrancaLinks)
      .values([
        { matriculaId: marianaId, tokenHash: `purga-velho-${now}`, expiraEm: dias(-(LINK_PARCELAS_GUARDA_DIAS + 1)) },
        { matriculaId: marianaId, tokenHash: `purga-recente-${now}`, expiraEm: dias(-(LINK_PARCELAS_GUARDA_DIAS - 1)) },
        { matriculaId: marianaId, tokenHash: `purga-vivo-${now}`, expiraEm: dias(10) },
      ])
      .returning();
    expect(await purgarLinksExpirados(ctx.app)).toBe(1);
    const restantes = (await ctx.handle.db.select({ id: cobrancaLinks.id }).from(cobrancaLinks)).map((l) => l.id);
    expect(restantes).not.toContain(velho!.id);
    expect(restantes).toContain(recente!.id);
    expect(restantes).toContain(vivo!.id);
    // The family's e-mailed link still opens its page; a second purge finds nothing.
    expect((await as(ctx.app, null).get(`/api/public/parcelas/${token}`)).statusCode).toBe(200);
    expect(await purgarLinksExpirados(ctx.app)).toBe(0);
  });
});

describe('the daily run in batches (ADR 084)', () => {
  const { novaFamilia, aceitar } = familias(() => ctx);

  it('reads the day a batch of families at a time: with more families than a batch, each gets its one message (a family of two matrículas, one listing both), each step once; a second run sends nothing', async () => {
    const [a, b, c] = [await novaFamilia(), await novaFamilia(), await novaFamilia()];
    const d1 = await novaFamilia();
    const d2 = await novaFamilia(d1.cpf);
    for (const f of [a, b, c, d1, d2]) await aceitar(f);
    await ctx.app.background.drain();
    const primeiras = await Promise.all([a, b, c, d1, d2].map(async (f) => (await parcelasDe(f.matriculaId))[0]!));
    const v = primeiras[0]!.vencimento;
    expect(primeiras.every((p) => p.vencimento === v)).toBe(true);
    const dia = addDays(v, -3);
    const emails = new Set([a, b, c, d1, d2].map((f) => f.email));
    const avisos = async () =>
      (
        await ctx.handle.db
          .select()
          .from(jobs)
          .where(like(jobs.chave, `cobranca_regua:${dia}:%`))
      )
        .map((j) => j.payload as { to: string; subject: string; text: string })
        .filter((m) => emails.has(m.to));

    // A batch of one family: five matrículas, four families, four e-mails.
    const enviados = await executarRegua(ctx.app, meioDia(dia), 1);
    const mails = await avisos();
    expect(mails).toHaveLength(4);
    expect(enviados).toBeGreaterThanOrEqual(4);
    const daFamiliaD = mails.filter((m) => m.to === d1.email || m.to === d2.email);
    expect(daFamiliaD).toHaveLength(1);
    expect(daFamiliaD[0]!.subject).toBe('Lembrete: 2 parcelas a vencer');
    for (const f of [a, b, c]) {
      expect(mails.filter((m) => m.to === f.email).map((m) => m.subject)).toEqual(['Lembrete: parcela a vencer']);
    }
    const marcados = await ctx.handle.db
      .select({ parcelaId: cobrancaReguaEnvios.parcelaId, etapa: cobrancaReguaEnvios.etapa })
      .from(cobrancaReguaEnvios)
      .where(
        inArray(
          cobrancaReguaEnvios.parcelaId,
          primeiras.map((p) => p.id),
        ),
      );
    expect(marcados.map((m) => m.etapa)).toEqual(Array(5).fill('antes3'));

    // Again the same day, in batches of 2 or all at once: nothing more.
    expect(await executarRegua(ctx.app, meioDia(dia), 2)).toBe(0);
    expect(await executarRegua(ctx.app, meioDia(dia))).toBe(0);
    expect(await avisos()).toHaveLength(4);
  });
});
