import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { queryRows, tableDigests } from '../../support/database-digest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccess } from '../../../src/server/plugins/authorization';
import { DEMO_ACCOUNTS } from '../../../src/server/db/seed/demo-network';
import { comissaoLancamentos, leads, royaltyLancamentos, sacAnexos, sacMensagens } from '../../../src/server/db/schema';
import { lancarComissoes } from '../../../src/server/modules/comissoes';
import { lancarRoyalties } from '../../../src/server/modules/royalties';
import { todayInBrasilia } from '../../../src/shared/brasilia';
import { can } from '../../../src/shared/permissions';
import { MINHAS_ORDEM, minhasLancamentosKeyset } from '../../../src/shared/schemas/comissao';
import { encodeListCursor } from '../../../src/shared/schemas/list-cursor';
import { empresaPayload, clientePayload } from '../../support/network-payloads';
import { createTestApp, type TestContext } from '../../setup/test-app';
import { leadsCsv, multipartBody } from './fixtures/multipart';
import {
  ACTOR_NAMES,
  allIds,
  buildWorld,
  categoryOf,
  eventoPayload,
  roleOf,
  scopeOf,
  SHARED_ALUNO_NAME_B,
  snapshot,
  WORLD_ENV,
  type ActorName,
  type Category,
  type Scope,
  type Table,
  type World,
} from './fixtures/network';

/**
 * IDOR (issue 9): every `:id` route and every list and export of the API, tried by every account that may call
 * it with the rows it must not reach -- a sibling branch's, its parent's and a second franqueador's network's.
 * An `:id` route answers 404 exactly as for an id that exists nowhere (not 403, not 200) and writes nothing; a
 * list or export holds none of those rows and counts exactly the caller's. The routes come from the app's own
 * declarations, so a new route without a case here fails the first test.
 */

let ctx: TestContext;
let world: World;
const scopes = {} as Record<ActorName, Scope>;

/** Issue 19: each ticket's message with an attachment, and a note with one, by ticket id. */
const anexosByTicket = new Map<string, { publico: string; interno: string }>();
/** Issue 48: one cost on every event of both networks, by event id. */
const custoByEvento = new Map<string, string>();

beforeAll(async () => {
  ctx = await createTestApp(WORLD_ENV);
  world = await buildWorld(ctx);
  for (const name of ACTOR_NAMES) scopes[name] = scopeOf(world.graph, world.actors[name]);
  for (const ticket of world.graph.tickets) {
    const ids = { publico: '', interno: '' };
    for (const interna of [false, true]) {
      const [mensagem] = await ctx.handle.db
        .insert(sacMensagens)
        .values({ ticketId: ticket.id, autorId: ticket.solicitanteId, texto: 'Com anexo', interna })
        .returning({ id: sacMensagens.id });
      const [anexo] = await ctx.handle.db
        .insert(sacAnexos)
        .values({ mensagemId: mensagem!.id, nome: 'tela.png', tipo: 'image/png', tamanho: 1 })
        .returning({ id: sacAnexos.id });
      ids[interna ? 'interno' : 'publico'] = anexo!.id;
    }
    anexosByTicket.set(ticket.id, ids);
  }
  const custos = await queryRows<{ id: string; evento_id: string }>(
    ctx.handle.db,
    sql`insert into evento_custos (evento_id, categoria, valor_centavos) select id, 'outros', 100 from eventos
      returning id, evento_id`,
  );
  for (const row of custos) custoByEvento.set(row.evento_id, row.id);
});
afterAll(() => ctx.close());

const key = (route: RouteAccess) => `${route.method} ${route.url}`;
const callers = (route: RouteAccess): ActorName[] =>
  ACTOR_NAMES.filter((name) => {
    if (route.access === 'public' || route.access === 'authenticated') return true;
    return route.access.includes(roleOf(name));
  });

function inject(name: ActorName | null, method: string, url: string, payload?: object) {
  return ctx.app.inject({
    method: method as 'GET',
    url,
    headers: name ? { cookie: world.sessions[name] } : {},
    ...(payload ? { payload } : {}),
  });
}

/** The rows of a table the account may not read. */
const foreign = (name: ActorName, table: Table) =>
  allIds(world.graph, table).filter((id) => !scopes[name][table].has(id));
const visible = (name: ActorName, table: Table) => [...scopes[name][table]];

/**
 * The student names only another network collected: the caller's screens never show them, even for a student
 * both networks enrolled under one login (issue 14, finding 4; ADR 019).
 */
const otherNetworkNames = (name: ActorName) => {
  const own = new Set(world.graph.preMatriculas.filter((r) => scopes[name].preMatriculas.has(r.id)).map((r) => r.nome));
  const names = foreign(name, 'preMatriculas')
    .filter((id) => categoryOf(world.graph, world.actors[name], 'preMatriculas', id) === 'outra rede')
    .map((id) => world.graph.preMatriculas.find((r) => r.id === id)!.nome);
  return [...new Set(names)].filter((nome) => !own.has(nome));
};

/** One try of an :id route: the URL with a row the caller must not reach, and the same URL with an unknown id. */
interface Attempt {
  url: string;
  unknownUrl: string;
  payload?: object;
  table: Table;
  id: string;
}

const withId = (pattern: string, id: string) => pattern.replace(':id', id);

/** Every row of `table` out of the caller's scope, with each body. */
const rowAttempts =
  (table: Table, bodies: (name: ActorName) => (object | undefined)[] = () => [undefined]) =>
  (name: ActorName, pattern: string): Attempt[] => {
    const payloads = bodies(name);
    const unknownUrl = withId(pattern, randomUUID());
    return foreign(name, table).flatMap((id) =>
      payloads.map((payload) => ({ url: withId(pattern, id), unknownUrl, payload, table, id })),
    );
  };

/** A module outside the scope: through its own course, and through one of the caller's courses. */
const moduloAttempts =
  (bodies: (object | undefined)[]) =>
  (name: ActorName, pattern: string): Attempt[] => {
    const own = visible(name, 'cursos')[0]!;
    const at = (curso: string, modulo: string) => pattern.replace(':id', curso).replace(':moduloId', modulo);
    const unknownCurso = at(randomUUID(), randomUUID());
    const unknownModulo = at(own, randomUUID());
    return foreign(name, 'modulos').flatMap((id) => {
      const cursoId = world.graph.modulos.find((m) => m.id === id)!.cursoId;
      return bodies.flatMap((payload) => [
        { url: at(cursoId, id), unknownUrl: unknownCurso, payload, table: 'modulos' as const, id },
        { url: at(own, id), unknownUrl: unknownModulo, payload, table: 'modulos' as const, id },
      ]);
    });
  };

const editEmpresa = () => {
  const { password: _p, ...edit } = empresaPayload();
  return edit;
};
const editCliente = () => {
  const { password: _p, ...edit } = clientePayload();
  return edit;
};

/** Every :id route of the app and how to try it. */
const ID_ROUTES: Record<string, (name: ActorName, pattern: string) => Attempt[]> = {
  'GET /api/franquias/:id': rowAttempts('franquias'),
  'PATCH /api/franquias/:id': rowAttempts('franquias', () => [{ isActive: false }, editEmpresa()]),
  'GET /api/micro-franquias/:id': rowAttempts('microFranquias'),
  'PATCH /api/micro-franquias/:id': rowAttempts('microFranquias', () => [{ isActive: false }, editEmpresa()]),
  // Issue 50: a micro-franquia's distribution of new leads, read or set out of scope -- the city table naming that
  // micro-franquia's own vendedor too -- answers as a micro-franquia that exists nowhere.
  'GET /api/micro-franquias/:id/distribuicao': rowAttempts('microFranquias'),
  'PUT /api/micro-franquias/:id/distribuicao': (name, pattern) => {
    const unknownUrl = withId(pattern, randomUUID());
    return foreign(name, 'microFranquias').flatMap((id) => {
      const vendedorId = world.graph.vendedores.find((v) => v.microFranquiaId === id)?.id ?? randomUUID();
      return [
        { modo: 'rodizio' },
        { modo: 'nenhuma' },
        { modo: 'cidade', cidades: [{ cidade: 'Campinas', estado: 'SP', vendedorId }] },
      ].map((payload) => ({ url: withId(pattern, id), unknownUrl, payload, table: 'microFranquias' as const, id }));
    });
  },
  'GET /api/clientes/:id': rowAttempts('clientes'),
  'PATCH /api/clientes/:id': rowAttempts('clientes', () => [{ isActive: false }, editCliente()]),
  'PATCH /api/cursos/:id': rowAttempts('cursos', () => [{ isActive: false }, { titulo: 'Curso tomado' }]),
  'POST /api/cursos/:id/modulos': rowAttempts('cursos', () => [
    { titulo: 'Módulo intruso', modulo: '9', cargaHoraria: 10 },
  ]),
  'PATCH /api/cursos/:id/modulos/:moduloId': moduloAttempts([{ titulo: 'Módulo tomado', isActive: false }]),
  'DELETE /api/cursos/:id/modulos/:moduloId': moduloAttempts([undefined]),
  // Also with one of the caller's own clientes, as if to pull the event into its scope.
  'PUT /api/eventos/:id': rowAttempts('eventos', (name) => {
    const body = eventoPayload('Evento tomado', { status: 'cancelado' });
    const own = visible(name, 'clientes')[0];
    return own && name !== 'cliente' ? [body, { ...body, clienteId: own }] : [body];
  }),
  // Issue 20: an event out of scope, read, searched by name, or checked in by a lead's id, answers as none.
  'GET /api/eventos/:id': rowAttempts('eventos'),
  'GET /api/eventos/:id/inscritos': rowAttempts('eventos'),
  // Issue 48: an event's share link and QR code, out of scope, answer as an event that exists nowhere.
  'GET /api/eventos/:id/link-de-indicacao': rowAttempts('eventos'),
  'POST /api/eventos/:id/presencas': rowAttempts('eventos', (name) => [
    { leadId: world.graph.leads.find((l) => !scopes[name].leads.has(l.id))?.id ?? randomUUID() },
  ]),
  // Issue 49: an event out of scope -- its offline roster, a batch of check-ins for it, its conflicts -- answers as
  // an event that exists nowhere (a family out of scope named on one's own event: the test below).
  'GET /api/eventos/:id/check-in/roteiro': rowAttempts('eventos'),
  'POST /api/eventos/:id/presencas/lote': rowAttempts('eventos', (name) => [
    {
      dispositivo: 'aparelho-intruso',
      itens: [
        {
          idCliente: randomUUID(),
          leadId: world.graph.leads.find((l) => !scopes[name].leads.has(l.id))?.id ?? randomUUID(),
          em: new Date().toISOString(),
        },
      ],
    },
  ]),
  'GET /api/eventos/:id/presencas/conflitos': rowAttempts('eventos'),
  // Issue 48: a foreign event's costs, read, added to, or removed -- also a foreign cost through one's own event.
  'GET /api/eventos/:id/custos': rowAttempts('eventos'),
  'POST /api/eventos/:id/custos': rowAttempts('eventos', () => [{ categoria: 'outros', valorCentavos: 100 }]),
  'DELETE /api/eventos/:id/custos/:custoId': (name, pattern) => {
    const at = (evento: string, custo: string) => pattern.replace(':id', evento).replace(':custoId', custo);
    const own = visible(name, 'eventos')[0];
    return foreign(name, 'eventos').flatMap((id) => [
      {
        url: at(id, custoByEvento.get(id)!),
        unknownUrl: at(randomUUID(), randomUUID()),
        table: 'eventos' as const,
        id,
      },
      ...(own
        ? [{ url: at(own, custoByEvento.get(id)!), unknownUrl: at(own, randomUUID()), table: 'eventos' as const, id }]
        : []),
    ]);
  },
  'POST /api/matriculas/efetivar/:id': rowAttempts('preMatriculas'),
  // Issue 42: a matrícula's contract out of scope answers as a matrícula that exists nowhere.
  'GET /api/matriculas/:id/contrato': rowAttempts('matriculas'),
  // Issue 42, third slice (ADR 066): its PDF and a new link, for a matrícula out of scope, answer as none.
  'GET /api/matriculas/:id/contrato.pdf': rowAttempts('matriculas'),
  'POST /api/matriculas/:id/contrato/reenviar': rowAttempts('matriculas'),
  // Issue 42: the fee preview and the cancellation of a foreign matrícula, as one that exists nowhere.
  'GET /api/matriculas/:id/cancelamento': rowAttempts('matriculas'),
  'POST /api/matriculas/:id/cancelar': rowAttempts('matriculas', () => [{ motivo: 'Cancelamento intruso' }]),
  // Issue 43: a foreign matrícula's parcelas answer as a matrícula that exists nowhere.
  'GET /api/matriculas/:id/parcelas': rowAttempts('matriculas'),
  // ADR 079: a foreign matrícula's renegotiation and its history answer as a matrícula that exists nowhere.
  'POST /api/matriculas/:id/renegociar': rowAttempts('matriculas', () => [
    { parcelas: 2, primeiroVencimento: '2099-01-10' },
  ]),
  'GET /api/matriculas/:id/renegociacoes': rowAttempts('matriculas'),
  // Issue 23: a foreign pré-matrícula's courses, and its course set, cleared or taken from another network.
  'GET /api/pre-matriculas/:id/cursos': rowAttempts('preMatriculas'),
  'PATCH /api/pre-matriculas/:id': rowAttempts('preMatriculas', () => [
    { cursoId: null },
    { cursoId: world.ids.cursoB },
  ]),
  'PATCH /api/sac/tickets/:id': rowAttempts('tickets', () => [
    { status: 'concluido', resolucao: 'Resposta intrusa' },
    { status: 'cancelado' },
    { prioridade: 'baixa' },
    { responsavelId: null },
  ]),
  // The help desk (issue 19): a foreign ticket's page, conversation, messages, notes, rating and attachments.
  'GET /api/sac/tickets/:id': rowAttempts('tickets'),
  'GET /api/sac/tickets/:id/mensagens': rowAttempts('tickets'),
  'POST /api/sac/tickets/:id/mensagens': rowAttempts('tickets', (name) => [
    { texto: 'Mensagem intrusa' },
    ...(roleOf(name) === 'franqueador' ? [{ texto: 'Nota intrusa', interna: true }] : []),
  ]),
  'POST /api/sac/tickets/:id/avaliacao': rowAttempts('tickets', () => [{ nota: 1, comentario: 'Intruso' }]),
  'GET /api/sac/anexos/:id': (name, pattern) => {
    const unknownUrl = withId(pattern, randomUUID());
    return foreign(name, 'tickets').flatMap((id) => {
      const anexos = anexosByTicket.get(id)!;
      return [anexos.publico, anexos.interno].map((anexo) => ({
        url: withId(pattern, anexo),
        unknownUrl,
        table: 'tickets' as const,
        id,
      }));
    });
  },
  'PATCH /api/usuarios/:id': rowAttempts('usuarios', () => [{ isActive: false }]),
  // The follow-up (issue 16): read, change, assign, log a contact, write a note on a lead out of scope.
  'GET /api/leads/:id': rowAttempts('leads'),
  'PATCH /api/leads/:id': rowAttempts('leads', (name) => [
    { status: 'sem_interesse', motivoPerda: 'preco' },
    { proximoContatoEm: '2099-01-01' },
    ...(can(roleOf(name), 'leads.atribuir') ? [{ responsavelId: null }] : []),
  ]),
  'GET /api/leads/:id/responsaveis': rowAttempts('leads'),
  'POST /api/leads/:id/contatos': rowAttempts('leads', () => [{ canal: 'telefone', resultado: 'atendeu' }]),
  'POST /api/leads/:id/notas': rowAttempts('leads', () => [{ texto: 'Nota intrusa' }]),
  // Issue 39 item 14: correcting a family's data on a lead or pré-matrícula out of scope, or through another
  // branch's request (its titular's records listed, or one corrected -- the caller's own lead named too).
  'PATCH /api/leads/:id/dados': rowAttempts('leads', () => [
    { nomeAluno: 'Nome Intruso' },
    { email: 'intruso.correcao@exemplo.com.br', telefone: '11900001111' },
  ]),
  'PATCH /api/pre-matriculas/:id/dados': rowAttempts('preMatriculas', () => [
    { nomeAluno: 'Nome Intruso', nomeResponsavel: 'Responsável Intruso' },
  ]),
  'GET /api/lgpd/pedidos/:id/registros': rowAttempts('lgpdPedidos'),
  'POST /api/lgpd/pedidos/:id/correcoes': rowAttempts('lgpdPedidos', (name) => [
    ...[...foreign(name, 'leads').slice(0, 1), ...visible(name, 'leads').slice(0, 1)].map((registroId) => ({
      tipo: 'lead',
      registroId,
      nomeAluno: 'Nome Intruso',
    })),
  ]),
  // LGPD (issue 18): answering another branch's titular request, anonymisation included.
  'PATCH /api/lgpd/pedidos/:id': rowAttempts('lgpdPedidos', () => [
    { status: 'em_analise' },
    { status: 'concluido' },
    { status: 'recusado', resposta: 'Resposta intrusa' },
  ]),
};

