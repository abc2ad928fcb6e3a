import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { insertOtherNetwork, type OtherNetwork } from '../../../../tests/support/network-payloads';
import { queryRows } from '../../../../tests/support/database-digest';
import { auditLog, contratos, jobs, matriculas, preMatriculas } from '../../db/schema';
import {
  CANCELAMENTO_MESSAGES,
  type CancelamentoFeito,
  type CancelamentoPreview,
} from '../../../shared/schemas/cancelamento';
import { CONTRATO_MESSAGES } from '../../../shared/schemas/contrato';
import type { MatriculaItem } from '../../../shared/schemas/funnel';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-network';
import { formatBRL } from '../../../shared/format';
import { aceiteEm, linkEnviadoEm } from '../../../../tests/support/contrato-aceito';
import { expirarContratosVencidos, lembrarContratos } from './diarias';

/**
 * Issue 42: the staff's cancellation of an accepted contract. The fee preview and the cancellation (a fee of the
 * contract's % of the remaining value, capped by CANCELAMENTO_MULTA_MAX_PCT, rounded down to the centavo), the
 * 7-day withdrawal term to the end of its 7th day in São Paulo, the 409s, another network's or branch's matrícula
 * 404, the audit rows and the family's statement; then the daily reminder (once) and the expiry at 30 days, on a
 * fixed clock. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */

/** The network's cap, below the demo template's 10%: the cap is what is charged. */
const CAP = 7;
const DAY_MS = 86_400_000;

let ctx: TestContext;
let outra: OtherNetwork;
/** Beatriz Fernandes' matrícula (Contagem, the MG franquia), made effective here under the demo's v1. */
let alvo: MatriculaItem;

const setClock = (iso: string) => ctx.clock.advance(Date.parse(iso) - ctx.clock.now().getTime());
const franqueador = () => as(ctx.app, 'franqueador');

/** Makes a demo family's pending pré-matrícula effective, under the demo's v1: its contract waits for acceptance. */
async function efetivar(nome: string): Promise<MatriculaItem> {
  const [pre] = await ctx.handle.db
    .select({ id: preMatriculas.id })
    .from(preMatriculas)
    .where(eq(preMatriculas.nome, nome));
  const cursos = (await franqueador().get(`/api/pre-matriculas/${pre!.id}/cursos`)).json<{ id: string }[]>();
  const response = await franqueador().post(`/api/matriculas/efetivar/${pre!.id}`, { cursoId: cursos[0]!.id });
  expect(response.statusCode, response.body).toBe(201);
  const matricula = response.json<MatriculaItem>();
  expect(matricula.status).toBe('aguardando_aceite');
  return matricula;
}

/** Lucas's and Gabriela's matrículas, for the daily jobs. */
let paraDiarias: MatriculaItem[];

beforeAll(async () => {
  ctx = await createTestApp({ CANCELAMENTO_MULTA_MAX_PCT: String(CAP) });
  // 10/03/2031 12:00 in São Paulo, before any session is opened (the tests move it a day or two at most).
  setClock('2031-03-10T15:00:00Z');
  outra = await insertOtherNetwork(ctx.handle.db);
  alvo = await efetivar('Beatriz Fernandes');
  // R$ 1.234,57: 7% is R$ 86,4199, charged as R$ 86,41.
  await ctx.handle.db.update(contratos).set({ valorTotal: 1234.57 }).where(eq(contratos.matriculaId, alvo.id));
  paraDiarias = [await efetivar('Lucas Oliveira'), await efetivar('Gabriela Santos')];
});
afterAll(() => ctx.close());

/** Puts the target's contract in a state, as the family's acceptance (the public page) leaves it. */
async function estado(status: 'aguardando_aceite' | 'ativa', aceitoEm: string | null) {
  await ctx.handle.db
    .update(contratos)
    .set(aceiteEm(aceitoEm ? new Date(aceitoEm) : null))
    .where(eq(contratos.matriculaId, alvo.id));
  await ctx.handle.db
    .update(matriculas)
    .set({ status, motivoCancelamento: null, canceladaEm: null, multaCancelamento: null })
    .where(eq(matriculas.id, alvo.id));
}

const preview = async (caller = franqueador()) => caller.get(`/api/matriculas/${alvo.id}/cancelamento`);
const cancelar = async (body: unknown = { motivo: 'A família mudou de cidade.' }, caller = franqueador()) =>
  caller.post(`/api/matriculas/${alvo.id}/cancelar`, body);

