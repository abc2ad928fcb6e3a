import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { digest, newToken } from '../../../../src/server/lib/tokens';
import { executeRows } from '../../../../src/server/db/connect';
import { makeCnpj, makeCpf } from '../../../../src/shared/brazil-ids';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../../src/server/db/seed/demo-network';
import { ROLES, type Role } from '../../../../src/shared/roles';
import type { RouteAccess } from '../../../../src/server/plugins/authorization';
import { login } from '../../../setup/test-app';
import { multipartBody } from '../fixtures/multipart';
import type { FileSample, Sample } from './arbitraries';

/** Who calls a route in the fuzz run: a visitor for the public ones, otherwise a role allowed to. */
export type Caller = Role | 'anonymous';

/** How one route is fuzzed: who calls it, the real ids of its path, a valid body and a valid query. */
export interface RoutePlan {
  caller: Caller;
  params: Record<string, string>;
  body?: Sample;
  query: Record<string, string>;
  /** No valid body exists without a secret (a reset token): no run can succeed. */
  neverSucceeds?: boolean;
  /** Every path parameter names a real row (not a random id). */
  realParams: boolean;
  /** An upload (issue 50): the valid file sent beside the body, the body's keys then sent as the form's fields. */
  upload?: (seed: number) => FileSample;
}

/** A role per route when several may call it: the one whose scope holds the most rows. */
const PREFERENCE: readonly Role[] = ['franqueador', 'franquia', 'micro_franquia', 'cliente', 'vendedor', 'aluno'];

/** Calls the API as a role and hands out what the routes' plans need (lists' first rows, names). */
export class PlanContext {
  private readonly sessions = new Map<Role, string>();
  private readonly memo = new Map<string, Promise<unknown>>();
  /** A number of its own for each row a plan makes (issue 50's imports). */
  contador = 0;

  constructor(readonly app: FastifyInstance) {}

  async session(role: Role): Promise<string> {
    if (!this.sessions.has(role)) this.sessions.set(role, await login(this.app, DEMO_ACCOUNTS[role], DEMO_PASSWORD));
    return this.sessions.get(role)!;
  }

  /** A fresh session, for a route whose runs may end the caller's (PATCH of a user, logout). */
  async freshSession(role: Role): Promise<string> {
    this.sessions.delete(role);
    return this.session(role);
  }

  once<T>(key: string, make: () => Promise<T>): Promise<T> {
    if (!this.memo.has(key)) this.memo.set(key, make());
    return this.memo.get(key) as Promise<T>;
  }

  async get<T>(role: Role | 'anonymous', url: string): Promise<T> {
    const headers = role === 'anonymous' ? {} : { cookie: await this.session(role) };
    const response = await this.app.inject({ method: 'GET', url, headers });
    if (response.statusCode !== 200) throw new Error(`GET ${url} as ${role}: ${response.statusCode} ${response.body}`);
    return response.json<T>();
  }

  async pick<T extends { id: string }>(role: Role, url: string, where: (row: T) => boolean = () => true) {
    const rows = await this.get<T[]>(role, url);
    const row = rows.find(where);
    if (!row) throw new Error(`no row of ${url} as ${role} to fuzz with`);
    return row;
  }
}

/**
 * A real cursor of a list paged by keyset (issue 46): the one its first page of one row names for the page after
 * it, so a plan's valid query reads a page by cursor (and the fuzz's changes to it meet the cursor's checks).
 */
async function cursorOf(p: PlanContext, role: Role, url: string): Promise<string> {
  return p.once(`cursor ${role} ${url}`, async () => {
    const response = await p.app.inject({
      method: 'GET',
      url: `${url}${url.includes('?') ? '&' : '?'}pageSize=1`,
      headers: { cookie: await p.session(role) },
    });
    const cursor = response.headers['x-next-cursor'];
    if (response.statusCode !== 200 || typeof cursor !== 'string') {
      throw new Error(`GET ${url} as ${role}: ${response.statusCode}, no X-Next-Cursor to fuzz with`);
    }
    return cursor;
  });
}

/** Distinct valid ids and addresses from a run's seed, so a valid body does not collide with the last one. */
const digits = (seed: number, length: number) => String(seed).padStart(length, '0').slice(-length);
/** `kind` (1-9) keeps the routes of one file apart: the same seed on two routes must not make the same CNPJ. */
const cpf = (seed: number, kind: number) => makeCpf(`${kind}${digits(seed, 8)}`);
const cnpj = (seed: number, kind: number) => makeCnpj(`${kind}${digits(seed, 11)}`);
const email = (prefix: string, seed: number) => `${prefix}.${seed}@fuzz.com.br`;

const empresa = (seed: number, kind: number) => ({
  razaoSocial: `Empresa Fuzz ${seed} Ltda`,
  cnpj: cnpj(seed, kind),
  repLegal: 'Maria da Silva',
  cpf: cpf(seed, kind),
  dataNascimento: '1985-04-12',
  telefone: '11987654321',
  endereco: 'Rua das Flores, 100 - Centro',
  cep: '01310-100',
  cidade: 'São Paulo',
  estado: 'SP',
  email: email(`empresa${kind}`, seed),
});

const cliente = (seed: number, kind: number) => ({
  nomeFantasia: `Escola Fuzz ${seed}`,
  cnpj: cnpj(seed, kind),
  repLegal: 'João Souza',
  produto: 'todos_pela_educacao',
  kit: 'essencial',
  cpf: cpf(seed, kind),
  telefone: '(19) 98765-4321',
  endereco: 'Av. Brasil, 200 - Centro',
  cep: '13010111',
  cidade: 'Campinas',
  estado: 'sp',
  email: email(`cliente${kind}`, seed),
});

const evento = (cursoIds: string[], clienteId?: string) => ({
  ...(clienteId ? { clienteId } : {}),
  nomeEscola: 'Escola Fuzz',
  tipoEscola: 'publica',
  cep: '13010-111',
  cidade: 'Campinas',
  estado: 'SP',
  dataDistribuicao: '2030-03-01',
  dataEvento: '2030-03-10',
  horario: '19:30',
  local: 'escola',
  qtdAlunos: 120,
  valorTotalDesconto: 500.5,
  observacao: 'Auditório',
  logradouro: 'Rua Barão de Jaguara',
  numero: '1000',
  complemento: 'Sala 2',
  bairro: 'Centro',
  cursoIds,
});

interface Named {
  id: string;
  email?: string;
  nomeFantasia?: string;
  razaoSocial?: string;
  status?: string;
  role?: string;
  modulos?: { id: string }[];
}

/**
 * What each known route needs beyond the defaults. A route missing here is still fuzzed: by the first role
 * allowed to call it, with random ids in its path and its schema's keys in the body.
 */
/** A lead every staff role of the demo branch sees (the franqueador's newest). */
const leadId = (p: PlanContext) =>
  p.once('lead', async () => (await p.pick<Named>('franqueador', '/api/leads?pageSize=1')).id);

/** One webhook endpoint of the demo network for the runs that need a real id (issue 22). */
const fuzzWebhook = (p: PlanContext) =>
  p.once('webhook', async () => {
    const response = await p.app.inject({
      method: 'POST',
      url: '/api/integracoes/webhooks',
      headers: { cookie: await p.session('franqueador') },
      payload: { url: 'http://127.0.0.1:9/rede', eventos: ['lead.criado'] },
    });
    if (response.statusCode !== 201) throw new Error(`webhook for the fuzz: ${response.statusCode} ${response.body}`);
    return response.json<{ id: string }>().id;
  });

/** Issue 47: a WhatsApp Cloud API template of the franqueador's network. */
const fuzzModeloWhatsapp = (p: PlanContext) =>
  p.once('modelo-whatsapp', async () => {
    const response = await p.app.inject({
      method: 'POST',
      url: '/api/integracoes/whatsapp/modelos',
      headers: { cookie: await p.session('franqueador') },
      payload: { nome: 'fuzz_modelo', categoria: 'UTILITY', variaveis: [] },
    });
    if (response.statusCode !== 201) throw new Error(`template for the fuzz: ${response.statusCode} ${response.body}`);
    return response.json<{ id: string }>().id;
  });

/** An export of the franqueador (issue 22): `pronta` has run to its file; the other waits (to be cancelled). */
const fuzzExportacao = (p: PlanContext, pronta: boolean) =>
  p.once(`exportacao-${pronta}`, async () => {
    const response = await p.app.inject({
      method: 'POST',
      url: '/api/leads/exportacoes?view=interesses',
      headers: { cookie: await p.session('franqueador') },
    });
    if (response.statusCode !== 202) throw new Error(`export for the fuzz: ${response.statusCode} ${response.body}`);
    if (pronta) await p.app.background.drain();
    return response.json<{ id: string }>().id;
  });