/** The table each GET :id route reads. */
const READ_TABLES: Record<string, Table> = {
  'GET /api/franquias/:id': 'franquias',
  'GET /api/micro-franquias/:id': 'microFranquias',
  'GET /api/clientes/:id': 'clientes',
  'GET /api/leads/:id': 'leads',
  'GET /api/eventos/:id': 'eventos',
  'GET /api/sac/tickets/:id': 'tickets',
};

/** Routes with a parameter that names no row. */
const NOT_ROW_PARAMS: Record<string, string> = {
  'GET /api/cep/:cep': 'a postal code, looked up in a public service',
  'GET /api/public/voucher/:token': 'a secret token e-mailed to one family; its own tests (inscricoes.routes.test)',
  'POST /api/public/voucher/:token/cancelar': 'a secret token e-mailed to one family (inscricoes.routes.test)',
  'GET /api/public/declaracoes/:codigo':
    "a declaration's printed code: initials only, by design public (public.routes.test, issue 23)",
  // Issue 42, third slice (ADR 066): the family's contract by the link e-mailed to it, and an accepted contract's
  // printed code (initials only); their own tests in contratos/aceite.routes.test.
  'GET /api/public/contratos/:token': 'a secret token e-mailed to one family (aceite.routes.test)',
  'POST /api/public/contratos/:token/codigo': 'a secret token e-mailed to one family (aceite.routes.test)',
  'POST /api/public/contratos/:token/aceitar': 'a secret token and an e-mailed code (aceite.routes.test)',
  'POST /api/public/contratos/:token/desistir': 'a secret token and an e-mailed code (aceite.routes.test)',
  'GET /api/public/contratos/:token/pdf': 'a secret token e-mailed to one family (aceite.routes.test)',
  // Issue 43 (ADR 078): the responsável's parcelas by the link e-mailed to it; its own tests in regua.routes.test.
  'GET /api/public/parcelas/:token': 'a secret token e-mailed to one family (regua.routes.test)',
  'GET /api/public/contratos/verificar/:codigo':
    "an accepted contract's printed code: initials only, by design public (aceite.routes.test)",
  'GET /api/public/indicacao/:codigo':
    "a share link's code, printed and shared on purpose: an open event's id and city, null for any other code (atribuicao.routes.test)",
  'DELETE /api/user/sessoes/:id':
    "a session's public id, looked up among the caller's own sessions only (another person's: 404, conta.routes.test)",
};

/** A list or export and the tables whose rows it shows (the first one counted exactly). */
interface ListCase {
  query?: string;
  kind: 'json' | 'csv';
  tables: Table[];
  /** False when the list may show fewer rows than the table's scope (never more). */
  exact?: boolean;
}

const LIST_ROUTES: Record<string, ListCase[]> = {
  'GET /api/franquias': [{ kind: 'json', tables: ['franquias'] }],
  'GET /api/micro-franquias': [{ kind: 'json', tables: ['microFranquias'] }],
  'GET /api/clientes': [{ kind: 'json', tables: ['clientes'] }],
  'GET /api/cursos': [{ kind: 'json', tables: ['cursos', 'modulos'] }],
  'GET /api/eventos': [{ kind: 'json', tables: ['eventos'] }],
  // A place's rows are found by their events (issue 46, ADR 102): both networks hold events in Campinas, SP.
  'GET /api/leads': [
    { kind: 'json', tables: ['leads'] },
    { kind: 'json', tables: ['leads'], query: 'estado=SP', exact: false },
    { kind: 'json', tables: ['leads'], query: 'cidade=Campinas&q=ana', exact: false },
  ],
  'GET /api/leads/export.csv': [
    { kind: 'csv', tables: ['leads'] },
    { kind: 'csv', tables: ['leads'], query: 'view=interesses' },
    { kind: 'csv', tables: ['leads'], query: 'cidade=Campinas', exact: false },
  ],
  'GET /api/leads/eventos': [{ kind: 'json', tables: ['funnelEventos'] }],
  'GET /api/pre-matriculas': [
    { kind: 'json', tables: ['preMatriculas'] },
    { kind: 'json', tables: ['preMatriculas'], query: 'estado=SP', exact: false },
  ],
  'GET /api/pre-matriculas/export.csv': [{ kind: 'csv', tables: ['preMatriculas'] }],
  'GET /api/matriculas': [
    { kind: 'json', tables: ['matriculas'] },
    { kind: 'json', tables: ['matriculas'], query: 'cidade=Campinas', exact: false },
  ],
  'GET /api/matriculas/export.csv': [{ kind: 'csv', tables: ['matriculas'] }],
  'GET /api/sac/tickets': [
    { kind: 'json', tables: ['tickets'] },
    { kind: 'json', tables: ['tickets'], query: 'status=em_andamento', exact: false },
    { kind: 'json', tables: ['tickets'], query: 'atrasados=true', exact: false },
  ],
  // The franqueador's team (issue 19): franqueador-side users of its own network.
  'GET /api/sac/equipe': [{ kind: 'json', tables: ['usuarios'], exact: false }],
  // The SAC's people list leaves the alunos out.
  'GET /api/sac/users': [{ kind: 'json', tables: ['usuarios'], exact: false }],
  'GET /api/usuarios': [{ kind: 'json', tables: ['usuarios'] }],
  'GET /api/lgpd/pedidos': [{ kind: 'json', tables: ['lgpdPedidos'] }],
};

/** Answers that count rows instead of listing them: each figure and the table it counts. */
const COUNT_ROUTES: Record<string, Record<string, Table | 'activeFunnelEventos'>> = {
  'GET /api/dashboard/metrics': {
    totalFranquias: 'franquias',
    totalMicroFranquias: 'microFranquias',
    totalClientes: 'clientes',
    totalCursos: 'cursos',
    totalEventos: 'eventos',
    totalInteresses: 'leads',
    totalLeads: 'leads',
    totalPreMatriculas: 'preMatriculas',
    totalMatriculas: 'matriculas',
  },
  'GET /api/leads/resumo': { total: 'leads', eventosAtivos: 'activeFunnelEventos' },
  'GET /api/pre-matriculas/resumo': { total: 'preMatriculas', eventosAtivos: 'activeFunnelEventos' },
  'GET /api/matriculas/resumo': { total: 'matriculas', eventosAtivos: 'activeFunnelEventos' },
};

/**
 * The report's routes (issue 15): counts only, whose totals must be exactly the caller's rows, and whose filters
 * name nodes of the tree (a node out of scope answers as an unknown one).
 */
/** The follow-up due on the vendedor's and cliente's dashboards (issue 16): counts of the caller's leads. */
const FOLLOW_UP_ROUTES: Record<string, string> = {
  'GET /api/dashboard/acompanhamento': 'json',
};

/**
 * The audit trail (issue 17): each level reads its subtree's rows; every row's record and actor checked against
 * the network graph, and filters naming a record or a person out of scope, in auditoria.routes.test.
 */
const AUDIT_ROUTES: Record<string, string> = {
  'GET /api/auditoria': 'json',
  'GET /api/auditoria/export.csv': 'csv',
};

/**
 * LGPD (issue 18): a titular's records by e-mail, CPF or phone, and the retention figures. The search's scope is
 * checked against the network graph for every lead, pre-matrícula and matrícula in lgpd.routes.test.
 */
const LGPD_ROUTES: Record<string, string> = {
  'GET /api/lgpd/titulares': 'json',
  'GET /api/lgpd/titulares/export.json': 'json',
  'GET /api/lgpd/retencao': 'counts of the retention job, no rows',
};

/**
 * Issue 22: the network's e-mail and webhook jobs and its webhook endpoints, the franqueador's only. Another
 * network's franqueador gets 404 on each :id route and none of the rows in the lists, in
 * webhooks.routes.test ('another network').
 */
const JOB_ROUTES: Record<string, string> = {
  'GET /api/envios': 'json',
  'POST /api/envios/:id/reenviar': 'a job of the network',
  'POST /api/envios/:id/cancelar': 'a job of the network',
  'POST /api/envios/:id/tentar-agora': 'a job of the network',
  'GET /api/integracoes/webhooks': 'json',
  'PUT /api/integracoes/webhooks/:id': 'an endpoint of the network',
  'DELETE /api/integracoes/webhooks/:id': 'an endpoint of the network',
  'POST /api/integracoes/webhooks/:id/teste': 'an endpoint of the network',
  'GET /api/integracoes/webhooks/:id/entregas': 'an endpoint of the network',
  // Exports (issue 22): its owner's only; every other user, of any role or network, gets 404
  // (exportacoes.routes.test).
  'GET /api/exportacoes/:id': "the caller's own export",
  'GET /api/exportacoes/:id/arquivo': "the caller's own export's file",
  'POST /api/exportacoes/:id/cancelar': "the caller's own export",
  // 'Minhas exportações' (issue 51, ADR 091): the caller's own exports alone ('keeps each user’s exports its own').
  'GET /api/exportacoes': "json, the caller's own exports",
};

/**
 * Issue 51 (ADR 091): the lead panel's WhatsApp templates -- the caller's own network, named by nothing; the
 * template's key is the product's, the same in every network ('keeps each network’s WhatsApp templates its own').
 */
const WHATSAPP_ROUTES: Record<string, string> = {
  'GET /api/whatsapp/modelos': "json, the caller's own network's texts",
  'PUT /api/whatsapp/modelos/:chave': "a template key of the product, written in the caller's own network",
  // Issue 47 (ADR 103): the Cloud API's templates, moments and prices -- the caller's own network's; another
  // network's franqueador gets 404 on a template's id and none in its lists (cloud.routes.test, 'another network').
  'GET /api/integracoes/whatsapp/modelos': "json, the caller's own network's templates",
  'PUT /api/integracoes/whatsapp/modelos/:id': "a template of the caller's own network",
  'DELETE /api/integracoes/whatsapp/modelos/:id': "a template of the caller's own network",
  'GET /api/integracoes/whatsapp/momentos': "json, the caller's own network's moments",
  // Meta's webhook handshake: no rows, a token.
  'GET /api/webhooks/whatsapp': 'the verify token echoed, no rows',
};

const REPORT_ROUTES: Record<string, string> = {
  'GET /api/relatorios/funil': 'json',
  'GET /api/relatorios/serie': 'json',
  'GET /api/relatorios/funil.csv': 'csv',
  'GET /api/relatorios/acompanhamento': 'json',
  'GET /api/relatorios/matriculas-status': 'json',
};

/**
 * The help desk's figures (issue 19): open, late and waiting tickets and the average rating, counted in SQL over
 * the same ticket scope as GET /api/sac/tickets; another network's are 0 in sac.helpdesk.test.
 */
const SAC_ROUTES: Record<string, string> = {
  'GET /api/sac/resumo': "counts of the caller's tickets",
};

/**
 * Issue 42 (ADR 064): the contract templates, a network's own. Their rows are not in the world's graph: the test
 * 'keeps each network’s contract templates its own' below makes both networks' drafts and versions and tries them.
 */
const CONTRATO_ROUTES: Record<string, string> = {
  'GET /api/contratos/modelos': 'json',
  'PATCH /api/contratos/modelos/:id': 'a template of the network',
  'POST /api/contratos/modelos/:id/publicar': 'a template of the network',
};

/**
 * Issue 43 (ADR 071): the parcelas. Their rows are not in the world's graph: the test 'keeps each network’s parcelas
 * its own' below gives every matrícula of both networks a parcela and tries them.
 */
