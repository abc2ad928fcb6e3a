import { eq, ne, or, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCpf } from '../../../shared/brazil-ids';
import { ORIGEM_MESSAGES } from '../../../shared/metas/origem';
import { eventos, leads, preMatriculas, users, vendedores } from '../../db/schema';
import { APP_URL, createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { as } from '../../../../tests/support/inject-as';
import { insertOtherNetwork } from '../../../../tests/support/network-payloads';
import { unique } from '../../../../tests/support/unique';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-network';

let ctx: TestContext;
let campinas: typeof eventos.$inferSelect;
let vendedor: { id: string; codigo: string };
let outroCodigo: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const rows = await db.select().from(eventos).where(eq(eventos.cidade, 'Campinas'));
  campinas = rows.find((e) => e.status === 'agendado')!;
  const [v] = await db
    .select({ id: vendedores.id, codigo: vendedores.codigoIndicacao })
    .from(vendedores)
    .innerJoin(users, eq(users.id, vendedores.userId))
    .where(eq(users.email, DEMO_ACCOUNTS.vendedor));
  vendedor = v!;
  const outra = await insertOtherNetwork(db);
  const [o] = await db
    .select({ codigo: vendedores.codigoIndicacao })
    .from(vendedores)
    .where(eq(vendedores.userId, outra.vendedorUserId));
  outroCodigo = o!.codigo;
});
afterAll(() => ctx.close());

