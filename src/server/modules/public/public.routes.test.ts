import { randomInt, randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCpf } from '../../../shared/brazil-ids';
import { FIELD_MESSAGES } from '../../../shared/schemas/fields';
import { PUBLIC_MESSAGES } from '../../../shared/schemas/public';
import { executeRows } from '../../db/connect';
import { eventos, leads, preMatriculaConflitos, preMatriculas } from '../../db/schema';
import type { PreMatriculaItem } from '../../../shared/schemas/funnel';
import { MESSAGES } from '../../lib/http-error';
import { createTestApp, readOutbox, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { type InscricaoNova, insertLeadsIfOpen } from '../inscricao-publica';
import { MAX_CONFLITOS_POR_ATIVACAO } from './ativacao.repository';
import { unique } from '../../../../tests/support/unique';

let ctx: TestContext;
let campinas: typeof eventos.$inferSelect;
let campinasPassado: typeof eventos.$inferSelect;

beforeAll(async () => {
  ctx = await createTestApp();
  const rows = await ctx.handle.db.select().from(eventos).where(eq(eventos.cidade, 'Campinas'));
  campinas = rows.find((e) => e.status === 'agendado')!;
  campinasPassado = rows.find((e) => e.status === 'concluido')!;
});
afterAll(() => ctx.close());

// Each call comes from its own address unless a test names one, so the rate limit only bites where tested.
let nextAddress = 1;
const address = () => `10.5.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;
const post = (url: string, payload: unknown, remoteAddress = address()) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
const get = (url: string) => ctx.app.inject({ url, remoteAddress: address() });

const cpf = () => makeCpf(String(randomInt(100_000_000, 999_999_999)));
const maskedCpf = (digits: string) =>
  `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;

function leadBody(overrides: Record<string, unknown> = {}) {
  const id = unique();
  return {
    eventoId: campinas.id,
    nomeAluno: `Aluno ${id}`,
    nomeResponsavel: `Responsável ${id}`,
    email: `aluno.${id}@email.com`,
    telefone: '(19) 98765-4321',
    consentimento: true,
    ...overrides,
  };
}

function activationBody(overrides: Record<string, unknown> = {}) {
  return { ...leadBody(), cpfAluno: maskedCpf(cpf()), cpfResponsavel: cpf(), ...overrides };
}

/** Sets the server's clock to an instant (the MutableClock only moves by offsets). */
function setNow(instant: Date) {
  ctx.clock.advance(instant.getTime() - ctx.clock.now().getTime());
}
function resetClock() {
  setNow(new Date());
}

async function addEvento(overrides: Partial<typeof eventos.$inferInsert>) {
  const [row] = await ctx.handle.db
    .insert(eventos)
    .values({
      clienteId: campinas.clienteId,
      microFranquiaId: campinas.microFranquiaId,
      nomeEscola: `Escola ${unique()}`,
      tipoEscola: 'publica',
      cidade: 'Campinas',
      estado: 'SP',
      dataDistribuicao: campinas.dataDistribuicao,
      dataEvento: campinas.dataEvento,
      horario: '08:00',
      local: 'escola',
      qtdAlunos: 10,
      ...overrides,
    })
    .returning();
  return row!;
}

const countLeads = async (eventoId: string) =>
  (
    await ctx.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(leads)
      .where(eq(leads.eventoId, eventoId))
  )[0]!.n;

/** An e-mail as its reader sees it (quoted-printable undone). */
const decodeQuotedPrintable = (eml: string) =>
  Buffer.from(
    eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

const conflitosOf = (preMatriculaId: string) =>
  ctx.handle.db
    .select({ id: preMatriculaConflitos.id })
    .from(preMatriculaConflitos)
    .where(eq(preMatriculaConflitos.preMatriculaId, preMatriculaId));

describe('GET /api/public/cidades', () => {
  it('lists, without a session, the distinct cities of open events in pt-BR order', async () => {
    const response = await get('/api/public/cidades');
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.json()).toEqual(['Campinas', 'Contagem', 'Valinhos']);
  });

  it('leaves out cities whose events are inactive, cancelled, concluded or past, and sorts accents properly', async () => {
    await addEvento({ cidade: 'Zé Doca', isActive: false });
    await addEvento({ cidade: 'Zé Doca 2', status: 'cancelado' });
    await addEvento({ cidade: 'Zé Doca 3', status: 'em_andamento' });
    await addEvento({ cidade: 'Zé Doca 4', dataEvento: '2000-01-01' });
    const accented = await addEvento({ cidade: 'Águas de Lindóia' });
    // Written straight to the database, as another instance would: the cache hears it at commit, asynchronously.
    await expect
      .poll(async () => (await get('/api/public/cidades')).json(), { timeout: 2_000 })
      .toEqual(['Águas de Lindóia', 'Campinas', 'Contagem', 'Valinhos']);
    await ctx.handle.db.update(eventos).set({ isActive: false }).where(eq(eventos.id, accented.id));
  });

  it("keeps an event open through its whole day in São Paulo, even after UTC's midnight", async () => {
    const cidade = `Fuso ${unique()}`;
    await addEvento({ cidade, dataEvento: '2030-03-09' });
    try {
      setNow(new Date('2030-03-10T02:30:00Z')); // 23:30 of the 9th in São Paulo
      expect((await get('/api/public/cidades')).json()).toContain(cidade);
      setNow(new Date('2030-03-10T03:00:00Z')); // midnight of the 10th in São Paulo
      expect((await get('/api/public/cidades')).json()).not.toContain(cidade);
    } finally {
      resetClock();
    }
  });
});

describe('GET /api/public/eventos', () => {
  it("answers a city's open events with their public fields and courses", async () => {
    const response = await get('/api/public/eventos?cidade=Campinas');
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    const body = response.json();
    expect(body).toEqual([
      {
        id: campinas.id,
        nomeEscola: 'Colégio Horizonte',
        dataEvento: campinas.dataEvento,
        horario: '19:00',
        cidade: 'Campinas',
        estado: 'SP',
        valorTotalDesconto: 1500,
        cursos: expect.any(Array),
        // Issue 20: no seat limit, no deadline.
        vagas: null,
        inscricoesAbertas: true,
      },
    ]);
    expect(body[0].cursos.map((c: { titulo: string }) => c.titulo).sort()).toEqual(
      ['Inglês Intensivo', 'Técnico em Administração'].sort(),
    );
    expect(Object.keys(body[0].cursos[0]).sort()).toEqual(['id', 'titulo']);
    expect(body.map((e: { id: string }) => e.id)).not.toContain(campinasPassado.id);
  });

  it('sends a browser the same answer gzipped, with and without seats (ADR 172)', async () => {
    const cidade = `Gzip ${unique()}`;
    for (let i = 0; i < 6; i++) await addEvento({ cidade, vagas: i % 2 ? 30 : null });
    const url = `/api/public/eventos?cidade=${encodeURIComponent(cidade)}`;
    const plain = await get(url);
    const zipped = await ctx.app.inject({ url, remoteAddress: address(), headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(plain.json()).toHaveLength(6);
    expect(plain.json().filter((e: { vagasRestantes?: number }) => e.vagasRestantes === 30)).toHaveLength(3);
  });

  it('answers 0 as the credit of an event without one', async () => {
    const cidade = `Sem Desconto ${unique()}`;
    const evento = await addEvento({ cidade, valorTotalDesconto: null });
    const body = (await get(`/api/public/eventos?cidade=${encodeURIComponent(cidade)}`)).json();
    expect(body).toEqual([expect.objectContaining({ id: evento.id, valorTotalDesconto: 0, cursos: [] })]);
  });

  it('answers an empty list for a city without open events and 400 without a city', async () => {
    expect((await get('/api/public/eventos?cidade=Santos')).json()).toEqual([]);
    const missing = await get('/api/public/eventos');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: PUBLIC_MESSAGES.cidade, errors: { cidade: PUBLIC_MESSAGES.cidade } });
  });
});

/** The batched sign-ups' events (ADR 044), in a city of their own: the lists of Campinas stay as the tests read them. */
const LOTE_CIDADE = 'Hortolândia';

describe('POST /api/leads', () => {
  it("creates the lead (201), records the consent and shows it in the event's cliente's data", async () => {
    const metrics = async () => (await as(ctx.app, 'cliente').get('/api/dashboard/metrics')).json().totalLeads;
    const before = await metrics();
    const body = leadBody({ email: 'Mixed.Case@Email.COM' });
    const response = await post('/api/leads', body);
    expect(response.statusCode).toBe(201);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.json()).toEqual({
      id: expect.any(String),
      eventoId: campinas.id,
      nomeAluno: body.nomeAluno,
      email: 'mixed.case@email.com',
      createdAt: expect.any(String),
      // Issue 20: whether the sign-up took a seat or waits for one.
      listaEspera: false,
    });
    const [stored] = await ctx.handle.db.select().from(leads).where(eq(leads.id, response.json().id));
    expect(stored).toMatchObject({
      nomeAluno: body.nomeAluno,
      nomeResponsavel: body.nomeResponsavel,
      email: 'mixed.case@email.com',
      telefone: '19987654321',
    });
    expect(Math.abs(stored!.consentidoEm.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await metrics()).toBe(before + 1);
  });

  it('answers sign-ups that arrive together each whole, and a student sent twice at once as one lead (ADR 044)', async () => {
    const evento = await addEvento({ cidade: LOTE_CIDADE });
    const bodies = Array.from({ length: 30 }, () => leadBody({ eventoId: evento.id }));
    // Five students sent twice at the same moment, the second time in other letter case.
    const twice = bodies
      .slice(0, 5)
      .map((body) => ({ ...body, email: body.email.toUpperCase(), nomeAluno: body.nomeAluno.toLowerCase() }));
    const responses = await Promise.all([...bodies, ...twice].map((body) => post('/api/leads', body)));
    expect(responses.map((r) => r.statusCode)).toEqual(responses.map(() => 201));
    const ids = responses.map((r) => r.json<{ id: string }>().id);
    // Each student is one lead; the twice-sent answer with that lead.
    expect(new Set(ids).size).toBe(30);
    twice.forEach((_, i) => expect(ids[30 + i]).toBe(ids[i]));
    const rows = await executeRows<{ id: string; criado: string; vouchers: number; consents: number; mails: number }>(
      ctx.handle.db,
      sql`select l.id, to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as criado,
          (select count(*)::int from lead_vouchers v where v.lead_id = l.id) as vouchers,
          (select count(*)::int from consentimentos c where c.lead_id = l.id) as consents,
          (select count(*)::int from jobs j where j.tipo = 'email' and j.payload->>'to' = l.email) as mails
        from leads l where l.evento_id = ${evento.id}::uuid`,
    );
    expect(rows).toHaveLength(30);
    const twiceIds = new Set(ids.slice(0, 5));
    for (const row of rows) {
      // One voucher and its e-mail per student; a consent per form sent, the repeat's kept too (issue 18).
      expect(row).toMatchObject({ vouchers: 1, mails: 1, consents: twiceIds.has(row.id) ? 2 : 1 });
    }
    // The sign-up that wrote the row answers its time; a repeat, the time of its own request (TRUST.md).
    for (const row of rows) {
      const times = responses.filter((r) => r.json().id === row.id).map((r) => r.json().createdAt);
      expect(times).toContain(row.criado);
    }
  });

  it('writes several sign-ups in one statement, each with its own writes, and keeps out what must stay out', async () => {
    const evento = await addEvento({ cidade: LOTE_CIDADE });
    const encerrado = await addEvento({ cidade: LOTE_CIDADE, inscricoesAte: new Date(Date.now() - 60_000) });
    const now = new Date();
    const today = new Date().toISOString().slice(0, 10);
    const consent = { avisoVersao: 'v1', texto: 'Li e aceito.', em: now, ip: null, userAgent: null };
    const inscricao = (eventoId: string, body = leadBody({ eventoId })): InscricaoNova => ({
      id: randomUUID(),
      today: campinas.dataEvento < today ? campinas.dataEvento : today,
      lead: { ...body, telefone: '19987654321', email: body.email.toLowerCase(), consentidoEm: now },
      consent,
      agora: now,
      admissao: 'semVagas',
      voucher: { token: '', tokenHash: `hash-${unique()}`, expiraEm: now },
    });
    const first = inscricao(evento.id);
    const same = { ...inscricao(evento.id), lead: { ...first.lead, nomeResponsavel: 'Outra Pessoa' } };
    const batch = [first, inscricao(evento.id), inscricao(encerrado.id), same, inscricao(evento.id)];
    const written = await insertLeadsIfOpen(ctx.handle.db, batch);
    // The closed event's and the repeated student's rows stay out; the others are written, in order.
    expect(written.map((row) => row?.id)).toEqual([batch[0]!.id, batch[1]!.id, undefined, undefined, batch[4]!.id]);
    const [counted] = await executeRows<{ n: number }>(
      ctx.handle.db,
      sql`select count(*)::int as n from leads l
        where l.id in (${sql.join(
          [0, 1, 4].map((i) => sql`${batch[i]!.id}::uuid`),
          sql`, `,
        )})
          and (select count(*) from lead_vouchers v where v.lead_id = l.id) = 1
          and (select count(*) from consentimentos c where c.lead_id = l.id) = 1`,
    );
    expect(counted!.n).toBe(3);
    expect(await countLeads(encerrado.id)).toBe(0);
  });

  it('never gives a batch more seats than are left, and leaves out whom it cannot be sure of', async () => {
    const duas = await addEvento({ cidade: LOTE_CIDADE, vagas: 2 });
    const uma = await addEvento({ cidade: LOTE_CIDADE, vagas: 1 });
    const now = new Date();
    const today = new Date().toISOString().slice(0, 10);
    const consent = { avisoVersao: 'v1', texto: 'Li e aceito.', em: now, ip: null, userAgent: null };
    const inscricao = (eventoId: string): InscricaoNova => {
      const body = leadBody({ eventoId });
      return {
        id: randomUUID(),
        today: campinas.dataEvento < today ? campinas.dataEvento : today,
        lead: { ...body, telefone: '19987654321', email: body.email.toLowerCase(), consentidoEm: now },
        consent,
        agora: now,
        admissao: 'lugar',
      };
    };
    const batch = [duas, uma, duas, duas, uma, duas].map((evento) => inscricao(evento.id));
    const written = await insertLeadsIfOpen(ctx.handle.db, batch);
    // The first two of `duas` and the first of `uma`, in the order they came.
    expect(written.map((row) => Boolean(row))).toEqual([true, true, true, false, false, false]);
    expect(await countLeads(duas.id)).toBe(2);
    expect(await countLeads(uma.id)).toBe(1);
    // One seat left, asked for by a repeat and then by a new student: the new one is left for the caller to
    // seat alone, as the statement counted the repeat as seated.
    const tres = await addEvento({ cidade: LOTE_CIDADE, vagas: 3 });
    const [primeira, segunda] = [inscricao(tres.id), inscricao(tres.id)];
    await insertLeadsIfOpen(ctx.handle.db, [primeira!, segunda!]);
    const repeat = { ...inscricao(tres.id), lead: primeira!.lead };
    const nova = inscricao(tres.id);
    expect((await insertLeadsIfOpen(ctx.handle.db, [repeat, nova])).map(Boolean)).toEqual([false, false]);
    expect((await insertLeadsIfOpen(ctx.handle.db, [nova])).map(Boolean)).toEqual([true]);
    expect(await countLeads(tres.id)).toBe(3);
  });

  it('answers a repeat (same event, e-mail and student, any case) with the same lead and no second row', async () => {
    const body = leadBody();
    const first = await post('/api/leads', body);
    const before = await countLeads(campinas.id);
    const again = await post('/api/leads', {
      ...body,
      email: body.email.toUpperCase(),
      nomeAluno: body.nomeAluno.toLowerCase(),
      nomeResponsavel: 'Outra Pessoa',
      telefone: '11912345678',
    });
    expect(first.statusCode).toBe(201);
    // A repeat answers like a first sign-up (issue "Trust, second round": was 200 with the stored record).
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    // The visitor's own spelling, not the stored one.
    expect(again.json()).toMatchObject({ nomeAluno: body.nomeAluno.toLowerCase(), email: body.email.toLowerCase() });
    expect(await countLeads(campinas.id)).toBe(before);
    // The repeat reveals nothing the visitor did not send (no stored guardian or phone).
    // Issue 20 adds listaEspera: whether this student holds a seat or waits (ADR 025).
    expect(Object.keys(again.json()).sort()).toEqual([
      'createdAt',
      'email',
      'eventoId',
      'id',
      'listaEspera',
      'nomeAluno',
    ]);
    // A sibling with the same e-mail is a different student.
    const sibling = await post('/api/leads', { ...body, nomeAluno: `${body.nomeAluno} Irmão` });
    expect(sibling.statusCode).toBe(201);
  });

  it('keeps one row when the same sign-up arrives several times at once (double tap)', async () => {
    const body = leadBody();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post('/api/leads', body)));
    // Every answer is a 201, as a first sign-up's (issue "Trust, second round": was one 201 and four 200).
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
  });

  it("validates every field with SPEC's messages", async () => {
    const response = await post('/api/leads', {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: PUBLIC_MESSAGES.eventoId,
      errors: {
        eventoId: PUBLIC_MESSAGES.eventoId,
        nomeAluno: PUBLIC_MESSAGES.nomeAluno,
        nomeResponsavel: PUBLIC_MESSAGES.nomeResponsavel,
        email: PUBLIC_MESSAGES.emailVazio,
        telefone: PUBLIC_MESSAGES.telefone,
        consentimento: PUBLIC_MESSAGES.consentimento,
      },
    });
    const bad = await post('/api/leads', leadBody({ email: 'não-é-email', telefone: '123', nomeAluno: ' ' }));
    expect(bad.json().errors).toEqual({
      nomeAluno: PUBLIC_MESSAGES.nomeAluno,
      email: PUBLIC_MESSAGES.emailInvalido,
      telefone: PUBLIC_MESSAGES.telefone,
    });
  });

  it('requires the consent to the use of the data', async () => {
    for (const consentimento of [false, undefined, 'true', 1]) {
      const response = await post('/api/leads', leadBody({ consentimento }));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ consentimento: PUBLIC_MESSAGES.consentimento });
    }
  });

  it('refuses an unknown, concluded, past, cancelled or inactive event with a clear message', async () => {
    const past = await addEvento({ dataEvento: '2000-01-01' });
    const cancelled = await addEvento({ status: 'cancelado' });
    const inactive = await addEvento({ isActive: false });
    const ids = [crypto.randomUUID(), campinasPassado.id, past.id, cancelled.id, inactive.id];
    for (const eventoId of ids) {
      const before = await countLeads(eventoId);
      const response = await post('/api/leads', leadBody({ eventoId }));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: PUBLIC_MESSAGES.eventoIndisponivel });
      expect(await countLeads(eventoId)).toBe(before);
    }
  });

  it('ignores fields a visitor may not set and stores hostile text as plain text', async () => {
    const body = leadBody({
      id: '00000000-0000-0000-0000-000000000001',
      createdAt: '2000-01-01T00:00:00Z',
      consentidoEm: '2000-01-01T00:00:00Z',
      nomeAluno: `Robert'); drop table leads;-- <script>alert(1)</script> ${unique()}`,
    });
    const response = await post('/api/leads', body);
    expect(response.statusCode).toBe(201);
    const [stored] = await ctx.handle.db.select().from(leads).where(eq(leads.id, response.json().id));
    expect(stored!.id).not.toBe('00000000-0000-0000-0000-000000000001');
    expect(stored!.nomeAluno).toBe(body.nomeAluno);
    expect(stored!.createdAt.getFullYear()).toBeGreaterThan(2000);
    expect(stored!.consentidoEm.getFullYear()).toBeGreaterThan(2000);
  });

  it('answers 400, never 5xx, for malformed bodies', async () => {
    const cases = [
      { payload: '[]', type: 'application/json' },
      { payload: '"texto"', type: 'application/json' },
      { payload: '{"eventoId":', type: 'application/json' },
      { payload: JSON.stringify(leadBody({ nomeAluno: 'x'.repeat(10_000) })), type: 'application/json' },
      { payload: JSON.stringify(leadBody({ eventoId: { $ne: null } })), type: 'application/json' },
      { payload: JSON.stringify(leadBody({ telefone: 19987654321 })), type: 'application/json' },
      { payload: `{"__proto__":{"admin":true},"eventoId":"${crypto.randomUUID()}"}`, type: 'application/json' },
    ];
    for (const { payload, type } of cases) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/leads',
        payload,
        headers: { 'content-type': type },
        remoteAddress: address(),
      });
      expect(response.statusCode, payload.slice(0, 40)).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
    const form = await ctx.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: 'nomeAluno=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: address(),
    });
    expect(form.statusCode).toBe(415);
  });
});

