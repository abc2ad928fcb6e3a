import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../../../tests/support/database-digest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCnpj } from '../../../shared/brazil-ids';
import { SAC_MESSAGES, type SacTicket, type SacUser } from '../../../shared/schemas/sac';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../db/seed/demo-network';
import { franqueadores, franquias, sacTickets, users } from '../../db/schema';
import { MESSAGES } from '../../lib/http-error';
import { hashPassword } from '../../lib/password';
import { createTestApp, readOutbox, type TestContext } from '../../../../tests/setup/test-app';
import { as, injectAs, type Caller } from '../../../../tests/support/inject-as';

let ctx: TestContext;
/** Users beyond the one demo account per role: a franquia of the other branch, another network's owner. */
const FRANQUIA_MG = { email: 'franquia.mg@demo.com.br' };
const OTHER_FRANQUEADOR = { email: 'outra.rede@teste.com.br' };
let otherNetworkTicketId: string;

/** A second franqueador with a franquia and a ticket: the demo franqueador must never see them. */
async function insertOtherNetwork() {
  const db = ctx.handle.db;
  const password = await hashPassword(DEMO_PASSWORD);
  const [owner] = await db
    .insert(users)
    .values({ email: 'outra.rede@teste.com.br', password, role: 'franqueador', nome: 'Outra Rede' })
    .returning({ id: users.id });
  const [franqueador] = await db
    .insert(franqueadores)
    .values({ userId: owner!.id, razaoSocial: 'Outra Rede S.A.', cnpj: makeCnpj('900000010001') })
    .returning({ id: franqueadores.id });
  await db.update(users).set({ franqueadorId: franqueador!.id }).where(eq(users.id, owner!.id));
  const [franquiaUser] = await db
    .insert(users)
    .values({ email: 'franquia.outra@teste.com.br', password, role: 'franquia', nome: 'Franquia Outra' })
    .returning({ id: users.id });
  const [franquia] = await db
    .insert(franquias)
    .values({
      franqueadorId: franqueador!.id,
      userId: franquiaUser!.id,
      razaoSocial: 'Outra Franquia Ltda',
      cnpj: makeCnpj('900000020001'),
      repLegal: 'Fulano',
      cep: '01001000',
      cidade: 'São Paulo',
      estado: 'SP',
    })
    .returning({ id: franquias.id });
  await db.update(users).set({ franquiaId: franquia!.id }).where(eq(users.id, franquiaUser!.id));
  const [ticket] = await db
    .insert(sacTickets)
    .values({
      solicitanteId: franquiaUser!.id,
      franquiaId: franquia!.id,
      titulo: 'Ticket de outra rede',
      descricao: 'Não deve aparecer para a rede de demonstração.',
      departamento: 'ti',
    })
    .returning({ id: sacTickets.id });
  otherNetworkTicketId = ticket!.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  await insertOtherNetwork();
});
afterAll(() => ctx.close());

const tickets = async (who: Caller, query = '') => {
  const response = await as(ctx.app, who).get(`/api/sac/tickets${query}`);
  expect(response.statusCode).toBe(200);
  return { items: response.json<SacTicket[]>(), total: Number(response.headers['x-total-count']) };
};

const newTicket = { titulo: 'Problema no acesso', descricao: 'Não consigo acessar o relatório.', departamento: 'ti' };

async function createAs(who: Caller, body: object = newTicket): Promise<SacTicket> {
  const response = await as(ctx.app, who).post('/api/sac/tickets', body);
  expect(response.statusCode).toBe(201);
  return response.json<SacTicket>();
}