const COBRANCA_ROUTES: Record<string, string> = {
  'GET /api/parcelas': 'json',
  'GET /api/user/parcelas': 'json',
  'POST /api/parcelas/:id/simular-pagamento': 'a parcela of a matrícula in scope',
  // ADR 076: the baixa manual of a foreign parcela answers as one that exists nowhere, and changes nothing.
  'POST /api/parcelas/:id/baixa': 'a parcela of a matrícula in scope',
  // ADR 077: the list's CSV and the Inadimplência report, over the same parcelas.
  'GET /api/parcelas/export.csv': 'csv',
  'GET /api/relatorios/inadimplencia': 'json',
  // ADR 078: a franquia's régua, named by `franquiaId` (the test 'keeps each franquia’s régua its own' below).
  'GET /api/cobranca/regua': 'a franquia in scope, by franquiaId',
  'PUT /api/cobranca/regua': 'a franquia in scope, by franquiaId',
  // ADR 080: the last reconciliation's differences, under their matrícula's scope path (conciliacao.routes.test: a
  // franquia reads its own, another network none); a run compares the whole gateway account and answers the same.
  'GET /api/cobranca/conciliacao': 'json, scoped by the differences’ path (conciliacao.routes.test)',
  'POST /api/cobranca/conciliacao':
    'a run of the gateway account, answered in the caller’s scope (conciliacao.routes.test)',
  // ADR 079: the network's cap on a renegotiation's discount -- the caller's own network, named by nothing
  // (renegociacao.routes.test: another network reads and keeps its own).
  'GET /api/cobranca/configuracao': "the caller's own network",
  'PUT /api/cobranca/configuracao': "the caller's own network",
};

/**
 * Issue 44 (ADR 081): the commission rules. Their rows are not in the world's graph: the test 'keeps each network’s
 * and franquia’s commission rules its own' below makes rules in both networks and for two franquias and tries them.
 */
const COMISSAO_ROUTES: Record<string, string> = {
  'GET /api/comissoes/regras': 'json',
  'PATCH /api/comissoes/regras/:id': 'a rule the caller may change',
  // ADR 082: the ledger and its closings ('keeps each network’s, franquia’s and seller’s commission lines its own').
  'GET /api/comissoes/lancamentos': 'json, the lines of the caller’s subtree',
  'GET /api/comissoes/resumo': 'json, the totals of the caller’s subtree',
  'GET /api/comissoes/minhas': 'json, the lines that pay the caller',
  // Issue 44: its older lines, a page at a time; a cursor names a key of the order, never whose lines.
  'GET /api/comissoes/minhas/lancamentos': 'json, the lines that pay the caller',
  'GET /api/comissoes/fechamentos': 'json, the closings of the caller’s network and reach',
  'GET /api/comissoes/fechamentos/:periodo/pagamentos.csv': 'a month the caller’s own reach closed',
  'POST /api/comissoes/fechamentos/:periodo/pago': 'a month the caller’s own reach closed',
  // ADR 088: the network's "franquias close their months" flag -- the caller's own network, named by nothing
  // (tests/api/comissoes/configuracao.test.ts).
  'GET /api/comissoes/configuracao': "the caller's own network",
  'PUT /api/comissoes/configuracao': "the caller's own network",
};

/**
 * Issue 45 (ADR 089): royalties. Agreements and statements are per franquia; the test 'keeps each franquia’s
 * royalties its own' below gives every franquia of both networks an agreement and a paid parcela and tries them.
 */
const ROYALTY_ROUTES: Record<string, string> = {
  'GET /api/royalties/acordos': 'json, the franquias the caller reads',
  'GET /api/royalties/acordos/:franquiaId': 'a franquia the caller reads',
  'PUT /api/royalties/acordos/:franquiaId': 'a franquia of the caller’s network',
  'GET /api/royalties/extratos': 'json, the statements of the franquias the caller reads',
  'GET /api/royalties/extratos/:franquiaId/:mes': 'a franquia the caller reads',
  'POST /api/royalties/extratos/:franquiaId/:mes/fechar': 'a franquia of the caller’s network',
  'POST /api/royalties/extratos/:franquiaId/:mes/linhas/:linhaId/contestar': 'a line of the caller’s own statement',
};

/**
 * Issue 48: the goals. No route names a goal by id: a write names a unit of the tree (`alvoId`) in its body, a read
 * answers the caller's own unit and its children. The test 'keeps each unit’s goals in its subtree' below tries
 * every unit of both networks outside the caller's subtree.
 */
const METAS_ROUTES: Record<string, string> = {
  'GET /api/metas': 'json, the caller’s unit and its children',
  'GET /api/metas/painel': 'json, the caller’s own unit',
  'GET /api/metas/ranking': 'json, the units of the caller’s scope (a vendedor’s peers without ids or figures)',
  'PUT /api/metas': 'a child unit of the caller, by alvoId',
  'POST /api/metas/distribuir': 'the caller’s own unit, by alvoId',
};

/**
 * Issue 48: the campaigns' costs. Their rows are not in the world's graph: the test 'keeps each network’s and
 * franquia’s campaign costs its own' below enters them in both networks and for two franquias and tries them.
 */
const CUSTO_ROUTES: Record<string, string> = {
  'GET /api/campanhas/custos': 'json, the costs of the caller’s network (franqueador) or its own (franquia)',
  'DELETE /api/campanhas/custos/:id': 'a cost the caller reads',
};

/**
 * Issue 49 (ADR 105): the visits to schools. Their rows are not in the world's graph: the test 'keeps each branch’s
 * and network’s visits its own' below gives every cliente of both networks a visit and tries them.
 */
const VISITA_ROUTES: Record<string, string> = {
  'GET /api/visitas': 'json, the visits to the clientes the caller sees (and a vendedor’s own)',
  'PATCH /api/visitas/:id': 'a visit the caller sees',
  'GET /api/user/agenda': 'json, the caller’s visits of a day and its week, its follow-up due and next events',
  'GET /api/relatorios/visitas': 'json, the visits the caller sees counted per vendedor',
};

/**
 * Issue 50 (ADR 106): the imports, each its maker's alone. Their rows are not in the world's graph: the test 'keeps
 * each user’s imports its own' below has every account that imports make two (one waiting, one imported) and tries
 * each of them as every other account, of the same network and of the other.
 */
const IMPORTACAO_ROUTES: Record<string, string> = {
  'GET /api/importacoes': "json, the caller's own imports",
  'GET /api/importacoes/:id': "the caller's own import",
  'PUT /api/importacoes/:id/mapeamento': "the caller's own import",
  'POST /api/importacoes/:id/confirmar': "the caller's own import",
  'GET /api/importacoes/:id/erros.csv': "the caller's own import",
  'POST /api/importacoes/:id/desfazer': "the caller's own import",
};

/** GET routes without an id that hold no network rows to leak. */
const UNSCOPED: Record<string, string> = {
  'GET /api/health': 'no rows',
  'GET /api/user': 'the caller itself',
  'GET /api/user/perfil': 'the caller itself',
  'GET /api/user/sessoes': "the caller's own sessions",
  'GET /api/user/email/confirm': 'the account named by a secret token only its new mailbox received',
  'GET /api/auth/reset-password/estado': 'whether a secret reset token still works: a yes or no, no row (issue 23)',
  'GET /api/user/atividade': "the caller's own sign-ins (auditoria.routes.test)",
  'GET /api/user/link-de-indicacao': "the calling vendedor's own share link (atribuicao.routes.test)",
  'GET /api/public/cidades': 'public by design: the cities of every open event',
  'GET /api/public/eventos': 'public by design: the open events of a city',
  'GET /api/public/privacidade': 'public by design: the privacy notice',
  'GET /api/public/titular': 'the records of the e-mail a secret token was sent to (lgpd.routes.test)',
  'GET /api/public/titular/export.json': 'the same records, as a file (lgpd.routes.test)',
  'GET /api/openapi.json': 'public by design: the API contract, no rows (contract.routes.test)',
  'GET /api/docs': 'public by design: the API reference page, no rows',
  'GET /api/docs/docs.js': "public by design: the reference page's script",
  'GET /api/docs/docs.css': "public by design: the reference page's stylesheet",
  'GET /api/contratos/regras': "the deployment's cap on a contract's cancellation fee, no rows",
};

/** The figures printed at the end (TRUST.md). */
const figures = {
  idRoutes: 0,
  listRoutes: 0,
  attempts: 0,
  byCategory: {} as Record<Category, number>,
  inScopeReads: 0,
  listChecks: 0,
  referenceAttempts: 0,
  leaks: [] as string[],
};

function tally(name: ActorName, table: Table, id: string) {
  const category = categoryOf(world.graph, world.actors[name], table, id);
  figures.byCategory[category] = (figures.byCategory[category] ?? 0) + 1;
}

/** The answer to an id that exists nowhere, asked once per account, URL shape and body. */
const unknownAnswers = new Map<string, Promise<LightMyRequestResponse>>();
function unknownAnswer(name: ActorName, method: string, attempt: Attempt) {
  const cacheKey = `${name} ${method} ${attempt.unknownUrl} ${JSON.stringify(attempt.payload)}`;
  if (!unknownAnswers.has(cacheKey)) {
    unknownAnswers.set(cacheKey, inject(name, method, attempt.unknownUrl, attempt.payload));
  }
  return unknownAnswers.get(cacheKey)!;
}

const sameAnswer = (a: LightMyRequestResponse, b: LightMyRequestResponse) =>
  a.statusCode === b.statusCode && a.body === b.body;

