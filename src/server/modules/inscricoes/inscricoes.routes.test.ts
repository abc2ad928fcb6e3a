import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INSCRICAO_MESSAGES } from '../../../shared/schemas/inscricao';
import { executeRows } from '../../db/connect';
import { foldContagens } from '../contagens';
import { auditLog, eventos, leads, users } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-network';
import { APP_URL, createTestApp, readOutbox, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { unique } from '../../../../tests/support/unique';

/**
 * Issue 20: an event's seats and sign-up deadline, the waiting list, the confirmation e-mail with its calendar
 * file, the voucher and its cancellation, and the check-in at the door. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL (where the concurrent sign-ups really race on separate connections).
 */

let ctx: TestContext;
let campinas: typeof eventos.$inferSelect;
let outroCliente: typeof eventos.$inferSelect;

beforeAll(async () => {
  ctx = await createTestApp();
  const rows = await ctx.handle.db.select().from(eventos);
  campinas = rows.find((e) => e.cidade === 'Campinas' && e.status === 'agendado')!;
  outroCliente = rows.find((e) => e.clienteId && e.clienteId !== campinas.clienteId)!;
});
afterAll(() => ctx.close());

let nextAddress = 1;
const address = () => `10.20.${Math.floor(nextAddress / 250) % 250}.${(nextAddress++ % 250) + 1}`;
const post = (url: string, payload?: unknown) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: address() });
const get = (url: string) => ctx.app.inject({ url, remoteAddress: address() });

function setNow(instant: Date) {
  ctx.clock.advance(instant.getTime() - ctx.clock.now().getTime());
}
beforeEach(() => setNow(new Date()));

async function addEvento(overrides: Partial<typeof eventos.$inferInsert> = {}) {
  const [row] = await ctx.handle.db
    .insert(eventos)
    .values({
      clienteId: campinas.clienteId,
      microFranquiaId: campinas.microFranquiaId,
      nomeEscola: `Escola ${unique()}`,
      tipoEscola: 'publica',
      cidade: `Vagas ${unique()}`,
      estado: 'SP',
      dataDistribuicao: campinas.dataDistribuicao,
      dataEvento: campinas.dataEvento,
      horario: '19:00',
      local: 'escola',
      qtdAlunos: 10,
      ...overrides,
    })
    .returning();
  return row!;
}

function leadBody(eventoId: string, overrides: Record<string, unknown> = {}) {
  const id = unique();
  return {
    eventoId,
    nomeAluno: `Maria ${id} Souza`,
    nomeResponsavel: `Ana ${id}`,
    email: `familia.${id}@email.com`,
    telefone: '(19) 98765-4321',
    consentimento: true,
    ...overrides,
  };
}

const seatedCount = async (eventoId: string) =>
  (
    await ctx.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(leads)
      .where(and(eq(leads.eventoId, eventoId), eq(leads.listaEspera, false), isNull(leads.canceladoEm)))
  )[0]!.n;

/** An e-mail's text and its parts (quoted-printable and base64 undone). */
function decodeEml(eml: string) {
  const qp = (s: string) =>
    Buffer.from(
      s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  const ics = /Content-Type: text\/calendar[\s\S]*?\r?\n\r?\n([\s\S]*?)\r?\n--/i.exec(eml);
  const icsText = ics ? Buffer.from(ics[1]!.replace(/\s+/g, ''), 'base64').toString('utf8') : null;
  return { text: qp(eml), ics: icsText };
}

/** The e-mails sent to an address since the test began. */
async function mailsTo(email: string) {
  await ctx.app.background.drain();
  return readOutbox(ctx.dataDir)
    .filter((m) => m.includes(`To: ${email}`))
    .map(decodeEml);
}

const tokenFrom = (text: string) => {
  const match = new RegExp(`${APP_URL}/voucher/([A-Za-z0-9_-]{43})`).exec(text);
  if (!match) throw new Error('no voucher link in the e-mail');
  return match[1]!;
};

async function signUp(eventoId: string, overrides: Record<string, unknown> = {}) {
  const body = leadBody(eventoId, overrides);
  const response = await post('/api/leads', body);
  return { body, response };
}

async function voucherOf(email: string) {
  const mails = await mailsTo(email);
  return tokenFrom(mails.at(-1)!.text);
}

describe('seats', () => {
  it('answers the public list with the seats left and whether sign-ups are open', async () => {
    const evento = await addEvento({ vagas: 10 });
    const semLimite = await addEvento({ cidade: evento.cidade });
    for (let i = 0; i < 8; i++) expect((await signUp(evento.id)).response.statusCode).toBe(201);
    const list = (await get(`/api/public/eventos?cidade=${encodeURIComponent(evento.cidade)}`)).json();
    const com = list.find((e: { id: string }) => e.id === evento.id);
    const sem = list.find((e: { id: string }) => e.id === semLimite.id);
    expect(com).toMatchObject({ vagas: 10, vagasRestantes: 2, inscricoesAbertas: true });
    expect(sem).toMatchObject({ vagas: null, inscricoesAbertas: true });
    expect(sem).not.toHaveProperty('vagasRestantes');
  });

  it('shows a seat taken here at once, and one taken elsewhere within a second (ADR 172)', async () => {
    const evento = await addEvento({ vagas: 5 });
    const restantes = async () =>
      (await get(`/api/public/eventos?cidade=${encodeURIComponent(evento.cidade)}`)).json()[0].vagasRestantes;
    expect(await restantes()).toBe(5);
    // A family's sign-up through this instance: the next answer counts it.
    expect((await signUp(evento.id)).response.statusCode).toBe(201);
    expect(await restantes()).toBe(4);
    // A seat taken by a write this instance did not answer (another instance's): counted within the second.
    const other = leadBody(evento.id);
    const { nomeAluno, nomeResponsavel, email } = other;
    await ctx.handle.db
      .insert(leads)
      .values({ eventoId: evento.id, nomeAluno, nomeResponsavel, email, telefone: '19987654321' });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await restantes()).toBe(3);
  });

  it('refuses a sign-up past the seats with 409, or puts it on the waiting list when asked', async () => {
    const evento = await addEvento({ vagas: 2 });
    const primeiro = await signUp(evento.id);
    expect(primeiro.response.json()).toMatchObject({ listaEspera: false });
    expect((await signUp(evento.id)).response.statusCode).toBe(201);
    const cheio = await signUp(evento.id);
    expect(cheio.response.statusCode).toBe(409);
    expect(cheio.response.json().message).toBe(INSCRICAO_MESSAGES.esgotadas);
    const espera = await signUp(evento.id, { listaEspera: true });
    expect(espera.response.statusCode).toBe(201);
    expect(espera.response.json()).toMatchObject({ listaEspera: true });
    // The family that already has a seat signing up again keeps it: the same answer, no second row.
    const repeat = await post('/api/leads', primeiro.body);
    expect(repeat.statusCode).toBe(201);
    expect(repeat.json()).toMatchObject({ id: primeiro.response.json().id, listaEspera: false });
    expect(await seatedCount(evento.id)).toBe(2);
    const staff = (await as(ctx.app, 'cliente').get('/api/eventos?pageSize=100')).json();
    expect(staff.find((e: { id: string }) => e.id === evento.id)).toMatchObject({
      vagas: 2,
      vagasRestantes: 0,
      inscritos: 2,
      listaEspera: 1,
      presentes: 0,
      inscricoesAbertas: true,
    });
  });

  it('never sells more seats than there are: 200 concurrent sign-ups for the last 10', async () => {
    const evento = await addEvento({ vagas: 15 });
    for (let i = 0; i < 5; i++) expect((await signUp(evento.id)).response.statusCode).toBe(201);
    const answers = await Promise.all(Array.from({ length: 200 }, () => post('/api/leads', leadBody(evento.id))));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(190);
    expect(
      answers.filter((a) => a.statusCode === 409).every((a) => a.json().message === INSCRICAO_MESSAGES.esgotadas),
    ).toBe(true);
    expect(await seatedCount(evento.id)).toBe(15);
  }, 120_000);

  it('puts the rest on the waiting list when the concurrent sign-ups ask for it', async () => {
    const evento = await addEvento({ vagas: 10 });
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => post('/api/leads', leadBody(evento.id, { listaEspera: true }))),
    );
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    expect(answers.filter((a) => a.json().listaEspera === false)).toHaveLength(10);
    expect(await seatedCount(evento.id)).toBe(10);
    const [waiting] = await ctx.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(leads)
      .where(and(eq(leads.eventoId, evento.id), eq(leads.listaEspera, true)));
    expect(waiting!.n).toBe(190);
  }, 120_000);
});