/** The mail's readable text: quoted-printable soft breaks and escapes undone. */
function decoded(eml: string): string {
  const joined = eml.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

describe('who may call the SAC API', () => {
  const calls = [
    ['GET', '/api/sac/tickets'],
    ['POST', '/api/sac/tickets'],
    ['PATCH', '/api/sac/tickets/00000000-0000-0000-0000-000000000000'],
    ['GET', '/api/sac/users'],
  ] as const;

  it.each(calls)('%s %s answers 401 without a session', async (method, url) => {
    const response = await ctx.app.inject({ method, url, ...(method === 'GET' ? {} : { payload: {} }) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: MESSAGES.unauthenticated });
  });

  it.each(['vendedor', 'cliente', 'aluno'] as const)('the %s gets 403 on every SAC call', async (role) => {
    for (const [method, url] of calls) {
      const response = await injectAs(ctx.app, role, {
        method,
        url,
        ...(method === 'GET' ? {} : { payload: newTicket }),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({ message: MESSAGES.forbidden });
    }
  });

  it.each(['franquia', 'micro_franquia'] as const)('the %s may not answer tickets nor list users', async (role) => {
    const [open] = (await tickets(role)).items;
    const answer = await as(ctx.app, role).patch(`/api/sac/tickets/${open!.id}`, {
      status: 'concluido',
      resolucao: 'Resolvido por mim mesmo.',
    });
    expect(answer.statusCode).toBe(403);
    expect((await as(ctx.app, role).get('/api/sac/users')).statusCode).toBe(403);
  });
});

describe('GET /api/sac/tickets', () => {
  it('gives the franqueador every ticket of its network, newest first, with requester and names', async () => {
    const { items, total } = await tickets('franqueador');
    expect(total).toBe(items.length);
    const titles = items.map((t) => t.titulo);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Kits de divulgação atrasados',
        'Acesso ao relatório de matrículas',
        'Material de marketing para Contagem',
      ]),
    );
    expect(titles).not.toContain('Ticket de outra rede');
    const created = items.map((t) => Date.parse(t.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));

    const kits = items.find((t) => t.titulo === 'Kits de divulgação atrasados')!;
    expect(kits).toMatchObject({
      status: 'em_andamento',
      prioridade: 'alta',
      departamento: 'logistica',
      resolucao: null,
      resolvedAt: null,
      solicitante: { nome: 'Juliana Pereira', email: DEMO_ACCOUNTS.micro_franquia, role: 'micro_franquia' },
      franquia: { razaoSocial: 'Educa Paulista Franquias Ltda' },
      microFranquia: { razaoSocial: 'Campinas Educação ME' },
      responsavel: null,
    });
    const answered = items.find((t) => t.titulo === 'Material de marketing para Contagem')!;
    expect(answered).toMatchObject({
      status: 'concluido',
      resolucao: 'Banners enviados por e-mail para a franquia.',
      resolvedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      responsavel: { nome: 'Ana Beatriz Moura' },
      franquia: { razaoSocial: 'Minas Saber Franquias Ltda' },
      microFranquia: null,
    });
  });

  it('gives a franquia only its own tickets, never another franquia’s nor its micro-franquias’', async () => {
    const sp = await tickets('franquia');
    expect(sp.items.map((t) => t.titulo)).toEqual(['Acesso ao relatório de matrículas']);
    expect(sp.total).toBe(1);
    const mg = await tickets(FRANQUIA_MG);
    expect(mg.items.map((t) => t.titulo)).toEqual(['Material de marketing para Contagem']);
    const micro = await tickets('micro_franquia');
    expect(micro.items.map((t) => t.titulo)).toEqual(['Kits de divulgação atrasados']);
  });

  it('keeps each franqueador inside its own network', async () => {
    const other = await tickets(OTHER_FRANQUEADOR);
    expect(other.items.map((t) => t.titulo)).toEqual(['Ticket de outra rede']);
  });

  it('searches the title without regard to case, and the id by its first characters', async () => {
    const byTitle = await tickets('franqueador', '?q=KITS DE');
    expect(byTitle.items.map((t) => t.titulo)).toEqual(['Kits de divulgação atrasados']);
    expect(byTitle.total).toBe(1);

    // Accents and case both ways (issue 23): typed without them, or in capitals with them.
    for (const q of ['divulgacao atrasados', 'DIVULGAÇÃO', 'Divulgação Atra']) {
      const found = await tickets('franqueador', `?q=${encodeURIComponent(q)}`);
      expect(
        found.items.map((t) => t.titulo),
        q,
      ).toEqual(['Kits de divulgação atrasados']);
    }

    const target = byTitle.items[0]!;
    for (const q of [target.id.slice(0, 8), `%23${target.id.slice(0, 8).toUpperCase()}`, target.id]) {
      const byId = await tickets('franqueador', `?q=${q}`);
      expect(
        byId.items.map((t) => t.id),
        q,
      ).toContain(target.id);
      expect(byId.items.every((t) => t.id.startsWith(target.id.slice(0, 8)) || /kits/i.test(t.titulo))).toBe(true);
    }
    // Another franquia's ticket stays out of a franquia's search, even by its exact id.
    const hidden = await tickets(FRANQUIA_MG, `?q=${target.id}`);
    expect(hidden.items).toEqual([]);
    expect(hidden.total).toBe(0);

    const none = await tickets('franqueador', '?q=nada-disso-existe');
    expect(none).toEqual({ items: [], total: 0 });
    // LIKE wildcards are searched as characters: as one, 'kits%atrasad' would find 'Kits de divulgação atrasados'.
    expect((await tickets('franqueador', `?q=${encodeURIComponent('kits%atrasad')}`)).total).toBe(0);
    // A bare '%' is a search too short to answer (issue 46).
    expect((await as(ctx.app, 'franqueador').get('/api/sac/tickets?q=%25')).statusCode).toBe(400);
  });

  it('pages in SQL and reports the total in X-Total-Count', async () => {
    const all = await tickets('franqueador');
    const first = await tickets('franqueador', '?pageSize=2&page=1');
    const second = await tickets('franqueador', '?pageSize=2&page=2');
    expect(first.total).toBe(all.total);
    expect(first.items.map((t) => t.id)).toEqual(all.items.slice(0, 2).map((t) => t.id));
    expect(second.items.map((t) => t.id)).toEqual(all.items.slice(2, 4).map((t) => t.id));
    const invalid = await as(ctx.app, 'franqueador').get('/api/sac/tickets?pageSize=501');
    expect(invalid.statusCode).toBe(400);
  });
});