describe('IDOR: rows out of the caller’s scope', () => {
  it('has a case for every route the app declares', () => {
    const routes = ctx.app.routeAccess;
    const withParams = routes.filter((r) => r.url.includes(':')).map(key);
    expect(
      withParams.filter(
        (k) =>
          !ID_ROUTES[k] &&
          !NOT_ROW_PARAMS[k] &&
          !JOB_ROUTES[k] &&
          !CONTRATO_ROUTES[k] &&
          !COBRANCA_ROUTES[k] &&
          !COMISSAO_ROUTES[k] &&
          !WHATSAPP_ROUTES[k] &&
          !ROYALTY_ROUTES[k] &&
          !CUSTO_ROUTES[k] &&
          !VISITA_ROUTES[k] &&
          !IMPORTACAO_ROUTES[k],
      ),
    ).toEqual([]);
    expect(Object.keys(ID_ROUTES).filter((k) => !withParams.includes(k))).toEqual([]);
    const reads = routes.filter((r) => r.method === 'GET' && !r.url.includes(':')).map(key);
    expect(
      reads.filter(
        (k) =>
          !LIST_ROUTES[k] &&
          !COUNT_ROUTES[k] &&
          !UNSCOPED[k] &&
          !REPORT_ROUTES[k] &&
          !FOLLOW_UP_ROUTES[k] &&
          !AUDIT_ROUTES[k] &&
          !LGPD_ROUTES[k] &&
          !SAC_ROUTES[k] &&
          !JOB_ROUTES[k] &&
          !CONTRATO_ROUTES[k] &&
          !COBRANCA_ROUTES[k] &&
          !COMISSAO_ROUTES[k] &&
          !WHATSAPP_ROUTES[k] &&
          !ROYALTY_ROUTES[k] &&
          !METAS_ROUTES[k] &&
          !CUSTO_ROUTES[k] &&
          !VISITA_ROUTES[k] &&
          !IMPORTACAO_ROUTES[k],
      ),
    ).toEqual([]);
    expect(Object.keys(IMPORTACAO_ROUTES).filter((k) => !routes.map(key).includes(k))).toEqual([]);
    expect(Object.keys(METAS_ROUTES).filter((k) => !routes.map(key).includes(k))).toEqual([]);
    expect(Object.keys(CUSTO_ROUTES).filter((k) => !routes.map(key).includes(k))).toEqual([]);
    expect(Object.keys(VISITA_ROUTES).filter((k) => !routes.map(key).includes(k))).toEqual([]);
    expect(Object.keys(WHATSAPP_ROUTES).filter((k) => !routes.map(key).includes(k))).toEqual([]);
    expect(Object.keys(ROYALTY_ROUTES).filter((k) => !routes.map(key).includes(k))).toEqual([]);
    expect(Object.keys(COMISSAO_ROUTES).filter((k) => !routes.map(key).includes(k))).toEqual([]);
    expect(Object.keys(COBRANCA_ROUTES).filter((k) => !routes.map(key).includes(k))).toEqual([]);
    expect(Object.keys(CONTRATO_ROUTES).filter((k) => !routes.map(key).includes(k))).toEqual([]);
    expect(Object.keys(FOLLOW_UP_ROUTES).filter((k) => !reads.includes(k))).toEqual([]);
    expect(Object.keys(REPORT_ROUTES).filter((k) => !reads.includes(k))).toEqual([]);
    expect(Object.keys(AUDIT_ROUTES).filter((k) => !reads.includes(k))).toEqual([]);
    expect(Object.keys(LGPD_ROUTES).filter((k) => !reads.includes(k))).toEqual([]);
    expect(Object.keys(SAC_ROUTES).filter((k) => !reads.includes(k))).toEqual([]);
    expect(Object.keys(JOB_ROUTES).filter((k) => !routes.map(key).includes(k))).toEqual([]);
    expect([...Object.keys(LIST_ROUTES), ...Object.keys(COUNT_ROUTES)].filter((k) => !reads.includes(k))).toEqual([]);
  });

  // Every foreign matrícula tried on three contract routes too (issue 42): past the default 20 s on a busy machine.
  it('answers every :id route with 404, as for an unknown id, and writes nothing', { timeout: 90_000 }, async () => {
    const before = await snapshot(ctx.handle.db);
    const idRoutes = ctx.app.routeAccess.filter((r) => ID_ROUTES[key(r)]);
    figures.idRoutes = idRoutes.length;
    const untried: string[] = [];
    for (const route of idRoutes) {
      for (const name of callers(route)) {
        const attempts = ID_ROUTES[key(route)]!(name, route.url);
        if (attempts.length === 0) untried.push(`${key(route)} as ${name}`);
        for (const attempt of attempts) {
          const response = await inject(name, route.method, attempt.url, attempt.payload);
          const unknown = await unknownAnswer(name, route.method, attempt);
          figures.attempts += 1;
          tally(name, attempt.table, attempt.id);
          if (response.statusCode !== 404 || !sameAnswer(response, unknown)) {
            figures.leaks.push(
              `${key(route)} as ${name} with ${attempt.table} ${attempt.id} (${categoryOf(world.graph, world.actors[name], attempt.table, attempt.id)}): ${response.statusCode} ${response.body.slice(0, 120)} (unknown id: ${unknown.statusCode} ${unknown.body.slice(0, 80)})`,
            );
          }
        }
      }
    }
    expect(figures.leaks).toEqual([]);
    expect(await snapshot(ctx.handle.db)).toEqual(before);
    // Every account that may call a route had rows to be refused.
    expect(untried).toEqual([]);
    for (const category of ['outra rede', 'ascendente', 'ramo vizinho'] as const) {
      expect(figures.byCategory[category], category).toBeGreaterThan(0);
    }
    // Every :id route x every caller x every foreign row, one after another: 14 s alone on the shared two-core
    // machine, past the default 20 s when other suites run beside it (load 10).
  });

  it('reads every row in scope through the GET :id routes (the rules above are the app’s)', async () => {
    const misses: string[] = [];
    for (const route of ctx.app.routeAccess.filter((r) => r.method === 'GET' && READ_TABLES[key(r)])) {
      const table = READ_TABLES[key(route)]!;
      for (const name of callers(route)) {
        for (const id of visible(name, table)) {
          const response = await inject(name, 'GET', withId(route.url, id));
          figures.inScopeReads += 1;
          if (response.statusCode !== 200 || response.json<{ id: string }>().id !== id) {
            misses.push(`${key(route)} as ${name}: ${id} -> ${response.statusCode}`);
          }
        }
      }
    }
    expect(misses).toEqual([]);
    expect(figures.inScopeReads).toBeGreaterThan(20);
  });

  it('lists and exports none of those rows, and count exactly the caller’s', async () => {
    const leaks: string[] = [];
    const listRoutes = ctx.app.routeAccess.filter((r) => LIST_ROUTES[key(r)] || COUNT_ROUTES[key(r)]);
    figures.listRoutes = listRoutes.length;
    const otherNetworkIds = (name: ActorName) =>
      (['franquias', 'microFranquias', 'clientes', 'cursos', 'eventos', 'leads', 'preMatriculas', 'tickets'] as const)
        .flatMap((table) => foreign(name, table).map((id) => ({ table, id })))
        .filter(({ table, id }) => categoryOf(world.graph, world.actors[name], table, id) === 'outra rede');

    const names = Object.fromEntries(ACTOR_NAMES.map((n) => [n, otherNetworkNames(n)])) as Record<ActorName, string[]>;
    expect(names.franqueadorB).toContain('Mariana Costa');
    expect(names.franqueador).toContain(SHARED_ALUNO_NAME_B);
    for (const route of listRoutes) {
      for (const name of callers(route)) {
        const counts = COUNT_ROUTES[key(route)];
        if (counts) {
          const response = await inject(name, 'GET', route.url);
          expect(response.statusCode, `${key(route)} as ${name}`).toBe(200);
          const body = response.json<Record<string, number>>();
          for (const [field, source] of Object.entries(counts)) {
            if (!(field in body)) continue;
            const expected =
              source === 'activeFunnelEventos'
                ? world.graph.eventos.filter((e) => e.isActive && scopes[name].funnelEventos.has(e.id)).length
                : scopes[name][source].size;
            figures.listChecks += 1;
            if (body[field] !== expected)
              leaks.push(`${key(route)} as ${name}: ${field} ${body[field]} != ${expected}`);
          }
          continue;
        }
        for (const list of LIST_ROUTES[key(route)]!) {
          const url = `${route.url}?${list.kind === 'json' ? 'pageSize=500' : ''}${list.query ? `&${list.query}` : ''}`;
          const response = await inject(name, 'GET', url);
          expect(response.statusCode, `${url} as ${name}`).toBe(200);
          const [primary] = list.tables;
          const expected = scopes[name][primary!];
          if (list.kind === 'json') {
            const items = response.json<{ id: string }[]>();
            const total = response.headers['x-total-count'];
            for (const item of items) {
              if (!expected.has(item.id)) leaks.push(`${url} as ${name}: shows ${primary} ${item.id}`);
            }
            if (
              list.exact !== false &&
              (items.length !== expected.size || (total && Number(total) !== expected.size))
            ) {
              leaks.push(`${url} as ${name}: ${items.length} rows (total ${total}), its scope holds ${expected.size}`);
            }
          } else {
            const rows = response.body
              .split('\r\n')
              .filter((line) => line !== '')
              .slice(1);
            if (rows.length !== expected.size && (list.exact !== false || rows.length > expected.size))
              leaks.push(`${url} as ${name}: ${rows.length} rows, scope ${expected.size}`);
          }
          for (const table of list.tables) {
            for (const id of foreign(name, table)) {
              figures.listChecks += 1;
              tally(name, table, id);
              const row = [...world.graph.leads, ...world.graph.preMatriculas, ...world.graph.matriculas].find(
                (r) => r.id === id,
              );
              const marker = list.kind === 'csv' ? row!.email : id;
              // A student's e-mail both networks collected is no marker: the caller's own row holds it too.
              const shared =
                list.kind === 'csv' &&
                visible(name, table).some((own) =>
                  [...world.graph.leads, ...world.graph.preMatriculas, ...world.graph.matriculas].some(
                    (r) => r.id === own && r.email.toLowerCase() === marker.toLowerCase(),
                  ),
                );
              if (!shared && response.body.includes(marker)) leaks.push(`${url} as ${name}: holds ${table} ${id}`);
            }
          }
          // Nothing of another network, whatever table it comes from.
          for (const { table, id } of otherNetworkIds(name)) {
            if (response.body.includes(id)) leaks.push(`${url} as ${name}: holds ${table} ${id} of another network`);
          }
          for (const nome of names[name]) {
            figures.listChecks += 1;
            if (response.body.includes(nome))
              leaks.push(`${url} as ${name}: shows ${nome}, a name another network collected`);
          }
        }
      }
    }
    figures.leaks.push(...leaks);
    expect(leaks).toEqual([]);
  });

  it('shows a student both networks enrolled to each under the name it collected, and to itself in both', async () => {
    const row = async (name: ActorName) =>
      (await inject(name, 'GET', '/api/usuarios?role=aluno&pageSize=500'))
        .json<{ email: string; nome: string }[]>()
        .find((u) => u.email === DEMO_ACCOUNTS.aluno);
    expect(await row('franqueador')).toMatchObject({ nome: 'Mariana Costa' });
    expect(await row('franqueadorB')).toMatchObject({ nome: SHARED_ALUNO_NAME_B });
    const own = (await inject('aluno', 'GET', '/api/matriculas')).json<{ nome: string }[]>().map((m) => m.nome);
    expect(own.sort()).toEqual(['Mariana Costa', SHARED_ALUNO_NAME_B].sort());
    expect((await inject('aluno', 'GET', '/api/user')).json()).toMatchObject({ nome: 'Mariana Costa' });
  });

  it('answers a filter or a body naming a row out of scope as if it did not exist', async () => {
    // The exports it calls are audited (issue 17): the audit trail is the one table they write.
    const before = await tableDigests(ctx.handle.db, ['sessions', 'audit_log']);
    const leaks: string[] = [];
    const fileName = (r: LightMyRequestResponse) => String(r.headers['content-disposition']);
    const staff = ACTOR_NAMES.filter((n) => n !== 'aluno');
    const readers: Record<string, ActorName[]> = {
      '/api/leads': staff,
      '/api/leads/export.csv': staff,
      '/api/pre-matriculas': ACTOR_NAMES.slice(),
      '/api/pre-matriculas/export.csv': ACTOR_NAMES.slice(),
      '/api/matriculas': ACTOR_NAMES.filter((n) => n !== 'vendedor'),
      '/api/matriculas/export.csv': ACTOR_NAMES.filter((n) => n !== 'vendedor'),
    };
    for (const [path, names] of Object.entries(readers)) {
      for (const name of names) {
        for (const eventoId of foreign(name, 'funnelEventos')) {
          const response = await inject(name, 'GET', `${path}?eventoId=${eventoId}`);
          figures.referenceAttempts += 1;
          tally(name, 'eventos', eventoId);
          const empty = path.endsWith('.csv')
            ? response.body.split('\r\n').filter((l) => l !== '').length === 1 && /_todos_/.test(fileName(response))
            : response.body === '[]' && response.headers['x-total-count'] === '0';
          if (response.statusCode !== 200 || !empty) {
            leaks.push(
              `${path}?eventoId=${eventoId} as ${name}: ${response.statusCode} ${response.body.slice(0, 100)}`,
            );
          }
        }
      }
    }
    // A node of the tree out of scope -- another network's, a neighbouring branch's -- (ADR 128: a node below the
    // caller's own is checked once, on the events): the lists answer none of its rows, or refuse the filter.
    const byNode: [string, Table][] = [
      ['franquiaId', 'franquias'],
      ['microFranquiaId', 'microFranquias'],
      ['clienteId', 'clientes'],
    ];
    const nodeReaders: Record<string, ActorName[]> = {
      ...readers,
      '/api/parcelas': ACTOR_NAMES.filter((n) => n !== 'vendedor' && n !== 'aluno'),
    };
    for (const [path, names] of Object.entries(nodeReaders).filter(([p]) => !p.endsWith('.csv'))) {
      for (const name of names) {
        for (const [filter, table] of byNode) {
          // An ancestor names the caller's own rows (a micro-franquia's franquia): not a node out of scope.
          const outOfScope = foreign(name, table).filter(
            (id) => categoryOf(world.graph, world.actors[name], table, id) !== 'ascendente',
          );
          for (const id of outOfScope) {
            const response = await inject(name, 'GET', `${path}?${filter}=${id}`);
            figures.referenceAttempts += 1;
            tally(name, table, id);
            const none =
              response.statusCode === 200 && response.body === '[]' && response.headers['x-total-count'] === '0';
            if (!none && response.statusCode < 400) {
              leaks.push(`${path}?${filter}=${id} as ${name}: ${response.statusCode} ${response.body.slice(0, 100)}`);
            }
          }
        }
      }
    }
    const same = async (
      name: ActorName,
      method: string,
      url: (id: string) => string,
      id: string,
      body?: (id: string) => object,
    ) => {
      const response = await inject(name, method, url(id), body?.(id));
      const unknown = await inject(name, method, url(randomUUID()), body?.(randomUUID()));
      figures.referenceAttempts += 1;
      if (response.statusCode !== 404 || !sameAnswer(response, unknown)) {
        leaks.push(`${method} ${url(id)} as ${name}: ${response.statusCode} ${response.body.slice(0, 100)}`);
      }
    };
    for (const name of staff) {
      for (const id of foreign(name, 'clientes')) {
        tally(name, 'clientes', id);
        await same(name, 'GET', (c) => `/api/cursos?clienteId=${c}`, id);
      }
    }
    // Issue 23: a cliente's events, as its row links to them: a cliente out of scope lists none.
    for (const name of staff) {
      for (const id of foreign(name, 'clientes')) {
        tally(name, 'clientes', id);
        figures.referenceAttempts += 1;
        const response = await inject(name, 'GET', `/api/eventos?clienteId=${id}`);
        if (response.statusCode !== 200 || response.body !== '[]' || response.headers['x-total-count'] !== '0') {
          leaks.push(`/api/eventos?clienteId=${id} as ${name}: ${response.statusCode} ${response.body.slice(0, 100)}`);
        }
      }
    }
    // A new event for, or an event moved to, a cliente out of scope (a cliente's own id comes from its session).
    for (const name of ['micro_franquia', 'vendedor'] as const) {
      for (const id of foreign(name, 'clientes')) {
        tally(name, 'clientes', id);
        await same(
          name,
          'POST',
          () => '/api/eventos',
          id,
          (c) => eventoPayload('Evento intruso', { clienteId: c }),
        );
      }
    }
    for (const name of ['franquia', 'micro_franquia', 'vendedor'] as const) {
      const own = visible(name, 'eventos')[0]!;
      for (const id of foreign(name, 'clientes')) {
        tally(name, 'clientes', id);
        await same(
          name,
          'PUT',
          () => `/api/eventos/${own}`,
          id,
          (c) => eventoPayload('Evento movido', { clienteId: c }),
        );
      }
    }
    figures.leaks.push(...leaks);
    expect(leaks).toEqual([]);
    expect(await tableDigests(ctx.handle.db, ['sessions', 'audit_log'])).toEqual(before);
  });

  it('answers a batch of offline check-ins naming families out of scope as families that exist nowhere (issue 49)', async () => {
    const before = await tableDigests(ctx.handle.db, ['sessions', 'audit_log', 'presencas_lote']);
    const leaks: string[] = [];
    for (const name of ACTOR_NAMES.filter((n) => n !== 'aluno')) {
      const own = visible(name, 'eventos')[0];
      if (!own) continue;
      const alheias = foreign(name, 'leads');
      for (let i = 0; i < alheias.length; i += 400) {
        const ids = [...alheias.slice(i, i + 400), randomUUID()];
        const body = {
          dispositivo: `aparelho-${name}`,
          itens: ids.map((leadId) => ({ idCliente: randomUUID(), leadId, em: new Date().toISOString() })),
        };
        const response = await inject(name, 'POST', `/api/eventos/${own}/presencas/lote`, body);
        figures.referenceAttempts += ids.length - 1;
        ids.slice(0, -1).forEach((id) => tally(name, 'leads', id));
        if (response.statusCode !== 200) {
          leaks.push(`lote on ${own} as ${name}: ${response.statusCode} ${response.body.slice(0, 100)}`);
          continue;
        }
        const answers = response.json<{ itens: Record<string, unknown>[] }>().itens;
        const unknown = JSON.stringify({ ...answers.at(-1), idCliente: null });
        answers.forEach((answer, k) => {
          if (answer.resultado !== 'recusada' || JSON.stringify({ ...answer, idCliente: null }) !== unknown) {
            leaks.push(`lote on ${own} as ${name} with lead ${ids[k]}: ${JSON.stringify(answer)}`);
          }
        });
      }
      // The roster of one's own event holds its families alone.
      const roteiro = await inject(name, 'GET', `/api/eventos/${own}/check-in/roteiro`);
      for (const item of roteiro.json<{ itens: { leadId: string }[] }>().itens) {
        if (!scopes[name].leads.has(item.leadId)) leaks.push(`roteiro of ${own} as ${name}: holds ${item.leadId}`);
      }
    }
    figures.leaks.push(...leaks);
    expect(leaks).toEqual([]);
    // No family was marked present: the refusals are kept (presencas_lote) and the batches audited, nothing else.
    expect(await tableDigests(ctx.handle.db, ['sessions', 'audit_log', 'presencas_lote'])).toEqual(before);
  });

  it('keeps each network’s contract templates its own (issue 42): another network’s is 404, as one that exists nowhere', async () => {
    const leaks: string[] = [];
    const modelos = (name: ActorName) =>
      inject(name, 'GET', '/api/contratos/modelos').then((r) =>
        r.json<{ id: string; status: string; vigente: boolean }[]>(),
      );
    // Each network: published versions and a draft -- the second network v1, v2 and a draft, the demo's its seed's
    // v1 and a draft.
    const rascunho = { titulo: 'Rascunho da rede', texto: 'Contrato de {{aluno.nome}}.', multaCancelamentoPct: 5 };
    for (const [name, publicar] of [
      ['franqueadorB', true],
      ['franqueadorB', true],
      ['franqueadorB', false],
      ['franqueador', false],
    ] as const) {
      const made = await inject(name, 'POST', '/api/contratos/modelos', rascunho);
      expect(made.statusCode, made.body).toBe(201);
      if (publicar) {
        const url = `/api/contratos/modelos/${made.json<{ id: string }>().id}/publicar`;
        expect((await inject(name, 'POST', url)).statusCode).toBe(200);
      }
    }
    const deles = { franqueador: await modelos('franqueador'), franqueadorB: await modelos('franqueadorB') };
    expect(deles.franqueadorB.length).toBe(3);
    const before = await tableDigests(ctx.handle.db, ['contrato_modelos', 'contratos']);
    let tried = 0;
    for (const [name, outra] of [
      ['franqueador', 'franqueadorB'],
      ['franqueadorB', 'franqueador'],
    ] as const) {
      for (const modelo of deles[outra]) {
        for (const [method, url, payload] of [
          ['PATCH', `/api/contratos/modelos/${modelo.id}`, { texto: 'Texto intruso' }],
          ['PATCH', `/api/contratos/modelos/${modelo.id}`, { multaCancelamentoPct: 0 }],
          ['POST', `/api/contratos/modelos/${modelo.id}/publicar`, undefined],
        ] as const) {
          const response = await inject(name, method, url, payload);
          const unknown = await inject(name, method, url.replace(modelo.id, randomUUID()), payload);
          tried += 1;
          figures.referenceAttempts += 1;
          if (response.statusCode !== 404 || !sameAnswer(response, unknown))
            leaks.push(`${method} ${url} as ${name}: ${response.statusCode} ${response.body.slice(0, 100)}`);
        }
      }
      // Its list holds none of the other network's templates.
      const list = await inject(name, 'GET', '/api/contratos/modelos');
      for (const modelo of deles[outra]) {
        figures.listChecks += 1;
        if (list.body.includes(modelo.id)) leaks.push(`/api/contratos/modelos as ${name}: holds ${modelo.id}`);
      }
    }
    // The franquia reads its network's current version alone: no draft, no older version, nothing of the other.
    const daFranquia = await modelos('franquia');
    expect(daFranquia.map((m) => m.id)).toEqual(deles.franqueador.filter((m) => m.vigente).map((m) => m.id));
    figures.listChecks += deles.franqueadorB.length;
    expect(leaks).toEqual([]);
    expect(tried).toBeGreaterThanOrEqual(9);
    expect(await tableDigests(ctx.handle.db, ['contrato_modelos', 'contratos'])).toEqual(before);
    figures.leaks.push(...leaks);
  });

  it('keeps each user’s exports its own (issue 51, ADR 091): Minhas exportações lists none of another’s, whose file is 404', async () => {
    const leaks: string[] = [];
    const donos = ACTOR_NAMES.filter((name) => can(roleOf(name), 'exportacoes.criar'));
    const deles = new Map<ActorName, string>();
    for (const name of donos) {
      const rows = await ctx.handle.db.execute(sql`insert into exportacoes (usuario_id, lista, filtros, status, linhas,
          total, nome_arquivo, created_at, updated_at, concluido_em, expira_em)
        values (${world.actors[name].id}::uuid, 'leads', '{}'::jsonb, 'concluido', 1, 1, ${`idor-${name}.csv`},
          now(), now(), now(), now() + interval '1 day') returning id`);
      const id = (rows as unknown as { rows: { id: string }[] }).rows[0]!.id;
      await ctx.handle.db.execute(
        sql`insert into exportacao_partes (exportacao_id, n, conteudo) values (${id}::uuid, 0, ${`linha de ${name}\r\n`})`,
      );
      deles.set(name, id);
    }
    try {
      for (const name of donos) {
        const list = await inject(name, 'GET', '/api/exportacoes');
        if (!list.body.includes(deles.get(name)!)) leaks.push(`GET /api/exportacoes as ${name}: misses its own`);
        const unknown = await inject(name, 'GET', `/api/exportacoes/${randomUUID()}/arquivo`);
        for (const [dono, id] of deles) {
          if (dono === name) continue;
          figures.listChecks += 1;
          if (list.body.includes(id)) leaks.push(`GET /api/exportacoes as ${name}: holds ${dono}'s`);
          const file = await inject(name, 'GET', `/api/exportacoes/${id}/arquivo`);
          figures.referenceAttempts += 1;
          if (file.statusCode !== 404 || !sameAnswer(file, unknown))
            leaks.push(`GET ${dono}'s file as ${name}: ${file.statusCode}`);
        }
      }
    } finally {
      await ctx.handle.db.execute(sql`delete from exportacoes where nome_arquivo like 'idor-%'`);
    }
    figures.leaks.push(...leaks);
    expect(leaks).toEqual([]);
  });

  it('keeps each network’s WhatsApp templates its own (issue 51, ADR 091): an edit reaches its network alone', async () => {
    const leaks: string[] = [];
    const marca = (name: string) => `Texto da rede de ${name}, {nome}: idor-${name}-fim`;
    for (const name of ['franqueador', 'franqueadorB'] as const) {
      const put = await inject(name, 'PUT', '/api/whatsapp/modelos/sem_resposta', { texto: marca(name) });
      expect(put.statusCode, put.body).toBe(200);
    }
    try {
      for (const name of ACTOR_NAMES) {
        if (!can(roleOf(name), 'whatsapp.modelos.ler')) continue;
        const list = await inject(name, 'GET', '/api/whatsapp/modelos');
        // Every account but franqueadorB is the demo network's.
        const propria = name === 'franqueadorB' ? 'franqueadorB' : 'franqueador';
        const alheia = name === 'franqueadorB' ? 'franqueador' : 'franqueadorB';
        figures.listChecks += 1;
        if (list.body.includes(`idor-${alheia}-fim`))
          leaks.push(`GET /api/whatsapp/modelos as ${name}: holds ${alheia}'s`);
        if (!list.body.includes(`idor-${propria}-fim`))
          leaks.push(`GET /api/whatsapp/modelos as ${name}: misses its own`);
      }
    } finally {
      await ctx.handle.db.execute(sql`delete from whatsapp_modelos where texto like '%idor-%'`);
    }
    figures.leaks.push(...leaks);
    expect(leaks).toEqual([]);
  });

  afterAll(() => {
    const total = figures.attempts + figures.listChecks + figures.referenceAttempts;
    console.log(
      [
        `IDOR: ${figures.idRoutes} :id routes and ${figures.listRoutes} lists/exports/counts, ${ACTOR_NAMES.length} accounts`,
        `  :id attempts ${figures.attempts}, list/export checks ${figures.listChecks}, filter/body references ${figures.referenceAttempts} -> ${total} in all`,
        `  by where the row sits: ${JSON.stringify(figures.byCategory)}`,
        `  in-scope reads answered 200: ${figures.inScopeReads}`,
        `  leaks: ${figures.leaks.length}`,
      ].join('\n'),
    );
  });

  it('counts in the reports exactly the caller’s rows, and answers a node out of scope as an unknown one', async () => {
    const leaks: string[] = [];
    const today = new Date().toISOString().slice(0, 10);
    const period = `de=${new Date(Date.now() - 1000 * 86_400_000).toISOString().slice(0, 10)}&ate=${today}`;
    const filters = {
      franquias: 'franquiaId',
      microFranquias: 'microFranquiaId',
      clientes: 'clienteId',
      eventos: 'eventoId',
    } as const;
    let tried = 0;
    for (const name of ACTOR_NAMES) {
      if (roleOf(name) === 'aluno') continue;
      const own = (rows: { eventoId: string }[]) => rows.filter((r) => scopes[name].eventos.has(r.eventoId)).length;
      const expected = {
        leads: own(world.graph.leads),
        preMatriculas: own(world.graph.preMatriculas),
        matriculas: own(world.graph.matriculas),
      };
      for (const agrupar of ['estado', 'evento']) {
        const funil = await inject(name, 'GET', `/api/relatorios/funil?${period}&agrupar=${agrupar}&pageSize=500`);
        expect(funil.statusCode, `${name} funil`).toBe(200);
        const { totais } = funil.json<{ totais: typeof expected }>();
        const counted = { leads: totais.leads, preMatriculas: totais.preMatriculas, matriculas: totais.matriculas };
        if (JSON.stringify(counted) !== JSON.stringify(expected))
          leaks.push(
            `funil by ${agrupar} as ${name}: ${JSON.stringify(counted)}, its scope ${JSON.stringify(expected)}`,
          );
        for (const { table, id } of (['franquias', 'microFranquias', 'clientes', 'eventos'] as const).flatMap((t) =>
          foreign(name, t).map((i) => ({ table: t, id: i })),
        )) {
          if (funil.body.includes(id)) leaks.push(`funil as ${name} names ${table} ${id}`);
        }
      }
      const serie = await inject(name, 'GET', `/api/relatorios/serie?${period}&intervalo=mes`);
      const sum = serie.json<{ pontos: { leads: number }[] }>().pontos.reduce((n, p) => n + p.leads, 0);
      if (sum !== expected.leads) leaks.push(`serie as ${name}: ${sum} leads, its scope ${expected.leads}`);
      // Issue 42: the matrículas by status add up to the caller's own, as the funnel counts them.
      const porStatus = await inject(name, 'GET', `/api/relatorios/matriculas-status?${period}`);
      const { total } = porStatus.json<{ total: number }>();
      if (total !== expected.matriculas)
        leaks.push(`matriculas-status as ${name}: ${total} matrículas, its scope ${expected.matriculas}`);
      for (const [table, param] of Object.entries(filters) as [keyof typeof filters, string][]) {
        for (const id of foreign(name, table)) {
          // An ancestor names the caller's own rows (a micro-franquia's franquia, ADR 144, as the lists): the report
          // answers the caller's own figures, not a node out of scope.
          if (table !== 'eventos' && categoryOf(world.graph, world.actors[name], table, id) === 'ascendente') {
            const acima = await inject(name, 'GET', `/api/relatorios/funil?${period}&${param}=${id}`);
            const totais = acima.statusCode === 200 ? acima.json<{ totais: typeof expected }>().totais : null;
            if (totais?.leads !== expected.leads || totais.matriculas !== expected.matriculas)
              leaks.push(
                `funil?${param}=${id} (its ancestor) as ${name}: ${acima.statusCode} ${acima.body.slice(0, 100)}`,
              );
            continue;
          }
          for (const route of Object.keys(REPORT_ROUTES)) {
            const url = route.replace('GET ', '');
            const response = await inject(name, 'GET', `${url}?${param}=${id}`);
            const unknown = await inject(name, 'GET', `${url}?${param}=${randomUUID()}`);
            tried += 1;
            tally(name, table, id);
            if (response.statusCode !== 404 || !sameAnswer(response, unknown))
              leaks.push(`${url}?${param}=${id} as ${name}: ${response.statusCode} ${response.body.slice(0, 100)}`);
          }
        }
      }
    }
    figures.leaks.push(...leaks);
    expect(leaks).toEqual([]);
    expect(tried).toBeGreaterThan(100);
  });

  it('keeps each network’s parcelas its own (issue 43): lists hold the scope’s alone, a foreign one is 404', async () => {
    // What each list's CSV and Inadimplência count before: the demo's own parcelas (ADR 076's baixa and fee).
    const antes = new Map<string, { linhas: number; devidas: number }>();
    for (const name of ACTOR_NAMES) {
      if (!can(roleOf(name), 'parcelas.listar')) continue;
      const csv = await inject(name, 'GET', '/api/parcelas/export.csv');
      const relatorio = await inject(name, 'GET', '/api/relatorios/inadimplencia?agrupar=evento&pageSize=500');
      antes.set(name, {
        linhas: csv.body.trim().split(/\r?\n/).length - 1,
        devidas: relatorio.json<{ totais: { parcelasDevidas: number } }>().totais.parcelasDevidas,
      });
    }
    // A parcela for every matrícula of both networks, its scope copied from the matrícula as the plan's job does
    // (numbered past any plan's, so the demo's own parcelas stay as they are).
    await ctx.handle.db.execute(sql`insert into parcelas (matricula_id, numero, valor_centavos, vencimento, provedor,
        gateway_id, evento_id, curso_id, cliente_id, vendedor_id, micro_franquia_id, franquia_id, franqueador_id)
      select m.id, 1000, 10000, current_date - 10, 'simulado', 'pay_idor_' || m.id, m.evento_id, m.curso_id,
        m.cliente_id, m.vendedor_id, m.micro_franquia_id, m.franquia_id, m.franqueador_id from matriculas m`);
    try {
      const rows = await ctx.handle.db.execute(
        sql`select id, matricula_id from parcelas where gateway_id like 'pay_idor_%'`,
      );
      const parcelas = (rows as unknown as { rows: { id: string; matricula_id: string }[] }).rows;
      const leaks: string[] = [];
      const before = await tableDigests(ctx.handle.db, ['sessions', 'rate_counters']);
      for (const name of ACTOR_NAMES) {
        const role = roleOf(name);
        const own = scopes[name].matriculas;
        const url = role === 'aluno' ? '/api/user/parcelas' : '/api/parcelas?pageSize=500';
        if (can(role, role === 'aluno' ? 'parcelas.minhas' : 'parcelas.listar')) {
          const list = await inject(name, 'GET', url);
          const seen = list.json<{ matriculaId: string }[]>().map((p) => p.matriculaId);
          figures.listChecks += 1;
          if (seen.some((id) => !own.has(id)) || new Set(seen).size !== own.size)
            leaks.push(`${url} as ${name}: ${seen.length} parcelas, ${own.size} matrículas in scope`);
        }
        if (can(role, 'parcelas.baixa')) {
          for (const p of parcelas.filter((p) => !own.has(p.matricula_id)).slice(0, 5)) {
            const pattern = '/api/parcelas/:id/baixa';
            const body = { observacao: 'Baixa intrusa' };
            const response = await inject(name, 'POST', withId(pattern, p.id), body);
            const unknown = await inject(name, 'POST', withId(pattern, randomUUID()), body);
            figures.referenceAttempts += 1;
            if (response.statusCode !== 404 || !sameAnswer(response, unknown))
              leaks.push(`baixa of ${p.id} as ${name}: ${response.statusCode} ${response.body.slice(0, 100)}`);
          }
        }
        if (!can(role, 'parcelas.simularPagamento')) continue;
        for (const p of parcelas.filter((p) => !own.has(p.matricula_id)).slice(0, 5)) {
          const pattern = '/api/parcelas/:id/simular-pagamento';
          const response = await inject(name, 'POST', withId(pattern, p.id));
          const unknown = await inject(name, 'POST', withId(pattern, randomUUID()));
          figures.referenceAttempts += 1;
          if (response.statusCode !== 404 || !sameAnswer(response, unknown))
            leaks.push(
              `simular-pagamento of ${p.id} as ${name}: ${response.statusCode} ${response.body.slice(0, 100)}`,
            );
        }
      }
      expect(await tableDigests(ctx.handle.db, ['sessions', 'rate_counters'])).toEqual(before);
      // After the digest: an export counts against the caller's rate of exports.
      for (const name of ACTOR_NAMES) {
        const role = roleOf(name);
        const own = scopes[name].matriculas;
        if (can(role, 'parcelas.listar')) {
          // ADR 077: the CSV gains exactly the scope's new parcelas, and Inadimplência counts exactly them (each
          // due ten days ago); a filter naming another network's node is 404, as an unknown one.
          const csv = await inject(name, 'GET', '/api/parcelas/export.csv');
          const linhas = csv.body.trim().split(/\r?\n/).length - 1 - antes.get(name)!.linhas;
          figures.listChecks += 1;
          if (csv.statusCode !== 200 || linhas !== own.size)
            leaks.push(`/api/parcelas/export.csv as ${name}: ${linhas} new rows, ${own.size} matrículas in scope`);
          const relatorio = await inject(name, 'GET', '/api/relatorios/inadimplencia?agrupar=evento&pageSize=500');
          const { totais } = relatorio.json<{ totais: { parcelasDevidas: number } }>();
          const devidas = totais.parcelasDevidas - antes.get(name)!.devidas;
          if (devidas !== own.size)
            leaks.push(`inadimplencia as ${name}: ${devidas} new parcelas, ${own.size} in scope`);
          for (const [table, param] of [
            ['franquias', 'franquiaId'],
            ['clientes', 'clienteId'],
            ['eventos', 'eventoId'],
          ] as const) {
            // An ancestor names the caller's own rows (ADR 144): not a node out of scope.
            const outOfScope = foreign(name, table).filter(
              (id) => categoryOf(world.graph, world.actors[name], table, id) !== 'ascendente',
            );
            for (const id of outOfScope.slice(0, 3)) {
              const response = await inject(name, 'GET', `/api/relatorios/inadimplencia?${param}=${id}`);
              const unknown = await inject(name, 'GET', `/api/relatorios/inadimplencia?${param}=${randomUUID()}`);
              figures.referenceAttempts += 1;
              if (response.statusCode !== 404 || !sameAnswer(response, unknown))
                leaks.push(`inadimplencia?${param}=${id} as ${name}: ${response.statusCode}`);
            }
          }
        }
      }
      figures.leaks.push(...leaks);
      expect(leaks).toEqual([]);
    } finally {
      await ctx.handle.db.execute(sql`delete from parcelas where gateway_id like 'pay_idor_%'`);
    }
  });

  it('keeps each franquia’s régua de cobrança its own (issue 43, ADR 078): a foreign franquia is 404, as one that exists nowhere', async () => {
    const leaks: string[] = [];
    const before = await tableDigests(ctx.handle.db, ['sessions', 'rate_counters']);
    const todas = { antes3: false, vencimento: false, depois1: false, depois7: false };
    for (const name of ACTOR_NAMES) {
      if (!can(roleOf(name), 'cobranca.regua')) continue;
      const unknownGet = await inject(name, 'GET', `/api/cobranca/regua?franquiaId=${randomUUID()}`);
      const unknownPut = await inject(name, 'PUT', '/api/cobranca/regua', { franquiaId: randomUUID(), etapas: todas });
      for (const id of foreign(name, 'franquias')) {
        const get = await inject(name, 'GET', `/api/cobranca/regua?franquiaId=${id}`);
        const put = await inject(name, 'PUT', '/api/cobranca/regua', { franquiaId: id, etapas: todas });
        figures.referenceAttempts += 2;
        if (get.statusCode !== 404 || !sameAnswer(get, unknownGet))
          leaks.push(`GET régua of ${id} as ${name}: ${get.statusCode}`);
        if (put.statusCode !== 404 || !sameAnswer(put, unknownPut))
          leaks.push(`PUT régua of ${id} as ${name}: ${put.statusCode}`);
      }
    }
    expect(await tableDigests(ctx.handle.db, ['sessions', 'rate_counters'])).toEqual(before);
    figures.leaks.push(...leaks);
    expect(leaks).toEqual([]);
  });

  it('keeps each network’s and franquia’s commission rules its own (issue 44, ADR 081): a rule out of reach is 404, as one that exists nowhere', async () => {
    const leaks: string[] = [];
    const regra = (inicio: string, extra: Record<string, unknown> = {}) => ({
      beneficiario: 'franquia',
      tipo: 'percentual',
      percentual: 3,
      inicio,
      fim: inicio.replace(/-01-01$/, '-12-31'),
      ...extra,
    });
    const criar = async (name: ActorName, body: Record<string, unknown>) => {
      const made = await inject(name, 'POST', '/api/comissoes/regras', body);
      expect(made.statusCode, made.body).toBe(201);
      return made.json<{ id: string }>().id;
    };
    const outraFranquia = foreign('franquia', 'franquias').find((id) => scopes.franqueador.franquias.has(id))!;
    // The demo network's general rule, the franquia's own, another franquia's of the network; the other network's.
    const geral = await criar('franqueador', regra('2150-01-01'));
    const daFranquia = await criar('franquia', regra('2151-01-01'));
    const daIrma = await criar('franqueador', regra('2152-01-01', { franquiaId: outraFranquia }));
    const deB = await criar('franqueadorB', regra('2153-01-01'));
    const before = await tableDigests(ctx.handle.db, ['sessions', 'rate_counters']);
    const fora: Record<string, string[]> = {
      franqueador: [deB],
      franqueadorB: [geral, daFranquia, daIrma],
      // A franquia reads its network's general rule but changes only its own.
      franquia: [geral, daIrma, deB],
    };
    const invisiveis: Record<string, string[]> = {
      franqueador: [deB],
      franqueadorB: [geral, daFranquia, daIrma],
      franquia: [daIrma, deB],
    };
    for (const [name, ids] of Object.entries(fora) as [ActorName, string[]][]) {
      const unknown = await inject(name, 'PATCH', `/api/comissoes/regras/${randomUUID()}`, { fim: null });
      for (const id of ids) {
        const response = await inject(name, 'PATCH', `/api/comissoes/regras/${id}`, { fim: null });
        figures.referenceAttempts += 1;
        if (response.statusCode !== 404 || !sameAnswer(response, unknown))
          leaks.push(`PATCH regra ${id} as ${name}: ${response.statusCode}`);
      }
      const list = await inject(name, 'GET', '/api/comissoes/regras');
      for (const id of invisiveis[name]!) {
        figures.listChecks += 1;
        if (list.body.includes(id)) leaks.push(`GET /api/comissoes/regras as ${name}: holds ${id}`);
      }
    }
    expect(await tableDigests(ctx.handle.db, ['sessions', 'rate_counters'])).toEqual(before);
    figures.leaks.push(...leaks);
    expect(leaks).toEqual([]);
  });

  it('keeps each network’s and franquia’s campaign costs its own (issue 48): a cost out of reach is 404, as one that exists nowhere', async () => {
    const leaks: string[] = [];
    const custo = (valorCentavos: number) => ({
      utmCampaign: 'campanha-idor',
      data: '2026-01-10',
      categoria: 'anuncios',
      valorCentavos,
    });
    const criar = async (name: ActorName, valor: number) => {
      const made = await inject(name, 'POST', '/api/campanhas/custos', custo(valor));
      expect(made.statusCode, made.body).toBe(201);
      return made.json<{ id: string }>().id;
    };
    const outraFranquia = foreign('franquia', 'franquias').find((id) => scopes.franqueador.franquias.has(id))!;
    const rede = await criar('franqueador', 101);
    const daFranquia = await criar('franquia', 102);
    // A sibling franquia's own, as it would enter it.
    const [irma] = await queryRows<{ id: string }>(
      ctx.handle.db,
      sql`insert into campanha_custos (franqueador_id, franquia_id, utm_campaign, data, categoria, valor_centavos)
        select franqueador_id, id, 'campanha-idor', '2026-01-10', 'anuncios', 103 from franquias where id = ${outraFranquia}
        returning id`,
    );
    const deB = await criar('franqueadorB', 104);
    const before = await tableDigests(ctx.handle.db, ['sessions', 'rate_counters']);
    const fora: Record<string, string[]> = {
      franqueador: [deB],
      franqueadorB: [rede, daFranquia, irma!.id],
      // A franquia reads and removes only its own: neither the network's nor a sibling's.
      franquia: [rede, irma!.id, deB],
    };
    for (const [name, ids] of Object.entries(fora) as [ActorName, string[]][]) {
      const unknown = await inject(name, 'DELETE', `/api/campanhas/custos/${randomUUID()}`);
      for (const id of ids) {
        const response = await inject(name, 'DELETE', `/api/campanhas/custos/${id}`);
        figures.referenceAttempts += 1;
        if (response.statusCode !== 404 || !sameAnswer(response, unknown))
          leaks.push(`DELETE custo ${id} as ${name}: ${response.statusCode}`);
      }
      const list = await inject(name, 'GET', '/api/campanhas/custos?pageSize=500');
      expect(list.statusCode).toBe(200);
      for (const id of ids) {
        figures.listChecks += 1;
        if (list.body.includes(id)) leaks.push(`GET /api/campanhas/custos as ${name}: holds ${id}`);
      }
    }
    expect(await tableDigests(ctx.handle.db, ['sessions', 'rate_counters'])).toEqual(before);
    figures.leaks.push(...leaks);
    expect(leaks).toEqual([]);
  });

  it('keeps each branch’s and network’s visits its own (issue 49): lists, agenda and report hold the scope’s alone, a foreign visit or school is 404', async () => {
    const DIA = '2040-01-15';
    // A visit at every cliente of both networks, by its own vendedor.
    const feitas = await queryRows<{ id: string; cliente_id: string }>(
      ctx.handle.db,
      sql`insert into visitas (cliente_id, vendedor_id, agendada_para, objetivo)
        select id, vendedor_id, ${`${DIA}T13:00:00Z`}::timestamptz, 'Visita da varredura' from clientes
        returning id, cliente_id`,
    );
    const leaks: string[] = [];
    const before = await tableDigests(ctx.handle.db, ['sessions', 'rate_counters']);
    for (const name of ACTOR_NAMES) {
      const role = roleOf(name);
      if (!can(role, 'visitas.ver')) continue;
      const actor = world.actors[name];
      const proprias = new Set(feitas.filter((v) => scopes[name].clientes.has(v.cliente_id)).map((v) => v.id));
      const alheias = feitas.filter((v) => !proprias.has(v.id));
      expect(alheias.length, name).toBeGreaterThan(0);

      const unknown = await inject(name, 'PATCH', `/api/visitas/${randomUUID()}`, { notas: 'Intrusa' });
      for (const { id } of alheias) {
        const response = await inject(name, 'PATCH', `/api/visitas/${id}`, { notas: 'Intrusa' });
        figures.referenceAttempts += 1;
        if (response.statusCode !== 404 || !sameAnswer(response, unknown))
          leaks.push(`PATCH visita ${id} as ${name}: ${response.statusCode}`);
      }

      const list = await inject(name, 'GET', `/api/visitas?de=${DIA}&ate=${DIA}&pageSize=500`);
      const seen = list.json<{ id: string }[]>().map((v) => v.id);
      figures.listChecks += 1;
      if (
        seen.length !== proprias.size ||
        seen.some((id) => !proprias.has(id)) ||
        list.headers['x-total-count'] !== String(proprias.size)
      )
        leaks.push(
          `GET /api/visitas as ${name}: ${seen.length} rows (${list.headers['x-total-count']}), ${proprias.size} in scope`,
        );

      const agenda = await inject(name, 'GET', `/api/user/agenda?dia=${DIA}`);
      const doDia = agenda.json<{ hoje: { id: string }[] }>().hoje.map((v) => v.id);
      figures.listChecks += 1;
      if (doDia.length !== proprias.size || doDia.some((id) => !proprias.has(id)))
        leaks.push(`GET /api/user/agenda as ${name}: ${doDia.length} visits, ${proprias.size} in scope`);

      const relatorio = await inject(name, 'GET', `/api/relatorios/visitas?de=${DIA}&ate=${DIA}`);
      figures.listChecks += 1;
      if (relatorio.json<{ totais: { agendadas: number } }>().totais.agendadas !== proprias.size)
        leaks.push(`GET /api/relatorios/visitas as ${name}: ${relatorio.body.slice(0, 80)}, ${proprias.size} in scope`);

      // Scheduling at a school, or for a vendedor, out of scope: as one that exists nowhere.
      const quando = `${DIA}T15:00:00Z`;
      const semCliente = await inject(name, 'POST', '/api/visitas', { clienteId: randomUUID(), agendadaPara: quando });
      for (const clienteId of foreign(name, 'clientes')) {
        const response = await inject(name, 'POST', '/api/visitas', { clienteId, agendadaPara: quando });
        figures.referenceAttempts += 1;
        if (response.statusCode !== 404 || !sameAnswer(response, semCliente))
          leaks.push(`POST /api/visitas at cliente ${clienteId} as ${name}: ${response.statusCode}`);
      }
      const propria = visible(name, 'clientes')[0]!;
      const semVendedor = await inject(name, 'POST', '/api/visitas', {
        clienteId: propria,
        vendedorId: randomUUID(),
        agendadaPara: quando,
      });
      const vendedoresVistos = (v: World['graph']['vendedores'][number]) =>
        role === 'vendedor' ? v.id === actor.vendedorId : scopes[name].microFranquias.has(v.microFranquiaId);
      for (const vendedor of world.graph.vendedores.filter((v) => !vendedoresVistos(v))) {
        const response = await inject(name, 'POST', '/api/visitas', {
          clienteId: propria,
          vendedorId: vendedor.id,
          agendadaPara: quando,
        });
        figures.referenceAttempts += 1;
        if (response.statusCode !== 404 || !sameAnswer(response, semVendedor))
          leaks.push(`POST /api/visitas for vendedor ${vendedor.id} as ${name}: ${response.statusCode}`);
      }
    }
    expect(await tableDigests(ctx.handle.db, ['sessions', 'rate_counters'])).toEqual(before);
    figures.leaks.push(...leaks);
    expect(leaks).toEqual([]);
  });

  it('keeps each network’s, franquia’s and seller’s commission lines its own (issue 44, ADR 082): lists hold the scope’s alone, a foreign month is 404', async () => {
    // Rules of the year 2000 in both networks for the three beneficiaries, a parcela paid that June for every
    // matrícula of both, its lines written by the ledger's own code; the second network closes June.
    for (const name of ['franqueador', 'franqueadorB'] as const) {
      for (const beneficiario of ['vendedor', 'micro_franquia', 'franquia']) {
        const body = { beneficiario, tipo: 'percentual', percentual: 10, inicio: '2000-01-01', fim: '2000-12-31' };
        const made = await inject(name, 'POST', '/api/comissoes/regras', body);
        expect(made.statusCode, made.body).toBe(201);
      }
    }
    await ctx.handle.db.execute(sql`insert into parcelas (matricula_id, numero, valor_centavos, vencimento, status,
        provedor, gateway_id, paga_em, valor_liquido_centavos, evento_id, curso_id, cliente_id, vendedor_id,
        micro_franquia_id, franquia_id, franqueador_id)
      select m.id, 1001, 10000, '2000-06-10', 'paga', 'simulado', 'pay_idor_com_' || m.id, '2000-06-12', 10000,
        m.evento_id, m.curso_id, m.cliente_id, m.vendedor_id, m.micro_franquia_id, m.franquia_id, m.franqueador_id
      from matriculas m`);
    try {
      const rows = await ctx.handle.db.execute(sql`select id from parcelas where gateway_id like 'pay_idor_com_%'`);
      for (const { id } of (rows as unknown as { rows: { id: string }[] }).rows) {
        await ctx.handle.db.transaction((tx) => lancarComissoes(tx, id));
      }
      const linhas = await ctx.handle.db.select().from(comissaoLancamentos);
      expect(linhas.length).toBeGreaterThan(0);
      const fechou = await inject('franqueadorB', 'POST', '/api/comissoes/fechamentos', { periodo: '2000-06' });
      expect(fechou.statusCode, fechou.body).toBe(201);
      const fechamentoB = fechou.json<{ id: string }>().id;
      const leaks: string[] = [];
      const before = await tableDigests(ctx.handle.db, ['sessions', 'rate_counters']);
      for (const name of ACTOR_NAMES) {
        const role = roleOf(name);
        const actor = world.actors[name];
        const own = scopes[name].matriculas;
        if (can(role, 'comissoes.ver')) {
          // The franqueador and the franquia: every line of their subtree's matrículas, whoever it pays.
          const esperadas = new Set(linhas.filter((l) => own.has(l.matriculaId)).map((l) => l.id));
          const list = await inject(name, 'GET', '/api/comissoes/lancamentos?pageSize=500');
          const seen = list.json<{ id: string }[]>().map((l) => l.id);
          figures.listChecks += 1;
          if (seen.some((id) => !esperadas.has(id)) || seen.length !== esperadas.size)
            leaks.push(`lancamentos as ${name}: ${seen.length} lines, ${esperadas.size} in scope`);
          const beneficiarios = new Set(linhas.filter((l) => esperadas.has(l.id)).map((l) => l.beneficiarioId));
          const resumo = await inject(name, 'GET', '/api/comissoes/resumo?periodo=2000-06');
          const itens = resumo.json<{ itens: { beneficiarioId: string }[] }>().itens;
          figures.listChecks += 1;
          if (itens.some((i) => !beneficiarios.has(i.beneficiarioId)))
            leaks.push(`resumo as ${name}: a beneficiary out of scope`);
          for (const alheio of linhas.filter((l) => !esperadas.has(l.id)).slice(0, 3)) {
            const filtrada = await inject(
              name,
              'GET',
              `/api/comissoes/lancamentos?beneficiarioId=${alheio.beneficiarioId}`,
            );
            figures.referenceAttempts += 1;
            if (filtrada.json<{ id: string }[]>().some((l) => !esperadas.has(l.id)))
              leaks.push(`lancamentos?beneficiarioId=${alheio.beneficiarioId} as ${name}: a foreign line`);
          }
          const fechamentos = await inject(name, 'GET', '/api/comissoes/fechamentos');
          figures.listChecks += 1;
          if (name !== 'franqueadorB' && fechamentos.body.includes(fechamentoB))
            leaks.push(`fechamentos as ${name}: holds the other network's closing`);
        }
        if (can(role, 'comissoes.minhas')) {
          // A vendedor and a micro-franquia: the lines that pay them, never another seller's or unit's.
          const proprio = role === 'vendedor' ? actor.vendedorId : actor.microFranquiaId;
          const esperadas = new Set(
            linhas.filter((l) => l.beneficiario === role && l.beneficiarioId === proprio).map((l) => l.id),
          );
          const minhas = await inject(name, 'GET', '/api/comissoes/minhas');
          const seen = minhas.json<{ lancamentos: { id: string }[] }>().lancamentos.map((l) => l.id);
          figures.listChecks += 1;
          if (seen.some((id) => !esperadas.has(id)) || seen.length !== esperadas.size)
            leaks.push(`minhas as ${name}: ${seen.length} lines, ${esperadas.size} its own`);
          // The pages of its lines, by number and after a cursor forged before every line of the ledger.
          const antes = encodeListCursor({
            lista: minhasLancamentosKeyset.lista,
            ordem: MINHAS_ORDEM,
            chaves: ['9999-12', '9999-12-31 00:00:00+00', 'ffffffff-ffff-ffff-ffff-ffffffffffff'],
          });
          for (const url of [
            '/api/comissoes/minhas/lancamentos?pageSize=500',
            `/api/comissoes/minhas/lancamentos?pageSize=500&apos=${antes}`,
          ]) {
            const pagina = await inject(name, 'GET', url);
            const ids = pagina.json<{ id: string }[]>().map((l) => l.id);
            figures.listChecks += 1;
            if (ids.some((id) => !esperadas.has(id)) || ids.length !== esperadas.size)
              leaks.push(`${url} as ${name}: ${ids.length} lines, ${esperadas.size} its own`);
          }
        }
        if (can(role, 'comissoes.fechar') && name !== 'franqueadorB') {
          // The other network's closed month answers as a month nobody closed.
          for (const [method, url, unknownUrl] of [
            [
              'GET',
              '/api/comissoes/fechamentos/2000-06/pagamentos.csv',
              '/api/comissoes/fechamentos/1800-01/pagamentos.csv',
            ],
            ['POST', '/api/comissoes/fechamentos/2000-06/pago', '/api/comissoes/fechamentos/1800-01/pago'],
          ] as const) {
            const response = await inject(name, method, url);
            const unknown = await inject(name, method, unknownUrl);
            figures.referenceAttempts += 1;
            if (response.statusCode !== 404 || !sameAnswer(response, unknown))
              leaks.push(`${method} ${url} as ${name}: ${response.statusCode}`);
          }
        }
      }
      expect(await tableDigests(ctx.handle.db, ['sessions', 'rate_counters'])).toEqual(before);
      figures.leaks.push(...leaks);
      expect(leaks).toEqual([]);
    } finally {
      // The lines go with their parcelas (the ledger's one exception to append-only: ADR 082).
      await ctx.handle.db.execute(sql`delete from parcelas where gateway_id like 'pay_idor_com_%'`);
    }
  });

  it('keeps each franquia’s royalties its own (issue 45, ADR 089): lists hold the scope’s alone, a foreign franquia or line is 404', async () => {
    // Every franquia of both networks with an agreement since 2000, a parcela paid that June for every matrícula,
    // its line written by the ledger's own code; the second network closes its franquia's June.
    await ctx.handle.db.execute(sql`insert into royalty_acordos (franqueador_id, franquia_id, royalty_centesimos,
        fundo_centesimos, inicio, modo) select f.franqueador_id, f.id, 500, 100, '2000-01-01', 'fatura' from franquias f`);
    await ctx.handle.db.execute(sql`insert into parcelas (matricula_id, numero, valor_centavos, vencimento, status,
        provedor, gateway_id, paga_em, valor_liquido_centavos, evento_id, curso_id, cliente_id, vendedor_id,
        micro_franquia_id, franquia_id, franqueador_id)
      select m.id, 1002, 10000, '2000-06-10', 'paga', 'simulado', 'pay_idor_roy_' || m.id, '2000-06-12', 10000,
        m.evento_id, m.curso_id, m.cliente_id, m.vendedor_id, m.micro_franquia_id, m.franquia_id, m.franqueador_id
      from matriculas m`);
    try {
      const rows = await ctx.handle.db.execute(sql`select id from parcelas where gateway_id like 'pay_idor_roy_%'`);
      for (const { id } of (rows as unknown as { rows: { id: string }[] }).rows) {
        await ctx.handle.db.transaction((tx) => lancarRoyalties(tx, id));
      }
      const linhas = await ctx.handle.db
        .select({ id: royaltyLancamentos.id, franquiaId: royaltyLancamentos.franquiaId })
        .from(royaltyLancamentos)
        .where(sql`${royaltyLancamentos.periodo} = '2000-06'`);
      expect(linhas.length).toBeGreaterThan(0);
      const franquiaB = world.ids.franquiaB;
      const fechou = await inject('franqueadorB', 'POST', `/api/royalties/extratos/${franquiaB}/2000-06/fechar`);
      expect(fechou.statusCode, fechou.body).toBe(201);
      const leaks: string[] = [];
      const before = await tableDigests(ctx.handle.db, ['sessions', 'rate_counters']);
      for (const name of ACTOR_NAMES) {
        const role = roleOf(name);
        if (!can(role, 'royalties.ver')) continue;
        const own = role === 'franquia' ? new Set([world.actors[name].franquiaId!]) : scopes[name].franquias;
        const acordos = (await inject(name, 'GET', '/api/royalties/acordos')).json<{ franquiaId: string }[]>();
        const extratos = (await inject(name, 'GET', '/api/royalties/extratos?mes=2000-06')).json<{
          itens: { franquiaId: string; lancamentos: number }[];
        }>();
        figures.listChecks += 2;
        for (const [what, ids] of [
          ['acordos', acordos.map((a) => a.franquiaId)],
          ['extratos', extratos.itens.map((i) => i.franquiaId)],
        ] as const) {
          if (ids.some((id) => !own.has(id)) || ids.length !== own.size)
            leaks.push(`${what} as ${name}: ${ids.length} franquias, ${own.size} in scope`);
        }
        const linhasProprias = linhas.filter((l) => own.has(l.franquiaId)).length;
        if (extratos.itens.reduce((s, i) => s + i.lancamentos, 0) !== linhasProprias)
          leaks.push(`extratos as ${name}: lines of a franquia out of scope`);
        const alheias = allIds(world.graph, 'franquias').filter((id) => !own.has(id));
        const desconhecida = randomUUID();
        const pedidos: [string, string, object?][] = [
          ['GET', '/api/royalties/acordos/%s'],
          ['GET', '/api/royalties/extratos/%s/2000-06'],
        ];
        if (can(role, 'royalties.acordos.editar'))
          pedidos.push([
            'PUT',
            '/api/royalties/acordos/%s',
            { royalty: 5, fundo: 1, inicio: '2199-01-01', modo: 'fatura' },
          ]);
        if (can(role, 'royalties.fechar')) pedidos.push(['POST', '/api/royalties/extratos/%s/2000-05/fechar']);
        for (const [method, url, body] of pedidos) {
          const unknown = await inject(name, method, url.replace('%s', desconhecida), body);
          for (const id of alheias.slice(0, 3)) {
            const response = await inject(name, method, url.replace('%s', id), body);
            figures.referenceAttempts += 1;
            if (response.statusCode !== 404 || !sameAnswer(response, unknown))
              leaks.push(`${method} ${url.replace('%s', id)} as ${name}: ${response.statusCode}`);
          }
        }
        if (can(role, 'royalties.contestar')) {
          // Another franquia's line, through its statement or through the caller's own: as a line nobody wrote.
          const propria = world.actors[name].franquiaId!;
          const motivo = { motivo: 'Uma linha que não é desta franquia.' };
          const unknown = await inject(
            name,
            'POST',
            `/api/royalties/extratos/${propria}/2000-06/linhas/${randomUUID()}/contestar`,
            motivo,
          );
          for (const l of linhas.filter((x) => x.franquiaId !== propria).slice(0, 3)) {
            for (const dono of [l.franquiaId, propria]) {
              const response = await inject(
                name,
                'POST',
                `/api/royalties/extratos/${dono}/2000-06/linhas/${l.id}/contestar`,
                motivo,
              );
              figures.referenceAttempts += 1;
              if (response.statusCode !== 404 || (dono === propria && !sameAnswer(response, unknown)))
                leaks.push(`contestar ${l.id} via ${dono} as ${name}: ${response.statusCode}`);
            }
          }
        }
      }
      expect(await tableDigests(ctx.handle.db, ['sessions', 'rate_counters'])).toEqual(before);
      figures.leaks.push(...leaks);
      expect(leaks).toEqual([]);
    } finally {
      // The lines go with their parcelas (the ledger's one exception to append-only: ADR 089).
      await ctx.handle.db.execute(sql`delete from parcelas where gateway_id like 'pay_idor_roy_%'`);
    }
  });

  it('keeps each unit’s goals in its subtree (issue 48): a unit outside it is 404 as one that exists nowhere, reads hold none', async () => {
    const g = world.graph;
    // Every unit of both networks with its ancestors' ids, top first.
    const micro = (id: string) => g.microFranquias.find((m) => m.id === id)!;
    const franquia = (id: string) => g.franquias.find((f) => f.id === id)!;
    const unidades = [
      ...g.franquias.map((f) => ({ nivel: 'franquia', id: f.id, acima: [f.franqueadorId] })),
      ...g.microFranquias.map((m) => ({
        nivel: 'micro_franquia',
        id: m.id,
        acima: [franquia(m.franquiaId).franqueadorId, m.franquiaId],
      })),
      ...g.vendedores.map((v) => {
        const m = micro(v.microFranquiaId);
        return { nivel: 'vendedor', id: v.id, acima: [franquia(m.franquiaId).franqueadorId, m.franquiaId, m.id] };
      }),
      ...g.clientes.map((c) => {
        const m = micro(c.microFranquiaId);
        const acima = [franquia(m.franquiaId).franqueadorId, m.franquiaId, m.id];
        return { nivel: 'cliente', id: c.id, acima: c.vendedorId ? [...acima, c.vendedorId] : acima };
      }),
    ];
    const leaks: string[] = [];
    const before = await tableDigests(ctx.handle.db, ['sessions', 'rate_counters']);
    for (const name of ACTOR_NAMES) {
      const role = roleOf(name);
      if (!can(role, 'metas.ler')) continue;
      const a = world.actors[name];
      const proprio = {
        franqueador: a.franqueadorId,
        franquia: a.franquiaId,
        micro_franquia: a.microFranquiaId,
        vendedor: a.vendedorId,
        cliente: a.clienteId,
      }[role as 'franqueador']!;
      const minha = unidades.find((u) => u.id === proprio);
      const abaixo = new Set(unidades.filter((u) => u.acima.includes(proprio)).map((u) => u.id));
      const acima = new Set(minha?.acima ?? []);
      const alheias = unidades.filter((u) => !abaixo.has(u.id) && !acima.has(u.id) && u.id !== proprio);
      // What the reads answer: the caller's unit and units below it, and (a vendedor's ranking) its peers by name.
      for (const url of ['/api/metas?mes=2030-01&etapa=leads', '/api/metas/ranking?mes=2030-01&etapa=leads']) {
        const response = await inject(name, 'GET', url);
        if (!can(role, url.includes('ranking') ? 'metas.ranking' : 'metas.ler')) continue;
        figures.listChecks += 1;
        const body = response.json<{
          no?: { alvoId: string };
          filhos?: { alvoId: string }[];
          itens?: { alvoId?: string }[];
        }>();
        const vistos = [...(body.filhos ?? []), ...(body.itens ?? [])].map((u) => u.alvoId).filter(Boolean) as string[];
        for (const id of vistos) if (!abaixo.has(id) && id !== proprio) leaks.push(`${url} as ${name}: ${id}`);
      }
      if (!can(role, 'metas.definir')) continue;
      const body = (u: { nivel: string; id: string }) => ({
        mes: '2030-01',
        etapa: 'leads',
        nivel: u.nivel,
        alvoId: u.id,
        valor: 1,
      });
      const desconhecida = { nivel: 'franquia', id: randomUUID() };
      const unknownPut = await inject(name, 'PUT', '/api/metas', body(desconhecida));
      const split = (id: string) => ({ mes: '2030-01', etapa: 'leads', alvoId: id, criterio: 'igual' });
      const unknownSplit = await inject(name, 'POST', '/api/metas/distribuir', split(desconhecida.id));
      for (const u of alheias) {
        const put = await inject(name, 'PUT', '/api/metas', body(u));
        const post = await inject(name, 'POST', '/api/metas/distribuir', split(u.id));
        figures.referenceAttempts += 2;
        if (put.statusCode !== 404 || !sameAnswer(put, unknownPut))
          leaks.push(`PUT ${u.nivel} ${u.id} as ${name}: ${put.statusCode}`);
        if (post.statusCode !== 404 || !sameAnswer(post, unknownSplit))
          leaks.push(`distribuir ${u.id} as ${name}: ${post.statusCode}`);
      }
    }
    expect(await tableDigests(ctx.handle.db, ['sessions', 'rate_counters'])).toEqual(before);
    figures.leaks.push(...leaks);
    expect(leaks).toEqual([]);
  });

  it(
    'keeps each user’s imports its own (issue 50): another’s is 404 on every route, as one that exists nowhere, and no list holds it',
    { timeout: 90_000 },
    async () => {
      const donos = ACTOR_NAMES.filter((name) => can(roleOf(name), 'importacoes.usar'));
      const enviar = (name: ActorName, eventoId: string) => {
        const familia = {
          aluno: `Aluno Importado ${name}`,
          responsavel: 'Responsável Importado',
          email: `importado.${name}.${randomUUID().slice(0, 8)}@exemplo.com.br`,
          telefone: '19987650000',
        };
        const body = multipartBody({ tipo: 'leads', eventoId }, leadsCsv([familia]));
        return ctx.app.inject({
          method: 'POST',
          url: '/api/importacoes',
          headers: { cookie: world.sessions[name], ...body.headers },
          payload: body.payload,
        });
      };
      const enviada = async (name: ActorName) => {
        const response = await enviar(name, visible(name, 'eventos')[0]!);
        expect(response.statusCode, `${name}: ${response.body}`).toBe(201);
        return response.json<{ id: string }>().id;
      };
      // Every account that imports: one import waiting for 'Importar', and one imported (a family into its own event).
      const deles = new Map<ActorName, string[]>();
      for (const name of donos) {
        const aguardando = await enviada(name);
        const importada = await enviada(name);
        const confirmada = await inject(name, 'POST', `/api/importacoes/${importada}/confirmar`, {
          duplicados: 'ignorar',
          baseLegal: 'consentimento',
        });
        expect(confirmada.statusCode, confirmada.body).toBe(202);
        deles.set(name, [aguardando, importada]);
      }
      await ctx.app.background.drain();
      for (const [name, [, importada]] of deles) {
        const vista = await inject(name, 'GET', `/api/importacoes/${importada}`);
        expect(vista.json<{ status: string }>().status, `${name}'s import`).toBe('concluida');
      }
      expect(deles.size).toBeGreaterThanOrEqual(6);

      const leaks: string[] = [];
      const before = await tableDigests(ctx.handle.db, ['sessions', 'rate_counters']);
      const tentativas = (id: string): [string, string, object | undefined][] => [
        ['GET', `/api/importacoes/${id}`, undefined],
        ['PUT', `/api/importacoes/${id}/mapeamento`, { campos: ['nomeAluno', 'nomeResponsavel', 'email', 'telefone'] }],
        ['PUT', `/api/importacoes/${id}/mapeamento`, { campos: [null, null, null, null] }],
        ['POST', `/api/importacoes/${id}/confirmar`, { duplicados: 'criar', baseLegal: 'legitimo_interesse' }],
        ['GET', `/api/importacoes/${id}/erros.csv`, undefined],
        ['POST', `/api/importacoes/${id}/desfazer`, undefined],
      ];
      for (const name of donos) {
        const unknown: LightMyRequestResponse[] = [];
        for (const [method, url, payload] of tentativas(randomUUID()))
          unknown.push(await inject(name, method, url, payload));
        for (const [dono, ids] of deles) {
          if (dono === name) continue;
          for (const id of ids) {
            for (const [i, [method, url, payload]] of tentativas(id).entries()) {
              const response = await inject(name, method, url, payload);
              figures.referenceAttempts += 1;
              if (response.statusCode !== 404 || !sameAnswer(response, unknown[i]!))
                leaks.push(
                  `${method} ${url} (${dono}'s) as ${name}: ${response.statusCode} ${response.body.slice(0, 100)}`,
                );
            }
          }
        }
        // 'Importações' lists its own two, and none of another's.
        const list = await inject(name, 'GET', '/api/importacoes');
        const seen = list.json<{ id: string }[]>().map((i) => i.id);
        figures.listChecks += 1;
        if (JSON.stringify([...seen].sort()) !== JSON.stringify([...deles.get(name)!].sort()))
          leaks.push(`GET /api/importacoes as ${name}: ${JSON.stringify(seen)}`);
        // An upload into an event out of scope answers as one into an event that exists nowhere.
        const semEvento = await enviar(name, randomUUID());
        expect(semEvento.statusCode, semEvento.body).toBe(404);
        for (const eventoId of foreign(name, 'eventos')) {
          const response = await enviar(name, eventoId);
          figures.referenceAttempts += 1;
          tally(name, 'eventos', eventoId);
          if (response.statusCode !== 404 || !sameAnswer(response, semEvento))
            leaks.push(`POST /api/importacoes into evento ${eventoId} as ${name}: ${response.statusCode}`);
        }
      }
      expect(await tableDigests(ctx.handle.db, ['sessions', 'rate_counters'])).toEqual(before);
      figures.leaks.push(...leaks);
      expect(leaks).toEqual([]);
      // Each owner still reaches its own: the answers above were the others' alone. Undoing takes its family away.
      for (const [name, [aguardando, importada]] of deles) {
        expect((await inject(name, 'GET', `/api/importacoes/${aguardando}`)).statusCode).toBe(200);
        expect((await inject(name, 'GET', `/api/importacoes/${importada}/erros.csv`)).statusCode).toBe(200);
        // The undo is a job (ADR 106): 202, then its counts once the job has run.
        const desfazendo = await inject(name, 'POST', `/api/importacoes/${importada}/desfazer`);
        expect(desfazendo.statusCode, desfazendo.body).toBe(202);
        await ctx.app.background.drain();
        const desfeita = await inject(name, 'GET', `/api/importacoes/${importada}`);
        expect(desfeita.json()).toMatchObject({ status: 'desfeita', desfeita: { removidos: 1, mantidos: 0 } });
      }
    },
  );

  it(
    'answers a batch action or a distribution naming leads, an event or a vendedor out of scope as ones that exist nowhere (issue 50)',
    { timeout: 90_000 },
    async () => {
      // A batch writes its audit row even when it changes no lead; nothing else may change.
      const before = await tableDigests(ctx.handle.db, ['sessions', 'rate_counters', 'audit_log']);
      const leaks: string[] = [];
      const lote = (name: ActorName, body: object) => inject(name, 'POST', '/api/leads/lote', body);
      for (const name of ACTOR_NAMES.filter((n) => can(roleOf(n), 'leads.lote'))) {
        const role = roleOf(name);
        const acoes: Record<string, unknown>[] = [
          { acao: 'status', status: 'em_contato' },
          { acao: 'exportar' },
          ...(can(role, 'leads.atribuir')
            ? [
                { acao: 'atribuir', vendedorId: null },
                { acao: 'atribuir', automatico: true },
              ]
            : []),
        ];
        const propria = visible(name, 'leads')[0];
        // Chosen by id: a lead out of scope, alone or beside one of the caller's own, is one that exists nowhere (404).
        const variantes = acoes.flatMap((acao) =>
          [[], ...(propria ? [[propria]] : [])].map((junto) => ({ acao, junto })),
        );
        const unknown = new Map<number, LightMyRequestResponse>();
        for (const [i, id] of foreign(name, 'leads').entries()) {
          const v = i % variantes.length;
          const { acao, junto } = variantes[v]!;
          if (!unknown.has(v)) unknown.set(v, await lote(name, { ...acao, ids: [...junto, randomUUID()] }));
          const response = await lote(name, { ...acao, ids: [...junto, id] });
          figures.referenceAttempts += 1;
          tally(name, 'leads', id);
          if (response.statusCode !== 404 || !sameAnswer(response, unknown.get(v)!))
            leaks.push(
              `lote ${JSON.stringify(acao)} on lead ${id} as ${name}: ${response.statusCode} ${response.body.slice(0, 100)}`,
            );
        }
        // By the list's filters: an event, or a chosen lead, out of scope matches nothing, as one that exists nowhere.
        const comId = (r: LightMyRequestResponse, id: string) => `${r.statusCode} ${r.body.replaceAll(id, '<id>')}`;
        const alheios = [
          ...foreign(name, 'funnelEventos').map((id) => ({
            filtro: (x: string) => ({ eventoId: x }),
            id,
            table: 'eventos' as const,
          })),
          ...foreign(name, 'leads')
            .slice(0, 5)
            .map((id) => ({ filtro: (x: string) => ({ ids: [x] }), id, table: 'leads' as const })),
        ];
        for (const [i, { filtro, id, table }] of alheios.entries()) {
          const acao = acoes[i % acoes.length]!;
          const desconhecido = randomUUID();
          const response = await lote(name, { ...acao, filtro: filtro(id) });
          const semNada = await lote(name, { ...acao, filtro: filtro(desconhecido) });
          figures.referenceAttempts += 1;
          tally(name, table, id);
          if (response.statusCode !== 200 || comId(response, id) !== comId(semNada, desconhecido))
            leaks.push(
              `lote ${JSON.stringify(acao)} filtro ${table} ${id} as ${name}: ${comId(response, id).slice(0, 120)}`,
            );
        }
        const vendedoresAlheios = (micro?: string) =>
          world.graph.vendedores.filter((v) =>
            micro ? v.microFranquiaId !== micro : !scopes[name].microFranquias.has(v.microFranquiaId),
          );
        // Assigning one's own lead to a vendedor out of scope, as to one that exists nowhere.
        if (can(role, 'leads.atribuir') && propria) {
          const semVendedor = await lote(name, { acao: 'atribuir', ids: [propria], vendedorId: randomUUID() });
          for (const vendedor of vendedoresAlheios()) {
            const response = await lote(name, { acao: 'atribuir', ids: [propria], vendedorId: vendedor.id });
            figures.referenceAttempts += 1;
            if (response.statusCode !== 404 || !sameAnswer(response, semVendedor))
              leaks.push(`lote atribuir to vendedor ${vendedor.id} as ${name}: ${response.statusCode}`);
          }
        }
        // A distribution by city on one's own micro-franquia naming another unit's vendedor, as one that exists nowhere.
        const micro = visible(name, 'microFranquias')[0];
        if (can(role, 'distribuicao.definir') && micro) {
          const url = `/api/micro-franquias/${micro}/distribuicao`;
          const cidade = (vendedorId: string) => ({
            modo: 'cidade',
            cidades: [{ cidade: 'Campinas', estado: 'SP', vendedorId }],
          });
          const semVendedor = await inject(name, 'PUT', url, cidade(randomUUID()));
          expect(semVendedor.statusCode).toBe(400);
          for (const vendedor of vendedoresAlheios(micro)) {
            const response = await inject(name, 'PUT', url, cidade(vendedor.id));
            figures.referenceAttempts += 1;
            if (!sameAnswer(response, semVendedor))
              leaks.push(`PUT ${url} with vendedor ${vendedor.id} as ${name}: ${response.statusCode}`);
          }
        }
      }
      expect(await tableDigests(ctx.handle.db, ['sessions', 'rate_counters', 'audit_log'])).toEqual(before);
      figures.leaks.push(...leaks);
      expect(leaks).toEqual([]);
    },
  );

  // Last: it gives every lead of both networks a return due today.
  it('counts the follow-up due exactly in the caller’s scope, on the dashboard and in the list', async () => {
    await ctx.handle.db.update(leads).set({ status: 'em_contato', proximoContatoEm: todayInBrasilia(new Date()) });
    const leaks: string[] = [];
    for (const name of ACTOR_NAMES) {
      const role = roleOf(name);
      if (role === 'aluno') continue;
      const own = scopes[name].leads.size;
      const list = await inject(name, 'GET', '/api/leads?retorno=hoje&pageSize=500');
      const ids = list.json<{ id: string }[]>().map((l) => l.id);
      if (Number(list.headers['x-total-count']) !== own || ids.some((id) => !scopes[name].leads.has(id)))
        leaks.push(`retorno=hoje as ${name}: ${list.headers['x-total-count']} rows, its scope ${own}`);
      if (!can(role, 'dashboard.acompanhamento')) continue;
      const counts = await inject(name, 'GET', '/api/dashboard/acompanhamento');
      const body = counts.json<{ retornosHoje: number; atrasados: number }>();
      if (body.retornosHoje !== own || body.atrasados !== 0)
        leaks.push(`dashboard as ${name}: ${JSON.stringify(body)}, its scope ${own}`);
    }
    figures.leaks.push(...leaks);
    expect(leaks).toEqual([]);
  });
});