describe('GET /api/matriculas/:id/cancelamento and POST /api/matriculas/:id/cancelar', () => {
  it('refuses a contract not accepted yet (409), and the preview says why', async () => {
    await estado('aguardando_aceite', null);
    const p = await preview();
    expect(p.statusCode).toBe(200);
    expect(p.json<CancelamentoPreview>()).toMatchObject({
      situacao: 'aguardando_aceite',
      podeCancelar: false,
      mensagem: CANCELAMENTO_MESSAGES.aguardandoAceite,
      aceitoEm: null,
      arrependimentoAte: null,
    });
    const response = await cancelar();
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(CANCELAMENTO_MESSAGES.aguardandoAceite);
  });

  it('leaves the matrícula to the family until 23:59 of the 7th day after acceptance, São Paulo time', async () => {
    // Accepted on 03/03/2031 at 22:30 in São Paulo (04/03 01:30 UTC): the term runs to 10/03 23:59:59.
    await estado('ativa', '2031-03-04T01:30:00Z');
    setClock('2031-03-11T02:59:00Z'); // 10/03 23:59 in São Paulo
    const p = (await preview()).json<CancelamentoPreview>();
    expect(p).toMatchObject({
      situacao: 'arrependimento',
      podeCancelar: false,
      arrependimentoAte: '2031-03-10',
      mensagem: CANCELAMENTO_MESSAGES.noArrependimento('2031-03-10'),
    });
    expect(p.mensagem).toContain('até 10/03/2031');
    const response = await cancelar();
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(CANCELAMENTO_MESSAGES.noArrependimento('2031-03-10'));
    const [row] = await ctx.handle.db.select().from(matriculas).where(eq(matriculas.id, alvo.id));
    expect(row!.status).toBe('ativa');
  });

  it('shows the fee from 00:00 of the 8th day: the cap’s % of the remaining value, rounded down', async () => {
    setClock('2031-03-11T03:00:00Z'); // 11/03 00:00 in São Paulo
    const response = await preview();
    expect(response.statusCode).toBe(200);
    expect(response.json<CancelamentoPreview>()).toEqual({
      matriculaId: alvo.id,
      situacao: 'cancelavel',
      podeCancelar: true,
      mensagem: CANCELAMENTO_MESSAGES.cancelavel(86.41, CAP, 1234.57),
      status: 'ativa',
      motivoCancelamento: null,
      contratoVersao: 1,
      aceitoEm: '2031-03-04T01:30:00.000Z',
      arrependimentoAte: '2031-03-10',
      valorTotal: 1234.57,
      parcelas: expect.any(Number),
      valorPago: 0,
      valorRestante: 1234.57,
      // The demo template says 10%; the network's cap is 7%.
      multaPct: CAP,
      multa: 86.41,
      canceladaEm: null,
    });
  });

  it('validates the reason with pt-BR messages and refuses fields the staff may not set', async () => {
    for (const [body, message] of [
      [{}, CANCELAMENTO_MESSAGES.motivo],
      [{ motivo: '   ' }, CANCELAMENTO_MESSAGES.motivo],
      [{ motivo: 42 }, CANCELAMENTO_MESSAGES.motivo],
      [{ motivo: 'x'.repeat(501) }, CANCELAMENTO_MESSAGES.motivoLongo],
    ] as const) {
      const response = await cancelar(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors).toEqual({ motivo: message });
    }
    const forjado = await cancelar({ motivo: 'Mudança', multa: 0, multaCancelamento: 0 });
    expect(forjado.statusCode).toBe(400);
    const [row] = await ctx.handle.db.select().from(matriculas).where(eq(matriculas.id, alvo.id));
    expect(row!.status).toBe('ativa');
  });

  it('answers 404 to another network and to a franquia of another branch, as a matrícula that exists nowhere', async () => {
    const franqueadorB = as(ctx.app, { email: outra.franqueadorEmail });
    const franquiaSp = as(ctx.app, 'franquia');
    for (const caller of [franqueadorB, franquiaSp]) {
      for (const call of [() => preview(caller), () => cancelar(undefined, caller)]) {
        const response = await call();
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: CANCELAMENTO_MESSAGES.matriculaNaoEncontrada });
      }
    }
    const unknown = await franqueador().get('/api/matriculas/00000000-0000-4000-8000-000000000000/cancelamento');
    expect(unknown.json()).toEqual({ message: CANCELAMENTO_MESSAGES.matriculaNaoEncontrada });
    // The vendedor efetiva but never sees a matrícula; the aluno reads its own: neither cancels.
    for (const role of ['vendedor', 'aluno'] as const) {
      expect((await cancelar(undefined, as(ctx.app, role))).statusCode, role).toBe(403);
    }
  });

  it('cancels with the fee and the date in one transaction, audited, and queues the family’s statement', async () => {
    const response = await cancelar({ motivo: '  A família mudou de cidade.  ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CancelamentoFeito>()).toEqual({
      message: CANCELAMENTO_MESSAGES.cancelada,
      matricula: {
        id: alvo.id,
        status: 'cancelada',
        motivoCancelamento: 'cancelamento',
        canceladaEm: expect.stringMatching(/^2031-03-11T03:00:0\d\.\d{3}Z$/),
        multaCancelamento: 86.41,
      },
    });
    // The lists show it.
    const cancelada = (await franqueador().get('/api/matriculas?status=cancelada&pageSize=500')).json<
      MatriculaItem[]
    >();
    expect(cancelada.find((m) => m.id === alvo.id)).toMatchObject({
      status: 'cancelada',
      motivoCancelamento: 'cancelamento',
    });

    const [audit] = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entidadeId, alvo.id), eq(auditLog.acao, 'matricula.cancelar')));
    const [franqueadorUser] = await queryRows<{ id: string }>(
      ctx.handle.db,
      sql`select id from users where email = ${DEMO_ACCOUNTS.franqueador}`,
    );
    expect(audit).toMatchObject({
      entidade: 'matricula',
      usuarioId: franqueadorUser!.id,
      papel: 'franqueador',
      alteracoes: {
        status: ['ativa', 'cancelada'],
        motivoCancelamento: [null, 'cancelamento'],
        multaCancelamento: [null, 86.41],
      },
      detalhes: expect.objectContaining({
        motivo: 'A família mudou de cidade.',
        contratoVersao: 1,
        valorRestante: 1234.57,
        multaPct: CAP,
        multaMaximaPct: CAP,
      }),
    });
    expect(audit!.franqueadorId).not.toBeNull();

    const emails = await ctx.handle.db
      .select({ payload: jobs.payload, resumo: jobs.resumo })
      .from(jobs)
      // The statement alone: Efetivar's own e-mail of the link is a job of the matrícula too (ADR 066).
      .where(
        and(
          eq(jobs.tipo, 'email'),
          eq(jobs.registroId, alvo.id),
          sql`${jobs.payload}->>'subject' = 'Extrato do cancelamento da matrícula'`,
        ),
      );
    expect(emails).toHaveLength(1);
    const mail = emails[0]!.payload as { to: string; subject: string; text: string };
    // formatBRL writes 'R$' and the value apart by a no-break space.
    mail.text = mail.text.replace(/\u00a0/g, ' ');
    expect(mail.to).toBe('bia.fernandes@email.com');
    expect(mail.subject).toBe('Extrato do cancelamento da matrícula');
    expect(mail.text).toContain('Olá, Eduardo Fernandes!');
    expect(mail.text).toContain('Motivo informado: A família mudou de cidade.');
    expect(mail.text).toMatch(
      /O que foi contratado: Contrato de matrícula - cursos livres \(versão 1\), aceito em 03\/03\/2031: R\$ 1\.234,57/,
    );
    expect(mail.text).toContain('O que foi cancelado: o valor ainda a pagar, R$ 1.234,57');
    expect(mail.text).toContain('Multa de cancelamento: R$ 86,41, 7% do valor ainda a pagar');
  });

  it('refuses a second cancellation (409), and the preview shows the fee charged', async () => {
    const again = await cancelar();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CANCELAMENTO_MESSAGES.jaCancelada);
    expect((await preview()).json<CancelamentoPreview>()).toMatchObject({
      situacao: 'cancelada',
      podeCancelar: false,
      multa: 86.41,
      canceladaEm: expect.stringMatching(/^2031-03-11T03:00:0/),
      mensagem: `Matrícula cancelada em 11/03/2031 (Cancelamento). Multa cobrada: ${formatBRL(86.41)}.`,
    });
    const audits = await ctx.handle.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.entidadeId, alvo.id), eq(auditLog.acao, 'matricula.cancelar')));
    expect(audits).toHaveLength(1);
  });

  it('answers a matrícula without a contract: 404 for the preview, 409 for the cancellation', async () => {
    const [semContrato] = await queryRows<{ id: string }>(
      ctx.handle.db,
      sql`select m.id from matriculas m where not exists (select 1 from contratos c where c.matricula_id = m.id)
        and m.status = 'ativa' order by m.efetivada_em limit 1`,
    );
    const p = await franqueador().get(`/api/matriculas/${semContrato!.id}/cancelamento`);
    expect(p.statusCode).toBe(404);
    expect(p.json().message).toBe(CONTRATO_MESSAGES.contratoNaoEncontrado);
    const c = await franqueador().post(`/api/matriculas/${semContrato!.id}/cancelar`, { motivo: 'Teste' });
    expect(c.statusCode).toBe(409);
    expect(c.json().message).toBe(CANCELAMENTO_MESSAGES.semContrato);
  });
});

