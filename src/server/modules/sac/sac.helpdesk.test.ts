import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCnpj } from '../../../shared/brazil-ids';
import {
  SAC_MESSAGES,
  type SacMensagem,
  type SacResumo,
  type SacTicket,
  type SacUser,
} from '../../../shared/schemas/sac';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../db/seed/demo-network';
import { auditLog, franqueadores, franquias, sacTickets, users } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import { createTestApp, readOutbox, type TestContext } from '../../../../tests/setup/test-app';
import { as, injectAs, type Caller } from '../../../../tests/support/inject-as';
import { HOUR_MS } from './business-time';

/**
 * The help desk (issue 19): the conversation, internal notes, statuses and their deadlines, assignment,
 * attachments and the rating -- who may do what, per role and place in the tree.
 */

let ctx: TestContext;
const FRANQUIA_MG = { email: 'franquia.mg@demo.com.br' };
const OTHER_FRANQUEADOR = { email: 'outra.rede@teste.com.br' };
const OTHER_FRANQUIA = { email: 'franquia.outra@teste.com.br' };

async function insertOtherNetwork() {
  const db = ctx.handle.db;
  const password = await hashPassword(DEMO_PASSWORD);
  const [owner] = await db
    .insert(users)
    .values({ email: OTHER_FRANQUEADOR.email, password, role: 'franqueador', nome: 'Outra Rede' })
    .returning({ id: users.id });
  const [franqueador] = await db
    .insert(franqueadores)
    .values({ userId: owner!.id, razaoSocial: 'Outra Rede S.A.', cnpj: makeCnpj('900000010001') })
    .returning({ id: franqueadores.id });
  await db.update(users).set({ franqueadorId: franqueador!.id }).where(eq(users.id, owner!.id));
  const [franquiaUser] = await db
    .insert(users)
    .values({ email: OTHER_FRANQUIA.email, password, role: 'franquia', nome: 'Franquia Outra' })
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
}

beforeAll(async () => {
  ctx = await createTestApp();
  await insertOtherNetwork();
});
afterAll(() => ctx.close());

const newTicket = { titulo: 'Erro no relatório', descricao: 'O relatório de matrículas não abre.', departamento: 'ti' };

async function open(who: Caller, body: object = newTicket): Promise<SacTicket> {
  const response = await as(ctx.app, who).post('/api/sac/tickets', body);
  expect(response.statusCode).toBe(201);
  return response.json<SacTicket>();
}

async function post(who: Caller, id: string, body: object) {
  return as(ctx.app, who).post(`/api/sac/tickets/${id}/mensagens`, body);
}

async function thread(who: Caller, id: string) {
  const response = await as(ctx.app, who).get(`/api/sac/tickets/${id}/mensagens`);
  expect(response.statusCode).toBe(200);
  return { items: response.json<SacMensagem[]>(), total: Number(response.headers['x-total-count']) };
}