/** A lead and its event, as the franqueador reads them (issue 20's check-in). */
const leadAtEvento = (p: PlanContext) =>
  p.once('lead at evento', async () => {
    const lead = await p.pick<Named & { eventoId: string }>('franqueador', '/api/leads?pageSize=1');
    return { leadId: lead.id, eventoId: lead.eventoId };
  });

/** A pending pré-matrícula with its event's courses, the oldest such (Efetivar's plan takes the newest). */
const preComCursos = (p: PlanContext) =>
  p.once('pre com cursos', async () => {
    const pendentes = await p.get<Named[]>('franqueador', '/api/pre-matriculas?situacao=pendente&pageSize=100');
    for (const pre of pendentes.slice(1).reverse()) {
      const cursos = await p.get<Named[]>('franqueador', `/api/pre-matriculas/${pre.id}/cursos`);
      if (cursos.length > 0) return { id: pre.id, cursoIds: cursos.map((c) => c.id) };
    }
    throw new Error('no pending pré-matrícula with courses to fuzz with');
  });

/**
 * Issue 39 item 14: an open 'Correção de dados' request of the lead every staff role sees, opened from the
 * portal as its titular would (the link written as the e-mailed one is: its digest only).
 */
const pedidoDeCorrecao = (p: PlanContext) =>
  p.once('pedido de correcao', async () => {
    const lead = await p.pick<Named>('franquia', '/api/leads?pageSize=1');
    const token = newToken();
    await p.app.db.execute(sql`insert into titular_tokens (token, email, expires_at)
      values (${digest(token)}, ${lead.email!.toLowerCase()}, now() + interval '1 hour')`);
    const response = await p.app.inject({
      method: 'POST',
      url: '/api/public/titular/pedidos',
      payload: { token, tipo: 'correcao', detalhe: 'O nome do responsável está errado' },
    });
    if (response.statusCode !== 201) throw new Error(`request for the fuzz: ${response.statusCode} ${response.body}`);
    return { pedidoId: response.json<{ pedidos: { id: string }[] }>().pedidos[0]!.id, leadId: lead.id };
  });

/** Issue 44 (ADR 081): a commission rule of the demo network, made when a route's plan is drawn. */
async function regraDeComissao(p: PlanContext): Promise<string> {
  const response = await p.app.inject({
    method: 'POST',
    url: '/api/comissoes/regras',
    headers: { cookie: await p.session('franqueador') },
    payload: { beneficiario: 'franquia', tipo: 'percentual', percentual: 3, inicio: '2199-01-01', fim: '2199-12-31' },
  });
  if (response.statusCode !== 201) throw new Error(`rule for the fuzz: ${response.statusCode} ${response.body}`);
  return response.json<{ id: string }>().id;
}

/**
 * Issue 44 (ADR 082): a month of the demo network's commissions closed by the franqueador, made once when a route's
 * plan is drawn (a month long past: nothing to pay, a payout file with its header only).
 */
const MES_FECHADO_DO_FUZZ = '1901-01';
async function fechamentoDeComissao(p: PlanContext): Promise<string> {
  const response = await p.app.inject({
    method: 'POST',
    url: '/api/comissoes/fechamentos',
    headers: { cookie: await p.session('franqueador') },
    payload: { periodo: MES_FECHADO_DO_FUZZ },
  });
  if (response.statusCode !== 201 && response.statusCode !== 409)
    throw new Error(`closing for the fuzz: ${response.statusCode} ${response.body}`);
  return MES_FECHADO_DO_FUZZ;
}

/** Issue 48: the demo network's id (its goal's unit), with a network goal set for 2099-12 to split. */
function redeDasMetas(p: PlanContext): Promise<string> {
  return p.once('metas rede', async () => {
    const view = await p.get<{ no: { alvoId: string } }>('franqueador', '/api/metas?mes=2099-12&etapa=leads');
    const rede = view.no.alvoId;
    const response = await p.app.inject({
      method: 'PUT',
      url: '/api/metas',
      headers: { cookie: await p.session('franqueador') },
      payload: { mes: '2099-12', etapa: 'leads', nivel: 'rede', alvoId: rede, valor: 1000 },
    });
    if (response.statusCode !== 200)
      throw new Error(`the network goal to split: ${response.statusCode} ${response.body}`);
    return rede;
  });
}

/** Issue 45 (ADR 089): the demo franquia's id, as its own agreements list names it. */
function franquiaDosRoyalties(p: PlanContext): Promise<string> {
  return p.once('royalties franquia', async () => {
    const [propria] = await p.get<{ franquiaId: string }[]>('franquia', '/api/royalties/acordos');
    if (!propria) throw new Error('no franquia of the royalties to fuzz with');
    return propria.franquiaId;
  });
}

/**
 * Issue 42 (ADR 064): the franqueador's contract draft, found or made when a route's plan is drawn (one draft per
 * network: the POST's first valid run makes one, a publication takes it).
 */
async function rascunhoDoContrato(p: PlanContext): Promise<string> {
  const modelos = await p.get<Named[]>('franqueador', '/api/contratos/modelos');
  const rascunho = modelos.find((m) => m.status === 'rascunho');
  if (rascunho) return rascunho.id;
  const response = await p.app.inject({
    method: 'POST',
    url: '/api/contratos/modelos',
    headers: { cookie: await p.session('franqueador') },
    payload: { titulo: 'Contrato do fuzz', texto: 'Contrato de {{aluno.nome}}.', multaCancelamentoPct: 5 },
  });
  if (response.statusCode !== 201) throw new Error(`draft for the fuzz: ${response.statusCode} ${response.body}`);
  return response.json<{ id: string }>().id;
}

/** A demo matrícula with a contract frozen from the network's v1, written as Efetivar would (issue 42). */
const matriculaComContrato = (p: PlanContext) =>
  p.once('matricula com contrato', async () => {
    const matricula = await p.pick<Named>('franqueador', '/api/matriculas?pageSize=1');
    await p.app.db.execute(sql`insert into contratos (matricula_id, modelo_id, versao, titulo, texto, valor_total,
        parcelas, valor_parcela, valor_ultima_parcela, multa_cancelamento_pct)
      select ${matricula.id}::uuid, m.id, m.versao, m.titulo, m.texto, 960, 1, 960, 960, m.multa_cancelamento_pct
      from contrato_modelos m where m.versao is not null order by m.versao limit 1
      on conflict (matricula_id) do nothing`);
    return matricula.id;
  });

/**
 * Issue 42, third slice (ADR 066): that matrícula's contract accepted, as the family's acceptance records it; its
 * id gives the code printed on the PDF.
 */
const contratoAceito = (p: PlanContext) =>
  p.once('contrato aceito', async () => {
    const matriculaId = await matriculaComContrato(p);
    const [row] = await executeRows<{ id: string }>(
      p.app.db,
      sql`update contratos set aceito_em = now(), aceite_versao = versao, aceite_canal = 'email',
        pdf_sha256 = repeat('0', 64) where matricula_id = ${matriculaId}::uuid returning id`,
    );
    return { matriculaId, codigo: row!.id.replace(/-/g, '').slice(0, 12).toUpperCase() };
  });

/** Another demo matrícula whose contract waits for acceptance: the staff may send it a new link. */
const matriculaAguardando = (p: PlanContext) =>
  p.once('matricula aguardando aceite', async () => {
    const comContrato = await matriculaComContrato(p);
    const matricula = await p.pick<Named>('franqueador', '/api/matriculas?pageSize=50', (m) => m.id !== comContrato);
    await p.app.db.execute(sql`insert into contratos (matricula_id, modelo_id, versao, titulo, texto, valor_total,
        parcelas, valor_parcela, valor_ultima_parcela, multa_cancelamento_pct)
      select ${matricula.id}::uuid, m.id, m.versao, m.titulo, m.texto, 960, 1, 960, 960, m.multa_cancelamento_pct
      from contrato_modelos m where m.versao is not null order by m.versao limit 1
      on conflict (matricula_id) do nothing`);
    await p.app.db.execute(
      sql`update matriculas set status = 'aguardando_aceite', motivo_cancelamento = null, cancelada_em = null
        where id = ${matricula.id}::uuid`,
    );
    return matricula.id;
  });