describe('POST /api/pre-matriculas', () => {
  it('activates the credit (201) and answers what the declaration shows', async () => {
    const body = activationBody({ email: 'Ativa.Cao@Email.com' });
    const response = await post('/api/pre-matriculas', { ...body, nome: 'Outro Nome' });
    expect(response.statusCode).toBe(201);
    expect(response.headers['set-cookie']).toBeUndefined();
    const cpfAluno = body.cpfAluno.replace(/\D/g, '');
    expect(response.json()).toEqual({
      id: expect.any(String),
      eventoId: campinas.id,
      nomeAluno: body.nomeAluno,
      cpfAluno,
      nomeResponsavel: body.nomeResponsavel,
      cpfResponsavel: body.cpfResponsavel,
      nomeEscola: 'Colégio Horizonte',
      dataEvento: campinas.dataEvento,
      cidade: 'Campinas',
      estado: 'SP',
      valorTotalDesconto: 1500,
      createdAt: expect.any(String),
    });
    const [stored] = await ctx.handle.db.select().from(preMatriculas).where(eq(preMatriculas.id, response.json().id));
    expect(stored).toMatchObject({
      nome: body.nomeAluno,
      nomeAluno: body.nomeAluno,
      cpfAluno,
      nomeResponsavel: body.nomeResponsavel,
      cpfResponsavel: body.cpfResponsavel,
      email: 'ativa.cao@email.com',
      telefone: '19987654321',
      status: 'pendente',
      leadId: null,
    });
    expect(Math.abs(stored!.consentidoEm!.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("records the 'Curso de interesse' chosen among the event's courses (issue 23), and refuses another", async () => {
    const [offered] = (await get('/api/public/eventos?cidade=Campinas')).json()[0].cursos as {
      id: string;
      titulo: string;
    }[];
    const chosen = await post('/api/pre-matriculas', activationBody({ cursoId: offered!.id }));
    expect(chosen.statusCode).toBe(201);
    const [stored] = await ctx.handle.db.select().from(preMatriculas).where(eq(preMatriculas.id, chosen.json().id));
    expect(stored!.cursoInteresse).toBe(offered!.titulo);

    const none = await post('/api/pre-matriculas', activationBody({ cursoId: '' }));
    expect(none.statusCode).toBe(201);
    const [noCourse] = await ctx.handle.db.select().from(preMatriculas).where(eq(preMatriculas.id, none.json().id));
    expect(noCourse!.cursoInteresse).toBeNull();

    for (const cursoId of [crypto.randomUUID(), 'abc']) {
      const refused = await post('/api/pre-matriculas', activationBody({ cursoId }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        message: PUBLIC_MESSAGES.cursoId,
        errors: { cursoId: PUBLIC_MESSAGES.cursoId },
      });
    }
  });

  it('links the lead of the same event and e-mail', async () => {
    const lead = leadBody();
    const leadId = (await post('/api/leads', lead)).json().id;
    await post('/api/leads', { ...lead, nomeAluno: `${lead.nomeAluno} Irmã` });
    const response = await post(
      '/api/pre-matriculas',
      activationBody({ email: lead.email, nomeAluno: lead.nomeAluno }),
    );
    expect(response.statusCode).toBe(201);
    const [stored] = await ctx.handle.db
      .select({ leadId: preMatriculas.leadId })
      .from(preMatriculas)
      .where(eq(preMatriculas.id, response.json().id));
    expect(stored!.leadId).toBe(leadId);
  });

  it('answers a repeat with corrected names as a first, never the names on record, and mails the declaration on record (issue 23)', async () => {
    const body = activationBody();
    const first = await post('/api/pre-matriculas', body);
    // The sign-ups' confirmations (issue 20) of earlier tests are sent first.
    await ctx.app.background.drain();
    const outboxBefore = readOutbox(ctx.dataDir).length;
    const again = await post('/api/pre-matriculas', { ...body, nomeAluno: 'Nome Diferente' });
    expect(first.statusCode).toBe(201);
    // ADR 030 answered a repeat 202 'received', which told a first from a repeat (issue 39, item 6); ADR 049: the
    // same answer as a first, built from what the visitor typed, never the names on record.
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ ...first.json(), nomeAluno: 'Nome Diferente', createdAt: again.json().createdAt });
    const rows = await ctx.handle.db
      .select({ id: preMatriculas.id, nomeAluno: preMatriculas.nomeAluno })
      .from(preMatriculas)
      .where(and(eq(preMatriculas.eventoId, campinas.id), eq(preMatriculas.cpfAluno, first.json().cpfAluno)));
    expect(rows).toEqual([{ id: first.json().id, nomeAluno: body.nomeAluno }]);
    // The same guardian and e-mail: no conflict; the declaration on record goes to the e-mail on record, once in
    // ten minutes, with the way to correct the data.
    expect(await conflitosOf(first.json().id)).toEqual([]);
    await post('/api/pre-matriculas', { ...body, nomeAluno: 'Outro Nome' });
    await ctx.app.background.drain();
    const sent = readOutbox(ctx.dataDir).slice(outboxBefore);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(`To: ${body.email}`);
    const text = decodeQuotedPrintable(sent[0]!);
    expect(text).toContain(body.nomeAluno);
    expect(text).not.toContain('Nome Diferente');
    expect(text).toContain('/meus-dados');
    expect(text).toContain(`/declaracao/${first.json().id.slice(0, 8).toUpperCase()}`);
    expect(text).toContain(`***.***.*${body.cpfAluno.replace(/\D/g, '').slice(7, 9)}-`);
    expect(text).not.toContain(body.cpfAluno.replace(/\D/g, ''));
    ctx.clock.advance(11 * 60_000);
    await post('/api/pre-matriculas', body);
    await ctx.app.background.drain();
    resetClock();
    expect(readOutbox(ctx.dataDir).slice(outboxBefore)).toHaveLength(2);
  });

  it('keeps one row when the same activation arrives several times at once (double tap)', async () => {
    const body = activationBody();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post('/api/pre-matriculas', body)));
    // One activation; the others are repeats, answered alike (ADR 049; ADR 030 answered them 202 'received').
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(answers.map((a) => a.json().id));
    expect(ids.size).toBe(1);
    const [first] = await ctx.handle.db
      .select({ id: preMatriculas.id })
      .from(preMatriculas)
      .where(
        and(eq(preMatriculas.eventoId, body.eventoId), eq(preMatriculas.cpfAluno, body.cpfAluno.replace(/\D/g, ''))),
      );
    expect(ids).toEqual(new Set([first!.id]));
    expect(await conflitosOf(first!.id)).toEqual([]);
  });

  it("validates with SPEC's messages and verifies the CPF check digits", async () => {
    const empty = await post('/api/pre-matriculas', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      eventoId: PUBLIC_MESSAGES.eventoId,
      nomeAluno: PUBLIC_MESSAGES.nomeAluno,
      cpfAluno: PUBLIC_MESSAGES.cpfAluno,
      nomeResponsavel: PUBLIC_MESSAGES.nomeResponsavel,
      cpfResponsavel: PUBLIC_MESSAGES.cpfResponsavel,
      email: PUBLIC_MESSAGES.emailVazio,
      telefone: PUBLIC_MESSAGES.telefone,
      consentimento: PUBLIC_MESSAGES.consentimento,
    });
    const short = await post('/api/pre-matriculas', activationBody({ cpfAluno: '123.456', cpfResponsavel: '' }));
    expect(short.json().errors).toEqual({
      cpfAluno: PUBLIC_MESSAGES.cpfAluno,
      cpfResponsavel: PUBLIC_MESSAGES.cpfResponsavel,
    });
    const valid = cpf();
    const mistyped = `${valid.slice(0, 10)}${(Number(valid[10]) + 1) % 10}`;
    const invalid = await post(
      '/api/pre-matriculas',
      activationBody({ cpfAluno: mistyped, cpfResponsavel: '000.000.000-00' }),
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      message: FIELD_MESSAGES.cpfInvalid,
      errors: { cpfAluno: FIELD_MESSAGES.cpfInvalid, cpfResponsavel: FIELD_MESSAGES.cpfInvalid },
    });
  });

  it('refuses a cancelled, inactive, too old or unknown event', async () => {
    const cancelado = await addEvento({ status: 'cancelado' });
    const inativo = await addEvento({ isActive: false });
    const antigo = await addEvento({ dataEvento: '2000-01-01', status: 'concluido' });
    for (const eventoId of [cancelado.id, inativo.id, antigo.id, crypto.randomUUID()]) {
      const response = await post('/api/pre-matriculas', activationBody({ eventoId }));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: PUBLIC_MESSAGES.eventoIndisponivel });
    }
  });

  it('ignores status, lead, course and timestamps sent by a visitor', async () => {
    const [someLead] = await ctx.handle.db.select({ id: leads.id }).from(leads).limit(1);
    const body = activationBody({
      status: 'efetivada',
      leadId: someLead!.id,
      cursoInteresse: 'Medicina',
      consentidoEm: '2000-01-01T00:00:00Z',
      id: '00000000-0000-0000-0000-000000000002',
    });
    const response = await post('/api/pre-matriculas', body);
    expect(response.statusCode).toBe(201);
    const [stored] = await ctx.handle.db.select().from(preMatriculas).where(eq(preMatriculas.id, response.json().id));
    expect(stored).toMatchObject({ status: 'pendente', leadId: null, cursoInteresse: null });
    expect(stored!.id).not.toBe('00000000-0000-0000-0000-000000000002');
    expect(stored!.consentidoEm!.getFullYear()).toBeGreaterThan(2000);
  });
});

