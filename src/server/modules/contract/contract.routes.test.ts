import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROLES } from '../../../shared/roles';
import { createTestApp, loginAs, type TestContext } from '../../../../tests/setup/test-app';
import { openApiPath, SEM_ESQUEMA } from './openapi';

/**
 * The API contract (issue 22): /api/openapi.json lists every /api route the app registers -- the same list the
 * access matrix is generated from -- with the roles allowed to call it, and is a valid OpenAPI 3.1 document.
 */

type Operation = {
  operationId: string;
  description: string;
  'x-access': string;
  'x-roles': string[];
  security: unknown[];
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { required: boolean; content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

let ctx: TestContext;
let document: Document;
beforeAll(async () => {
  ctx = await createTestApp();
  const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  document = response.json();
});
afterAll(() => ctx.close());

const operationOf = (method: string, url: string) => document.paths[openApiPath(url)]?.[method.toLowerCase()];

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes every route the app registers, and no route it does not', () => {
    const registered = ctx.app.routeAccess.map((route) => `${route.method} ${openApiPath(route.url)}`);
    expect(registered.length).toBeGreaterThan(80);
    const missing = ctx.app.routeAccess.filter((route) => !operationOf(route.method, route.url));
    expect(missing.map((route) => `${route.method} ${route.url}`)).toEqual([]);
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.filter((route) => !registered.includes(route))).toEqual(['GET /metrics']);
    const ids = documented.map((route) => {
      const [method, path] = route.split(' ') as [string, string];
      return document.paths[path]![method.toLowerCase()]!.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('names on each operation the roles the route lets in, as the access matrix does', () => {
    for (const route of ctx.app.routeAccess) {
      const operation = operationOf(route.method, route.url)!;
      const expected = Array.isArray(route.access) ? route.access : ROLES;
      expect(operation['x-roles'], `${route.method} ${route.url}`).toEqual([...expected]);
      expect(operation['x-access']).toBe(Array.isArray(route.access) ? 'roles' : route.access);
      // Issue 43: a 'token' route (the gateway's webhook) opens no session either.
      expect(operation.security).toEqual(route.access === 'public' || route.access === 'token' ? [] : [{ sessao: [] }]);
    }
    const create = operationOf('POST', '/api/clientes')!;
    expect(create['x-roles']).toEqual(['micro_franquia', 'vendedor']);
    expect(create.description).toBe('Perfis permitidos: Micro-franquia, Vendedor.');
    expect(create.responses['403']).toBeDefined();
    expect(operationOf('POST', '/api/login')!.description).toBe('Acesso público: não exige sessão.');
  });

  it("carries each route's own zod schemas: body, path and query parameters, answers", () => {
    const create = operationOf('POST', '/api/clientes')!;
    const body = create.requestBody!.content['application/json']!.schema as { required: string[]; properties: object };
    expect(create.requestBody!.required).toBe(true);
    expect(body.required).toEqual(expect.arrayContaining(['email', 'cnpj']));
    const view = create.responses['201']!.content!['application/json']!.schema as { properties: object };
    // The answer names what the shared view sends, and never the column it drops (ADR 018).
    expect(Object.keys(view.properties)).toEqual(expect.arrayContaining(['id', 'nomeFantasia', 'cnpj', 'user']));
    expect(Object.keys(view.properties)).not.toContain('userId');
    expect(Object.keys(view.properties)).not.toContain('password');

    const list = operationOf('GET', '/api/clientes')!;
    const names = list.parameters!.map((p) => `${p.in}:${p.name}`);
    expect(names).toEqual(expect.arrayContaining(['query:q', 'query:page', 'query:pageSize', 'query:status']));
    const one = operationOf('GET', '/api/clientes/:id')!;
    expect(one.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(one.responses['404']).toBeDefined();
    expect(operationOf('GET', '/api/leads/export.csv')!.responses['2XX']!.content).toHaveProperty(['text/csv']);
  });

  it('has schemas that compile as JSON Schema 2020-12 and accept what the server really sends', async () => {
    // A real answer validated against its documented schema: the document describes the wire, not a wish.
    const { Ajv2020 } = await import('ajv/dist/2020.js');
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema({ $id: 'doc', components: document.components }, 'doc');
    const validate = (schema: Record<string, unknown>) =>
      ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components', '"doc#/components')));
    const schemas: Record<string, unknown>[] = [];
    for (const item of Object.values(document.paths)) {
      for (const operation of Object.values(item)) {
        schemas.push(...(operation.parameters ?? []).map((parameter) => parameter.schema));
        schemas.push(...Object.values(operation.requestBody?.content ?? {}).map((media) => media.schema));
        for (const response of Object.values(operation.responses)) {
          schemas.push(...Object.values(response.content ?? {}).map((media) => media.schema));
        }
      }
    }
    expect(schemas.length).toBeGreaterThan(150);
    for (const schema of schemas) expect(validate(schema)).toBeTypeOf('function');

    const cookie = await loginAs(ctx.app, 'franqueador');
    for (const [url, pattern, status] of [
      ['/api/clientes', '/api/clientes', '200'],
      ['/api/franquias', '/api/franquias', '200'],
      ['/api/cursos', '/api/cursos', '200'],
      ['/api/eventos', '/api/eventos', '200'],
      ['/api/lgpd/pedidos', '/api/lgpd/pedidos', '200'],
      ['/api/lgpd/retencao', '/api/lgpd/retencao', '200'],
      ['/api/public/privacidade', '/api/public/privacidade', '200'],
      ['/api/sac/tickets', '/api/sac/tickets', '200'],
      ['/api/sac/resumo', '/api/sac/resumo', '200'],
      ['/api/sac/users', '/api/sac/users', '200'],
      ['/api/user', '/api/user', '200'],
      ['/api/user/perfil', '/api/user/perfil', '200'],
      ['/api/user/sessoes', '/api/user/sessoes', '200'],
      ['/api/public/cidades', '/api/public/cidades', '200'],
      ['/api/relatorios/funil?agrupar=cidade', '/api/relatorios/funil', '200'],
      ['/api/relatorios/serie?intervalo=semana', '/api/relatorios/serie', '200'],
      ['/api/relatorios/acompanhamento', '/api/relatorios/acompanhamento', '200'],
      ['/api/relatorios/inadimplencia?agrupar=evento', '/api/relatorios/inadimplencia', '200'],
      ['/api/dashboard/metrics', '/api/dashboard/metrics', '200'],
      ['/api/health', '/api/health', '200'],
      ['/api/leads?pageSize=100', '/api/leads', '200'],
      ['/api/leads/resumo', '/api/leads/resumo', '200'],
      ['/api/leads/eventos', '/api/leads/eventos', '200'],
      ['/api/pre-matriculas?pageSize=100', '/api/pre-matriculas', '200'],
      ['/api/pre-matriculas/resumo', '/api/pre-matriculas/resumo', '200'],
      ['/api/matriculas/resumo', '/api/matriculas/resumo', '200'],
      // Issue 49: the demo's visits, the day's agenda and the visits per vendedor.
      ['/api/visitas?pageSize=100', '/api/visitas', '200'],
      ['/api/user/agenda', '/api/user/agenda', '200'],
      ['/api/relatorios/visitas', '/api/relatorios/visitas', '200'],
    ] as const) {
      const answer = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(answer.statusCode).toBe(200);
      const check = validate(operationOf('GET', pattern)!.responses[status]!.content!['application/json']!.schema);
      expect(check(answer.json()), `${url}: ${JSON.stringify(check.errors)}`).toBe(true);
    }
    // A lead's panel, with its history.
    const [lead] = (await ctx.app.inject({ method: 'GET', url: '/api/leads', headers: { cookie } })).json();
    const panel = await ctx.app.inject({ method: 'GET', url: `/api/leads/${lead.id}`, headers: { cookie } });
    expect(panel.statusCode).toBe(200);
    const checkPanel = validate(
      operationOf('GET', '/api/leads/:id')!.responses['200']!.content!['application/json']!.schema,
    );
    expect(checkPanel(panel.json()), JSON.stringify(checkPanel.errors)).toBe(true);
    // Issue 49: the offline roster of that lead's event, with its hashes, and its conflicts.
    for (const pattern of ['/api/eventos/:id/check-in/roteiro', '/api/eventos/:id/presencas/conflitos']) {
      const url = pattern.replace(':id', lead.eventoId);
      const answer = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(answer.statusCode).toBe(200);
      const check = validate(operationOf('GET', pattern)!.responses['200']!.content!['application/json']!.schema);
      expect(check(answer.json()), `${url}: ${JSON.stringify(check.errors)}`).toBe(true);
    }

    const refused = await ctx.app.inject({ method: 'POST', url: '/api/clientes', headers: { cookie }, payload: {} });
    const error = validate(
      operationOf('POST', '/api/clientes')!.responses['403']!.content!['application/json']!.schema,
    );
    expect(error(refused.json())).toBe(true);
  });
});

/**
 * Issue 41 (ADR 018): the modules whose every route declares the answer of each success status it gives. A route
 * of theirs without one -- a new route under their paths too -- fails here by name, so the gap cannot come back.
 * `owns`: the paths that are the module's; `routes`: each of its routes with the success statuses it answers
 * (none: the answer is a file, not JSON, and keeps no schema).
 */
/** A matrícula's routes that the contratos module declares (issue 42). */
/** A matrícula's contract -- its PDF, a new link, its cancellation (issue 42) -- is the contratos module's. */
const CONTRATO_DA_MATRICULA = [
  '/api/matriculas/:id/contrato',
  '/api/matriculas/:id/contrato.pdf',
  '/api/matriculas/:id/contrato/reenviar',
  '/api/matriculas/:id/cancelamento',
  '/api/matriculas/:id/cancelar',
];

/** The door without a signal's routes (issue 49): under an event, but the check-in module's, not inscrições'. */
const checkInOwns = (url: string) =>
  url.startsWith('/api/eventos/:id/check-in/') || url.startsWith('/api/eventos/:id/presencas/');

const ANSWERED_MODULES: Record<string, { owns: (url: string) => boolean; routes: Record<string, string[]> }> = {
  lgpd: {
    owns: (url) =>
      url.startsWith('/api/lgpd/') || url.startsWith('/api/public/titular') || url === '/api/public/privacidade',
    routes: {
      'GET /api/public/privacidade': ['200'],
      'POST /api/public/titular/solicitar': ['200'],
      'GET /api/public/titular': ['200'],
      'GET /api/public/titular/export.json': ['200'],
      'POST /api/public/titular/pedidos': ['201'],
      'GET /api/lgpd/pedidos': ['200'],
      'PATCH /api/lgpd/pedidos/:id': ['200'],
      'GET /api/lgpd/pedidos/:id/registros': ['200'],
      'POST /api/lgpd/pedidos/:id/correcoes': ['200'],
      'GET /api/lgpd/titulares': ['200'],
      'GET /api/lgpd/titulares/export.json': ['200'],
      'POST /api/lgpd/titulares/anonimizar': ['200'],
      'GET /api/lgpd/retencao': ['200'],
      // The LGPD module's corrections of a lead's and a pré-matrícula's data (correcao.routes.ts).
      'PATCH /api/leads/:id/dados': ['200'],
      'PATCH /api/pre-matriculas/:id/dados': ['200'],
    },
  },
  sac: {
    owns: (url) => url.startsWith('/api/sac/'),
    routes: {
      'GET /api/sac/tickets': ['200'],
      'POST /api/sac/tickets': ['201'],
      'GET /api/sac/tickets/:id': ['200'],
      'PATCH /api/sac/tickets/:id': ['200'],
      'GET /api/sac/tickets/:id/mensagens': ['200'],
      'POST /api/sac/tickets/:id/mensagens': ['201'],
      'POST /api/sac/tickets/:id/avaliacao': ['201'],
      // The attachment itself, streamed with its own type (`config.produces` lists the four).
      'GET /api/sac/anexos/:id': [],
      'GET /api/sac/resumo': ['200'],
      'GET /api/sac/equipe': ['200'],
      'GET /api/sac/users': ['200'],
    },
  },
  auth: {
    // The session, sign-in, reset and Minha conta (auth.routes.ts, conta.routes.ts); /api/user/atividade is auditoria's.
    owns: (url) =>
      ['/api/user', '/api/login', '/api/logout'].includes(url) ||
      url.startsWith('/api/auth/') ||
      (url.startsWith('/api/user/') &&
        url !== '/api/user/atividade' &&
        url !== '/api/user/parcelas' &&
        url !== '/api/user/link-de-indicacao' &&
        url !== '/api/user/agenda'),
    routes: {
      'GET /api/user': ['200'],
      'POST /api/login': ['200'],
      'POST /api/logout': ['200'],
      'POST /api/auth/forgot-password': ['200'],
      'POST /api/auth/reset-password': ['200'],
      'GET /api/auth/reset-password/estado': ['200'],
      'POST /api/user/email': ['202'],
      'GET /api/user/email/confirm': ['200'],
      'GET /api/user/perfil': ['200'],
      'PATCH /api/user/perfil': ['200'],
      'POST /api/user/senha': ['200'],
      'GET /api/user/sessoes': ['200'],
      'DELETE /api/user/sessoes/:id': ['200'],
      'POST /api/user/sessoes/encerrar-outras': ['200'],
    },
  },
  public: {
    // The public side (public.routes.ts): its lists, both sign-up forms and the declaration's check. The notice and
    // the titular's portal under /api/public are the LGPD module's, the voucher's page the inscrições module's.
    owns: (url) =>
      url.startsWith('/api/public/') &&
      url !== '/api/public/privacidade' &&
      !url.startsWith('/api/public/titular') &&
      !url.startsWith('/api/public/voucher/') &&
      !url.startsWith('/api/public/contratos/') &&
      !url.startsWith('/api/public/parcelas/') &&
      !url.startsWith('/api/public/indicacao/'),
    routes: {
      'GET /api/public/cidades': ['200'],
      'GET /api/public/eventos': ['200'],
      'POST /api/leads': ['201'],
      'POST /api/pre-matriculas': ['201'],
      'GET /api/public/declaracoes/:codigo': ['200'],
    },
  },
  relatorios: {
    owns: (url) => url.startsWith('/api/relatorios/'),
    routes: {
      'GET /api/relatorios/funil': ['200'],
      // A CSV file, streamed: no JSON answer.
      'GET /api/relatorios/funil.csv': [],
      'GET /api/relatorios/serie': ['200'],
      'GET /api/relatorios/acompanhamento': ['200'],
      'GET /api/relatorios/matriculas-status': ['200'],
      // Issue 43 (ADR 077): Inadimplência (modules/inadimplencia).
      'GET /api/relatorios/inadimplencia': ['200'],
      // Issue 49 (ADR 105): the visits per vendedor.
      'GET /api/relatorios/visitas': ['200'],
    },
  },
  // Issue 48 (ADR 104): the share links -- JSON, or with `?formato=` the QR code's SVG or PNG (`config.produces`
  // lists them beside the JSON) -- and the public page's lookup of an event's code.
  atribuicao: {
    owns: (url) => url.endsWith('/link-de-indicacao') || url.startsWith('/api/public/indicacao/'),
    routes: {
      'GET /api/user/link-de-indicacao': ['200'],
      'GET /api/eventos/:id/link-de-indicacao': ['200'],
      'GET /api/public/indicacao/:codigo': ['200'],
    },
  },
  dashboard: {
    owns: (url) => url.startsWith('/api/dashboard/'),
    routes: {
      'GET /api/dashboard/metrics': ['200'],
      'GET /api/dashboard/acompanhamento': ['200'],
    },
  },
  cep: {
    owns: (url) => url.startsWith('/api/cep/'),
    routes: { 'GET /api/cep/:cep': ['200'] },
  },
  health: {
    owns: (url) => url === '/api/health',
    routes: { 'GET /api/health': ['200'] },
  },
  cursos: {
    owns: (url) => url.startsWith('/api/cursos'),
    routes: {
      'GET /api/cursos': ['200'],
      'POST /api/cursos': ['201'],
      'PATCH /api/cursos/:id': ['200'],
      'POST /api/cursos/:id/modulos': ['201'],
      'PATCH /api/cursos/:id/modulos/:moduloId': ['200'],
      'DELETE /api/cursos/:id/modulos/:moduloId': ['200'],
    },
  },
  auditoria: {
    owns: (url) => url.startsWith('/api/auditoria') || url === '/api/user/atividade',
    routes: {
      'GET /api/auditoria': ['200'],
      // A CSV file, streamed: no JSON answer.
      'GET /api/auditoria/export.csv': [],
      'GET /api/user/atividade': ['200'],
    },
  },
  vendedores: {
    owns: (url) => url.startsWith('/api/vendedores'),
    routes: { 'POST /api/vendedores': ['201'] },
  },
  contratos: {
    // Issue 42 (ADR 064): the network's contract templates, and the contract a matrícula froze from one; ADR 066:
    // the family's acceptance by its link and the verification of an accepted contract; the staff's PDF, new link
    // and cancellation.
    owns: (url) =>
      url.startsWith('/api/contratos/') ||
      url.startsWith('/api/public/contratos/') ||
      CONTRATO_DA_MATRICULA.includes(url),
    routes: {
      'GET /api/contratos/modelos': ['200'],
      'POST /api/contratos/modelos': ['201'],
      'PATCH /api/contratos/modelos/:id': ['200'],
      'POST /api/contratos/modelos/:id/publicar': ['200'],
      'GET /api/contratos/regras': ['200'],
      'GET /api/matriculas/:id/contrato': ['200'],
      // The accepted contract's PDF, the same bytes each time: no JSON answer.
      'GET /api/matriculas/:id/contrato.pdf': [],
      'POST /api/matriculas/:id/contrato/reenviar': ['200'],
      'GET /api/public/contratos/:token': ['200'],
      'POST /api/public/contratos/:token/codigo': ['200'],
      'POST /api/public/contratos/:token/aceitar': ['200'],
      'POST /api/public/contratos/:token/desistir': ['200'],
      'GET /api/public/contratos/:token/pdf': [],
      'GET /api/public/contratos/verificar/:codigo': ['200'],
      // Issue 42: the staff's cancellation after the 7 days, its fee shown first.
      'GET /api/matriculas/:id/cancelamento': ['200'],
      'POST /api/matriculas/:id/cancelar': ['200'],
    },
  },
  exportacoes: {
    // An export's progress, its file and its cancel; the POSTs that start one are each list's module's.
    owns: (url) => url === '/api/exportacoes' || url.startsWith('/api/exportacoes/'),
    routes: {
      // Issue 51 (ADR 091): 'Minhas exportações'.
      'GET /api/exportacoes': ['200'],
      'GET /api/exportacoes/:id': ['200'],
      // The CSV file, streamed: no JSON answer.
      'GET /api/exportacoes/:id/arquivo': [],
      'POST /api/exportacoes/:id/cancelar': ['200'],
    },
  },
  importacoes: {
    // Issue 50 (ADR 106): the import's upload, mapping, preview, confirmation, refused rows and undo.
    owns: (url) => url === '/api/importacoes' || url.startsWith('/api/importacoes/'),
    routes: {
      'GET /api/importacoes': ['200'],
      'POST /api/importacoes': ['201'],
      'GET /api/importacoes/:id': ['200'],
      'PUT /api/importacoes/:id/mapeamento': ['200'],
      'POST /api/importacoes/:id/confirmar': ['202'],
      // The refused rows as CSV: no JSON answer.
      'GET /api/importacoes/:id/erros.csv': [],
      'POST /api/importacoes/:id/desfazer': ['202'],
    },
  },
  // Issue 41, third round: the funnel's lists and panels, the check-in and the voucher, and every module left.
  leads: {
    // The staff side of leads (leads.routes.ts); POST /api/leads is the public sign-up's, /dados the LGPD's.
    owns: (url) => url.startsWith('/api/leads/') && url !== '/api/leads/:id/dados',
    routes: {
      'GET /api/leads': ['200'],
      // A CSV file, streamed: no JSON answer.
      'GET /api/leads/export.csv': [],
      // The direct download's address, or the export to follow.
      'POST /api/leads/exportacoes': ['200', '202'],
      'GET /api/leads/resumo': ['200'],
      'GET /api/leads/eventos': ['200'],
      'GET /api/leads/:id': ['200'],
      'PATCH /api/leads/:id': ['200'],
      'GET /api/leads/:id/responsaveis': ['200'],
      'POST /api/leads/:id/contatos': ['201'],
      'POST /api/leads/:id/notas': ['201'],
      // Issue 50: Ações em lote.
      'POST /api/leads/lote': ['200'],
    },
  },
  preMatriculas: {
    // The staff side (pre-matriculas.routes.ts); POST /api/pre-matriculas is the public activation's.
    owns: (url) => url.startsWith('/api/pre-matriculas/') && url !== '/api/pre-matriculas/:id/dados',
    routes: {
      'GET /api/pre-matriculas': ['200'],
      // A CSV file, streamed: no JSON answer.
      'GET /api/pre-matriculas/export.csv': [],
      'POST /api/pre-matriculas/exportacoes': ['200', '202'],
      'GET /api/pre-matriculas/resumo': ['200'],
      'GET /api/pre-matriculas/:id/cursos': ['200'],
      'PATCH /api/pre-matriculas/:id': ['200'],
    },
  },
  matriculas: {
    // The contract a matrícula froze, and its cancellation (issue 42), are the contratos module's.
    owns: (url) =>
      url.startsWith('/api/matriculas') &&
      !CONTRATO_DA_MATRICULA.includes(url) &&
      url !== '/api/matriculas/:id/parcelas' &&
      url !== '/api/matriculas/:id/renegociar' &&
      url !== '/api/matriculas/:id/renegociacoes',
    routes: {
      'GET /api/matriculas': ['200'],
      // A CSV file, streamed: no JSON answer.
      'GET /api/matriculas/export.csv': [],
      'POST /api/matriculas/exportacoes': ['200', '202'],
      'GET /api/matriculas/resumo': ['200'],
      'POST /api/matriculas/efetivar/:id': ['201'],
    },
  },
  // Issue 43 (ADR 071): the parcelas, the gateway's webhook and the simulated payment (cobranca.routes.ts).
  cobranca: {
    owns: (url) =>
      url.startsWith('/api/parcelas') ||
      url === '/api/webhooks/asaas' ||
      url === '/api/user/parcelas' ||
      url === '/api/matriculas/:id/parcelas' ||
      url === '/api/matriculas/:id/renegociar' ||
      url === '/api/matriculas/:id/renegociacoes' ||
      url.startsWith('/api/cobranca/') ||
      url.startsWith('/api/public/parcelas/'),
    routes: {
      // Issue 43 (ADR 078): the régua de cobrança and the responsável's link.
      'GET /api/cobranca/regua': ['200'],
      'PUT /api/cobranca/regua': ['200'],
      'GET /api/public/parcelas/:token': ['200'],
      'POST /api/webhooks/asaas': ['200'],
      'POST /api/parcelas/:id/simular-pagamento': ['200'],
      // ADR 076: the baixa manual.
      'POST /api/parcelas/:id/baixa': ['200'],
      'GET /api/parcelas': ['200'],
      'GET /api/matriculas/:id/parcelas': ['200'],
      'GET /api/user/parcelas': ['200'],
      // ADR 079: the renegotiation, its history and the network's cap on its discount.
      'POST /api/matriculas/:id/renegociar': ['200'],
      'GET /api/matriculas/:id/renegociacoes': ['200'],
      'GET /api/cobranca/configuracao': ['200'],
      'PUT /api/cobranca/configuracao': ['200'],
      // ADR 080: the reconciliation's last run and a run now.
      'GET /api/cobranca/conciliacao': ['200'],
      'POST /api/cobranca/conciliacao': ['200'],
      // ADR 077: the list's CSV (a file: no JSON answer).
      'GET /api/parcelas/export.csv': [],
    },
  },
  // Issue 44 (ADR 081): the commission rules (comissoes.routes.ts).
  comissoes: {
    owns: (url) => url.startsWith('/api/comissoes/'),
    routes: {
      'GET /api/comissoes/regras': ['200'],
      'POST /api/comissoes/regras': ['201'],
      'PATCH /api/comissoes/regras/:id': ['200'],
      // ADR 082: the ledger, its statements and the monthly closing (the payout is a file: no JSON answer).
      'GET /api/comissoes/lancamentos': ['200'],
      'GET /api/comissoes/resumo': ['200'],
      'GET /api/comissoes/minhas': ['200'],
      // Issue 44: 'Minhas comissões'' older lines, by cursor.
      'GET /api/comissoes/minhas/lancamentos': ['200'],
      'GET /api/comissoes/fechamentos': ['200'],
      'POST /api/comissoes/fechamentos': ['201'],
      'GET /api/comissoes/fechamentos/:periodo/pagamentos.csv': [],
      'POST /api/comissoes/fechamentos/:periodo/pago': ['200'],
      // ADR 088: the network's "franquias close their months" flag.
      'GET /api/comissoes/configuracao': ['200'],
      'PUT /api/comissoes/configuracao': ['200'],
    },
  },
  // Issue 51 (ADR 091): the lead panel's WhatsApp templates.
  whatsapp: {
    owns: (url) =>
      url.startsWith('/api/whatsapp/') ||
      url.startsWith('/api/integracoes/whatsapp/') ||
      url === '/api/webhooks/whatsapp',
    routes: {
      'GET /api/whatsapp/modelos': ['200'],
      'PUT /api/whatsapp/modelos/:chave': ['200'],
      // Issue 47 (ADR 103): the Cloud API's templates, moments and prices, and Meta's webhook (its handshake answers
      // the challenge as text).
      'GET /api/integracoes/whatsapp/modelos': ['200'],
      'POST /api/integracoes/whatsapp/modelos': ['201'],
      'PUT /api/integracoes/whatsapp/modelos/:id': ['200'],
      'DELETE /api/integracoes/whatsapp/modelos/:id': ['204'],
      'GET /api/integracoes/whatsapp/momentos': ['200'],
      'PUT /api/integracoes/whatsapp/momentos': ['200'],
      'PUT /api/integracoes/whatsapp/custos': ['200'],
      'GET /api/webhooks/whatsapp': ['200'],
      'POST /api/webhooks/whatsapp': ['200'],
    },
  },
  // Issue 45 (ADR 089): royalties' agreements, statements, closings and contests (royalties.routes.ts).
  royalties: {
    owns: (url) => url.startsWith('/api/royalties/'),
    routes: {
      'GET /api/royalties/acordos': ['200'],
      'GET /api/royalties/acordos/:franquiaId': ['200'],
      'PUT /api/royalties/acordos/:franquiaId': ['200'],
      'GET /api/royalties/extratos': ['200'],
      'GET /api/royalties/extratos/:franquiaId/:mes': ['200'],
      'POST /api/royalties/extratos/:franquiaId/:mes/fechar': ['201'],
      'POST /api/royalties/extratos/:franquiaId/:mes/linhas/:linhaId/contestar': ['201'],
    },
  },
  // Issue 48: goals, their split and the ranking (metas.routes.ts).
  metas: {
    owns: (url) => url.startsWith('/api/metas'),
    routes: {
      'GET /api/metas': ['200'],
      'PUT /api/metas': ['200'],
      'POST /api/metas/distribuir': ['200'],
      'GET /api/metas/painel': ['200'],
      'GET /api/metas/ranking': ['200'],
    },
  },
  inscricoes: {
    // The voucher's page and cancel, the check-in's header, search and presences (inscricoes.routes.ts).
    owns: (url) =>
      url.startsWith('/api/public/voucher/') ||
      // An event's share link (issue 48) is atribuição's, its costs custos', the door without a signal check-in's.
      (url.startsWith('/api/eventos/:id/') &&
        !url.endsWith('/link-de-indicacao') &&
        !url.includes('/custos') &&
        !checkInOwns(url)),
    routes: {
      'GET /api/public/voucher/:token': ['200'],
      'POST /api/public/voucher/:token/cancelar': ['200'],
      'GET /api/eventos/:id': ['200'],
      'GET /api/eventos/:id/inscritos': ['200'],
      // 201 the first time, 200 'Presença já registrada' after.
      'POST /api/eventos/:id/presencas': ['200', '201'],
    },
  },
  // Issue 49 (ADR 105): the offline roster, the batch of offline check-ins and the conflicts (check-in.routes.ts).
  checkIn: {
    owns: (url) => checkInOwns(url),
    routes: {
      'GET /api/eventos/:id/check-in/roteiro': ['200'],
      'POST /api/eventos/:id/presencas/lote': ['200'],
      'GET /api/eventos/:id/presencas/conflitos': ['200'],
    },
  },
  eventos: {
    // The list, the creation and the edit; the check-in's routes under /api/eventos/:id are inscrições'.
    owns: (url) => url === '/api/eventos',
    routes: {
      'GET /api/eventos': ['200'],
      'POST /api/eventos': ['201'],
      'PUT /api/eventos/:id': ['200'],
    },
  },
  // Issue 48: an event's costs and the campaigns' costs (custos.routes.ts).
  custos: {
    owns: (url) => url.startsWith('/api/campanhas/') || url.startsWith('/api/eventos/:id/custos'),
    routes: {
      'GET /api/eventos/:id/custos': ['200'],
      'POST /api/eventos/:id/custos': ['201'],
      'DELETE /api/eventos/:id/custos/:custoId': ['204'],
      'GET /api/campanhas/custos': ['200'],
      'POST /api/campanhas/custos': ['201'],
      'DELETE /api/campanhas/custos/:id': ['204'],
    },
  },
  // Issue 49 (ADR 105): the visits to schools and the day's agenda (visitas.routes.ts).
  visitas: {
    owns: (url) => url.startsWith('/api/visitas') || url === '/api/user/agenda',
    routes: {
      'GET /api/visitas': ['200'],
      'POST /api/visitas': ['201'],
      'PATCH /api/visitas/:id': ['200'],
      'GET /api/user/agenda': ['200'],
    },
  },
  franquias: {
    owns: (url) => url.startsWith('/api/franquias'),
    routes: {
      'GET /api/franquias': ['200'],
      'GET /api/franquias/:id': ['200'],
      'POST /api/franquias': ['201'],
      'PATCH /api/franquias/:id': ['200'],
    },
  },
  microFranquias: {
    owns: (url) => url.startsWith('/api/micro-franquias'),
    routes: {
      'GET /api/micro-franquias': ['200'],
      'GET /api/micro-franquias/:id': ['200'],
      'POST /api/micro-franquias': ['201'],
      'PATCH /api/micro-franquias/:id': ['200'],
      // Issue 50: the micro-franquia's distribution of new leads (modules/distribuicao).
      'GET /api/micro-franquias/:id/distribuicao': ['200'],
      'PUT /api/micro-franquias/:id/distribuicao': ['200'],
    },
  },
  clientes: {
    owns: (url) => url.startsWith('/api/clientes'),
    routes: {
      'GET /api/clientes': ['200'],
      'GET /api/clientes/:id': ['200'],
      'POST /api/clientes': ['201'],
      'PATCH /api/clientes/:id': ['200'],
    },
  },
  usuarios: {
    owns: (url) => url.startsWith('/api/usuarios'),
    routes: { 'GET /api/usuarios': ['200'], 'PATCH /api/usuarios/:id': ['200'] },
  },
  envios: {
    owns: (url) => url.startsWith('/api/envios'),
    routes: {
      'GET /api/envios': ['200'],
      'POST /api/envios/:id/reenviar': ['200'],
      'POST /api/envios/:id/cancelar': ['200'],
      'POST /api/envios/:id/tentar-agora': ['200'],
    },
  },
  integracoes: {
    owns: (url) => url.startsWith('/api/integracoes/') && !url.startsWith('/api/integracoes/whatsapp/'),
    routes: {
      'GET /api/integracoes/webhooks': ['200'],
      'POST /api/integracoes/webhooks': ['201'],
      'PUT /api/integracoes/webhooks/:id': ['200'],
      'DELETE /api/integracoes/webhooks/:id': ['200'],
      // The test delivery is queued.
      'POST /api/integracoes/webhooks/:id/teste': ['202'],
      'GET /api/integracoes/webhooks/:id/entregas': ['200'],
    },
  },
  contrato: {
    // The document itself (JSON, described as an object) and its reference page's three files.
    owns: (url) => url === '/api/openapi.json' || url.startsWith('/api/docs'),
    routes: {
      'GET /api/openapi.json': [],
      'GET /api/docs': [],
      'GET /api/docs/docs.js': [],
      'GET /api/docs/docs.css': [],
    },
  },
};

describe('response schemas (issue 41)', () => {
  for (const [module, { owns, routes }] of Object.entries(ANSWERED_MODULES)) {
    it(`every ${module} route declares the answer of each success status it gives`, () => {
      const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
      const registered = ctx.app.routeAccess.filter((route) => owns(route.url) || key(route) in routes);
      // A new route of the module is listed here, with its statuses: it cannot arrive without an answer schema.
      expect(registered.map(key).sort()).toEqual(Object.keys(routes).sort());
      const missing: string[] = [];
      for (const route of registered) {
        const declared = (route.schema?.response ?? {}) as Record<string, unknown>;
        const operation = operationOf(route.method, route.url)!;
        const statuses = routes[key(route)]!;
        for (const status of statuses) {
          const documented = operation.responses[status]?.content?.['application/json']?.schema;
          if (!(declared[status] instanceof z.ZodType) || !documented) missing.push(`${key(route)} ${status}`);
        }
        if (statuses.length > 0) expect(operation.responses['2XX'], key(route)).toBeUndefined();
        else expect(Object.keys(declared), key(route)).toEqual([]);
        // A file is documented with its own content type (`config.produces`, or its `.csv` ending).
        if (statuses.length === 0)
          expect(Object.keys(operation.responses['2XX']?.content ?? {}), key(route)).not.toEqual([]);
      }
      expect(missing).toEqual([]);
    });
  }

  it('leaves no route of the document without its answer: JSON with its schema, a file with its type', () => {
    // openapi.ts writes 'o corpo ainda não tem esquema declarado' for a JSON route that declares no response
    // schema: a route that loses its schema, or a new one without it, fails here by name, in whichever module.
    const gaps = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) =>
          Object.values(operation.responses).some((answer) => answer.description === SEM_ESQUEMA),
        )
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(gaps).toEqual([]);
    // And every route the app registers is some module's above.
    const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
    const listed = new Set(Object.values(ANSWERED_MODULES).flatMap(({ routes }) => Object.keys(routes)));
    expect(ctx.app.routeAccess.map(key).filter((route) => !listed.has(route))).toEqual([]);
  });
});

describe('GET /api/docs', () => {
  it('is a page with no inline script, whose script and style come from the same origin, under the CSP', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc).toBe("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]![1]).toContain('src="/api/docs/docs.js"');
    expect(scripts[0]![2]!.trim()).toBe('');
    expect(page.body).not.toMatch(/\son\w+=/i); // no inline event handlers
    expect(page.body).not.toMatch(/https?:\/\//); // nothing from another origin

    const script = await ctx.app.inject({ method: 'GET', url: '/api/docs/docs.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain("fetch('/api/openapi.json'");
    const style = await ctx.app.inject({ method: 'GET', url: '/api/docs/docs.css' });
    expect(style.statusCode).toBe(200);
    expect(style.headers['content-type']).toMatch(/^text\/css/);
  });
});