async function ticket(who: Caller, id: string): Promise<SacTicket> {
  const response = await as(ctx.app, who).get(`/api/sac/tickets/${id}`);
  expect(response.statusCode).toBe(200);
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
const mails = async () => {
  await ctx.app.background.drain();
  return readOutbox(ctx.dataDir).map(decoded);
};

// A 1x1 PNG, a JPEG's and a PDF's first bytes, and an HTML page.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const HTML = Buffer.from('<!doctype html><script>alert(1)</script>');

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}
function multipart(parts: Part[]) {
  const boundary = '----sac-test-boundary';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.filename ? `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(who: Caller, id: string, parts: Part[]) {
  const body = multipart(parts);
  return injectAs(ctx.app, who, {
    method: 'POST',
    url: `/api/sac/tickets/${id}/mensagens`,
    payload: body.payload,
    headers: body.headers,
  });
}
const storedFiles = () => {
  try {
    return readdirSync(join(ctx.dataDir, 'anexos')).sort();
  } catch {
    return [];
  }
};

describe('the conversation', () => {
  it('lets the requester and the franqueador write and read; notes are the franqueador’s alone', async () => {
    const t = await open('franquia');
    const first = await post('franqueador', t.id, { texto: 'Pode enviar um print da tela?' });
    expect(first.statusCode).toBe(201);
    expect(first.json<SacMensagem>()).toMatchObject({
      texto: 'Pode enviar um print da tela?',
      interna: false,
      autor: { role: 'franqueador', nome: 'Ana Beatriz Moura' },
      anexos: [],
    });
    const note = await post('franqueador', t.id, {
      texto: 'NOTA: cliente difícil, conferir o contrato',
      interna: true,
    });
    expect(note.statusCode).toBe(201);
    expect(note.json<SacMensagem>().interna).toBe(true);
    const reply = await post('franquia', t.id, { texto: 'Segue em anexo.' });
    expect(reply.statusCode).toBe(201);

    const staff = await thread('franqueador', t.id);
    expect(staff.items.map((m) => [m.texto, m.interna])).toEqual([
      ['Pode enviar um print da tela?', false],
      ['NOTA: cliente difícil, conferir o contrato', true],
      ['Segue em anexo.', false],
    ]);
    expect(staff.total).toBe(3);
    const requester = await thread('franquia', t.id);
    expect(requester.items.map((m) => m.texto)).toEqual(['Pode enviar um print da tela?', 'Segue em anexo.']);
    expect(requester.total).toBe(2);
    expect(JSON.stringify(requester.items)).not.toContain('NOTA');
    // Paged in SQL, still without the note.
    const page2 = await as(ctx.app, 'franquia').get(`/api/sac/tickets/${t.id}/mensagens?pageSize=1&page=2`);
    expect(page2.json<SacMensagem[]>().map((m) => m.texto)).toEqual(['Segue em anexo.']);
    expect(page2.headers['x-total-count']).toBe('2');

    // A requester may not write a note, whatever it sends.
    const refused = await post('franquia', t.id, { texto: 'Nota minha', interna: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: SAC_MESSAGES.internaSoFranqueador });
    expect((await thread('franqueador', t.id)).total).toBe(3);
  });

  it('keeps each ticket to its requester and its network: siblings, the level above, other networks get 404', async () => {
    const micro = await open('micro_franquia');
    await post('franqueador', micro.id, { texto: 'Nota sobre a micro', interna: true });
    for (const who of ['franquia', FRANQUIA_MG, OTHER_FRANQUEADOR, OTHER_FRANQUIA] as Caller[]) {
      const label = JSON.stringify(who);
      expect((await as(ctx.app, who).get(`/api/sac/tickets/${micro.id}`)).statusCode, label).toBe(404);
      expect((await as(ctx.app, who).get(`/api/sac/tickets/${micro.id}/mensagens`)).statusCode, label).toBe(404);
      const write = await post(who, micro.id, { texto: 'Intruso' });
      expect(write.statusCode, label).toBe(404);
      expect(write.json()).toEqual({ message: SAC_MESSAGES.notFound });
      const note = await post(who, micro.id, { texto: 'Intruso', interna: true });
      expect(note.statusCode, label).toBe(404);
      expect((await as(ctx.app, who).post(`/api/sac/tickets/${micro.id}/avaliacao`, { nota: 1 })).statusCode).toBe(404);
    }
    for (const who of ['franquia', 'micro_franquia'] as Caller[]) {
      const patch = await as(ctx.app, who).patch(`/api/sac/tickets/${micro.id}`, { status: 'cancelado' });
      expect(patch.statusCode).toBe(403);
    }
    const other = await as(ctx.app, OTHER_FRANQUEADOR).patch(`/api/sac/tickets/${micro.id}`, { status: 'cancelado' });
    expect(other.statusCode).toBe(404);
    expect((await thread('micro_franquia', micro.id)).items).toEqual([]);
    for (const id of ['nao-e-um-id', '0b0b0b0b-0000-4000-8000-000000000000']) {
      expect((await as(ctx.app, 'franqueador').get(`/api/sac/tickets/${id}/mensagens`)).statusCode).toBe(404);
    }
  });

  it('e-mails the other side after each message, never a note, never a refused message', async () => {
    const t = await open('micro_franquia', { ...newTicket, titulo: 'Chamado com e-mails' });
    const before = (await mails()).length;
    await post('franqueador', t.id, { texto: 'SEGREDO-INTERNO do suporte', interna: true });
    await post('franqueador', t.id, { texto: 'Pergunta pública ao solicitante' });
    await post('micro_franquia', t.id, { texto: 'Resposta do solicitante' });
    const sent = (await mails()).slice(before);
    expect(sent.join('\n')).not.toContain('SEGREDO-INTERNO');
    const toRequester = sent.find((m) => m.includes('Pergunta pública ao solicitante'))!;
    expect(toRequester).toContain(`To: ${DEMO_ACCOUNTS.micro_franquia}`);
    expect(toRequester).toContain(`Nova mensagem no seu ticket #${t.id.slice(0, 8)}`);
    expect(toRequester).toContain(`/sac/${t.id}`);
    const toStaff = sent.find((m) => m.includes('Resposta do solicitante'))!;
    expect(toStaff).toContain(`To: ${DEMO_ACCOUNTS.franqueador}`);

    await as(ctx.app, 'franqueador').patch(`/api/sac/tickets/${t.id}`, { status: 'cancelado' });
    const count = (await mails()).length;
    const refused = await post('micro_franquia', t.id, { texto: 'Depois do cancelamento' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: SAC_MESSAGES.cancelado });
    expect((await mails()).length).toBe(count);
  });

  it('posts the Responder dialog’s resolução to the conversation and counts it as the first response', async () => {
    const t = await open('franquia');
    expect(t.primeiraRespostaEm).toBeNull();
    const answered = await as(ctx.app, 'franqueador').patch(`/api/sac/tickets/${t.id}`, {
      status: 'concluido',
      resolucao: 'Corrigido na versão de hoje.',
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json<SacTicket>()).toMatchObject({
      status: 'concluido',
      resolucao: 'Corrigido na versão de hoje.',
    });
    expect(answered.json<SacTicket>().primeiraRespostaEm).not.toBeNull();
    expect((await thread('franquia', t.id)).items.map((m) => m.texto)).toEqual(['Corrigido na versão de hoje.']);
  });

  it('audits each write; a note’s row sits on the franqueador’s path, out of the requester’s trail', async () => {
    const t = await open('franquia');
    await post('franqueador', t.id, { texto: 'Nota auditada', interna: true });
    await post('franquia', t.id, { texto: 'Mensagem auditada' });
    const rows = await ctx.handle.db
      .select({ acao: auditLog.acao, franquiaId: auditLog.franquiaId })
      .from(auditLog)
      .where(eq(auditLog.entidadeId, t.id));
    expect(rows.map((r) => r.acao).sort()).toEqual([
      'sac_nota_interna.criar',
      'sac_ticket.abrir',
      'sac_ticket.mensagem',
    ]);
    expect(rows.find((r) => r.acao === 'sac_nota_interna.criar')!.franquiaId).toBeNull();
    const trail = await as(ctx.app, 'franquia').get('/api/auditoria?pageSize=500');
    expect(trail.statusCode).toBe(200);
    expect(trail.body).not.toContain('sac_nota_interna');
    expect(trail.body).not.toContain('Nota interna');
  });
});