/**
 * Issue "Trust, second round", finding 6 (ADR 020): whoever knows a student's CPF activated first with another
 * guardian's CPF, the family then got 409, the 409 told an anonymous visitor that the student had activated at
 * the event, and both CPFs brought the stored names back.
 */
describe('activation after the event (ATIVACAO_JANELA_DIAS, issue 23)', () => {
  // A 90-day window: on 2030-06-10 in São Paulo it reaches back to 2030-03-12.
  const cidade = `Janela ${unique()}`;
  let naBorda: typeof eventos.$inferSelect;
  let foraDaJanela: typeof eventos.$inferSelect;
  let cancelado: typeof eventos.$inferSelect;
  let futuro: typeof eventos.$inferSelect;

  beforeAll(async () => {
    naBorda = await addEvento({ cidade, dataEvento: '2030-03-12', status: 'concluido' });
    foraDaJanela = await addEvento({ cidade, dataEvento: '2030-03-11', status: 'concluido' });
    cancelado = await addEvento({ cidade, dataEvento: '2030-06-01', status: 'cancelado' });
    futuro = await addEvento({ cidade, dataEvento: '2030-07-01' });
  });

  const listed = async (para?: string) => {
    const query = new URLSearchParams({ cidade, ...(para ? { para } : {}) });
    const response = await get(`/api/public/eventos?${query}`);
    expect(response.statusCode).toBe(200);
    return (response.json() as { id: string }[]).map((e) => e.id);
  };
  const activate = (eventoId: string) => post('/api/pre-matriculas', activationBody({ eventoId }));

  it('offers the last 90 days and the upcoming events, never a cancelled one, through the last SP minute', async () => {
    try {
      setNow(new Date('2030-06-11T02:59:00Z')); // 23:59 of June 10th in São Paulo, already the 11th in UTC
      expect(await listed('ativacao')).toEqual([futuro.id, naBorda.id]);
      expect((await get('/api/public/cidades?para=ativacao')).json()).toContain(cidade);
      setNow(new Date('2030-06-11T03:00:00Z')); // midnight of June 11th in São Paulo: March 12th is 91 days old
      expect(await listed('ativacao')).toEqual([futuro.id]);
      expect(await listed('ativacao')).not.toContain(foraDaJanela.id);
      expect(await listed('ativacao')).not.toContain(cancelado.id);
    } finally {
      resetClock();
    }
  });

  it("keeps today's rule for the sign-up, with or without para=inscricao", async () => {
    try {
      setNow(new Date('2030-06-10T15:00:00Z'));
      expect(await listed()).toEqual([futuro.id]);
      expect(await listed('inscricao')).toEqual([futuro.id]);
      expect((await get('/api/public/cidades')).json()).toContain(cidade);
      const past = await post('/api/leads', leadBody({ eventoId: naBorda.id }));
      expect(past.statusCode).toBe(404);
      expect(past.json()).toEqual({ message: PUBLIC_MESSAGES.eventoIndisponivel });
    } finally {
      resetClock();
    }
  });

  it('enforces the same window on POST /api/pre-matriculas', async () => {
    try {
      setNow(new Date('2030-06-11T02:59:00Z'));
      const onTheEdge = await activate(naBorda.id);
      expect(onTheEdge.statusCode).toBe(201);
      expect(onTheEdge.json()).toMatchObject({ eventoId: naBorda.id, dataEvento: '2030-03-12' });
      for (const closed of [foraDaJanela, cancelado]) {
        const refused = await activate(closed.id);
        expect(refused.statusCode).toBe(404);
        expect(refused.json()).toEqual({ message: PUBLIC_MESSAGES.eventoIndisponivel });
      }
      setNow(new Date('2030-06-11T03:00:00Z'));
      const late = await activate(naBorda.id);
      expect(late.statusCode).toBe(404);
      expect((await activate(futuro.id)).statusCode).toBe(201);
    } finally {
      resetClock();
    }
  });

  it('answers 400 with a pt-BR message for an unknown rule', async () => {
    const response = await get(`/api/public/eventos?cidade=Campinas&para=todos`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: PUBLIC_MESSAGES.para, errors: { para: PUBLIC_MESSAGES.para } });
  });

  it("activates at a concluded event of last month, which the sign-up's list no longer offers", async () => {
    expect(await (async () => (await get('/api/public/eventos?cidade=Campinas')).json())()).not.toContainEqual(
      expect.objectContaining({ id: campinasPassado.id }),
    );
    const ativacao = (await get('/api/public/eventos?cidade=Campinas&para=ativacao')).json() as { id: string }[];
    expect(ativacao.map((e) => e.id)).toContain(campinasPassado.id);
    expect((await activate(campinasPassado.id)).statusCode).toBe(201);
  });
});