/** A link nobody was sent: the family's routes need the e-mailed secret (their tests: aceite.routes.test). */
const LINK_FALSO = { params: { token: 'x'.repeat(43) }, neverSucceeds: true };

/**
 * Issue 42: that matrícula with its contract accepted 40 days ago, past the family's 7 days, as the public page
 * leaves it: the staff may cancel it (the cancellation's first valid run does; the next ones answer 409).
 */
const matriculaCancelavel = (p: PlanContext) =>
  p.once('matricula cancelavel', async () => {
    const id = (await contratoAceito(p)).matriculaId;
    await p.app.db.execute(
      sql`update contratos set aceito_em = now() - interval '40 days' where matricula_id = ${id}::uuid`,
    );
    await p.app.db.execute(sql`update matriculas set status = 'ativa', motivo_cancelamento = null, cancelada_em = null,
        multa_cancelamento = null where id = ${id}::uuid`);
    return id;
  });

/**
 * Issue 43 (ADR 079): a demo matrícula, active, with the most parcelas still open -- the renegotiation's first valid
 * run replaces them (the next ones answer 409 until its job bills the new plan).
 */
const matriculaRenegociavel = (p: PlanContext) =>
  p.once('matricula renegociavel', async () => {
    const [row] = await executeRows<{ id: string }>(
      p.app.db,
      sql`select m.id from matriculas m join parcelas pa on pa.matricula_id = m.id
        where m.status = 'ativa' and pa.tipo = 'mensalidade' and pa.status in ('aberta', 'vencida')
        group by m.id order by count(*) desc, m.id limit 1`,
    );
    if (!row) throw new Error('no demo matrícula with open parcelas to renegotiate');
    return row.id;
  });

/**
 * Issue 50: a sheet of the demo micro-franquia's for each kind it imports -- families (one to three, new for each
 * seed), schools or vendedores -- as CSV in `;`.
 */
const PLANILHAS = {
  leads: (seed: number) =>
    [
      'Nome do aluno;Responsável;E-mail;Celular',
      ...Array.from({ length: 1 + (seed % 3) }, (_, i) =>
        [
          `Aluno ${seed}-${i}`,
          `Responsável ${seed}`,
          email(`importado${i}`, seed),
          `1997${digits(seed * 3 + i, 7)}`,
        ].join(';'),
      ),
    ].join('\r\n'),
  clientes: (seed: number) => {
    const c = cliente(seed, 8);
    return [
      'Nome fantasia;CNPJ;Representante legal;E-mail;CPF do representante;Telefone;Endereço;CEP;Cidade;UF',
      [c.nomeFantasia, c.cnpj, c.repLegal, c.email, c.cpf, c.telefone, c.endereco, c.cep, c.cidade, 'SP'].join(';'),
    ].join('\r\n');
  },
  vendedores: (seed: number) =>
    [
      'Nome;E-mail;CPF;Data de nascimento;Telefone;Endereço',
      [`Vendedor ${seed}`, email('vendimport', seed), cpf(seed, 9), '20/02/1994', '19991234567', 'Rua A, 1'].join(';'),
    ].join('\r\n'),
};
const TIPOS_IMPORTADOS = ['leads', 'clientes', 'vendedores'] as const;
const planilha = (seed: number): FileSample => ({
  nome: `planilha-${seed}.csv`,
  bytes: new TextEncoder().encode(PLANILHAS[TIPOS_IMPORTADOS[seed % 3]!](seed)),
});

/**
 * Issue 50: an import of families into the demo cliente's event, by the demo micro-franquia (its routes' caller):
 * waiting for 'Importar', or imported (its job run) when asked. A new one per key.
 */
function importacaoDoFuzz(p: PlanContext, chave: string, importada = false): Promise<string> {
  return p.once(`importacao ${chave}`, async () => {
    const cookie = await p.session('micro_franquia');
    const seed = 900_000 + p.contador++;
    const form = multipartBody(
      { tipo: 'leads', eventoId: await eventoDoCliente(p) },
      { nome: 'familias.csv', bytes: new TextEncoder().encode(PLANILHAS.leads(seed * 3)) },
    );
    const response = await p.app.inject({
      method: 'POST',
      url: '/api/importacoes',
      headers: { cookie, ...form.headers },
      payload: form.payload,
    });
    if (response.statusCode !== 201) throw new Error(`upload for the fuzz: ${response.statusCode} ${response.body}`);
    const id = response.json<{ id: string }>().id;
    if (importada) {
      const confirmada = await p.app.inject({
        method: 'POST',
        url: `/api/importacoes/${id}/confirmar`,
        headers: { cookie },
        payload: { duplicados: 'ignorar', baseLegal: 'consentimento' },
      });
      if (confirmada.statusCode !== 202) throw new Error(`import for the fuzz: ${confirmada.statusCode}`);
      await p.app.background.drain();
    }
    return id;
  });
}

/**
 * Issue 50: the demo micro-franquia (its account's, read from the database: by then the fuzzed POST has pushed it off
 * the franquia's first page) and its active vendedores, as its franquia reads its distribution.
 */
function microDaDistribuicao(p: PlanContext): Promise<{ id: string; vendedores: string[] }> {
  return p.once('micro da distribuicao', async () => {
    const [micro] = await executeRows<{ id: string }>(
      p.app.db,
      sql`select micro_franquia_id as id from users where email = ${DEMO_ACCOUNTS.micro_franquia}`,
    );
    const view = await p.get<{ vendedores: { id: string; ativo: boolean }[] }>(
      'franquia',
      `/api/micro-franquias/${micro!.id}/distribuicao`,
    );
    return { id: micro!.id, vendedores: view.vendedores.filter((v) => v.ativo).map((v) => v.id) };
  });
}