describe('POST /api/sac/tickets', () => {
  it('opens a micro-franquia ticket as em_andamento, media priority, under its micro-franquia and franquia', async () => {
    const ticket = await createAs('micro_franquia');
    expect(ticket).toMatchObject({
      ...newTicket,
      status: 'em_andamento',
      prioridade: 'media',
      resolucao: null,
      responsavelId: null,
      solicitante: { email: DEMO_ACCOUNTS.micro_franquia, role: 'micro_franquia' },
      microFranquia: { razaoSocial: 'Campinas Educação ME' },
      franquia: { razaoSocial: 'Educa Paulista Franquias Ltda' },
    });
    // The requester and the franqueador see it; the franquia above it does not (tickets belong to their requester).
    expect((await tickets('micro_franquia')).items[0]!.id).toBe(ticket.id);
    expect((await tickets('franqueador')).items[0]!.id).toBe(ticket.id);
    expect((await tickets('franquia')).items.map((t) => t.id)).not.toContain(ticket.id);
  });

  it('opens a franquia ticket under the franquia only, and a franqueador ticket of its own', async () => {
    const franquiaTicket = await createAs('franquia', { ...newTicket, prioridade: 'critica' });
    expect(franquiaTicket).toMatchObject({
      prioridade: 'critica',
      franquia: { razaoSocial: 'Educa Paulista Franquias Ltda' },
      microFranquia: null,
    });
    const own = await createAs('franqueador', { ...newTicket, titulo: 'Ticket do franqueador' });
    expect(own).toMatchObject({ franquia: null, microFranquia: null, solicitante: { role: 'franqueador' } });
    expect((await tickets('franqueador', '?q=do franqueador')).items.map((t) => t.id)).toEqual([own.id]);
  });

  it('takes requester, franquia, status and answer from the session, never from the body', async () => {
    const franquiaMgUser = (await as(ctx.app, 'franqueador').get('/api/sac/users?q=franquia.mg'))
      .json<SacUser[]>()
      .find((u) => u.email === 'franquia.mg@demo.com.br')!;
    const ticket = await createAs('micro_franquia', {
      ...newTicket,
      titulo: 'Tentativa de atribuição',
      solicitanteId: franquiaMgUser.id,
      responsavelId: franquiaMgUser.id,
      franquiaId: '00000000-0000-0000-0000-000000000000',
      microFranquiaId: '00000000-0000-0000-0000-000000000000',
      status: 'concluido',
      resolucao: 'Já resolvido',
      resolvedAt: '2020-01-01T00:00:00.000Z',
    });
    expect(ticket).toMatchObject({
      status: 'em_andamento',
      resolucao: null,
      resolvedAt: null,
      responsavelId: null,
      responsavel: null,
      solicitante: { email: DEMO_ACCOUNTS.micro_franquia },
      microFranquia: { razaoSocial: 'Campinas Educação ME' },
    });
    expect(ticket.solicitanteId).not.toBe(franquiaMgUser.id);
    expect((await tickets(FRANQUIA_MG, '?q=Tentativa')).total).toBe(0);
  });

  it('answers SPEC §5 messages for an invalid ticket', async () => {
    const response = await as(ctx.app, 'franquia').post('/api/sac/tickets', {
      titulo: '  ',
      descricao: 'curta',
      departamento: 'juridico',
      prioridade: 'urgente',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: SAC_MESSAGES.tituloRequired,
      errors: {
        titulo: 'Título é obrigatório',
        descricao: 'Descrição deve ter pelo menos 10 caracteres',
        departamento: SAC_MESSAGES.departamento,
        prioridade: SAC_MESSAGES.prioridade,
      },
    });
  });
});