describe('seat counts (migration 0030, ADR 045)', () => {
  const contagem = async (eventoId: string) =>
    (
      await executeRows<{ sentados: number; recontar: boolean }>(
        ctx.handle.db,
        sql`select sentados, recontar_ate is not null as recontar from evento_vagas where evento_id = ${eventoId}::uuid`,
      )
    )[0];
  const sentados = async (eventoId: string) =>
    (await executeRows<{ n: number }>(ctx.handle.db, sql`select evento_sentados(${eventoId}::uuid, 1000) as n`))[0]!.n;

  it("keeps an event's seated families counted through sign-ups, the waiting list, a cancellation and a removal", async () => {
    const evento = await addEvento({ vagas: 2 });
    const semVagas = await addEvento();
    const confere = async (n: number) => {
      expect(await seatedCount(evento.id)).toBe(n);
      expect((await contagem(evento.id))!.sentados).toBe(n);
    };
    expect(await contagem(evento.id)).toEqual({ sentados: 0, recontar: false });
    const primeira = await signUp(evento.id);
    await signUp(evento.id);
    const espera = await signUp(evento.id, { listaEspera: true });
    expect(espera.response.json().listaEspera).toBe(true);
    await confere(2);
    // The seated family cancels: the waiting one takes the seat, and the count stays.
    const cancel = await post(`/api/public/voucher/${await voucherOf(primeira.body.email)}/cancelar`);
    expect(cancel.statusCode).toBe(200);
    await confere(2);
    await ctx.handle.db.delete(leads).where(eq(leads.id, espera.response.json().id));
    await confere(1);
    // An event without seats has no count to keep.
    expect((await signUp(semVagas.id)).response.statusCode).toBe(201);
    expect(await contagem(semVagas.id)).toBeUndefined();
  });

  it('counts the families already in when an event gets seats, from the rows for a while and once after', async () => {
    const evento = await addEvento();
    for (let i = 0; i < 3; i++) expect((await signUp(evento.id)).response.statusCode).toBe(201);
    await ctx.handle.db.update(eventos).set({ vagas: 5 }).where(eq(eventos.id, evento.id));
    expect(await contagem(evento.id)).toEqual({ sentados: 3, recontar: true });
    // A sign-up that read the event before it had seats and committed after its count: while the count is new,
    // the rows are counted again and the count mended.
    await ctx.handle.db.execute(sql`update evento_vagas set sentados = 2 where evento_id = ${evento.id}::uuid`);
    expect(await sentados(evento.id)).toBe(3);
    expect(await contagem(evento.id)).toEqual({ sentados: 3, recontar: true });
    // Past the while, counted once more; from then on the count is read as it is.
    await ctx.handle.db.execute(
      sql`update evento_vagas set sentados = 2, recontar_ate = now() - interval '1 second' where evento_id = ${evento.id}::uuid`,
    );
    expect(await sentados(evento.id)).toBe(3);
    expect(await contagem(evento.id)).toEqual({ sentados: 3, recontar: false });
    expect((await signUp(evento.id)).response.statusCode).toBe(201);
    expect(await contagem(evento.id)).toEqual({ sentados: 4, recontar: false });
    // Seats taken away: no count is kept.
    await ctx.handle.db.update(eventos).set({ vagas: null }).where(eq(eventos.id, evento.id));
    expect(await contagem(evento.id)).toBeUndefined();
  });
});