const PLANS: Record<string, (p: PlanContext) => Promise<Partial<RoutePlan>>> = {
  // Issue 50: the imports, all the demo micro-franquia's (an import answers its maker alone): an upload of any kind
  // on each valid run, the mapping and the confirmation of one waiting (the first valid confirmation imports it,
  // the next answer 409), the refused rows and the undo of one imported (the first valid undo takes it back).
  'GET /api/importacoes': async () => ({ caller: 'micro_franquia' }),
  'POST /api/importacoes': async (p) => {
    const eventoId = await eventoDoCliente(p);
    return {
      caller: 'micro_franquia',
      body: (seed) => {
        const tipo = TIPOS_IMPORTADOS[seed % 3]!;
        return tipo === 'leads' ? { tipo, eventoId } : { tipo };
      },
      upload: planilha,
    };
  },
  'GET /api/importacoes/:id': async (p) => ({
    caller: 'micro_franquia',
    params: { id: await importacaoDoFuzz(p, 'lida') },
  }),
  'PUT /api/importacoes/:id/mapeamento': async (p) => ({
    caller: 'micro_franquia',
    params: { id: await importacaoDoFuzz(p, 'mapeada') },
    body: (seed) => ({
      campos:
        seed % 3 === 0
          ? ['nomeAluno', 'nomeResponsavel', 'email', null]
          : ['nomeAluno', 'nomeResponsavel', 'email', 'telefone'],
    }),
  }),
  'POST /api/importacoes/:id/confirmar': async (p) => ({
    caller: 'micro_franquia',
    params: { id: await importacaoDoFuzz(p, 'confirmada') },
    body: (seed) => ({
      duplicados: (['ignorar', 'atualizar', 'criar'] as const)[seed % 3],
      baseLegal: (['consentimento', 'legitimo_interesse', 'execucao_contrato'] as const)[seed % 3],
    }),
  }),
  'GET /api/importacoes/:id/erros.csv': async (p) => ({
    caller: 'micro_franquia',
    params: { id: await importacaoDoFuzz(p, 'com erros', true) },
  }),
  'POST /api/importacoes/:id/desfazer': async (p) => ({
    caller: 'micro_franquia',
    params: { id: await importacaoDoFuzz(p, 'desfeita', true) },
  }),
  // Issue 50: the demo micro-franquia's distribution, read by the franqueador and set by its franquia (by city with
  // one of its vendedores, in turns, or none, by the run).
  'GET /api/micro-franquias/:id/distribuicao': async (p) => ({
    caller: 'franqueador',
    params: { id: (await microDaDistribuicao(p)).id },
  }),
  'PUT /api/micro-franquias/:id/distribuicao': async (p) => {
    const { id, vendedores } = await microDaDistribuicao(p);
    return {
      caller: 'franquia',
      params: { id },
      body: (seed) =>
        seed % 3 === 0 && vendedores.length > 0
          ? {
              modo: 'cidade',
              cidades: [
                { cidade: `Cidade ${seed % 50}`, estado: 'SP', vendedorId: vendedores[seed % vendedores.length]! },
              ],
            }
          : { modo: seed % 3 === 1 ? 'rodizio' : 'nenhuma' },
    };
  },
  // Issue 50: a batch action on one lead of the franqueador's (not the one the follow-up's plans take), or on the
  // leads of its event already in contact (a status they hold: nothing to change).
  'POST /api/leads/lote': async (p) => {
    const [, lead] = await p.get<(Named & { eventoId: string })[]>('franqueador', '/api/leads?pageSize=2');
    const ids = [lead!.id];
    return {
      caller: 'franqueador',
      body: (seed) =>
        [
          { ids, acao: 'status', status: seed % 2 === 0 ? 'em_contato' : 'interessado' },
          { ids, acao: 'atribuir', vendedorId: null },
          { ids, acao: 'atribuir', automatico: true },
          { ids, acao: 'exportar' },
          { filtro: { eventoId: lead!.eventoId, status: 'em_contato' }, acao: 'status', status: 'em_contato' },
        ][seed % 5]!,
    };
  },
  // Issue 43 (ADR 079): a renegotiation, its history, and the network's cap (kept at the demo's 10%).
  'POST /api/matriculas/:id/renegociar': async (p) => ({
    params: { id: await matriculaRenegociavel(p) },
    body: (seed) => ({ parcelas: (seed % 24) + 1, primeiroVencimento: '2099-01-10', desconto: 0 }),
  }),
  'GET /api/matriculas/:id/renegociacoes': async (p) => ({ params: { id: await matriculaRenegociavel(p) } }),
  'PUT /api/cobranca/configuracao': async () => ({ body: () => ({ descontoMaximoRenegociacaoPct: 10 }) }),
  // Issue 42, third slice (ADR 066): the family's contract by its link, its check, the staff's PDF and new link.
  'GET /api/public/contratos/:token': async () => LINK_FALSO,
  'POST /api/public/contratos/:token/codigo': async () => LINK_FALSO,
  // No valid body is drawn: a well-formed code on an unknown link waits out the failure's floor of time (400 ms).
  'POST /api/public/contratos/:token/aceitar': async () => LINK_FALSO,
  'POST /api/public/contratos/:token/desistir': async () => LINK_FALSO,
  'GET /api/public/contratos/:token/pdf': async () => LINK_FALSO,
  // Issue 43 (ADR 078): the responsável's parcelas by its link, also an e-mailed secret (regua.routes.test).
  'GET /api/public/parcelas/:token': async () => LINK_FALSO,
  'GET /api/public/contratos/verificar/:codigo': async (p) => ({
    params: { codigo: (await contratoAceito(p)).codigo },
  }),
  'GET /api/matriculas/:id/contrato.pdf': async (p) => ({ params: { id: (await contratoAceito(p)).matriculaId } }),
  'POST /api/matriculas/:id/contrato/reenviar': async (p) => ({ params: { id: await matriculaAguardando(p) } }),
  // Issue 42: the fee preview and the staff's cancellation after the 7 days.
  'GET /api/matriculas/:id/cancelamento': async (p) => ({ params: { id: await matriculaCancelavel(p) } }),
  'POST /api/matriculas/:id/cancelar': async (p) => ({
    params: { id: await matriculaCancelavel(p) },
    body: (seed) => ({ motivo: `Cancelamento pedido pela família ${seed}` }),
  }),
  // Issue 42: the matrículas' status filter; the contract templates and a matrícula's contract.
  'GET /api/matriculas': async () => ({ query: { status: 'ativa' } }),
  'GET /api/matriculas/export.csv': async () => ({ query: { status: 'ativa' } }),
  'GET /api/matriculas/:id/contrato': async (p) => ({ params: { id: await matriculaComContrato(p) } }),
  'POST /api/contratos/modelos': async () => ({
    body: (seed) => ({
      titulo: `Contrato ${seed}`,
      texto: `Contrato de {{aluno.nome}} ${seed}.`,
      multaCancelamentoPct: seed % 11,
    }),
  }),
  'PATCH /api/contratos/modelos/:id': async (p) => ({
    params: { id: await rascunhoDoContrato(p) },
    body: (seed) => ({ texto: `Contrato alterado de {{aluno.nome}} ${seed}.`, multaCancelamentoPct: seed % 11 }),
  }),
  'POST /api/contratos/modelos/:id/publicar': async (p) => ({ params: { id: await rascunhoDoContrato(p) } }),
  // Issue 20: one event, its name search and its check-in, on real rows; the voucher needs its e-mailed secret.
  'GET /api/eventos/:id': async (p) => ({
    caller: 'franqueador',
    params: { id: (await leadAtEvento(p)).eventoId },
  }),
  'GET /api/eventos/:id/inscritos': async (p) => ({
    caller: 'franqueador',
    params: { id: (await leadAtEvento(p)).eventoId },
  }),
  // Issue 48: an event's share link, as JSON, SVG or PNG by the run.
  'GET /api/eventos/:id/link-de-indicacao': async (p) => ({
    caller: 'franqueador',
    params: { id: (await leadAtEvento(p)).eventoId },
    query: { formato: 'json' },
  }),
  'GET /api/user/link-de-indicacao': async () => ({ caller: 'vendedor', query: { formato: 'svg' } }),
  // Issue 48: a share link's code as the public page reads it; a made-up one answers 200 {evento: null}.
  'GET /api/public/indicacao/:codigo': async () => ({ params: { codigo: 'ZZZZZZZZ' }, query: { para: 'inscricao' } }),
  'POST /api/eventos/:id/presencas': async (p) => {
    const { leadId: id, eventoId } = await leadAtEvento(p);
    return { caller: 'franqueador', params: { id: eventoId }, body: () => ({ leadId: id }) };
  },
  // Issue 49: the door without a signal, on the check-in's real event and lead: the roster, the conflicts, and a batch
  // of one check-in whose client id comes from the seed (a seed drawn again sends the same check-in again).
  'GET /api/eventos/:id/check-in/roteiro': async (p) => ({
    caller: 'franqueador',
    params: { id: (await leadAtEvento(p)).eventoId },
  }),
  'POST /api/eventos/:id/presencas/lote': async (p) => {
    const { leadId: id, eventoId } = await leadAtEvento(p);
    return {
      caller: 'franqueador',
      params: { id: eventoId },
      body: (seed) => ({
        dispositivo: `aparelho-fuzz-${seed % 5}`,
        dispositivoNome: `Celular ${seed % 5}`,
        itens: [
          {
            idCliente: `00000000-0000-4000-8000-${digits(seed, 12)}`,
            leadId: id,
            em: '2030-03-10T19:30:00-03:00',
          },
        ],
      }),
    };
  },
  'GET /api/eventos/:id/presencas/conflitos': async (p) => ({
    caller: 'franqueador',
    params: { id: (await leadAtEvento(p)).eventoId },
  }),
  'GET /api/public/voucher/:token': async () => ({ params: { token: 'x'.repeat(43) }, neverSucceeds: true }),
  // Issue 48: an event's costs, on the demo cliente's event; each valid run a cost of its own, or a removal.
  'GET /api/eventos/:id/custos': async (p) => ({ caller: 'franqueador', params: { id: await eventoDoCliente(p) } }),
  'POST /api/eventos/:id/custos': async (p) => ({
    caller: 'cliente',
    params: { id: await eventoDoCliente(p) },
    body: (seed) => ({
      categoria: (['cartoes', 'local', 'anuncios', 'brindes', 'outros'] as const)[seed % 5],
      descricao: seed % 2 === 0 ? null : `Custo ${seed}`,
      valorCentavos: (seed % 100_000) + 1,
    }),
  }),
  'DELETE /api/eventos/:id/custos/:custoId': async (p) => {
    const id = await eventoDoCliente(p);
    const custo = await criar(p, 'cliente', `/api/eventos/${id}/custos`, { categoria: 'outros', valorCentavos: 100 });
    return { caller: 'cliente', params: { id, custoId: custo } };
  },
  // Issue 48: the campaigns' costs of the demo network.
  'GET /api/campanhas/custos': async () => ({
    caller: 'franqueador',
    query: { de: '2026-01-01', ate: '2026-12-31', utmCampaign: 'volta-as-aulas' },
  }),
  'POST /api/campanhas/custos': async () => ({
    caller: 'franquia',
    body: (seed) => ({
      utmCampaign: `campanha-${seed % 50}`,
      data: `2026-${String(1 + (seed % 12)).padStart(2, '0')}-10`,
      categoria: 'anuncios',
      valorCentavos: (seed % 100_000) + 1,
    }),
  }),
  'DELETE /api/campanhas/custos/:id': async (p) => ({
    caller: 'franqueador',
    params: {
      id: await criar(p, 'franqueador', '/api/campanhas/custos', {
        utmCampaign: 'fuzz',
        data: '2026-01-10',
        categoria: 'outros',
        valorCentavos: 100,
      }),
    },
  }),
  // Issue 49: the visits -- the demo vendedor's list and day, a visit scheduled at its school on each valid run, and
  // an outcome logged once on a visit of its own (its notes every third run, the outcome refused after the first).
  'GET /api/visitas': async (p) => ({
    caller: 'micro_franquia',
    query: {
      de: '2026-01-01',
      ate: '2026-12-31',
      status: 'agendada',
      vendedorId: await vendedorDaDemo(p),
      clienteId: await clienteId(p),
      q: 'horizonte',
      // Issue 46: the page after the list's first visit, by its cursor.
      apos: await cursorOf(p, 'micro_franquia', '/api/visitas'),
    },
  }),
  'POST /api/visitas': async (p) => {
    const escola = await clienteId(p);
    return {
      caller: 'vendedor',
      body: (seed) => ({
        clienteId: escola,
        agendadaPara: `2030-${String(1 + (seed % 12)).padStart(2, '0')}-${String(1 + (seed % 28)).padStart(2, '0')}T${String(seed % 24).padStart(2, '0')}:30:00-03:00`,
        objetivo: `Visita ${seed}`,
        notas: seed % 2 === 0 ? null : `Notas da visita ${seed}`,
      }),
    };
  },
  'PATCH /api/visitas/:id': async (p) => {
    const id = await criar(p, 'vendedor', '/api/visitas', {
      clienteId: await clienteId(p),
      agendadaPara: '2030-05-05T10:00:00-03:00',
    });
    return {
      caller: 'vendedor',
      params: { id },
      body: (seed) =>
        seed % 3 === 0
          ? { notas: `Notas ${seed}` }
          : { status: 'realizada', resultado: 'sem_interesse', motivo: `Motivo ${seed}` },
    };
  },
  'GET /api/user/agenda': async () => ({ caller: 'vendedor', query: { dia: '2026-12-03' } }),
  // Issue 23: a reset link's state; a made-up token answers 200 {valido: false}.
  'GET /api/auth/reset-password/estado': async () => ({ query: { token: 'x'.repeat(43) } }),
  // Issue 23: a real declaration's code (an activation the franqueador sees), verified by a visitor.
  'GET /api/public/declaracoes/:codigo': async (p) => ({
    params: {
      codigo: (await p.pick<Named>('franqueador', '/api/pre-matriculas?pageSize=1')).id.slice(0, 8).toUpperCase(),
    },
  }),
  'POST /api/public/voucher/:token/cancelar': async () => ({
    params: { token: 'x'.repeat(43) },
    neverSucceeds: true,
  }),
  // The follow-up (issue 16), on a real lead.
  'GET /api/leads': async () => ({ query: { status: 'novo' } }),
  'GET /api/leads/export.csv': async () => ({ query: { status: 'novo' } }),
  'GET /api/leads/:id': async (p) => ({ params: { id: await leadId(p) } }),
  'GET /api/leads/:id/responsaveis': async (p) => ({ params: { id: await leadId(p) } }),
  // Issue 39 item 14: the family's names and phone corrected, a new value each run.
  'PATCH /api/leads/:id/dados': async (p) => ({
    params: { id: await leadId(p) },
    body: (seed) => ({ nomeResponsavel: `Responsável Fuzz ${seed}`, telefone: `1198${digits(seed, 7)}` }),
  }),
  'PATCH /api/pre-matriculas/:id/dados': async (p) => ({
    params: { id: (await preComCursos(p)).id },
    body: (seed) => ({ nomeAluno: `Aluno Fuzz ${seed}`, telefone: `1197${digits(seed, 7)}` }),
  }),
  'GET /api/lgpd/pedidos/:id/registros': async (p) => ({
    caller: 'franquia',
    params: { id: (await pedidoDeCorrecao(p)).pedidoId },
  }),
  'POST /api/lgpd/pedidos/:id/correcoes': async (p) => {
    const { pedidoId, leadId: registroId } = await pedidoDeCorrecao(p);
    return {
      caller: 'franquia',
      params: { id: pedidoId },
      body: (seed) => ({ tipo: 'lead', registroId, nomeResponsavel: `Responsável Fuzz ${seed}` }),
    };
  },
  'PATCH /api/leads/:id': async (p) => ({
    params: { id: await leadId(p) },
    body: (seed) =>
      seed % 2 === 0
        ? { status: 'sem_interesse', motivoPerda: 'preco', proximoContatoEm: '2030-01-01' }
        : { status: 'interessado', responsavelId: null },
  }),
  'POST /api/leads/:id/contatos': async (p) => ({
    params: { id: await leadId(p) },
    body: (seed) => ({ canal: 'whatsapp', resultado: 'mensagem_enviada', nota: `Contato ${seed}` }),
  }),
  'POST /api/leads/:id/notas': async (p) => ({
    params: { id: await leadId(p) },
    body: (seed) => ({ texto: `Nota de acompanhamento ${seed}` }),
  }),
  'POST /api/leads': async (p) => {
    const eventoId = await openEventoId(p);
    return {
      body: (seed) => ({
        eventoId,
        nomeAluno: 'Ana Souza',
        nomeResponsavel: 'Carlos Souza',
        email: email('aluno', seed),
        telefone: '(11) 98765-4321',
        consentimento: true,
        // Issue 48: where the family came from, on every other run.
        ...(seed % 2 === 0
          ? { origem: { utmSource: 'fuzz', utmCampaign: `campanha-${seed}`, vendedor: 'ZZZZZZZZ' } }
          : {}),
      }),
    };
  },
  'POST /api/pre-matriculas': async (p) => {
    const eventoId = await openEventoId(p);
    return {
      body: (seed) => ({
        eventoId,
        nomeAluno: 'Ana Souza',
        cpfAluno: cpf(seed, 1),
        nomeResponsavel: 'Carlos Souza',
        cpfResponsavel: cpf(seed, 2),
        email: email('aluno', seed),
        telefone: '11987654321',
        consentimento: true,
      }),
    };
  },
  'POST /api/login': async () => ({
    body: (seed) =>
      seed % 4 === 0
        ? { email: DEMO_ACCOUNTS.vendedor, password: DEMO_PASSWORD }
        : { email: seed % 4 === 1 ? DEMO_ACCOUNTS.aluno : email('ninguem', seed), password: 'senha-errada' },
  }),
  // Issue 43 (ADR 071): the gateway's webhook needs its token, a header the fuzzed requests never carry (each run is
  // its 401, before the body is read); the list's status is a parcela's.
  'POST /api/webhooks/asaas': async () => ({
    body: (seed) => ({ id: `evt_fuzz_${seed}`, event: 'PAYMENT_RECEIVED', payment: { id: `pay_fuzz_${seed}` } }),
    neverSucceeds: true,
  }),
  'GET /api/parcelas': async () => ({ query: { status: 'aberta' } }),
  // ADR 077: the list's CSV takes the list's filters.
  'GET /api/parcelas/export.csv': async () => ({ query: { status: 'aberta' } }),
  // Issue 43 (ADR 078): the régua of a franquia the franquia's session owns (its own, named or not).
  'GET /api/cobranca/regua': async () => ({ caller: 'franquia' }),
  'PUT /api/cobranca/regua': async () => ({
    caller: 'franquia',
    body: (seed) => ({ etapas: { antes3: seed % 2 === 0, vencimento: true, depois1: seed % 3 === 0, depois7: true } }),
  }),
  // Issue 44 (ADR 081): the commission rules, each valid run a rule of its own year (no two share a day).
  'GET /api/comissoes/regras': async () => ({}),
  'POST /api/comissoes/regras': async () => ({
    body: (seed) => ({
      beneficiario: 'vendedor',
      tipo: 'percentual',
      percentual: (seed % 100) + 1,
      inicio: `${2000 + (seed % 200)}-01-01`,
      fim: `${2000 + (seed % 200)}-12-31`,
    }),
  }),
  'PATCH /api/comissoes/regras/:id': async (p) => ({
    params: { id: await regraDeComissao(p) },
    body: (seed) => ({ percentual: (seed % 100) + 1 }),
  }),
  // Issue 44 (ADR 082): the ledger, its statements and closings; each valid closing a month of its own, long past.
  'GET /api/comissoes/lancamentos': async () => ({ query: { periodo: '2026-01', estado: 'liberada' } }),
  'GET /api/comissoes/resumo': async () => ({ query: { periodo: '2026-01' } }),
  'GET /api/comissoes/minhas': async () => ({ caller: 'vendedor' }),
  'GET /api/comissoes/minhas/lancamentos': async () => ({ caller: 'vendedor', query: { periodo: '2026-01' } }),
  'GET /api/comissoes/fechamentos': async () => ({}),
  'POST /api/comissoes/fechamentos': async () => ({
    caller: 'franqueador',
    body: (seed) => ({
      periodo: `${1000 + (seed % 800)}-${String(1 + (Math.floor(seed / 800) % 12)).padStart(2, '0')}`,
    }),
  }),
  'GET /api/comissoes/fechamentos/:periodo/pagamentos.csv': async (p) => ({
    caller: 'franqueador',
    params: { periodo: await fechamentoDeComissao(p) },
  }),
  'POST /api/comissoes/fechamentos/:periodo/pago': async (p) => ({
    caller: 'franqueador',
    params: { periodo: await fechamentoDeComissao(p) },
  }),
  // ADR 088: the network's "franquias close their months" flag, kept at the demo's (off).
  'GET /api/comissoes/configuracao': async () => ({}),
  'PUT /api/comissoes/configuracao': async () => ({ caller: 'franqueador', body: () => ({ franquiaFecha: false }) }),
  // Issue 45 (ADR 089): royalties -- the demo franquia's agreements and statements; each valid version a start of
  // its own (far ahead), each closing a month long past with no agreement (409), a contest of a line nobody wrote.
  'GET /api/royalties/acordos': async () => ({}),
  'GET /api/royalties/acordos/:franquiaId': async (p) => ({ params: { franquiaId: await franquiaDosRoyalties(p) } }),
  'PUT /api/royalties/acordos/:franquiaId': async (p) => ({
    caller: 'franqueador',
    params: { franquiaId: await franquiaDosRoyalties(p) },
    body: (seed) => ({
      royalty: (seed % 20) + 0.5,
      fundo: seed % 5,
      minimo: seed % 2 === 0 ? null : (seed % 1000) + 0.99,
      inicio: `${2100 + (seed % 100)}-${String(1 + (Math.floor(seed / 100) % 12)).padStart(2, '0')}-01`,
      modo: seed % 3 === 0 ? 'split' : 'fatura',
    }),
  }),
  'GET /api/royalties/extratos': async () => ({ query: { mes: '2026-01' } }),
  'GET /api/royalties/extratos/:franquiaId/:mes': async (p) => ({
    params: { franquiaId: await franquiaDosRoyalties(p), mes: '2026-01' },
  }),
  'POST /api/royalties/extratos/:franquiaId/:mes/fechar': async (p) => ({
    caller: 'franqueador',
    params: { franquiaId: await franquiaDosRoyalties(p), mes: '1901-01' },
  }),
  'POST /api/royalties/extratos/:franquiaId/:mes/linhas/:linhaId/contestar': async (p) => ({
    caller: 'franquia',
    params: { franquiaId: await franquiaDosRoyalties(p), mes: '2026-01' },
    body: (seed) => ({ motivo: `Linha a conferir, pedido ${seed}.` }),
  }),
  // Issue 48: goals -- the franqueador's network goal of a month far ahead (each seed its own), split among its
  // franquias in a month whose network goal the plan set first; the ranking and the dashboard's summary.
  'GET /api/metas': async () => ({ query: { mes: '2026-01', etapa: 'leads' } }),
  'GET /api/metas/painel': async () => ({ caller: 'franquia', query: { mes: '2026-01' } }),
  'GET /api/metas/ranking': async () => ({ caller: 'micro_franquia', query: { mes: '2026-01', etapa: 'matriculas' } }),
  'PUT /api/metas': async (p) => {
    const rede = await redeDasMetas(p);
    return {
      caller: 'franqueador',
      body: (seed) => ({
        mes: `${2100 + (seed % 100)}-${String(1 + (Math.floor(seed / 100) % 12)).padStart(2, '0')}`,
        etapa: seed % 2 === 0 ? 'leads' : 'parcelas_pagas',
        nivel: 'rede',
        alvoId: rede,
        valor: seed % 1_000_000,
        travada: seed % 3 === 0,
      }),
    };
  },
  'POST /api/metas/distribuir': async (p) => {
    const rede = await redeDasMetas(p);
    return {
      caller: 'franqueador',
      body: (seed) => ({
        mes: '2099-12',
        etapa: 'leads',
        alvoId: rede,
        criterio: seed % 2 === 0 ? 'igual' : 'historico',
      }),
    };
  },
  // Issue 43 (ADR 080): the reconciliation, read by the franquia (its own differences) and run by the franqueador.
  'GET /api/cobranca/conciliacao': async () => ({ caller: 'franquia' }),
  'POST /api/cobranca/conciliacao': async () => ({ caller: 'franqueador' }),
  'POST /api/logout': async () => ({ caller: 'anonymous' }),
  'POST /api/auth/forgot-password': async () => ({
    body: (seed) => ({ email: seed % 3 === 0 ? DEMO_ACCOUNTS.aluno : email('ninguem', seed) }),
  }),
  'POST /api/auth/reset-password': async () => ({
    body: (seed) => ({ token: `token-${seed}-${'x'.repeat(32)}`, newPassword: 'novaSenha123' }),
    neverSucceeds: true,
  }),
  // A confirmation needs the token only the new mailbox received; a change needs the caller's own password.
  'GET /api/user/email/confirm': async () => ({ query: { token: `token-${'x'.repeat(32)}` }, neverSucceeds: true }),
  'POST /api/user/email': async () => ({
    caller: 'aluno',
    body: (seed) => ({ email: email('nova', seed), password: DEMO_PASSWORD }),
  }),
  // Issue 46: the network lists page by cursor; their valid query reads the page after the first row.
  'GET /api/franquias': async (p) => ({ query: { apos: await cursorOf(p, 'franqueador', '/api/franquias') } }),
  'GET /api/micro-franquias': async (p) => ({
    query: { apos: await cursorOf(p, 'franqueador', '/api/micro-franquias') },
  }),
  'GET /api/clientes': async (p) => ({ query: { apos: await cursorOf(p, 'franqueador', '/api/clientes') } }),
  'GET /api/usuarios': async (p) => ({ query: { apos: await cursorOf(p, 'franqueador', '/api/usuarios') } }),
  'POST /api/franquias': async () => ({ body: (seed) => ({ ...empresa(seed, 1), password: 'segredo123' }) }),
  // Another franquia than franquia@'s, whose session the micro-franquia routes use.
  'PATCH /api/franquias/:id': async (p) => {
    const target = await p.pick<Named>(
      'franqueador',
      '/api/franquias',
      (f) => f.razaoSocial !== undefined && !/Paulista/.test(f.razaoSocial),
    );
    return {
      params: { id: target.id },
      body: (seed) => (seed % 5 === 0 ? { isActive: seed % 2 === 0 } : empresa(seed, 2)),
    };
  },
  'GET /api/franquias/:id': async (p) => ({
    params: { id: (await p.pick<Named>('franqueador', '/api/franquias')).id },
  }),
  'GET /api/micro-franquias/:id': async (p) => ({
    params: { id: (await p.pick<Named>('franqueador', '/api/micro-franquias')).id },
  }),
  'GET /api/clientes/:id': async (p) => ({ params: { id: await clienteId(p) } }),
  'POST /api/micro-franquias': async () => ({
    caller: 'franquia',
    body: (seed) => ({ ...empresa(seed, 3), password: 'segredo123' }),
  }),
  // Not micro@'s: its session runs the clientes routes.
  'PATCH /api/micro-franquias/:id': async (p) => {
    const target = await p.pick<Named & { user: { email: string } }>(
      'franquia',
      '/api/micro-franquias',
      (m) => m.user.email !== DEMO_ACCOUNTS.micro_franquia,
    );
    return {
      caller: 'franquia',
      params: { id: target.id },
      body: (seed) => (seed % 5 === 0 ? { isActive: seed % 2 === 0 } : empresa(seed, 4)),
    };
  },
  'POST /api/clientes': async () => ({
    caller: 'micro_franquia',
    body: (seed) => ({ ...cliente(seed, 5), password: 'segredo123' }),
  }),
  'PATCH /api/clientes/:id': async (p) => {
    const target = await p.pick<Named & { user: { email: string } }>(
      'micro_franquia',
      '/api/clientes',
      (c) => c.user.email !== DEMO_ACCOUNTS.cliente,
    );
    return {
      caller: 'micro_franquia',
      params: { id: target.id },
      body: (seed) => (seed % 5 === 0 ? { isActive: seed % 2 === 0 } : cliente(seed, 6)),
    };
  },
  'POST /api/vendedores': async () => ({
    caller: 'micro_franquia',
    body: (seed) => ({
      nome: `Vendedor Fuzz ${seed}`,
      cpf: cpf(seed, 7),
      dataNascimento: '1994-02-20',
      endereco: 'Rua do Comércio, 12',
      telefone: '19991234567',
      email: email('vendedor', seed),
      password: 'segredo123',
    }),
  }),
  // The aluno's account: no other route of the same file signs in with it.
  'PATCH /api/usuarios/:id': async (p) => {
    const target = await p.pick<Named>('franqueador', '/api/usuarios?role=aluno');
    return { params: { id: target.id }, body: (seed) => ({ isActive: seed % 2 === 0 }) };
  },
  'GET /api/cep/:cep': async () => ({ params: { cep: '01310-100' } }),
  'GET /api/cursos': async (p) => ({ query: { clienteId: await clienteId(p) } }),
  'POST /api/cursos': async () => ({
    body: (seed) => ({
      titulo: `Curso Fuzz ${seed}`,
      descricao: 'Descrição',
      valor: 1200.5,
      valorComDesconto: 999.99,
      parcelas: 12,
      modulos: [{ titulo: 'Módulo 1', modulo: '1', cargaHoraria: 20 }],
    }),
  }),
  'PATCH /api/cursos/:id': async (p) => {
    const curso = await p.pick<Named>('cliente', '/api/cursos');
    return {
      params: { id: curso.id },
      body: (seed) => ({ titulo: `Curso ${seed}`, descricao: 'Nova descrição', valor: 1500, parcelas: 10 }),
    };
  },
  'POST /api/cursos/:id/modulos': async (p) => {
    const curso = await p.pick<Named>('cliente', '/api/cursos');
    return {
      params: { id: curso.id },
      body: (seed) => ({ titulo: `Módulo ${seed}`, modulo: '9A', cargaHoraria: 12, ordem: (seed % 5) + 1 }),
    };
  },
  'PATCH /api/cursos/:id/modulos/:moduloId': async (p) => {
    const curso = await p.pick<Named>('cliente', '/api/cursos', (c) => (c.modulos?.length ?? 0) > 0);
    return {
      params: { id: curso.id, moduloId: curso.modulos![0]!.id },
      body: (seed) => ({ titulo: `Módulo ${seed}`, modulo: '2', cargaHoraria: 30, ordem: 1 }),
    };
  },
  'DELETE /api/cursos/:id/modulos/:moduloId': async (p) => {
    const curso = await p.pick<Named>('cliente', '/api/cursos', (c) => (c.modulos?.length ?? 0) > 1);
    return { params: { id: curso.id, moduloId: curso.modulos![0]!.id } };
  },
  'POST /api/eventos': async (p) => {
    const cursoIds = (await p.get<Named[]>('cliente', '/api/cursos')).map((c) => c.id).slice(0, 2);
    return { caller: 'cliente', body: () => evento(cursoIds) };
  },
  'PUT /api/eventos/:id': async (p) => {
    const cursoIds = (await p.get<Named[]>('cliente', '/api/cursos')).map((c) => c.id).slice(0, 2);
    const target = await p.pick<Named>('cliente', '/api/eventos', (e) => e.status === 'agendado');
    return {
      caller: 'cliente',
      params: { id: target.id },
      body: (seed) => ({ ...evento(cursoIds), status: seed % 3 === 0 ? 'em_andamento' : 'agendado' }),
    };
  },
  // Issue 23: the course of a pending pré-matrícula whose event offers courses (not the one Efetivar takes).
  'GET /api/pre-matriculas/:id/cursos': async (p) => ({ params: { id: (await preComCursos(p)).id } }),
  'PATCH /api/pre-matriculas/:id': async (p) => {
    const { id, cursoIds } = await preComCursos(p);
    return { params: { id }, body: (seed) => ({ cursoId: seed % 3 === 0 ? null : cursoIds[seed % cursoIds.length]! }) };
  },
  // Issue 42: the body names one of the event's courses, which the matrícula takes (the first valid run wins).
  'POST /api/matriculas/efetivar/:id': async (p) => {
    const pre = await p.pick<Named>('franqueador', '/api/pre-matriculas', (r) => r.status === 'pendente');
    const cursos = await p.get<Named[]>('franqueador', `/api/pre-matriculas/${pre.id}/cursos`);
    return {
      params: { id: pre.id },
      ...(cursos.length > 0 ? { body: () => ({ cursoId: cursos[0]!.id }) } : {}),
    };
  },
  'POST /api/sac/tickets': async () => ({
    caller: 'franquia',
    body: () => ({
      titulo: 'Kits atrasados',
      descricao: 'Os kits do evento ainda não chegaram.',
      departamento: 'logistica',
      prioridade: 'alta',
    }),
  }),
  // LGPD (issue 18): the demo family's titular, the demo request, and the portal without a live link.
  'GET /api/lgpd/pedidos': async () => ({ query: { status: 'aberto' } }),
  'GET /api/lgpd/titulares': async () => ({ query: { q: 'mariana.costa@email.com' } }),
  'GET /api/lgpd/titulares/export.json': async () => ({ query: { q: 'mariana.costa@email.com' } }),
  // As the franquia: the franqueador's writes are throttled by then (the SAC's answered tickets answer 409s).
  'POST /api/lgpd/titulares/anonimizar': async () => ({
    caller: 'franquia',
    body: (seed) => ({ email: email('ninguem', seed) }),
  }),
  'PATCH /api/lgpd/pedidos/:id': async (p) => {
    const pedido = await p.pick<Named>('franquia', '/api/lgpd/pedidos', (r) => r.status === 'aberto');
    return { caller: 'franquia', params: { id: pedido.id }, body: () => ({ status: 'em_analise' }) };
  },
  // Issue 22: the franqueador's webhooks (to a host that resolves nowhere) and Envios.
  'POST /api/integracoes/webhooks': async () => ({
    body: (seed) => ({ url: `http://127.0.0.1:9/rede/${seed}`, eventos: ['lead.criado'] }),
  }),
  'PUT /api/integracoes/webhooks/:id': async (p) => ({
    params: { id: await fuzzWebhook(p) },
    body: () => ({ url: 'http://127.0.0.1:9/outra', eventos: ['lead.criado', 'ticket.criado'] }),
  }),
  'POST /api/integracoes/webhooks/:id/teste': async (p) => ({ params: { id: await fuzzWebhook(p) } }),
  'GET /api/integracoes/webhooks/:id/entregas': async (p) => ({ params: { id: await fuzzWebhook(p) } }),
  // Issue 47 (ADR 103): the Cloud API's templates, moments and prices; Meta's webhook needs its signature, which the
  // fuzzed requests never carry (each run is its 401, before the body is validated).
  'POST /api/integracoes/whatsapp/modelos': async () => ({
    body: (seed) => ({ nome: `fuzz_${seed}`, categoria: 'UTILITY', variaveis: [] }),
  }),
  'PUT /api/integracoes/whatsapp/modelos/:id': async (p) => ({
    params: { id: await fuzzModeloWhatsapp(p) },
    body: (seed) => ({ nome: `fuzz_editado_${seed}`, categoria: 'MARKETING', variaveis: [] }),
  }),
  'PUT /api/integracoes/whatsapp/momentos': async () => ({ body: () => ({ lembrete_vespera: null }) }),
  'PUT /api/integracoes/whatsapp/custos': async () => ({ body: (seed) => ({ UTILITY: seed % 100 }) }),
  'POST /api/webhooks/whatsapp': async () => ({
    body: (seed) => ({ object: 'whatsapp_business_account', entry: [{ id: String(seed), changes: [] }] }),
    neverSucceeds: true,
  }),
  'GET /api/webhooks/whatsapp': async () => ({
    query: { 'hub.mode': 'subscribe', 'hub.verify_token': 'errado', 'hub.challenge': '1' },
    neverSucceeds: true,
  }),
  // Issue 51: the search by exact recipient is fuzzed with the other filters.
  'GET /api/envios': async () => ({ query: { tipo: 'email', destinatario: 'familia@exemplo.com.br' } }),
  'POST /api/leads/exportacoes': async () => ({ query: { view: 'interesses' } }),
  'POST /api/pre-matriculas/exportacoes': async () => ({ query: { situacao: 'pendente' } }),
  'POST /api/matriculas/exportacoes': async () => ({ query: { status: 'ativa' } }),
  // Issue 51 (ADR 091): 'Minhas exportações', the caller's own.
  'GET /api/exportacoes': async () => ({}),
  'GET /api/exportacoes/:id': async (p) => ({ params: { id: await fuzzExportacao(p, true) } }),
  'GET /api/exportacoes/:id/arquivo': async (p) => ({ params: { id: await fuzzExportacao(p, true) } }),
  'POST /api/exportacoes/:id/cancelar': async (p) => ({ params: { id: await fuzzExportacao(p, false) } }),
  // Issue 51 (ADR 091): the lead panel's WhatsApp templates, read by every staff role, written by the franqueador.
  'GET /api/whatsapp/modelos': async () => ({ caller: 'vendedor' }),
  'PUT /api/whatsapp/modelos/:chave': async () => ({
    params: { chave: 'lembrete_pre_matricula' },
    body: (seed) => ({ texto: `Olá, {nome}! Lembrete da pré-matrícula de {aluno} (${seed}).` }),
  }),
  'POST /api/public/titular/solicitar': async () => ({ body: (seed) => ({ email: email('titular', seed) }) }),
  'GET /api/public/titular': async () => ({ query: { token: `token-${'x'.repeat(32)}` }, neverSucceeds: true }),
  'GET /api/public/titular/export.json': async () => ({
    query: { token: `token-${'x'.repeat(32)}` },
    neverSucceeds: true,
  }),
  'POST /api/public/titular/pedidos': async () => ({
    body: () => ({ token: `token-${'x'.repeat(32)}`, tipo: 'revogacao' }),
    neverSucceeds: true,
  }),
  // The help desk (issue 19): the franquia's open demo ticket, its conversation and its list's filters.
  'GET /api/sac/tickets': async () => ({
    query: { status: 'em_andamento', prioridade: 'media', departamento: 'administrativo', atrasados: 'false' },
  }),
  'GET /api/sac/tickets/:id': async (p) => ({ params: { id: (await franquiaTicket(p)).id } }),
  'GET /api/sac/tickets/:id/mensagens': async (p) => ({ params: { id: (await franquiaTicket(p)).id } }),
  'POST /api/sac/tickets/:id/mensagens': async (p) => ({
    caller: 'franquia',
    params: { id: (await franquiaTicket(p)).id },
    body: (seed) => ({ texto: `Mensagem ${seed} da conversa` }),
  }),
  // The demo franquia's ticket is open, never concluded: a rating has no valid run here (sac.helpdesk.test).
  'POST /api/sac/tickets/:id/avaliacao': async (p) => ({
    caller: 'franquia',
    params: { id: (await franquiaTicket(p)).id },
    body: (seed) => ({ nota: (seed % 5) + 1, comentario: 'Bom atendimento' }),
    neverSucceeds: true,
  }),
  'GET /api/sac/resumo': async () => ({ query: { dias: '30' } }),
  'PATCH /api/sac/tickets/:id': async (p) => {
    const ticket = await p.pick<Named>('franqueador', '/api/sac/tickets', (t) => t.status === 'em_andamento');
    return {
      params: { id: ticket.id },
      body: () => ({ status: 'concluido', resolucao: 'Kits reenviados por transportadora.' }),
    };
  },
};