describe('PATCH /api/sac/tickets/:id', () => {
  it('records the franqueador’s answer once, e-mails the requester, and refuses a second answer with 409', async () => {
    const ticket = await createAs('micro_franquia', {
      ...newTicket,
      titulo: 'Impressora <b>quebrada</b> & cia',
    });
    const before = Date.now();
    const response = await as(ctx.app, 'franqueador').patch(`/api/sac/tickets/${ticket.id}`, {
      status: 'concluido',
      resolucao: 'Trocamos o toner <script>.',
      responsavelId: ticket.solicitanteId,
    });
    expect(response.statusCode).toBe(200);
    const answered = response.json<SacTicket>();
    expect(answered).toMatchObject({
      id: ticket.id,
      status: 'concluido',
      resolucao: 'Trocamos o toner <script>.',
      responsavel: { nome: 'Ana Beatriz Moura' },
      solicitante: { email: DEMO_ACCOUNTS.micro_franquia },
    });
    expect(Date.parse(answered.resolvedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(answered.responsavelId).not.toBe(ticket.solicitanteId);

    // The requester sees the answer.
    const seen = (await tickets('micro_franquia')).items.find((t) => t.id === ticket.id)!;
    expect(seen).toMatchObject({ status: 'concluido', resolucao: 'Trocamos o toner <script>.' });

    // The e-mail was written as a job with the answer (ADR 028), so a crash or a refusing SMTP loses nothing.
    const [job] = await queryRows<{ status: string }>(
      ctx.handle.db,
      sql`select status from jobs where tipo = 'email' and resumo = ${`Seu ticket #${ticket.id.slice(0, 8)} foi respondido`}`,
    );
    expect(job).toBeDefined();
    await ctx.app.background.drain();
    const mail = readOutbox(ctx.dataDir)
      .map(decoded)
      .find((m) => m.includes(`#${ticket.id.slice(0, 8)}`));
    expect(mail).toBeDefined();
    expect(mail).toContain(`To: ${DEMO_ACCOUNTS.micro_franquia}`);
    expect(mail).toContain('Status: Concluído');
    expect(mail).toContain('Resolução: Trocamos o toner <script>.');
    expect(mail).toContain('Trocamos o toner &#60;script&#62;.');
    expect(mail).toContain('Impressora &#60;b&#62;quebrada&#60;/b&#62; &#38; cia');
    expect(mail).not.toContain('<b>quebrada</b></p>');

    const again = await as(ctx.app, 'franqueador').patch(`/api/sac/tickets/${ticket.id}`, {
      status: 'cancelado',
      resolucao: 'Outra resposta',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Ticket já foi respondido' });
    const after = (await tickets('franqueador', `?q=${ticket.id}`)).items[0]!;
    expect(after).toMatchObject({ status: 'concluido', resolucao: 'Trocamos o toner <script>.' });
  });

  it('lets only one of two simultaneous answers win', async () => {
    const ticket = await createAs('franquia');
    const answers = await Promise.all(
      ['em_andamento', 'cancelado'].map((status) =>
        as(ctx.app, 'franqueador').patch(`/api/sac/tickets/${ticket.id}`, { status, resolucao: `Resposta ${status}` }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('answers SPEC §5 messages for an invalid answer', async () => {
    const [open] = (await tickets('franquia')).items.filter((t) => t.resolucao === null);
    const response = await as(ctx.app, 'franqueador').patch(`/api/sac/tickets/${open!.id}`, {
      status: 'aberto',
      resolucao: '   ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      status: SAC_MESSAGES.status,
      resolucao: 'Resolução é obrigatória',
    });
  });

  it('answers 404 for an unknown, malformed or other-network ticket', async () => {
    const body = { status: 'concluido', resolucao: 'Ok' };
    for (const id of ['0b0b0b0b-0000-4000-8000-000000000000', 'nao-e-um-id', otherNetworkTicketId]) {
      const response = await as(ctx.app, 'franqueador').patch(`/api/sac/tickets/${id}`, body);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ message: SAC_MESSAGES.notFound });
    }
  });
});

describe('GET /api/sac/users', () => {
  it('lists the people of the franqueador’s network, paged and searchable', async () => {
    const response = await as(ctx.app, 'franqueador').get('/api/sac/users');
    expect(response.statusCode).toBe(200);
    const list = response.json<SacUser[]>();
    expect(Number(response.headers['x-total-count'])).toBe(list.length);
    const emails = list.map((u) => u.email);
    expect(emails).toEqual(
      expect.arrayContaining([
        DEMO_ACCOUNTS.franqueador,
        DEMO_ACCOUNTS.franquia,
        'franquia.mg@demo.com.br',
        DEMO_ACCOUNTS.micro_franquia,
        DEMO_ACCOUNTS.vendedor,
        DEMO_ACCOUNTS.cliente,
      ]),
    );
    expect(emails).not.toContain('outra.rede@teste.com.br');
    expect(emails).not.toContain('franquia.outra@teste.com.br');
    expect(Object.keys(list[0]!).sort()).toEqual(['email', 'id', 'nome', 'role']);

    const searched = await as(ctx.app, 'franqueador').get('/api/sac/users?q=JULIANA');
    expect(searched.json<SacUser[]>()).toEqual([
      expect.objectContaining({ email: DEMO_ACCOUNTS.micro_franquia, role: 'micro_franquia' }),
    ]);
    const paged = await as(ctx.app, 'franqueador').get('/api/sac/users?pageSize=2&page=2');
    expect(paged.json<SacUser[]>().map((u) => u.id)).toEqual(list.slice(2, 4).map((u) => u.id));
  });
});