describe('statuses, deadlines and assignment', () => {
  it('waits on the requester with the clock stopped, and resumes when the requester answers', async () => {
    const t = await open('franquia', { ...newTicket, prioridade: 'critica' });
    expect(Date.parse(t.primeiraRespostaAte!)).toBeGreaterThan(Date.parse(t.createdAt));
    expect(Date.parse(t.resolucaoAte!)).toBeGreaterThan(Date.parse(t.primeiraRespostaAte!));
    expect(t.atrasado).toBe(false);

    // Past its deadline it is late, and the list finds it with atrasados=true.
    await ctx.handle.db
      .update(sacTickets)
      .set({ resolucaoAte: new Date(Date.now() - HOUR_MS) })
      .where(eq(sacTickets.id, t.id));
    expect((await ticket('franqueador', t.id)).atrasado).toBe(true);
    const late = await as(ctx.app, 'franqueador').get('/api/sac/tickets?atrasados=true&pageSize=500');
    expect(late.json<SacTicket[]>().map((x) => x.id)).toContain(t.id);
    expect(late.json<SacTicket[]>().every((x) => x.atrasado)).toBe(true);
    // The total counts the late tickets only, on a page of one as on the whole list; a page past the end is empty
    // with the same total.
    const lateTotal = late.headers['x-total-count'];
    expect(lateTotal).toBe(String(late.json<SacTicket[]>().length));
    const one = await as(ctx.app, 'franqueador').get('/api/sac/tickets?atrasados=true&pageSize=1');
    expect(one.json<SacTicket[]>()).toHaveLength(1);
    expect(one.headers['x-total-count']).toBe(lateTotal);
    const past = await as(ctx.app, 'franqueador').get('/api/sac/tickets?atrasados=true&page=999');
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe(lateTotal);
    await ctx.handle.db
      .update(sacTickets)
      .set({ resolucaoAte: new Date(t.resolucaoAte!) })
      .where(eq(sacTickets.id, t.id));

    const asked = await as(ctx.app, 'franqueador').patch(`/api/sac/tickets/${t.id}`, {
      status: 'aguardando_solicitante',
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json<SacTicket>()).toMatchObject({ status: 'aguardando_solicitante', atrasado: false });
    // The pause began a week ago: seven calendar days hold at least three business days.
    await ctx.handle.db
      .update(sacTickets)
      .set({ slaPausadoEm: new Date(Date.now() - 7 * 24 * HOUR_MS), resolucaoAte: new Date(Date.now() - HOUR_MS) })
      .where(eq(sacTickets.id, t.id));
    // Waiting is never late, even past the deadline.
    expect((await ticket('franqueador', t.id)).atrasado).toBe(false);
    const waiting = await as(ctx.app, 'franqueador').get('/api/sac/tickets?status=aguardando_solicitante&pageSize=500');
    expect(waiting.json<SacTicket[]>().map((x) => x.id)).toContain(t.id);

    expect((await post('franquia', t.id, { texto: 'Aqui está a informação.' })).statusCode).toBe(201);
    const resumed = await ticket('franquia', t.id);
    expect(resumed.status).toBe('em_andamento');
    const [row] = await ctx.handle.db
      .select({ pausa: sacTickets.slaPausaMs, pausadoEm: sacTickets.slaPausadoEm })
      .from(sacTickets)
      .where(eq(sacTickets.id, t.id));
    expect(row!.pausadoEm).toBeNull();
    expect(row!.pausa).toBeGreaterThanOrEqual(30 * HOUR_MS);
    // The deadline moved by the pause's business hours: crítica's 8 h plus at least 30 h from the opening.
    expect(Date.parse(resumed.resolucaoAte!)).toBeGreaterThan(Date.parse(t.resolucaoAte!) + 24 * HOUR_MS);
    expect(resumed.atrasado).toBe(false);
  });

  it('is late past the first-response deadline only while no one has answered, and past the resolution one always', async () => {
    const t = await open('franquia');
    const lateIds = async () =>
      (await as(ctx.app, 'franqueador').get('/api/sac/tickets?atrasados=true&pageSize=500'))
        .json<SacTicket[]>()
        .map((x) => x.id);
    const set = (values: Partial<typeof sacTickets.$inferInsert>) =>
      ctx.handle.db.update(sacTickets).set(values).where(eq(sacTickets.id, t.id));

    // Unanswered past the first-response deadline: late, in the ticket and in the list.
    await set({ primeiraRespostaAte: new Date(Date.now() - HOUR_MS) });
    expect((await ticket('franqueador', t.id)).atrasado).toBe(true);
    expect(await lateIds()).toContain(t.id);
    // Answered: that deadline no longer counts, and the resolution one is still ahead.
    expect((await post('franqueador', t.id, { texto: 'Estamos verificando.' })).statusCode).toBe(201);
    expect((await ticket('franqueador', t.id)).atrasado).toBe(false);
    expect(await lateIds()).not.toContain(t.id);
    // Past the resolution deadline, answered or not: late.
    await set({ resolucaoAte: new Date(Date.now() - 60_000) });
    expect((await ticket('franqueador', t.id)).atrasado).toBe(true);
    expect(await lateIds()).toContain(t.id);
    // Concluded: never late.
    await as(ctx.app, 'franqueador').patch(`/api/sac/tickets/${t.id}`, { status: 'concluido', resolucao: 'Feito.' });
    expect((await ticket('franqueador', t.id)).atrasado).toBe(false);
    expect(await lateIds()).not.toContain(t.id);
  });

  it('lets the requester reopen a concluded ticket within 7 days by writing, not after', async () => {
    const t = await open('franquia');
    await as(ctx.app, 'franqueador').patch(`/api/sac/tickets/${t.id}`, { status: 'concluido', resolucao: 'Feito.' });
    await ctx.handle.db
      .update(sacTickets)
      .set({ resolvedAt: new Date(Date.now() - 8 * 24 * HOUR_MS) })
      .where(eq(sacTickets.id, t.id));
    const tooLate = await post('franquia', t.id, { texto: 'Voltou a acontecer.' });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json()).toEqual({ message: SAC_MESSAGES.prazoReabertura });
    expect((await ticket('franquia', t.id)).status).toBe('concluido');

    await ctx.handle.db
      .update(sacTickets)
      .set({ resolvedAt: new Date(Date.now() - 6 * 24 * HOUR_MS) })
      .where(eq(sacTickets.id, t.id));
    expect((await post('franquia', t.id, { texto: 'Voltou a acontecer.' })).statusCode).toBe(201);
    const reopened = await ticket('franquia', t.id);
    expect(reopened).toMatchObject({ status: 'em_andamento', resolucao: null, resolvedAt: null });
    // Open again, 'Responder' answers it once more.
    const again = await as(ctx.app, 'franqueador').patch(`/api/sac/tickets/${t.id}`, {
      status: 'concluido',
      resolucao: 'Corrigido de vez.',
    });
    expect(again.statusCode).toBe(200);
  });

  it('assigns to the franqueador’s team only, changes priority and filters the list by them', async () => {
    const t = await open('franquia', { ...newTicket, departamento: 'marketing' });
    const equipe = (await as(ctx.app, 'franqueador').get('/api/sac/equipe')).json<SacUser[]>();
    expect(equipe.map((u) => u.role)).toEqual(equipe.map(() => 'franqueador'));
    const me = equipe.find((u) => u.email === DEMO_ACCOUNTS.franqueador)!;
    const franquiaUser = (await as(ctx.app, 'franqueador').get('/api/sac/users?q=franquia.mg')).json<SacUser[]>()[0]!;
    const wrong = await as(ctx.app, 'franqueador').patch(`/api/sac/tickets/${t.id}`, {
      responsavelId: franquiaUser.id,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ responsavelId: SAC_MESSAGES.responsavel });
    const other = await as(ctx.app, OTHER_FRANQUEADOR).get('/api/sac/equipe');
    const foreign = other.json<SacUser[]>()[0]!;
    expect(
      (await as(ctx.app, 'franqueador').patch(`/api/sac/tickets/${t.id}`, { responsavelId: foreign.id })).statusCode,
    ).toBe(400);

    const assigned = await as(ctx.app, 'franqueador').patch(`/api/sac/tickets/${t.id}`, {
      responsavelId: me.id,
      prioridade: 'baixa',
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json<SacTicket>()).toMatchObject({
      responsavelId: me.id,
      prioridade: 'baixa',
      status: 'em_andamento',
    });
    expect(Date.parse(assigned.json<SacTicket>().resolucaoAte!)).toBeGreaterThan(Date.parse(t.resolucaoAte!));

    const filtered = await as(ctx.app, 'franqueador').get(
      `/api/sac/tickets?responsavelId=${me.id}&prioridade=baixa&departamento=marketing&status=em_andamento`,
    );
    expect(filtered.json<SacTicket[]>().map((x) => x.id)).toContain(t.id);
    expect(filtered.json<SacTicket[]>().every((x) => x.prioridade === 'baixa' && x.departamento === 'marketing')).toBe(
      true,
    );
    const bad = await as(ctx.app, 'franqueador').get('/api/sac/tickets?atrasados=sim&status=aberto');
    expect(bad.statusCode).toBe(400);

    const unassigned = await as(ctx.app, 'franqueador').patch(`/api/sac/tickets/${t.id}`, { responsavelId: null });
    expect(unassigned.json<SacTicket>()).toMatchObject({ responsavelId: null, responsavel: null });
    const empty = await as(ctx.app, 'franqueador').patch(`/api/sac/tickets/${t.id}`, {});
    expect(empty.statusCode).toBe(400);
  });
});

describe('attachments', () => {
  it('stores a PNG, serves it only to who may read the message, as a download', async () => {
    const t = await open('micro_franquia');
    const before = storedFiles().length;
    const response = await upload('micro_franquia', t.id, [
      { name: 'texto', value: 'Print do erro' },
      { name: 'anexos', value: PNG, filename: 'tela.png', type: 'image/png' },
      // A PNG named .pdf is a PNG: its bytes decide, its name too (issue 39).
      { name: 'anexos', value: PNG, filename: 'relatorio.pdf', type: 'application/pdf' },
      { name: 'anexos', value: PDF, filename: 'contrato.pdf', type: 'application/pdf' },
    ]);
    expect(response.statusCode).toBe(201);
    const mensagem = response.json<SacMensagem>();
    expect(mensagem.anexos.map((a) => [a.nome, a.tipo, a.tamanho])).toEqual([
      ['tela.png', 'image/png', PNG.length],
      ['relatorio.png', 'image/png', PNG.length],
      ['contrato.pdf', 'application/pdf', PDF.length],
    ]);
    expect(storedFiles().length).toBe(before + 3);
    // The thread lists the same files, in the order they were sent, for both sides.
    for (const who of ['micro_franquia', 'franqueador'] as Caller[]) {
      const listed = (await thread(who, t.id)).items.find((m) => m.id === mensagem.id);
      expect(listed?.anexos).toEqual(mensagem.anexos);
    }
    // A page past the end is empty with the thread's total; a ticket out of scope is 404, not an empty page.
    const past = await as(ctx.app, 'micro_franquia').get(`/api/sac/tickets/${t.id}/mensagens?page=9`);
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe(String((await thread('micro_franquia', t.id)).total));
    const foreign = await as(ctx.app, OTHER_FRANQUEADOR).get(`/api/sac/tickets/${t.id}/mensagens?page=9`);
    expect(foreign.statusCode).toBe(404);
    // Named by the row's random id, never by the client's name.
    expect(storedFiles()).toEqual(expect.arrayContaining(mensagem.anexos.map((a) => a.id)));

    const [png] = mensagem.anexos;
    for (const who of ['micro_franquia', 'franqueador'] as Caller[]) {
      const file = await as(ctx.app, who).get(`/api/sac/anexos/${png!.id}`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['content-disposition']).toContain('attachment; filename="tela.png"');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.rawPayload.equals(PNG)).toBe(true);
    }
    for (const who of ['franquia', FRANQUIA_MG, OTHER_FRANQUEADOR, OTHER_FRANQUIA] as Caller[]) {
      const file = await as(ctx.app, who).get(`/api/sac/anexos/${png!.id}`);
      expect(file.statusCode, JSON.stringify(who)).toBe(404);
      expect(file.json()).toEqual({ message: SAC_MESSAGES.anexoNotFound });
    }
  });

  it.each([
    // A right-to-left override: the name reads 'exe.png' and is an .exe.
    ['a right-to-left override', '😀\u202Egnp.exe', PNG, '😀gnp.png', 'image/png'],
    [
      'isolates, a mark and an override',
      '\u2067fatura\u2069\u200F.pdf\u202E.exe',
      PDF,
      'fatura.pdf.pdf',
      'application/pdf',
    ],
    ['zero-width characters, the wrong extension', 'foto\u200B\u061C.jpg\u00AD', PNG, 'foto.png', 'image/png'],
    ['no extension', 'sem extensão', PDF, 'sem extensão.pdf', 'application/pdf'],
    ['its own extension', 'Contrato v1.2 final.PDF', PDF, 'Contrato v1.2 final.PDF', 'application/pdf'],
  ])(
    'names a file sent with %s by what it shows and the type its bytes are (issue 39)',
    async (_caso, filename, bytes, nome, tipo) => {
      const t = await open('micro_franquia');
      const response = await upload('micro_franquia', t.id, [
        { name: 'texto', value: 'Arquivo com nome enganoso' },
        { name: 'anexos', value: bytes, filename, type: 'image/png' },
      ]);
      expect(response.statusCode).toBe(201);
      const [anexo] = response.json<SacMensagem>().anexos;
      expect(anexo).toMatchObject({ nome, tipo });
      const file = await as(ctx.app, 'micro_franquia').get(`/api/sac/anexos/${anexo!.id}`);
      expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(nome)}`);
      // No bidirectional control, in the name or on its way to the browser.
      expect(decodeURIComponent(String(file.headers['content-disposition']))).not.toMatch(
        /[\u061C\u200B-\u200F\u202A-\u202E\u2066-\u2069]/u,
      );
    },
  );

  it('keeps a note’s files from the requester', async () => {
    const t = await open('franquia');
    const note = await upload('franqueador', t.id, [
      { name: 'texto', value: 'Print interno' },
      { name: 'interna', value: 'true' },
      { name: 'anexos', value: PNG, filename: 'interno.png', type: 'image/png' },
    ]);
    expect(note.statusCode).toBe(201);
    const anexo = note.json<SacMensagem>().anexos[0]!;
    expect((await as(ctx.app, 'franqueador').get(`/api/sac/anexos/${anexo.id}`)).statusCode).toBe(200);
    expect((await as(ctx.app, 'franquia').get(`/api/sac/anexos/${anexo.id}`)).statusCode).toBe(404);
    expect(JSON.stringify((await thread('franquia', t.id)).items)).not.toContain(anexo.id);
  });

  it('refuses a 6th file, a file over 5 MB and an HTML page named .png, and keeps nothing of them', async () => {
    const t = await open('franquia');
    const before = storedFiles();
    const six = await upload('franquia', t.id, [
      { name: 'texto', value: 'Seis arquivos' },
      ...Array.from({ length: 6 }, (_, i) => ({
        name: 'anexos',
        value: PNG,
        filename: `f${i}.png`,
        type: 'image/png',
      })),
    ]);
    expect(six.statusCode).toBe(413);
    expect(six.json()).toEqual({ message: SAC_MESSAGES.anexosDemais });

    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1 - PNG.length)]);
    expect(big.length).toBe(5 * 1024 * 1024 + 1);
    const tooBig = await upload('franquia', t.id, [
      { name: 'texto', value: 'Grande demais' },
      { name: 'anexos', value: PNG, filename: 'ok.png', type: 'image/png' },
      { name: 'anexos', value: big, filename: 'grande.png', type: 'image/png' },
    ]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ message: SAC_MESSAGES.anexoGrande });
    // Exactly 5 MB is accepted.
    const exact = await upload('franquia', t.id, [
      { name: 'texto', value: 'No limite' },
      { name: 'anexos', value: big.subarray(0, 5 * 1024 * 1024), filename: 'limite.png', type: 'image/png' },
    ]);
    expect(exact.statusCode).toBe(201);
    const accepted = storedFiles();

    const html = await upload('franquia', t.id, [
      { name: 'texto', value: 'Página disfarçada' },
      { name: 'anexos', value: HTML, filename: 'foto.png', type: 'image/png' },
    ]);
    expect(html.statusCode).toBe(415);
    expect(html.json()).toEqual({ message: SAC_MESSAGES.anexoTipo });

    // A good file in a message refused afterwards (no text) is not kept either.
    const noText = await upload('franquia', t.id, [
      { name: 'anexos', value: PNG, filename: 'a.png', type: 'image/png' },
    ]);
    expect(noText.statusCode).toBe(400);
    const foreign = await upload(FRANQUIA_MG, t.id, [
      { name: 'texto', value: 'Intruso' },
      { name: 'anexos', value: PNG, filename: 'a.png', type: 'image/png' },
    ]);
    expect(foreign.statusCode).toBe(404);

    expect(storedFiles()).toEqual(accepted);
    expect(accepted.length).toBe(before.length + 1);
    const texts = (await thread('franquia', t.id)).items.map((m) => m.texto);
    expect(texts).toEqual(['No limite']);
  });
});

describe('satisfaction', () => {
  it('lets the requester rate a concluded ticket once, and the franqueador reads the average', async () => {
    const t = await open('franquia');
    const early = await as(ctx.app, 'franquia').post(`/api/sac/tickets/${t.id}/avaliacao`, { nota: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: SAC_MESSAGES.avaliacaoNaoConcluido });
    await as(ctx.app, 'franqueador').patch(`/api/sac/tickets/${t.id}`, { status: 'concluido', resolucao: 'Ok.' });
    const invalid = await as(ctx.app, 'franquia').post(`/api/sac/tickets/${t.id}/avaliacao`, { nota: 6 });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({ nota: SAC_MESSAGES.nota });
    const byStaff = await as(ctx.app, 'franqueador').post(`/api/sac/tickets/${t.id}/avaliacao`, { nota: 1 });
    expect(byStaff.statusCode).toBe(403);

    const rated = await as(ctx.app, 'franquia').post(`/api/sac/tickets/${t.id}/avaliacao`, {
      nota: 4,
      comentario: 'Rápido e claro.',
    });
    expect(rated.statusCode).toBe(201);
    expect(rated.json<SacTicket>().avaliacao).toMatchObject({ nota: 4, comentario: 'Rápido e claro.' });
    const twice = await as(ctx.app, 'franquia').post(`/api/sac/tickets/${t.id}/avaliacao`, { nota: 1 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: SAC_MESSAGES.jaAvaliado });

    const resumo = (await as(ctx.app, 'franqueador').get('/api/sac/resumo?dias=30')).json<SacResumo>();
    expect(resumo.avaliacao).toMatchObject({ media: 4, total: 1, dias: 30 });
    expect(resumo.abertos).toBeGreaterThan(0);
    const other = (await as(ctx.app, OTHER_FRANQUEADOR).get('/api/sac/resumo')).json<SacResumo>();
    expect(other.avaliacao.total).toBe(0);
    expect((await as(ctx.app, 'franquia').get('/api/sac/resumo')).statusCode).toBe(403);
    const rows = await ctx.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sacTickets)
      .where(sql`${sacTickets.avaliacaoNota} is not null`);
    expect(rows[0]!.n).toBe(1);
  });
});

describe('attachments of any type (issue 51)', () => {
  // An .xlsx is a ZIP; a CSV and a Parquet file are bytes no sniffing names.
  const XLSX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('[Content_Types].xml planilha')]);
  const CSV = Buffer.from('aluno;responsavel;telefone\nAna;Maria;11999990000\n');
  const PARQUET = Buffer.from('PAR1\u0015\u0004\u0015\u0010dados colunares');

  it('keeps spreadsheets and unknown types, served to who may read them as a download never sniffed', async () => {
    const t = await open('micro_franquia');
    const response = await upload('micro_franquia', t.id, [
      { name: 'texto', value: 'Planilhas do mês' },
      { name: 'anexos', value: XLSX, filename: 'matrículas março.xlsx', type: 'application/octet-stream' },
      // The declared type is ignored: a CSV said to be HTML is a CSV.
      { name: 'anexos', value: CSV, filename: 'leads.csv', type: 'text/html' },
      { name: 'anexos', value: PARQUET, filename: 'export.parquet', type: 'text/html' },
    ]);
    expect(response.statusCode).toBe(201);
    const anexos = response.json<SacMensagem>().anexos;
    expect(anexos.map((a) => [a.nome, a.tipo, a.tamanho])).toEqual([
      ['matrículas março.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', XLSX.length],
      ['leads.csv', 'text/csv', CSV.length],
      ['export.parquet', 'application/octet-stream', PARQUET.length],
    ]);
    expect(storedFiles()).toEqual(expect.arrayContaining(anexos.map((a) => a.id)));
    const bytes = [XLSX, CSV, PARQUET];
    for (const who of ['micro_franquia', 'franqueador'] as Caller[]) {
      for (const [i, anexo] of anexos.entries()) {
        const file = await as(ctx.app, who).get(`/api/sac/anexos/${anexo.id}`);
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe(anexo.tipo);
        expect(file.headers['content-disposition']).toMatch(/^attachment; /);
        expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(anexo.nome)}`);
        expect(file.headers['x-content-type-options']).toBe('nosniff');
        expect(file.headers['cache-control']).toBe('private, no-store');
        expect(file.rawPayload.equals(bytes[i]!)).toBe(true);
      }
    }
    // The ASCII fallback of a name with accents keeps the download named.
    const first = await as(ctx.app, 'micro_franquia').get(`/api/sac/anexos/${anexos[0]!.id}`);
    expect(first.headers['content-disposition']).toContain('filename="matr_culas mar_o.xlsx"');
    for (const who of ['franquia', FRANQUIA_MG, OTHER_FRANQUEADOR, OTHER_FRANQUIA] as Caller[]) {
      const file = await as(ctx.app, who).get(`/api/sac/anexos/${anexos[0]!.id}`);
      expect(file.statusCode, JSON.stringify(who)).toBe(404);
    }
  });

  it.each([
    ['a program by its name', 'instalador.exe', Buffer.from('qualquer coisa'), SAC_MESSAGES.anexoExecutavel],
    [
      'a program by its bytes, named as a spreadsheet',
      'planilha.xlsx',
      Buffer.from('MZ\x90\x00\x03'),
      SAC_MESSAGES.anexoExecutavel,
    ],
    ['a Linux program named as text', 'leia-me.txt', Buffer.from('\x7fELF\x02\x01\x01'), SAC_MESSAGES.anexoExecutavel],
    ['a script with a trailing dot', 'atualizar.bat.', Buffer.from('@echo off'), SAC_MESSAGES.anexoExecutavel],
    ['a page', 'pagina.html', HTML, SAC_MESSAGES.anexoExecutavel],
    ['an SVG', 'logo.svg', Buffer.from('<svg onload="alert(1)"/>'), SAC_MESSAGES.anexoExecutavel],
    ['a double extension', 'fatura.pdf.js', Buffer.from('alert(1)'), SAC_MESSAGES.anexoExecutavel],
    [
      'a right-to-left override hiding .exe',
      'resumo\u202Exslx.exe',
      Buffer.from('dados'),
      SAC_MESSAGES.anexoExecutavel,
    ],
    ['a page named as a PDF', 'boleto.pdf', HTML, SAC_MESSAGES.anexoTipo],
  ])('refuses %s and keeps nothing of the message', async (_caso, filename, bytes, message) => {
    const t = await open('franquia');
    const before = storedFiles();
    const response = await upload('franquia', t.id, [
      { name: 'texto', value: 'Arquivo perigoso' },
      { name: 'anexos', value: CSV, filename: 'ok.csv', type: 'text/csv' },
      { name: 'anexos', value: bytes, filename, type: 'application/octet-stream' },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message });
    expect(storedFiles()).toEqual(before);
    expect((await thread('franquia', t.id)).items).toEqual([]);
  });
});