/** The demo franquia's own open ticket ('Acesso ao relatório de matrículas'). */
function franquiaTicket(p: PlanContext) {
  return p.once('franquia ticket', () =>
    // Searched by its title: by then the fuzzed POST /api/sac/tickets has pushed it off the first page.
    p.pick<Named & { titulo: string }>(
      'franquia',
      `/api/sac/tickets?q=${encodeURIComponent('Acesso ao relatório de matrículas')}`,
      (t) => t.titulo === 'Acesso ao relatório de matrículas',
    ),
  );
}

/** Issue 49: the demo vendedor's id, as its own visits name it. */
function vendedorDaDemo(p: PlanContext): Promise<string> {
  return p.once('vendedor da demo', async () => {
    const [visita] = await p.get<{ vendedorId: string }[]>('vendedor', '/api/visitas?pageSize=1');
    if (!visita) throw new Error('no demo visit of the vendedor to fuzz with');
    return visita.vendedorId;
  });
}

/** Issue 48: the demo cliente's first event (its costs' routes). */
function eventoDoCliente(p: PlanContext): Promise<string> {
  return p.once('evento do cliente', async () => (await p.pick<Named>('cliente', '/api/eventos')).id);
}

/** Issue 48: a row made through the API when a route's plan is drawn; its id. */
async function criar(p: PlanContext, role: Role, url: string, payload: object): Promise<string> {
  const response = await p.app.inject({ method: 'POST', url, headers: { cookie: await p.session(role) }, payload });
  if (response.statusCode !== 201) throw new Error(`${url} for the fuzz: ${response.statusCode} ${response.body}`);
  return response.json<{ id: string }>().id;
}