let nextAddress = 1;
const address = () => `10.48.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;
const post = (url: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: address() });
const get = (url: string) => ctx.app.inject({ url, remoteAddress: address() });

function leadBody(overrides: Record<string, unknown> = {}) {
  const id = unique();
  return {
    eventoId: campinas.id,
    nomeAluno: `Aluno ${id}`,
    nomeResponsavel: `Responsável ${id}`,
    email: `origem.${id}@email.com`,
    telefone: '(19) 98765-4321',
    consentimento: true,
    ...overrides,
  };
}
const cpf = () => makeCpf(String(100_000_000 + Math.floor(Math.random() * 899_999_999)));
const activationBody = (overrides: Record<string, unknown> = {}) => ({
  ...leadBody(),
  cpfAluno: cpf(),
  cpfResponsavel: cpf(),
  ...overrides,
});

const origemDoLead = async (email: string) => {
  const [row] = await ctx.handle.db
    .select({
      utmSource: leads.utmSource,
      utmMedium: leads.utmMedium,
      utmCampaign: leads.utmCampaign,
      utmContent: leads.utmContent,
      utmTerm: leads.utmTerm,
      linkCodigo: leads.linkCodigo,
      linkVendedorId: leads.linkVendedorId,
    })
    .from(leads)
    .where(eq(leads.email, email));
  return row;
};
const origemDaPre = async (email: string) => {
  const [row] = await ctx.handle.db
    .select({
      utmSource: preMatriculas.utmSource,
      utmCampaign: preMatriculas.utmCampaign,
      utmTerm: preMatriculas.utmTerm,
      linkCodigo: preMatriculas.linkCodigo,
      linkVendedorId: preMatriculas.linkVendedorId,
    })
    .from(preMatriculas)
    .where(eq(preMatriculas.email, email));
  return row;
};

const NENHUMA = {
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmContent: null,
  utmTerm: null,
  linkCodigo: null,
  linkVendedorId: null,
};

describe('POST /api/leads with origem (issue 48)', () => {
  it("stores the UTM fields and the vendedor's link, its code typed in any case", async () => {
    const body = leadBody({
      origem: {
        utmSource: ' instagram ',
        utmMedium: 'social',
        utmCampaign: 'volta-as-aulas',
        utmContent: 'story',
        utmTerm: 'credito',
        vendedor: vendedor.codigo.toLowerCase(),
      },
    });
    const response = await post('/api/leads', body);
    expect(response.statusCode).toBe(201);
    expect(await origemDoLead(body.email)).toEqual({
      utmSource: 'instagram',
      utmMedium: 'social',
      utmCampaign: 'volta-as-aulas',
      utmContent: 'story',
      utmTerm: 'credito',
      linkCodigo: vendedor.codigo,
      linkVendedorId: vendedor.id,
    });
  });

  it("stores an event's code with no vendedor", async () => {
    const body = leadBody({ origem: { vendedor: campinas.codigoIndicacao } });
    expect((await post('/api/leads', body)).statusCode).toBe(201);
    expect(await origemDoLead(body.email)).toEqual({ ...NENHUMA, linkCodigo: campinas.codigoIndicacao });
  });

  it("ignores, without an error, a code of another network, an unknown one and an inactive vendedor's", async () => {
    const [inativo] = await ctx.handle.db
      .insert(vendedores)
      .values({ microFranquiaId: campinas.microFranquiaId!, userId: (await novoUsuario()).id, isActive: false })
      .returning({ codigo: vendedores.codigoIndicacao });
    for (const codigo of [outroCodigo, 'ZZZZZZZZ', inativo!.codigo]) {
      const body = leadBody({ origem: { utmSource: 'google', vendedor: codigo } });
      const response = await post('/api/leads', body);
      expect(response.statusCode).toBe(201);
      expect(Object.keys(response.json()).sort()).toEqual(
        ['createdAt', 'email', 'eventoId', 'id', 'listaEspera', 'nomeAluno'].sort(),
      );
      expect(await origemDoLead(body.email)).toEqual({ ...NENHUMA, utmSource: 'google' });
    }
  });

  it('stores nothing for a sign-up without origem, or with its fields empty', async () => {
    const sem = leadBody();
    const vazia = leadBody({ origem: { utmSource: '  ', vendedor: '' } });
    expect((await post('/api/leads', sem)).statusCode).toBe(201);
    expect((await post('/api/leads', vazia)).statusCode).toBe(201);
    expect(await origemDoLead(sem.email)).toEqual(NENHUMA);
    expect(await origemDoLead(vazia.email)).toEqual(NENHUMA);
  });

  it('answers 400 in Portuguese for a UTM field over 100 characters or a malformed code, and stores nothing', async () => {
    const longa = leadBody({ origem: { utmCampaign: 'x'.repeat(101) } });
    const response = await post('/api/leads', longa);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().errors)).toContain(ORIGEM_MESSAGES.utmLonga);
    expect(await origemDoLead(longa.email)).toBeUndefined();
    const exata = leadBody({ origem: { utmCampaign: 'x'.repeat(100) } });
    expect((await post('/api/leads', exata)).statusCode).toBe(201);

    const codigo = await post('/api/leads', leadBody({ origem: { vendedor: 'abc' } }));
    expect(codigo.statusCode).toBe(400);
    expect(JSON.stringify(codigo.json().errors)).toContain(ORIGEM_MESSAGES.codigo);
    const tipo = await post('/api/leads', leadBody({ origem: 'instagram' }));
    expect(tipo.statusCode).toBe(400);
  });
});

async function novoUsuario() {
  const [row] = await ctx.handle.db
    .insert(users)
    .values({ email: `inativo.${unique()}@teste.com.br`, password: 'x', role: 'vendedor', nome: 'Vendedor Inativo' })
    .returning({ id: users.id });
  return row!;
}

describe('POST /api/pre-matriculas with origem (issue 48)', () => {
  it('stores its own origem, the code resolved as the sign-up does', async () => {
    const body = activationBody({
      origem: { utmSource: 'whatsapp', utmCampaign: 'ativacao', vendedor: vendedor.codigo },
    });
    expect((await post('/api/pre-matriculas', body)).statusCode).toBe(201);
    expect(await origemDaPre(body.email)).toEqual({
      utmSource: 'whatsapp',
      utmCampaign: 'ativacao',
      utmTerm: null,
      linkCodigo: vendedor.codigo,
      linkVendedorId: vendedor.id,
    });
  });

  it("copies its lead's origem when it sends none", async () => {
    const lead = leadBody({ origem: { utmSource: 'facebook', utmTerm: 'bolsa', vendedor: vendedor.codigo } });
    expect((await post('/api/leads', lead)).statusCode).toBe(201);
    const body = activationBody({ email: lead.email, nomeAluno: lead.nomeAluno });
    expect((await post('/api/pre-matriculas', body)).statusCode).toBe(201);
    expect(await origemDaPre(lead.email)).toEqual({
      utmSource: 'facebook',
      utmCampaign: null,
      utmTerm: 'bolsa',
      linkCodigo: vendedor.codigo,
      linkVendedorId: vendedor.id,
    });
  });

  it("keeps its own origem over its lead's, and ignores another network's code", async () => {
    const lead = leadBody({ origem: { utmSource: 'facebook', vendedor: vendedor.codigo } });
    expect((await post('/api/leads', lead)).statusCode).toBe(201);
    const body = activationBody({
      email: lead.email,
      nomeAluno: lead.nomeAluno,
      origem: { utmSource: 'panfleto', vendedor: outroCodigo },
    });
    expect((await post('/api/pre-matriculas', body)).statusCode).toBe(201);
    expect(await origemDaPre(lead.email)).toEqual({
      utmSource: 'panfleto',
      utmCampaign: null,
      utmTerm: null,
      linkCodigo: null,
      linkVendedorId: null,
    });
  });

  it('answers 400 in Portuguese for a UTM field too long', async () => {
    const response = await post('/api/pre-matriculas', activationBody({ origem: { utmSource: 'y'.repeat(101) } }));
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().errors)).toContain(ORIGEM_MESSAGES.utmLonga);
  });
});

describe('GET /api/public/indicacao/:codigo (issue 48)', () => {
  it("answers an open event's id and city for its code, in any case", async () => {
    const response = await get(`/api/public/indicacao/${campinas.codigoIndicacao.toLowerCase()}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ evento: { id: campinas.id, cidade: 'Campinas' } });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it("answers the same null for a vendedor's code, another network's and an unknown one", async () => {
    for (const codigo of [vendedor.codigo, outroCodigo, 'ZZZZZZZZ']) {
      const response = await get(`/api/public/indicacao/${codigo}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ evento: null });
    }
  });

  it('answers 400 in Portuguese for a malformed code', async () => {
    const response = await get('/api/public/indicacao/abc');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBeTruthy();
    expect(JSON.stringify(response.json())).toContain(ORIGEM_MESSAGES.codigo);
  });
});

/** A PNG image's width and height, read from its header (IHDR); null for anything else. */
const tamanhoPng = (png: Buffer) =>
  png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    ? { largura: png.readUInt32BE(16), altura: png.readUInt32BE(20) }
    : null;

describe('GET /api/user/link-de-indicacao (issue 48)', () => {
  it("answers the vendedor's own code, its URL and the QR code as SVG", async () => {
    const response = await as(ctx.app, 'vendedor').get('/api/user/link-de-indicacao');
    expect(response.statusCode).toBe(200);
    const link = response.json();
    expect(link.codigo).toBe(vendedor.codigo);
    expect(link.url).toBe(`${APP_URL}/credito-estudantil?v=${vendedor.codigo}`);
    expect(link.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  it('answers the QR code itself as SVG or PNG, a square image to print', async () => {
    const svg = await as(ctx.app, 'vendedor').get('/api/user/link-de-indicacao?formato=svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toMatch(/^<svg/);
    const png = await as(ctx.app, 'vendedor').get('/api/user/link-de-indicacao?formato=png');
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toContain(`qr-code-${vendedor.codigo.toLowerCase()}.png`);
    const tamanho = tamanhoPng(png.rawPayload);
    expect(tamanho?.largura).toBeGreaterThanOrEqual(256);
    expect(tamanho?.largura).toBe(tamanho?.altura);
  });

  it('refuses every other role (403) and an unknown format (400)', async () => {
    for (const role of ['franqueador', 'franquia', 'micro_franquia', 'cliente', 'aluno'] as const) {
      expect((await as(ctx.app, role).get('/api/user/link-de-indicacao')).statusCode).toBe(403);
    }
    expect((await as(ctx.app, null).get('/api/user/link-de-indicacao')).statusCode).toBe(401);
    const formato = await as(ctx.app, 'vendedor').get('/api/user/link-de-indicacao?formato=gif');
    expect(formato.statusCode).toBe(400);
  });
});

describe('GET /api/eventos/:id/link-de-indicacao (issue 48)', () => {
  it("answers the event's link to the staff who read it", async () => {
    for (const role of ['franqueador', 'franquia', 'micro_franquia'] as const) {
      const response = await as(ctx.app, role).get(`/api/eventos/${campinas.id}/link-de-indicacao`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        codigo: campinas.codigoIndicacao,
        url: `${APP_URL}/credito-estudantil?v=${campinas.codigoIndicacao}`,
      });
    }
    const png = await as(ctx.app, 'franqueador').get(`/api/eventos/${campinas.id}/link-de-indicacao?formato=png`);
    expect(png.headers['content-type']).toBe('image/png');
    expect(tamanhoPng(png.rawPayload)).not.toBeNull();
  });

  it("answers 404 for an event outside the caller's scope and for one that does not exist", async () => {
    const [fora] = await ctx.handle.db
      .select({ id: eventos.id })
      .from(eventos)
      .where(or(isNull(eventos.vendedorId), ne(eventos.vendedorId, vendedor.id)));
    const response = await as(ctx.app, 'vendedor').get(`/api/eventos/${fora!.id}/link-de-indicacao`);
    expect(response.statusCode).toBe(404);
    const outra = await as(ctx.app, 'vendedor').get(
      '/api/eventos/00000000-0000-4000-8000-000000000000/link-de-indicacao',
    );
    expect(outra.statusCode).toBe(404);
    expect(outra.body).toBe(response.body);
  });
});

describe('the staff lists, the lead panel and the CSV exports show the origem (issue 48)', () => {
  it("list the vendedor's link by name, the UTM fields, and null for a family that came with none", async () => {
    const comLink = leadBody({ origem: { utmSource: 'instagram', utmCampaign: 'feira', vendedor: vendedor.codigo } });
    const sem = leadBody();
    expect((await post('/api/leads', comLink)).statusCode).toBe(201);
    expect((await post('/api/leads', sem)).statusCode).toBe(201);
    const [{ nome }] = (await ctx.handle.db
      .select({ nome: users.nome })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.vendedor))) as [{ nome: string }];

    const list = await as(ctx.app, 'franqueador').get(`/api/leads?eventoId=${campinas.id}&q=${comLink.nomeAluno}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()[0].origem).toEqual({
      utmSource: 'instagram',
      utmMedium: null,
      utmCampaign: 'feira',
      utmContent: null,
      utmTerm: null,
      linkCodigo: vendedor.codigo,
      linkVendedorNome: nome,
    });
    const semLista = await as(ctx.app, 'franqueador').get(`/api/leads?eventoId=${campinas.id}&q=${sem.nomeAluno}`);
    expect(semLista.json()[0].origem).toBeNull();

    const id = list.json()[0].id as string;
    const painel = await as(ctx.app, 'franqueador').get(`/api/leads/${id}`);
    expect(painel.json().origem).toMatchObject({ utmSource: 'instagram', linkVendedorNome: nome });

    const csv = await as(ctx.app, 'franqueador').get(
      `/api/leads/export.csv?eventoId=${campinas.id}&q=${comLink.nomeAluno}`,
    );
    expect(csv.statusCode).toBe(200);
    const [cabecalho, linha] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(cabecalho).toMatch(/"utm_source";"utm_medium";"utm_campaign";"utm_content";"utm_term";"vendedor do link"$/);
    expect(linha).toMatch(new RegExp(`"instagram";"-";"feira";"-";"-";"${nome}"$`));
  });

  it("show a pré-matrícula's own origem, and a matrícula its pré-matrícula's", async () => {
    const body = activationBody({ origem: { utmSource: 'radio', utmCampaign: 'matriculas-2026' } });
    expect((await post('/api/pre-matriculas', body)).statusCode).toBe(201);
    const pres = await as(ctx.app, 'micro_franquia').get(`/api/pre-matriculas?q=${body.nomeAluno}`);
    expect(pres.json()[0].origem).toMatchObject({ utmSource: 'radio', utmCampaign: 'matriculas-2026' });
    const preId = pres.json()[0].id as string;
    const csv = await as(ctx.app, 'micro_franquia').get(`/api/pre-matriculas/export.csv?q=${body.nomeAluno}`);
    expect(csv.body.trim().split(/\r?\n/)[1]).toMatch(/"radio";"-";"matriculas-2026";"-";"-";"-"$/);

    const cursos = await as(ctx.app, 'micro_franquia').get(`/api/pre-matriculas/${preId}/cursos`);
    const cursoId = (cursos.json() as { id: string }[])[0]!.id;
    const efetivada = await as(ctx.app, 'micro_franquia').post(`/api/matriculas/efetivar/${preId}`, { cursoId });
    expect(efetivada.statusCode, efetivada.body).toBe(201);
    const mats = await as(ctx.app, 'micro_franquia').get(`/api/matriculas?q=${body.nomeAluno}`);
    expect(mats.json()[0].origem).toMatchObject({ utmSource: 'radio', utmCampaign: 'matriculas-2026' });
  });
});