describe('POST /api/pre-matriculas: CPF squatting', () => {
  const family = () => activationBody({ email: `familia.${unique()}@email.com` });
  const squatterOf = (target: ReturnType<typeof activationBody>) =>
    activationBody({ cpfAluno: target.cpfAluno, email: `squatter.${unique()}@email.com` });
  const storedValues = (body: ReturnType<typeof activationBody>) =>
    [body.nomeAluno, body.nomeResponsavel, body.cpfResponsavel, body.email as string, body.telefone as string].filter(
      (v) => typeof v === 'string',
    );

  it("keeps the family's activation after a squatter's as a conflict: answered as a first, no 409, nothing echoed", async () => {
    const target = family();
    const squatter = squatterOf(target);
    const squatted = await post('/api/pre-matriculas', squatter);
    expect(squatted.statusCode).toBe(201);

    const response = await post('/api/pre-matriculas', target);
    // ADR 049: answered as a first activation, with the family's own data and an id issued to nobody.
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ nomeResponsavel: target.nomeResponsavel });
    expect(response.json().id).not.toBe(squatted.json().id);
    for (const value of storedValues(squatter)) expect(response.body).not.toContain(value);
    // Nothing on record was overwritten; the family's claim is kept for the staff.
    const [onRecord] = await ctx.handle.db.select().from(preMatriculas).where(eq(preMatriculas.id, squatted.json().id));
    expect(onRecord).toMatchObject({ nomeResponsavel: squatter.nomeResponsavel, email: squatter.email });
    expect(await conflitosOf(squatted.json().id)).toHaveLength(1);
  });

  it('never gives the stored names back, even to a visitor who knows both CPFs', async () => {
    const target = family();
    await post('/api/pre-matriculas', target);
    const probe = { ...target, nomeAluno: 'Sonda', nomeResponsavel: 'Sonda Responsável', email: 'sonda@email.com' };
    const response = await post('/api/pre-matriculas', probe);
    expect(response.statusCode).toBe(201);
    // Only what the probe typed comes back (its CPFs are the family's): none of the other values on record.
    const typed = Object.values(probe);
    for (const value of storedValues(target).filter((v) => !typed.includes(v))) {
      expect(response.body).not.toContain(value);
    }
    expect(response.json()).toMatchObject({ nomeAluno: 'Sonda', nomeResponsavel: 'Sonda Responsável' });
  });

  it('answers a repeat exactly like a first: the same status, the same bytes apart from ids, a like delay (issue 39, item 6)', async () => {
    const kinds = { sameGuardian: [] as number[], otherGuardian: [] as number[], firsts: [] as number[] };
    /** The answer with its id and its moment blanked: what would tell a first from a repeat is in the rest. */
    const apartFromIds = (body: string) =>
      body.replace(/"id":"[0-9a-f-]{36}"/, '"id":"…"').replace(/"createdAt":"[^"]+"/, '"createdAt":"…"');
    const timed = async (payload: ReturnType<typeof activationBody>, into: number[]) => {
      const start = performance.now();
      const response = await post('/api/pre-matriculas', payload);
      into.push(performance.now() - start);
      expect(response.statusCode).toBe(201);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      return response.body;
    };
    for (let i = 0; i < 15; i++) {
      const target = family();
      const first = await timed(target, kinds.firsts);
      ctx.clock.advance(60_000);
      // The same form sent again (the family, or anyone holding the same data): byte for byte the first's answer.
      const repeat = await timed(target, kinds.sameGuardian);
      expect(apartFromIds(repeat)).toBe(apartFromIds(first));
      expect(JSON.parse(repeat).id).toBe(JSON.parse(first).id);
      // Someone else with the student's CPF: what a first activation with its data would answer.
      const squatter = { ...squatterOf(target), nomeAluno: `${target.nomeAluno} Outro` };
      const other = await timed(squatter, kinds.otherGuardian);
      expect(apartFromIds(other)).toBe(
        apartFromIds(first)
          .replace(JSON.stringify(target.nomeAluno), JSON.stringify(squatter.nomeAluno))
          .replace(JSON.stringify(target.nomeResponsavel), JSON.stringify(squatter.nomeResponsavel))
          .replace(JSON.stringify(target.cpfResponsavel), JSON.stringify(squatter.cpfResponsavel)),
      );
    }
    resetClock();
    await ctx.app.background.drain();
    const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[7]!;
    const summary = JSON.stringify({
      first: median(kinds.firsts),
      same: median(kinds.sameGuardian),
      other: median(kinds.otherGuardian),
    });
    // The same band (a few indexed queries and one commit either way; the e-mails go after the answer).
    for (const [a, b] of [
      [kinds.firsts, kinds.sameGuardian],
      [kinds.firsts, kinds.otherGuardian],
      [kinds.sameGuardian, kinds.otherGuardian],
    ] as const) {
      expect(median(a), summary).toBeLessThan(median(b) * 4 + 5);
      expect(median(b), summary).toBeLessThan(median(a) * 4 + 5);
    }
  });

  it('shows the staff in scope both guardians as a conflict, and nobody else', async () => {
    const target = family();
    const squatter = squatterOf(target);
    const squatted = (await post('/api/pre-matriculas', squatter)).json();
    await post('/api/pre-matriculas', target);
    // The same claim again is kept once.
    await post('/api/pre-matriculas', target);

    const listed = async (caller: Parameters<typeof as>[1]) => {
      const response = await as(ctx.app, caller).get(`/api/pre-matriculas?q=${encodeURIComponent(squatter.nomeAluno)}`);
      expect(response.statusCode).toBe(200);
      return (response.json() as PreMatriculaItem[]).find((p) => p.id === squatted.id);
    };
    for (const role of ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente'] as const) {
      const item = await listed(role);
      expect(item, role).toBeDefined();
      expect(item!.nomeResponsavel).toBe(squatter.nomeResponsavel);
      expect(item!.conflito, role).toEqual({
        cpfResponsavel: squatter.cpfResponsavel,
        tentativas: [
          {
            id: expect.any(String),
            nomeAluno: target.nomeAluno,
            nomeResponsavel: target.nomeResponsavel,
            cpfResponsavel: target.cpfResponsavel,
            email: target.email,
            telefone: '19987654321',
            createdAt: expect.any(String),
          },
        ],
      });
    }
    // Another network's staff do not see the row; a row without conflict says so.
    expect(await listed({ email: 'franquia.mg@demo.com.br' })).toBeUndefined();
    const [plain] = (
      await as(ctx.app, 'cliente').get('/api/pre-matriculas?q=Lucas%20Oliveira')
    ).json() as PreMatriculaItem[];
    expect(plain!.conflito).toBeNull();
    // The aluno's own list carries no conflict field at all.
    const [own] = (await as(ctx.app, 'aluno').get('/api/pre-matriculas')).json() as PreMatriculaItem[];
    expect(own).not.toHaveProperty('conflito');
  });

  it('tells the e-mail on record, once per claim, and nothing to the new e-mail', async () => {
    const target = family();
    const squatter = squatterOf(target);
    await post('/api/pre-matriculas', squatter);
    await ctx.app.background.drain();
    const before = readOutbox(ctx.dataDir).length;

    await post('/api/pre-matriculas', target);
    await post('/api/pre-matriculas', target);
    await ctx.app.background.drain();
    const sent = readOutbox(ctx.dataDir).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(`To: ${squatter.email}`);
    expect(sent.join()).not.toContain(target.email);
    const text = decodeQuotedPrintable(sent[0]!);
    expect(text).toContain('Colégio Horizonte');
    for (const value of storedValues(target)) expect(text).not.toContain(value);
    expect(text).not.toMatch(/https?:\/\//);

    // A third guardian is a new claim: the e-mail on record hears of it too.
    await post('/api/pre-matriculas', squatterOf(target));
    await ctx.app.background.drain();
    expect(readOutbox(ctx.dataDir).slice(before)).toHaveLength(2);
  });

  it(`keeps at most ${MAX_CONFLITOS_POR_ATIVACAO} claims per activation and answers the rest alike`, async () => {
    const target = family();
    const first = (await post('/api/pre-matriculas', target)).json();
    await ctx.app.background.drain();
    const before = readOutbox(ctx.dataDir).length;
    const answers = [];
    for (let i = 0; i < MAX_CONFLITOS_POR_ATIVACAO + 2; i++)
      answers.push(await post('/api/pre-matriculas', squatterOf(target)));
    await ctx.app.background.drain();
    expect(answers.every((a) => a.statusCode === 201 && a.json().id !== first.id)).toBe(true);
    expect(await conflitosOf(first.id)).toHaveLength(MAX_CONFLITOS_POR_ATIVACAO);
    expect(readOutbox(ctx.dataDir).slice(before)).toHaveLength(MAX_CONFLITOS_POR_ATIVACAO);
  });
});