async function openEventoId(p: PlanContext): Promise<string> {
  const [cidade] = await p.get<string[]>('anonymous', '/api/public/cidades');
  const eventos = await p.get<{ id: string }[]>(
    'anonymous',
    `/api/public/eventos?cidade=${encodeURIComponent(cidade!)}`,
  );
  return eventos[0]!.id;
}

async function clienteId(p: PlanContext): Promise<string> {
  return (await p.pick<Named>('franqueador', '/api/clientes', (c) => c.nomeFantasia === 'Colégio Horizonte')).id;
}

/**
 * A valid value for each query key a route's schema names, by the key's name; keys unknown here are still
 * sent, with hostile values only.
 */
async function queryValues(p: PlanContext): Promise<Record<string, string>> {
  const [cidade] = await p.get<string[]>('anonymous', '/api/public/cidades');
  const [evento] = await p.get<{ id: string }[]>('franqueador', '/api/leads/eventos');
  return {
    page: '1',
    pageSize: '20',
    // Issue 46: a list's search takes 3 letters or digits ('a' is the hint, a 400).
    q: 'ana',
    status: 'ativos',
    role: 'vendedor',
    view: 'interesses',
    retorno: 'hoje',
    semContato: 'true',
    responsavelId: 'nenhum',
    data: '2026-12-03',
    eventoId: evento!.id,
    clienteId: await clienteId(p),
    cidade: cidade!,
    // Issue 48: Relatórios' and the funnel lists' origin filters.
    origem: 'google',
    campanha: 'volta-as-aulas',
  };
}