describe("the origem is the public forms' alone (issue 48)", () => {
  it("is not taken from a staff route: correcting a lead's data leaves its origem as the family's page sent it", async () => {
    const body = leadBody({ origem: { utmSource: 'instagram' } });
    expect((await post('/api/leads', body)).statusCode).toBe(201);
    const [{ id }] = (await ctx.handle.db.select({ id: leads.id }).from(leads).where(eq(leads.email, body.email))) as [
      { id: string },
    ];
    const response = await as(ctx.app, 'franqueador').patch(`/api/leads/${id}/dados`, {
      nomeResponsavel: 'Responsável Corrigido',
      origem: { utmSource: 'forjada', vendedor: vendedor.codigo },
      utmSource: 'forjada',
      linkVendedorId: vendedor.id,
    });
    // Refused or ignored, never stored.
    expect([200, 400]).toContain(response.statusCode);
    expect(await origemDoLead(body.email)).toEqual({ ...NENHUMA, utmSource: 'instagram' });
  });

  it("is left out of the aluno's own pré-matrículas and matrículas", async () => {
    const pres = await as(ctx.app, 'aluno').get('/api/pre-matriculas');
    expect(pres.statusCode).toBe(200);
    expect(pres.json().length).toBeGreaterThan(0);
    for (const item of pres.json()) expect(item).not.toHaveProperty('origem');
    const mats = await as(ctx.app, 'aluno').get('/api/matriculas');
    expect(mats.statusCode).toBe(200);
    expect(mats.json().length).toBeGreaterThan(0);
    for (const item of mats.json()) expect(item).not.toHaveProperty('origem');
  });
});