describe('the first agent reply (issue 51)', () => {
  it('assigns the ticket to the agent who first replies, not on a note, and never over an assignee', async () => {
    const equipe = (await as(ctx.app, 'franqueador').get('/api/sac/equipe')).json<SacUser[]>();
    const me = equipe.find((u) => u.email === DEMO_ACCOUNTS.franqueador)!;

    const t = await open('franquia');
    expect(t).toMatchObject({ responsavelId: null, responsavel: null });
    // A requester's message and an internal note take no one.
    await post('franquia', t.id, { texto: 'Alguma novidade?' });
    await post('franqueador', t.id, { texto: 'Nota: ver com a TI', interna: true });
    expect(await ticket('franqueador', t.id)).toMatchObject({ responsavelId: null, primeiraRespostaEm: null });

    expect((await post('franqueador', t.id, { texto: 'Estou cuidando disso.' })).statusCode).toBe(201);
    const taken = await ticket('franquia', t.id);
    expect(taken).toMatchObject({ responsavelId: me.id, responsavel: { nome: 'Ana Beatriz Moura' } });
    expect(taken.primeiraRespostaEm).not.toBeNull();
    const [row] = await ctx.handle.db
      .select({ alteracoes: auditLog.alteracoes })
      .from(auditLog)
      .where(
        sql`${auditLog.entidadeId} = ${t.id} and ${auditLog.acao} = 'sac_ticket.mensagem' and ${auditLog.alteracoes} is not null`,
      );
    expect(row!.alteracoes).toEqual({ responsavelId: [null, me.id] });
    // Unassigned afterwards, a later reply is not the first: it stays unassigned.
    await as(ctx.app, 'franqueador').patch(`/api/sac/tickets/${t.id}`, { responsavelId: null });
    await post('franqueador', t.id, { texto: 'Segue a atualização.' });
    expect((await ticket('franqueador', t.id)).responsavelId).toBeNull();

    // Assigned before anyone replied: the first reply keeps the assignee.
    const colleague = await insertColleague();
    const assigned = await open('micro_franquia');
    await as(ctx.app, 'franqueador').patch(`/api/sac/tickets/${assigned.id}`, { responsavelId: colleague });
    await post('franqueador', assigned.id, { texto: 'Respondo pela colega.' });
    expect((await ticket('franqueador', assigned.id)).responsavelId).toBe(colleague);

    // A franqueador's own ticket: its author's messages are the requester's, and take no one.
    const own = await open('franqueador');
    await post('franqueador', own.id, { texto: 'Complemento do meu ticket.' });
    expect((await ticket('franqueador', own.id)).responsavelId).toBeNull();
  });
});

/** A second member of the demo franqueador's team. */
async function insertColleague(): Promise<string> {
  const db = ctx.handle.db;
  const [owner] = await db
    .select({ franqueadorId: users.franqueadorId })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.franqueador));
  const [colleague] = await db
    .insert(users)
    .values({
      email: 'colega.suporte@demo.com.br',
      password: await hashPassword(DEMO_PASSWORD),
      role: 'franqueador',
      nome: 'Colega do Suporte',
      franqueadorId: owner!.franqueadorId,
    })
    .returning({ id: users.id });
  return colleague!.id;
}