describe('the daily reminder and expiry of contracts not accepted (fixed clock)', () => {
  /** Three matrículas waiting for acceptance, their links sent at the given instants. */
  let aguardando: { id: string; contratoId: string }[];
  const NOW = '2031-03-12T06:00:00Z'; // 12/03 03:00 in São Paulo: the daily hour

  const enviadoHa = (ms: number) => new Date(Date.parse(NOW) - ms);

  beforeAll(async () => {
    setClock(NOW);
    const feitas = paraDiarias;
    aguardando = [];
    for (const m of feitas) {
      const [c] = await ctx.handle.db
        .select({ id: contratos.id })
        .from(contratos)
        .where(eq(contratos.matriculaId, m.id));
      aguardando.push({ id: m.id, contratoId: c!.id });
    }
  });

  const sentAt = async (i: number, at: Date) =>
    ctx.handle.db
      .update(contratos)
      .set({ createdAt: at, ...linkEnviadoEm(at) })
      .where(eq(contratos.id, aguardando[i]!.contratoId));
  const lembretes = (matriculaId: string) =>
    ctx.handle.db
      .select({ payload: jobs.payload, chave: jobs.chave })
      .from(jobs)
      // The reminders alone: Efetivar's own e-mail of the link is a job of the matrícula too (ADR 066).
      .where(and(eq(jobs.tipo, 'email'), eq(jobs.registroId, matriculaId), like(jobs.chave, 'contrato_lembrete:%')));
  const statusOf = async (id: string) =>
    (await ctx.handle.db.select().from(matriculas).where(eq(matriculas.id, id)))[0]!;

  it('reminds a contract waiting 3 days, once, and not one waiting a minute less', async () => {
    await sentAt(0, enviadoHa(3 * DAY_MS)); // exactly 3 days
    await sentAt(1, enviadoHa(3 * DAY_MS - 60_000)); // a minute short
    const now = new Date(NOW);
    expect(await lembrarContratos(ctx.app, now)).toBe(1);
    const first = await lembretes(aguardando[0]!.id);
    expect(first).toHaveLength(1);
    expect(first[0]!.chave).toBe(`contrato_lembrete:${aguardando[0]!.contratoId}`);
    const mail = first[0]!.payload as { to: string; subject: string; text: string };
    expect(mail.subject).toBe('Lembrete: o contrato da matrícula aguarda o seu aceite');
    expect(mail.to).toBe('lucas.oliveira@email.com');
    expect(mail.text).toContain('Olá, Márcia Oliveira!');
    expect(mail.text).toContain('enviamos em 09/03/2031: ele vale até 08/04/2031');
    expect(await lembretes(aguardando[1]!.id)).toHaveLength(0);
    // The reminder carries a new link in place of Efetivar's (kept hashed, never readable again): the new one opens
    // the contract, the first one no longer does, and the days of the link stay as they were.
    const tokenDe = (text: string) => /\/contrato\/([A-Za-z0-9_-]{43})/.exec(text)![1]!;
    const doEfetivar = await ctx.handle.db
      .select({ payload: jobs.payload, chave: jobs.chave })
      .from(jobs)
      .where(and(eq(jobs.tipo, 'email'), eq(jobs.registroId, aguardando[0]!.id)));
    const primeiro = doEfetivar.find((j) => !j.chave?.startsWith('contrato_lembrete:'));
    const publico = (token: string) => ctx.app.inject({ method: 'GET', url: `/api/public/contratos/${token}` });
    expect((await publico(tokenDe(mail.text))).statusCode).toBe(200);
    expect((await publico(tokenDe((primeiro!.payload as { text: string }).text))).statusCode).toBe(404);
    const [link] = await ctx.handle.db
      .select({ expiraEm: contratos.tokenExpiraEm })
      .from(contratos)
      .where(eq(contratos.id, aguardando[0]!.contratoId));
    expect(link!.expiraEm!.toISOString()).toBe('2031-04-08T06:00:00.000Z');

    // The next day's run, and a run repeated the same day: nothing more for the first, the second's turn now.
    expect(await lembrarContratos(ctx.app, now)).toBe(0);
    const tomorrow = new Date(Date.parse(NOW) + DAY_MS);
    expect(await lembrarContratos(ctx.app, tomorrow)).toBe(1);
    expect(await lembrarContratos(ctx.app, tomorrow)).toBe(0);
    expect(await lembretes(aguardando[0]!.id)).toHaveLength(1);
    expect(await lembretes(aguardando[1]!.id)).toHaveLength(1);
    const audits = await ctx.handle.db
      .select({ entidadeId: auditLog.entidadeId, usuarioId: auditLog.usuarioId })
      .from(auditLog)
      .where(eq(auditLog.acao, 'matricula.contrato_lembrete'));
    expect(audits.map((a) => a.entidadeId).sort()).toEqual(aguardando.map((a) => a.id).sort());
    expect(audits.every((a) => a.usuarioId === null)).toBe(true);
  });

  it('cancels a matrícula as contrato_expirado at 30 days unaccepted, not a minute before, audited as the system', async () => {
    await sentAt(0, enviadoHa(30 * DAY_MS));
    await sentAt(1, enviadoHa(30 * DAY_MS - 60_000));
    const now = new Date(NOW);
    expect(await expirarContratosVencidos(ctx.app, now)).toBe(1);
    expect(await statusOf(aguardando[0]!.id)).toMatchObject({
      status: 'cancelada',
      motivoCancelamento: 'contrato_expirado',
      canceladaEm: now,
      multaCancelamento: null,
    });
    expect((await statusOf(aguardando[1]!.id)).status).toBe('aguardando_aceite');
    // A second run the same day changes nothing.
    expect(await expirarContratosVencidos(ctx.app, now)).toBe(0);
    const [audit] = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.acao, 'matricula.contrato_expirado'), eq(auditLog.entidadeId, aguardando[0]!.id)));
    expect(audit).toMatchObject({
      usuarioId: null,
      papel: null,
      alteracoes: { status: ['aguardando_aceite', 'cancelada'], motivoCancelamento: [null, 'contrato_expirado'] },
    });
    expect(audit!.franqueadorId).not.toBeNull();
    // An expired one is no longer reminded, nor is an accepted one.
    expect(await lembrarContratos(ctx.app, now)).toBe(0);
    // Its contract stays as it was, unaccepted: a new link may be sent from here.
    const [contrato] = await ctx.handle.db.select().from(contratos).where(eq(contratos.id, aguardando[0]!.contratoId));
    expect(contrato!.aceitoEm).toBeNull();
    expect((await franqueador().get(`/api/matriculas/${aguardando[0]!.id}/cancelamento`)).json()).toMatchObject({
      situacao: 'cancelada',
      mensagem: 'Matrícula cancelada em 12/03/2031 (Contrato expirado).',
    });
  });

  it('leaves an accepted contract alone, however old its link', async () => {
    await ctx.handle.db
      .update(contratos)
      .set({
        ...aceiteEm(enviadoHa(40 * DAY_MS)),
        createdAt: enviadoHa(45 * DAY_MS),
        ...linkEnviadoEm(enviadoHa(45 * DAY_MS)),
      })
      .where(eq(contratos.id, aguardando[1]!.contratoId));
    await ctx.handle.db.update(matriculas).set({ status: 'ativa' }).where(eq(matriculas.id, aguardando[1]!.id));
    expect(await expirarContratosVencidos(ctx.app, new Date(NOW))).toBe(0);
    expect((await statusOf(aguardando[1]!.id)).status).toBe('ativa');
  });

  it('does not remind a family that revoked its consent to be contacted', async () => {
    const i = 1;
    await ctx.handle.db.delete(jobs).where(eq(jobs.chave, `contrato_lembrete:${aguardando[i]!.contratoId}`));
    await ctx.handle.db
      .update(contratos)
      .set({ ...aceiteEm(null), createdAt: enviadoHa(4 * DAY_MS), ...linkEnviadoEm(enviadoHa(4 * DAY_MS)) })
      .where(eq(contratos.id, aguardando[i]!.contratoId));
    await ctx.handle.db
      .update(matriculas)
      .set({ status: 'aguardando_aceite', consentimentoRevogadoEm: enviadoHa(DAY_MS) })
      .where(eq(matriculas.id, aguardando[i]!.id));
    expect(await lembrarContratos(ctx.app, new Date(NOW))).toBe(0);
    // Consent given back (as it was): the reminder goes.
    await ctx.handle.db
      .update(matriculas)
      .set({ consentimentoRevogadoEm: null })
      .where(eq(matriculas.id, aguardando[i]!.id));
    expect(await lembrarContratos(ctx.app, new Date(NOW))).toBe(1);
  });

  it('registers both as daily jobs (ADR 065)', async () => {
    const worker = ctx.app.jobs as unknown as { diarias: Map<string, string> };
    expect([...worker.diarias.keys()]).toEqual(expect.arrayContaining(['contrato_lembrete', 'contrato_expiracao']));
  });
});