describe('sign-up deadline', () => {
  it("closes at inscricoesAte's minute in São Paulo time: 409 and inscricoesAbertas false", async () => {
    const evento = await addEvento({
      dataEvento: '2030-03-10',
      inscricoesAte: new Date('2030-03-09T18:00:00-03:00'),
    });
    const list = async () => (await get(`/api/public/eventos?cidade=${encodeURIComponent(evento.cidade)}`)).json()[0];
    setNow(new Date('2030-03-09T20:59:59Z')); // 17:59:59 in São Paulo
    expect(await list()).toMatchObject({ inscricoesAbertas: true });
    expect((await signUp(evento.id)).response.statusCode).toBe(201);
    setNow(new Date('2030-03-09T21:00:00Z')); // 18:00 in São Paulo
    expect(await list()).toMatchObject({ inscricoesAbertas: false });
    const closed = await signUp(evento.id);
    expect(closed.response.statusCode).toBe(409);
    expect(closed.response.json().message).toBe(INSCRICAO_MESSAGES.encerradas);
  });

  it('closes on the public list at the deadline with nothing written in between (ADR 172)', async () => {
    const evento = await addEvento({
      dataEvento: '2030-03-10',
      vagas: 10,
      inscricoesAte: new Date('2030-03-09T18:00:00-03:00'),
    });
    const list = async () => (await get(`/api/public/eventos?cidade=${encodeURIComponent(evento.cidade)}`)).json()[0];
    setNow(new Date('2030-03-09T20:59:59Z'));
    expect(await list()).toMatchObject({ inscricoesAbertas: true, vagasRestantes: 10 });
    setNow(new Date('2030-03-09T21:00:00Z'));
    expect(await list()).toMatchObject({ inscricoesAbertas: false, vagasRestantes: 10 });
  });

  it('takes sign-ups through the event day without a deadline, as before', async () => {
    const evento = await addEvento({ dataEvento: '2030-03-10' });
    setNow(new Date('2030-03-11T02:59:00Z')); // 23:59 of the 10th in São Paulo
    expect((await signUp(evento.id)).response.statusCode).toBe(201);
  });
});