describe('GET /api/public/declaracoes/:codigo (issue 23)', () => {
  it('verifies a declaration by its printed code, any case, with the initials and the event, nothing personal', async () => {
    const body = activationBody({ nomeAluno: 'Beatriz Helena da Rocha', nomeResponsavel: 'Carlos Rocha' });
    const activation = (await post('/api/pre-matriculas', body)).json();
    const codigo = activation.id.slice(0, 8).toUpperCase();
    for (const asked of [codigo, codigo.toLowerCase()]) {
      const response = await get(`/api/public/declaracoes/${asked}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual([
        {
          codigo,
          valida: true,
          aluno: 'B. H. R.',
          responsavel: 'C. R.',
          nomeEscola: 'Colégio Horizonte',
          cidade: 'Campinas',
          estado: 'SP',
          dataEvento: campinas.dataEvento,
          valorTotalDesconto: 1500,
          emitidaEm: activation.createdAt,
        },
      ]);
      for (const secret of [
        'Beatriz',
        'Rocha',
        body.email as string,
        body.cpfAluno.replace(/\D/g, ''),
        body.cpfResponsavel,
      ]) {
        expect(response.body).not.toContain(secret);
      }
    }
  });

  it('says a declaration is no longer valid once its data were anonymised, and shows no initials then', async () => {
    const activation = (await post('/api/pre-matriculas', activationBody())).json();
    await ctx.handle.db
      .update(preMatriculas)
      .set({ anonimizadoEm: new Date() })
      .where(eq(preMatriculas.id, activation.id));
    const [answer] = (await get(`/api/public/declaracoes/${activation.id.slice(0, 8)}`)).json();
    expect(answer).toMatchObject({ valida: false, aluno: '', responsavel: '' });
  });

  it('answers 404 for a code nobody holds and 400 for what is not a code, in pt-BR', async () => {
    const unknown = await get('/api/public/declaracoes/00000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(PUBLIC_MESSAGES.declaracaoNaoEncontrada);
    for (const bad of ['ABC', 'ZZZZZZZZ', '123456789', '%27%20or%201%3D1']) {
      const response = await get(`/api/public/declaracoes/${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message).toBe(PUBLIC_MESSAGES.declaracaoCodigo);
    }
  });
});

describe('rate limit of the public forms', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_PUBLIC: '2' });
  });
  afterAll(() => limited.close());

  it.each(['/api/leads', '/api/pre-matriculas'])('%s answers 429 in pt-BR past the limit per address', async (url) => {
    const send = (remoteAddress: string) => limited.app.inject({ method: 'POST', url, payload: {}, remoteAddress });
    expect((await send('10.9.0.1')).statusCode).toBe(400);
    expect((await send('10.9.0.1')).statusCode).toBe(400);
    const refused = await send('10.9.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: MESSAGES.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await send('10.9.0.2')).statusCode).toBe(400);
  });

  it("limits the declarations' verification the same way (a code is short enough to guess at)", async () => {
    const send = () => limited.app.inject({ url: '/api/public/declaracoes/00000000', remoteAddress: '10.9.0.3' });
    expect((await send()).statusCode).toBe(404);
    expect((await send()).statusCode).toBe(404);
    expect((await send()).statusCode).toBe(429);
  });
});