export async function planFor(
  p: PlanContext,
  route: RouteAccess,
  schemaKeys: { query: readonly string[]; params: readonly string[] },
): Promise<RoutePlan> {
  const known = (await PLANS[`${route.method} ${route.url}`]?.(p)) ?? {};
  const allowed: readonly Role[] =
    route.access === 'public' || route.access === 'token'
      ? []
      : route.access === 'authenticated'
        ? ROLES
        : route.access;
  // A 'token' route (issue 43) has no session: its plan sends the token itself.
  const caller: Caller =
    known.caller ??
    (route.access === 'public' || route.access === 'token'
      ? 'anonymous'
      : PREFERENCE.find((r) => allowed.includes(r))!);
  const values = await p.once('query values', () => queryValues(p));
  const query = Object.fromEntries(schemaKeys.query.filter((k) => k in values).map((k) => [k, values[k]!]));
  const params = Object.fromEntries(schemaKeys.params.map((k) => [k, crypto.randomUUID()]));
  return {
    caller,
    params: { ...params, ...known.params },
    query: { ...query, ...known.query },
    ...(known.body ? { body: known.body } : {}),
    ...(known.neverSucceeds ? { neverSucceeds: true } : {}),
    ...(known.upload ? { upload: known.upload } : {}),
    realParams: schemaKeys.params.every((k) => known.params?.[k] !== undefined),
  };
}