describe('confirmation e-mail and voucher', () => {
  it('e-mails the voucher link and a calendar file in São Paulo time after the sign-up', async () => {
    const evento = await addEvento({ dataEvento: '2030-05-20', horario: '19:30' });
    const { body } = await signUp(evento.id);
    const [mail] = await mailsTo(body.email);
    expect(mail!.text).toContain('Inscrição confirmada');
    expect(mail!.text).toContain(evento.nomeEscola);
    expect(mail!.text).toContain('20/05/2030');
    expect(mail!.text).toContain('19:30');
    const token = tokenFrom(mail!.text);
    const calendar = new ICAL.Component(ICAL.parse(mail!.ics!));
    const timezone = new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')!);
    const vevent = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(vevent.component.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('America/Sao_Paulo');
    expect(vevent.startDate.toString()).toBe('2030-05-20T19:30:00');
    vevent.startDate.zone = timezone;
    expect(vevent.startDate.toJSDate().toISOString()).toBe('2030-05-20T22:30:00.000Z');
    expect(vevent.summary).toContain(evento.nomeEscola);
    expect(vevent.description).toContain(`${APP_URL}/voucher/${token}`);
    // Only the digest is stored.
    const stored = await ctx.handle.db.execute(sql`select token_hash from lead_vouchers`);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it.each([
    ['a bare CR', '\r'],
    ['a bare LF', '\n'],
    ['a CRLF', '\r\n'],
  ])("keeps %s in the event's name and place inside its value in the .ics (issue 39)", async (_nome, quebra) => {
    const nomeEscola = `Escola Hostil${quebra}X-INJETADO:1${quebra}BEGIN:VALARM${quebra}TRIGGER:-PT1M${quebra}END:VALARM`;
    const cidade = `Campinas${quebra}ORGANIZER:mailto:golpe@exemplo.com; \\ \u0007fim`;
    const evento = await addEvento({ nomeEscola, cidade, dataEvento: '2030-05-22', horario: '10:00' });
    const { body } = await signUp(evento.id);
    const [mail] = await mailsTo(body.email);
    const ics = mail!.ics!;
    // Lines end in CRLF only, none longer than 75 octets: no value ends its line early.
    const lines = ics.split('\r\n');
    expect(lines.at(-1)).toBe('');
    for (const line of lines) {
      expect(line).not.toMatch(/[\r\n]/);
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    }
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const [vevent, ...others] = calendar.getAllSubcomponents('vevent');
    expect(others).toEqual([]);
    // Nothing the name carried became a property or a component of its own.
    expect(vevent!.getAllSubcomponents()).toEqual([]);
    expect(vevent!.getAllProperties().map((p) => p.name)).toEqual([
      'uid',
      'dtstamp',
      'dtstart',
      'dtend',
      'summary',
      'location',
      'description',
      'url',
    ]);
    const event = new ICAL.Event(vevent!);
    const semQuebra = (text: string) => text.replace(/\r\n|\r|\n/g, '\n');
    expect(event.summary).toBe(`Crédito Estudantil - ${semQuebra(nomeEscola)}`);
    expect(event.location).toBe(
      `${semQuebra(nomeEscola)} (Na Escola), Campinas\nORGANIZER:mailto:golpe@exemplo.com; \\ fim - SP`,
    );
  });

  it("queues the confirmation's data, not its text, and the worker writes the same e-mail from it (ADR 044)", async () => {
    const evento = await addEvento({ dataEvento: '2030-05-21', horario: '08:15' });
    const signedAt = new Date('2030-05-01T13:45:00Z');
    setNow(signedAt);
    const { body } = await signUp(evento.id, { nomeAluno: 'Maria Clara de Souza' });
    const [job] = await executeRows<{
      payload: Record<string, unknown>;
      resumo: string;
      bytes: number;
      status: string;
      tentativas: number;
    }>(
      ctx.handle.db,
      sql`select payload, resumo, octet_length(payload::text) as bytes, status, tentativas from jobs
        where tipo = 'email' and payload->>'to' = ${body.email}`,
    );
    // Written due, not yet tried nor sent: the worker claims it as any other job (issue 41 took out ADR 047's hand-off).
    expect(job).toMatchObject({ status: 'pendente', tentativas: 0 });
    // The address where the LGPD erasure looks for it, the subject for 'Envios', the first name only.
    expect(job!.resumo).toBe('Inscrição confirmada');
    expect(job!.payload).toMatchObject({ to: body.email, modelo: 'voucher', dados: { primeiroNome: 'Maria' } });
    expect(JSON.stringify(job!.payload)).not.toContain('Souza');
    expect(JSON.stringify(job!.payload)).not.toContain(body.nomeResponsavel);
    expect(job!.payload).not.toHaveProperty('html');
    expect(job!.bytes).toBeLessThan(600);
    setNow(new Date('2030-05-02T10:00:00Z'));
    const [mail] = await mailsTo(body.email);
    expect(mail!.text).toContain('A inscrição de Maria no evento do Crédito Estudantil está confirmada.');
    expect(mail!.text).toContain('21/05/2030');
    const vevent = new ICAL.Event(new ICAL.Component(ICAL.parse(mail!.ics!)).getFirstSubcomponent('vevent')!);
    expect(vevent.startDate.toString()).toBe('2030-05-21T08:15:00');
    // Stamped when the family signed up, not when the worker got to it.
    expect(vevent.component.getFirstPropertyValue('dtstamp')!.toString()).toBe('2030-05-01T13:45:00Z');
    expect(vevent.description).toContain(`${APP_URL}/voucher/${tokenFrom(mail!.text)}`);
  });

  it('shows the first name and the event only, and stops at 7 days after the event', async () => {
    const evento = await addEvento({ dataEvento: '2030-06-01' });
    const { body } = await signUp(evento.id, { nomeAluno: 'Joana Pereira Lima' });
    const token = await voucherOf(body.email);
    const response = await get(`/api/public/voucher/${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.json()).toEqual({
      primeiroNome: 'Joana',
      listaEspera: false,
      cancelado: false,
      presente: false,
      codigo: expect.stringMatching(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{6}$/),
      evento: {
        nomeEscola: evento.nomeEscola,
        dataEvento: '2030-06-01',
        horario: '19:00',
        local: 'escola',
        logradouro: null,
        numero: null,
        complemento: null,
        bairro: null,
        cep: null,
        cidade: evento.cidade,
        estado: 'SP',
      },
    });
    for (const secret of ['Pereira', body.email, body.nomeResponsavel, '98765']) {
      expect(response.body).not.toContain(secret);
    }
    setNow(new Date('2030-06-08T23:59:00-03:00'));
    expect((await get(`/api/public/voucher/${token}`)).statusCode).toBe(200);
    setNow(new Date('2030-06-09T00:00:00-03:00'));
    const expired = await get(`/api/public/voucher/${token}`);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe(INSCRICAO_MESSAGES.voucherNaoEncontrado);
    expect((await get(`/api/public/voucher/${'x'.repeat(43)}`)).statusCode).toBe(404);
    expect((await get('/api/public/voucher/curto')).statusCode).toBe(400);
  });

  it('cancels once: the seat goes to exactly one family of the waiting list, who is e-mailed', async () => {
    const evento = await addEvento({ vagas: 1 });
    const seatedFamily = await signUp(evento.id);
    const first = await signUp(evento.id, { listaEspera: true });
    const second = await signUp(evento.id, { listaEspera: true });
    expect((await mailsTo(first.body.email))[0]!.text).toContain('lista de espera');
    const token = await voucherOf(seatedFamily.body.email);
    const cancel = await post(`/api/public/voucher/${token}/cancelar`);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toEqual({ message: INSCRICAO_MESSAGES.cancelada });
    const again = await post(`/api/public/voucher/${token}/cancelar`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(INSCRICAO_MESSAGES.jaCancelada);
    expect((await get(`/api/public/voucher/${token}`)).json()).toMatchObject({ cancelado: true });

    const rows = await ctx.handle.db.select().from(leads).where(eq(leads.eventoId, evento.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(first.response.json().id)).toMatchObject({ listaEspera: false, canceladoEm: null });
    expect(byId.get(second.response.json().id)).toMatchObject({ listaEspera: true });
    expect(await seatedCount(evento.id)).toBe(1);
    const promotedMails = await mailsTo(first.body.email);
    expect(promotedMails).toHaveLength(2);
    expect(promotedMails[1]!.text).toContain('Uma vaga foi liberada');
    expect(promotedMails[1]!.ics).toContain('BEGIN:VEVENT');
    expect(await mailsTo(second.body.email)).toHaveLength(1);
    // The promoted family's new voucher shows the seat.
    expect((await get(`/api/public/voucher/${tokenFrom(promotedMails[1]!.text)}`)).json()).toMatchObject({
      listaEspera: false,
    });
  });
});

describe('POST /api/eventos/:id/presencas', () => {
  it('records attendance by voucher once (201), then 200 Presença já registrada, with the counts', async () => {
    const evento = await addEvento({ vagas: 5 });
    const family = await signUp(evento.id);
    await signUp(evento.id);
    const token = await voucherOf(family.body.email);
    const cliente = as(ctx.app, 'cliente');
    const first = await cliente.post(`/api/eventos/${evento.id}/presencas`, { token });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: INSCRICAO_MESSAGES.presencaRegistrada,
      leadId: family.response.json().id,
      nomeAluno: family.body.nomeAluno,
      presentes: 1,
      inscritos: 2,
    });
    const second = await cliente.post(`/api/eventos/${evento.id}/presencas`, { token });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ message: 'Presença já registrada', presentes: 1 });
    expect(second.json().presenteEm).toBe(first.json().presenteEm);
    // Again at the door, the staff learn who let the family in (issue 51): the first name of the cliente's user.
    const [quem] = await ctx.handle.db
      .select({ nome: users.nome })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.cliente));
    expect(second.json().registradaPor).toBe(quem!.nome!.split(' ')[0]);
    expect(first.json()).not.toHaveProperty('registradaPor');
    const audits = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.acao, 'lead.presenca'), eq(auditLog.entidadeId, family.response.json().id)));
    expect(audits).toHaveLength(1);
    expect((await get(`/api/public/voucher/${token}`)).json()).toMatchObject({ presente: true });
    const [card] = (await cliente.get('/api/eventos?pageSize=100'))
      .json()
      .filter((e: { id: string }) => e.id === evento.id);
    expect(card).toMatchObject({ presentes: 1, inscritos: 2 });
  });

  it("counts a check-in on the card and in Relatórios at once, and the worker's round folds it into the counters", async () => {
    // ADR 042: the presence waits in contagens_pendentes until the worker's next round; no reader sees the wait.
    const evento = await addEvento({ vagas: 5 });
    const family = await signUp(evento.id);
    const cliente = as(ctx.app, 'cliente');
    const soma = async (query: SQL) => Number((await executeRows<{ n: number }>(ctx.handle.db, query))[0]!.n);
    const pendentes = () =>
      soma(sql`select coalesce(sum(dx), 0)::int as n from contagens_pendentes where evento_id = ${evento.id}`);
    const noContador = () =>
      soma(sql`select coalesce(sum(presencas), 0)::int as n from funnel_mes where evento_id = ${evento.id}`);
    const checkIn = await cliente.post(`/api/eventos/${evento.id}/presencas`, { leadId: family.response.json().id });
    expect(checkIn.json()).toMatchObject({ presentes: 1, inscritos: 1 });
    expect([await pendentes(), await noContador()]).toEqual([1, 0]);
    const card = () =>
      cliente.get('/api/eventos?pageSize=100').then((r) => r.json().find((e: { id: string }) => e.id === evento.id));
    expect(await card()).toMatchObject({ presentes: 1, inscritos: 1 });

    await ctx.app.background.drain();
    expect([await pendentes(), await noContador()]).toEqual([0, 1]);
    expect(await card()).toMatchObject({ presentes: 1, inscritos: 1 });

    // Relatórios, asked before any round, folds the waiting presences itself: the report counts the check-in.
    const other = await signUp(evento.id);
    await cliente.post(`/api/eventos/${evento.id}/presencas`, { leadId: other.response.json().id });
    expect(await pendentes()).toBe(1);
    const relatorio = await cliente.get(`/api/relatorios/funil?agrupar=evento&eventoId=${evento.id}`);
    expect(relatorio.statusCode, relatorio.body).toBe(200);
    expect(relatorio.json().totais).toMatchObject({ leads: 2, presencas: 2 });
    expect([await pendentes(), await noContador()]).toEqual([0, 2]);
  });

  it("marks a lead present without touching the table's indexes: none of them reads presente_em", async () => {
    // A check-in changes no indexed column, so PostgreSQL updates the row in place (HOT; migration 0025). An
    // index that read presente_em would make every check-in write a new entry into each of leads' indexes.
    const indexes = await executeRows<{ indexname: string; indexdef: string }>(
      ctx.handle.db,
      sql`select indexname, indexdef from pg_indexes where tablename = 'leads'`,
    );
    expect(indexes.map((i) => i.indexname)).toContain('leads_evento_vagas_idx');
    expect(indexes.filter((i) => i.indexdef.includes('presente_em')).map((i) => i.indexname)).toEqual([]);
  });

  it('records by name search and lead id, for the vendedor and micro-franquia of the event too', async () => {
    const evento = await addEvento();
    const family = await signUp(evento.id, { nomeAluno: `Beatriz ${unique()}` });
    const found = await as(ctx.app, 'vendedor').get(
      `/api/eventos/${evento.id}/inscritos?q=${encodeURIComponent(family.body.nomeAluno.slice(0, 12))}`,
    );
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual([
      {
        id: family.response.json().id,
        nomeAluno: family.body.nomeAluno,
        nomeResponsavel: family.body.nomeResponsavel,
        listaEspera: false,
        presenteEm: null,
      },
    ]);
    const byId = await as(ctx.app, 'micro_franquia').post(`/api/eventos/${evento.id}/presencas`, {
      leadId: family.response.json().id,
    });
    expect(byId.statusCode).toBe(201);
  });

  it('lets one of two check-ins racing for a family win (201, the other 200), and refuses a cancelled one', async () => {
    const evento = await addEvento();
    const family = await signUp(evento.id);
    const leadId = family.response.json().id;
    const cliente = as(ctx.app, 'cliente');
    const both = await Promise.all([
      cliente.post(`/api/eventos/${evento.id}/presencas`, { leadId }),
      cliente.post(`/api/eventos/${evento.id}/presencas`, { leadId }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(both.map((r) => r.json().presenteEm)[0]).toBe(both.map((r) => r.json().presenteEm)[1]);
    const audited = await ctx.handle.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.acao, 'lead.presenca'), eq(auditLog.entidadeId, leadId)));
    expect(audited).toHaveLength(1);

    const gone = await signUp(evento.id);
    const token = await voucherOf(gone.body.email);
    expect((await post(`/api/public/voucher/${token}/cancelar`)).statusCode).toBe(200);
    const refused = await cliente.post(`/api/eventos/${evento.id}/presencas`, { token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(INSCRICAO_MESSAGES.presencaCancelada);
    const stillAbsent = await ctx.handle.db
      .select({ presenteEm: leads.presenteEm })
      .from(leads)
      .where(eq(leads.id, gone.response.json().id));
    expect(stillAbsent).toEqual([{ presenteEm: null }]);
  });

  it("answers 404 for another event's voucher, another school's event, and a waiting-list family 409", async () => {
    const evento = await addEvento({ vagas: 1 });
    const outro = await addEvento();
    const family = await signUp(outro.id);
    const token = await voucherOf(family.body.email);
    const cliente = as(ctx.app, 'cliente');
    const wrongEvent = await cliente.post(`/api/eventos/${evento.id}/presencas`, { token });
    expect(wrongEvent.statusCode).toBe(404);
    expect(wrongEvent.json().message).toBe(INSCRICAO_MESSAGES.inscricaoNaoEncontrada);
    const wrongLead = await cliente.post(`/api/eventos/${evento.id}/presencas`, {
      leadId: family.response.json().id,
    });
    expect(wrongLead.statusCode).toBe(404);
    const foreign = await cliente.post(`/api/eventos/${outroCliente.id}/presencas`, { token });
    expect(foreign.statusCode).toBe(404);
    expect((await cliente.get(`/api/eventos/${outroCliente.id}/inscritos`)).statusCode).toBe(404);
    await signUp(evento.id);
    const waiting = await signUp(evento.id, { listaEspera: true });
    const refused = await cliente.post(`/api/eventos/${evento.id}/presencas`, {
      leadId: waiting.response.json().id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(INSCRICAO_MESSAGES.presencaListaEspera);
    const bad = await cliente.post(`/api/eventos/${evento.id}/presencas`, {});
    expect(bad.statusCode).toBe(400);
    expect((await as(ctx.app, 'aluno').post(`/api/eventos/${evento.id}/presencas`, { token })).statusCode).toBe(403);
  });
});

describe('PUT /api/eventos/:id seats', () => {
  it('keeps vagas when the body leaves it out, and more seats move the waiting list in', async () => {
    const evento = await addEvento({ vagas: 1 });
    await signUp(evento.id);
    const waiting = await signUp(evento.id, { listaEspera: true });
    const cliente = as(ctx.app, 'cliente');
    const current = (await cliente.get(`/api/eventos/${evento.id}`)).json();
    const body = {
      nomeEscola: current.nomeEscola,
      tipoEscola: current.tipoEscola,
      cidade: current.cidade,
      estado: current.estado,
      dataDistribuicao: current.dataDistribuicao,
      dataEvento: current.dataEvento,
      horario: current.horario,
      local: current.local,
      qtdAlunos: current.qtdAlunos,
    };
    expect((await cliente.put(`/api/eventos/${evento.id}`, body)).json()).toMatchObject({ vagas: 1 });
    const more = await cliente.put(`/api/eventos/${evento.id}`, { ...body, vagas: 2 });
    expect(more.json()).toMatchObject({ vagas: 2, inscritos: 2, listaEspera: 0, vagasRestantes: 0 });
    const mails = await mailsTo(waiting.body.email);
    expect(mails.at(-1)!.text).toContain('Uma vaga foi liberada');
    const invalid = await cliente.put(`/api/eventos/${evento.id}`, { ...body, vagas: 0, inscricoesAte: 'amanhã' });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().errors).sort()).toEqual(['inscricoesAte', 'vagas']);
  });
});

describe('GET /api/leads filters of issue 20', () => {
  it('filters the staff lists by waiting list and attendance, and says which is which', async () => {
    const evento = await addEvento({ vagas: 1 });
    const seatedFamily = await signUp(evento.id);
    const waiting = await signUp(evento.id, { listaEspera: true });
    const cliente = as(ctx.app, 'cliente');
    await cliente.post(`/api/eventos/${evento.id}/presencas`, { leadId: seatedFamily.response.json().id });
    const list = async (query: string) => {
      const response = await cliente.get(`/api/leads?eventoId=${evento.id}&${query}`);
      expect(response.statusCode).toBe(200);
      return { ids: response.json().map((l: { id: string }) => l.id), total: response.headers['x-total-count'] };
    };
    expect(await list('listaEspera=sim')).toEqual({ ids: [waiting.response.json().id], total: '1' });
    expect(await list('listaEspera=nao')).toEqual({ ids: [seatedFamily.response.json().id], total: '1' });
    expect(await list('presenca=sim')).toEqual({ ids: [seatedFamily.response.json().id], total: '1' });
    expect(await list('presenca=nao')).toEqual({ ids: [waiting.response.json().id], total: '1' });
    const all = (await cliente.get(`/api/leads?eventoId=${evento.id}`)).json();
    expect(all.find((l: { id: string }) => l.id === waiting.response.json().id)).toMatchObject({
      listaEspera: true,
      presenteEm: null,
      canceladoEm: null,
    });
    expect((await cliente.get(`/api/leads?presenca=talvez`)).statusCode).toBe(400);
  });

  it("gives each staff role its scope's whole waiting list, newest first, and the two halves sum to the list (issue 46)", async () => {
    const evento = await addEvento({ vagas: 1 });
    await signUp(evento.id);
    const waiting = [await signUp(evento.id, { listaEspera: true }), await signUp(evento.id, { listaEspera: true })];
    const ids = waiting.map((w) => w.response.json().id as string);
    for (const role of ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente'] as const) {
      const get = (query: string) => as(ctx.app, role).get(`/api/leads?pageSize=500${query}`);
      const sim = await get('&listaEspera=sim');
      expect(sim.statusCode, role).toBe(200);
      const rows = sim.json() as { id: string; listaEspera: boolean; createdAt: string }[];
      expect(
        rows.every((l) => l.listaEspera),
        role,
      ).toBe(true);
      expect(
        rows.map((l) => l.id),
        role,
      ).toEqual(expect.arrayContaining(ids));
      expect(
        rows.map((l) => l.createdAt),
        role,
      ).toEqual(
        rows
          .map((l) => l.createdAt)
          .sort()
          .reverse(),
      );
      expect(sim.headers['x-total-count'], role).toBe(String(rows.length));
      const nao = await get('&listaEspera=nao');
      const all = await get('');
      expect(Number(sim.headers['x-total-count']) + Number(nao.headers['x-total-count']), role).toBe(
        Number(all.headers['x-total-count']),
      );
    }
  });
});

describe('presenca=sim read from the events where someone was present (issue 46, ADR 132)', () => {
  const roles = ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente'] as const;
  /** Each role's attendance list beside its whole list's present rows: the same ids, newest first, and total. */
  async function expectEveryRoleSeesItsPresent(expected: string[], absent: string[]) {
    for (const role of roles) {
      const get = (query: string) => as(ctx.app, role).get(`/api/leads?pageSize=500${query}`);
      const [sim, all] = await Promise.all([get('&presenca=sim'), get('')]);
      expect(sim.statusCode, role).toBe(200);
      expect(Number(all.headers['x-total-count']), role).toBeLessThan(500);
      const everyRow = all.json() as { id: string; presenteEm: string | null }[];
      const present = everyRow.filter((l) => l.presenteEm !== null).map((l) => l.id);
      const ids = (sim.json() as { id: string }[]).map((l) => l.id);
      expect(ids, role).toEqual(present);
      expect(sim.headers['x-total-count'], role).toBe(String(present.length));
      expect(ids, role).toEqual(expect.arrayContaining(expected));
      for (const id of absent) expect(ids, role).not.toContain(id);
      // Its pages one row at a time, by number and by the next page's cursor, walk the same rows.
      const second = await as(ctx.app, role).get('/api/leads?presenca=sim&pageSize=1&page=2');
      expect(
        second.json().map((l: { id: string }) => l.id),
        role,
      ).toEqual(present.slice(1, 2));
      const first = await as(ctx.app, role).get('/api/leads?presenca=sim&pageSize=1');
      const next = first.headers['x-next-cursor'];
      expect(typeof next, role).toBe(present.length > 1 ? 'string' : 'undefined');
      if (typeof next === 'string') {
        const after = await as(ctx.app, role).get(
          `/api/leads?presenca=sim&pageSize=1&apos=${encodeURIComponent(next)}`,
        );
        expect(
          after.json().map((l: { id: string }) => l.id),
          role,
        ).toEqual(present.slice(1, 2));
      }
    }
  }

  it('gives each staff role every present family of its scope, before and after the counters fold, and none of an event whose only check-in was taken back', async () => {
    const [evento, outro] = [await addEvento(), await addEvento()];
    const [a, b, ausente] = [await signUp(evento.id), await signUp(outro.id), await signUp(evento.id)];
    const [idA, idB, idAusente] = [a, b, ausente].map((f) => f.response.json().id as string) as [
      string,
      string,
      string,
    ];
    const cliente = as(ctx.app, 'cliente');
    expect((await cliente.post(`/api/eventos/${evento.id}/presencas`, { leadId: idA })).statusCode).toBe(201);
    expect((await cliente.post(`/api/eventos/${outro.id}/presencas`, { leadId: idB })).statusCode).toBe(201);
    // Pending in contagens_pendentes, then folded into the monthly counters: the same answers.
    await expectEveryRoleSeesItsPresent([idA, idB], [idAusente]);
    await foldContagens(ctx.handle.db);
    await expectEveryRoleSeesItsPresent([idA, idB], [idAusente]);
    // The other event's only presence taken back (as a correction would): its sum is 0, and it is left out.
    await ctx.handle.db.update(leads).set({ presenteEm: null }).where(eq(leads.id, idB));
    await expectEveryRoleSeesItsPresent([idA], [idB, idAusente]);
    await foldContagens(ctx.handle.db);
    await expectEveryRoleSeesItsPresent([idA], [idB, idAusente]);
  });
});

describe("the voucher's short code (issue 51, ADR 090)", () => {
  const codigoDe = async (leadId: string) =>
    (await ctx.handle.db.select({ c: leads.codigoVoucher }).from(leads).where(eq(leads.id, leadId)))[0]!.c;

  it('gives every lead a code of 6 unambiguous characters, unique within its event, shown with the voucher', async () => {
    const evento = await addEvento();
    const families = await Promise.all(Array.from({ length: 12 }, () => signUp(evento.id)));
    const codes = await Promise.all(families.map((f) => codigoDe(f.response.json().id)));
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJ-NP-Z]{6}$/);
    expect(new Set(codes).size).toBe(codes.length);
    // The voucher page and the e-mail show the lead's own code (the statement wrote it into the queued e-mail).
    const [mail] = await mailsTo(families[0]!.body.email);
    const token = tokenFrom(mail!.text);
    expect((await get(`/api/public/voucher/${token}`)).json().codigo).toBe(codes[0]);
    expect(mail!.text).toContain(`Código do voucher: ${codes[0]!.slice(0, 3)} ${codes[0]!.slice(3)}`);
  });

  it('draws again a code another lead of the same event holds; another event may hold it', async () => {
    const evento = await addEvento();
    const outro = await addEvento();
    const first = await signUp(evento.id);
    const code = await codigoDe(first.response.json().id);
    const base = { nomeResponsavel: 'Ana', email: 'codigo@exemplo.com.br', telefone: '19987654321' };
    const [same] = await ctx.handle.db
      .insert(leads)
      .values({ ...base, eventoId: evento.id, nomeAluno: `Aluno ${unique()}`, codigoVoucher: code })
      .returning({ codigo: leads.codigoVoucher });
    expect(same!.codigo).not.toBe(code);
    expect(same!.codigo).toMatch(/^[2-9A-HJ-NP-Z]{6}$/);
    const [elsewhere] = await ctx.handle.db
      .insert(leads)
      .values({ ...base, eventoId: outro.id, nomeAluno: `Aluno ${unique()}`, codigoVoucher: code })
      .returning({ codigo: leads.codigoVoucher });
    expect(elsewhere!.codigo).toBe(code);
  });

  it('checks a family in by its code typed in any case, with spaces; again says when and by whom', async () => {
    const evento = await addEvento();
    const family = await signUp(evento.id);
    const code = await codigoDe(family.response.json().id);
    const cliente = as(ctx.app, 'cliente');
    const typed = `${code.slice(0, 3).toLowerCase()} ${code.slice(3)}`;
    const first = await cliente.post(`/api/eventos/${evento.id}/presencas`, { codigo: typed });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: INSCRICAO_MESSAGES.presencaRegistrada,
      leadId: family.response.json().id,
      nomeAluno: family.body.nomeAluno,
      presentes: 1,
      inscritos: 1,
    });
    const again = await cliente.post(`/api/eventos/${evento.id}/presencas`, { codigo: code.toLowerCase() });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ message: INSCRICAO_MESSAGES.presencaJaRegistrada });
    expect(again.json().presenteEm).toBe(first.json().presenteEm);
    expect(again.json().registradaPor).toEqual(expect.any(String));
    const [audit] = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.acao, 'lead.presenca'), eq(auditLog.entidadeId, family.response.json().id)));
    expect(audit!.detalhes).toMatchObject({ eventoId: evento.id, meio: 'codigo' });
  });

  it('refuses a code of another event, an unknown code and a malformed one, each in pt-BR', async () => {
    const evento = await addEvento();
    const outro = await addEvento();
    await signUp(evento.id);
    const elsewhere = await signUp(outro.id);
    const codeElsewhere = await codigoDe(elsewhere.response.json().id);
    const cliente = as(ctx.app, 'cliente');
    const held = new Set(
      (await ctx.handle.db.select({ c: leads.codigoVoucher }).from(leads).where(eq(leads.eventoId, evento.id))).map(
        (r) => r.c,
      ),
    );
    // The other event's code, unless this event happens to hold the same one (1 in 10^9).
    if (!held.has(codeElsewhere)) {
      const wrongEvent = await cliente.post(`/api/eventos/${evento.id}/presencas`, { codigo: codeElsewhere });
      expect(wrongEvent.statusCode).toBe(404);
      expect(wrongEvent.json().message).toBe(INSCRICAO_MESSAGES.codigoOutroEvento);
    }
    const unknown = ['ZZZZZZ', 'YYYYYY', 'XXXXXX'].find((c) => !held.has(c) && c !== codeElsewhere)!;
    const notFound = await cliente.post(`/api/eventos/${evento.id}/presencas`, { codigo: unknown });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().message).toBe(INSCRICAO_MESSAGES.codigoNaoEncontrado);
    for (const codigo of ['ABC10O', 'ABCD', 'ABCDEFG', 'ÁBCDEF']) {
      const bad = await cliente.post(`/api/eventos/${evento.id}/presencas`, { codigo });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(INSCRICAO_MESSAGES.codigoInvalido);
    }
    // One way of naming the family at a time.
    const both = await cliente.post(`/api/eventos/${evento.id}/presencas`, {
      codigo: codeElsewhere,
      leadId: elsewhere.response.json().id,
    });
    expect(both.statusCode).toBe(400);
    // Out of the actor's scope, a code says nothing of the event.
    const foreign = await cliente.post(`/api/eventos/${outroCliente.id}/presencas`, { codigo: codeElsewhere });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).not.toBe(INSCRICAO_MESSAGES.codigoOutroEvento);
  });
});

describe("the event's street address on the voucher, its e-mail and its .ics (issue 51, ADR 090)", () => {
  const endereco = {
    logradouro: 'Rua Barão de Jaguara',
    numero: '1000',
    complemento: 'Auditório',
    bairro: 'Centro',
    cep: '13015001',
  };
  const mapa = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('Rua Barão de Jaguara, 1000 - Centro, Campinas - SP, 13015-001')}`;

  it('writes the address as the LOCATION and the map link in the .ics, the e-mail and the voucher page', async () => {
    const evento = await addEvento({ ...endereco, cidade: 'Campinas', dataEvento: '2030-07-01' });
    const { body } = await signUp(evento.id);
    const [mail] = await mailsTo(body.email);
    const vevent = new ICAL.Event(new ICAL.Component(ICAL.parse(mail!.ics!)).getFirstSubcomponent('vevent')!);
    expect(vevent.location).toBe(
      `${evento.nomeEscola}, Rua Barão de Jaguara, 1000 - Auditório - Centro, Campinas - SP, 13015-001`,
    );
    expect(vevent.description).toContain(`Como chegar: ${mapa}`);
    expect(mail!.text).toContain('Endereço: Rua Barão de Jaguara, 1000 - Auditório - Centro, Campinas - SP, 13015-001');
    expect(mail!.text).toContain(`Como chegar: ${mapa}`);
    // The line every e-mail had stays.
    expect(mail!.text).toContain('Local: Na Escola - Campinas - SP');
    const voucher = (await get(`/api/public/voucher/${tokenFrom(mail!.text)}`)).json();
    expect(voucher.evento).toMatchObject({ ...endereco, cidade: 'Campinas', estado: 'SP' });
  });

  it("changes nothing for an event without a street address: 'Na Escola - Campinas - SP', no map", async () => {
    const evento = await addEvento({ cidade: 'Campinas', bairro: 'Centro', cep: '13015001' });
    const { body } = await signUp(evento.id);
    const [mail] = await mailsTo(body.email);
    const vevent = new ICAL.Event(new ICAL.Component(ICAL.parse(mail!.ics!)).getFirstSubcomponent('vevent')!);
    expect(vevent.location).toBe(`${evento.nomeEscola} (Na Escola), Campinas - SP`);
    expect(vevent.description).not.toContain('google.com/maps');
    expect(mail!.text).toContain('Local: Na Escola - Campinas - SP');
    expect(mail!.text).not.toContain('Endereço:');
    expect(mail!.text).not.toContain('google.com/maps');
  });
});
