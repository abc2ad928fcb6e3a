import { z } from 'zod';
import { ROLE_LABELS, ROLES, type Role } from '../../../shared/roles';
import type { RouteAccess } from '../../plugins/authorization';

/**
 * The OpenAPI 3.1 document of the API (issue 22, ADR 029), built from what the routes themselves declare: the
 * authorization plugin's list of every /api route with its `config.access`, and each route's zod schemas turned
 * into JSON Schema 2020-12 by zod's own `z.toJSONSchema`. Nothing is written by hand per route, so a new route is
 * in the document the moment it is registered, with its allowed roles.
 */

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

/** Fastify's `:id` is OpenAPI's `{id}`. */
export function openApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}');
}

function isZod(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}

/**
 * A zod schema as JSON Schema: the request side as the client sends it (before coercions and transforms), the
 * answer side as the server encodes it. Dates travel as ISO strings.
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
    override: (ctx) => {
      const def = (ctx.zodSchema as { _zod?: { def?: { type?: string } } })._zod?.def;
      if (def?.type === 'date') {
        ctx.jsonSchema.type = 'string';
        ctx.jsonSchema.format = 'date-time';
      }
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

const ERROR_REF = { $ref: '#/components/schemas/Erro' };
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ERROR_REF } },
});

/** Who may call, as a person reads it and as a tool reads it (`x-roles`). */
function accessOf(access: RouteAccess['access']): { text: string; roles: readonly Role[] } {
  if (access === 'public') return { text: 'Acesso público: não exige sessão.', roles: ROLES };
  if (access === 'token') {
    return { text: 'Sem sessão: exige o token compartilhado com o gateway, no cabeçalho; sem ele, 401.', roles: ROLES };
  }
  if (access === 'authenticated') {
    return { text: 'Qualquer perfil com sessão aberta.', roles: ROLES };
  }
  return { text: `Perfis permitidos: ${access.map((role) => ROLE_LABELS[role]).join(', ')}.`, roles: access };
}

/**
 * What an answer's body is, judged by the route's file-like ending (exports, the reference page's files); a file
 * whose address does not say declares its types in `config.produces` (fileTypesOf).
 */
function contentTypeOf(url: string): string {
  if (url.endsWith('.csv')) return 'text/csv';
  if (url.endsWith('.js')) return 'text/javascript';
  if (url.endsWith('.css')) return 'text/css';
  if (url === '/api/docs') return 'text/html';
  return 'application/json';
}

/** How the document marks a JSON answer whose route declares no response schema: a gap (ADR 018). */
export const SEM_ESQUEMA = 'Sucesso (o corpo ainda não tem esquema declarado).';

/**
 * A file answer's body (no JSON schema, ADR 018): the types the route declares in `config.produces`, else the one
 * its ending says; undefined for a JSON answer, which must declare its response schema.
 */
function fileTypesOf(route: RouteAccess): readonly string[] | undefined {
  if (route.produces) return route.produces;
  const contentType = contentTypeOf(route.url);
  return contentType === 'application/json' ? undefined : [contentType];
}

/** A file answer's body: text as a string, other types as their bytes, a JSON document as an object. */
function fileSchemaOf(contentType: string): JsonSchema {
  if (contentType === 'application/json') return { type: 'object' };
  return contentType.startsWith('text/') ? { type: 'string' } : { type: 'string', contentMediaType: contentType };
}

function parametersOf(route: RouteAccess): Operation[] {
  const parameters: Operation[] = [];
  const pathNames = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const params = isZod(route.schema?.params) ? toJsonSchema(route.schema.params, 'input') : undefined;
  const paramProps = (params?.properties ?? {}) as Record<string, JsonSchema>;
  for (const name of pathNames) {
    parameters.push({ name, in: 'path', required: true, schema: paramProps[name] ?? { type: 'string' } });
  }
  if (isZod(route.schema?.querystring)) {
    const query = toJsonSchema(route.schema.querystring, 'input');
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, JsonSchema>)) {
      const { description, ...rest } = schema;
      parameters.push({
        name,
        in: 'query',
        required: required.has(name),
        schema: rest,
        ...(typeof description === 'string' ? { description } : {}),
      });
    }
  }
  return parameters;
}

function responsesOf(route: RouteAccess): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  const declared = route.schema?.response as Record<string, unknown> | undefined;
  const contentType = contentTypeOf(route.url);
  const queryKeys = isZod(route.schema?.querystring)
    ? Object.keys((toJsonSchema(route.schema.querystring, 'input').properties ?? {}) as object)
    : [];
  const headers = queryKeys.includes('page')
    ? {
        headers: {
          'X-Total-Count': {
            description: 'Total de linhas do filtro, em todas as páginas.',
            schema: { type: 'integer' },
          },
          // Issue 46: the big lists page by cursor too.
          ...(queryKeys.includes('apos')
            ? {
                'X-Next-Cursor': {
                  description: 'Cursor da página seguinte (parâmetro apos); ausente na última página.',
                  schema: { type: 'string' },
                },
                'X-Prev-Cursor': {
                  description: 'Cursor da página anterior (parâmetro antes); ausente na primeira página.',
                  schema: { type: 'string' },
                },
              }
            : {}),
        },
      }
    : {};
  for (const [status, schema] of Object.entries(declared ?? {})) {
    if (!isZod(schema)) continue;
    responses[status] = {
      description: 'Sucesso.',
      ...headers,
      content: {
        [contentType]: { schema: toJsonSchema(schema, 'output') },
        // A JSON answer that can also be a file (a share link's QR code, issue 48) lists the file's types beside it.
        ...Object.fromEntries(
          (route.produces ?? []).filter((t) => t !== contentType).map((t) => [t, { schema: fileSchemaOf(t) }]),
        ),
      },
    };
  }
  if (Object.keys(responses).length === 0) {
    // A file answers with its own type; a JSON answer without its schema is a gap the contract test refuses.
    const files = fileTypesOf(route);
    responses['2XX'] = {
      description: files ? 'Sucesso.' : SEM_ESQUEMA,
      ...headers,
      ...(files ? { content: Object.fromEntries(files.map((type) => [type, { schema: fileSchemaOf(type) }])) } : {}),
    };
  }
  const input = route.schema?.body ?? route.schema?.querystring ?? route.schema?.params;
  if (input || ['POST', 'PUT', 'PATCH'].includes(route.method)) {
    responses['400'] = errorResponse('Dados inválidos: `errors` diz o problema de cada campo.');
  }
  if (route.access === 'token') responses['401'] = errorResponse('Token ausente ou inválido.');
  else if (route.access !== 'public') responses['401'] = errorResponse('Sem sessão.');
  if (Array.isArray(route.access)) responses['403'] = errorResponse('O perfil da sessão não pode fazer isto.');
  if (route.url.includes(':')) responses['404'] = errorResponse('Não existe ou está fora do alcance da sessão.');
  if (route.rateLimited || (route.access !== 'public' && route.access !== 'token' && route.method !== 'GET')) {
    responses['429'] = errorResponse('Muitas tentativas: aguarde o tempo de `Retry-After`.');
  }
  return responses;
}

/** Routes whose first path segment is not their group's name. */
const TAG_OF_SEGMENT: Record<string, string> = {
  login: 'auth',
  logout: 'auth',
  'openapi.json': 'contrato',
  docs: 'contrato',
  health: 'operacao',
};

/** An operation's group: the first segment after /api (`/api/clientes/:id` is in 'clientes'). */
function tagOf(url: string): string {
  const segment = url.split('/')[2] ?? 'api';
  return TAG_OF_SEGMENT[segment] ?? segment;
}

function operationOf(route: RouteAccess): Operation {
  const { text, roles } = accessOf(route.access);
  const tag = tagOf(route.url);
  const body = route.schema?.body;
  return {
    operationId: `${route.method.toLowerCase()}${openApiPath(route.url)
      .replace(/^\/api/, '')
      .replace(/[^A-Za-z0-9]+(\w)?/g, (_whole, next: string | undefined) => (next ?? '').toUpperCase())}`,
    summary: `${route.method} ${route.url}`,
    description: text,
    tags: [tag],
    'x-access': Array.isArray(route.access) ? 'roles' : route.access,
    'x-roles': [...roles],
    security: route.access === 'public' || route.access === 'token' ? [] : [{ sessao: [] }],
    ...(parametersOf(route).length > 0 ? { parameters: parametersOf(route) } : {}),
    ...(isZod(body)
      ? {
          requestBody: {
            required: !body.safeParse(undefined).success,
            content: { 'application/json': { schema: toJsonSchema(body, 'input') } },
          },
        }
      : {}),
    responses: responsesOf(route),
  };
}

/** The /metrics endpoint, outside /api: a bearer token or its own port (README, ADR 029). */
const METRICS_OPERATION: Operation = {
  operationId: 'getMetrics',
  summary: 'GET /metrics',
  description:
    'Métricas no formato de texto do Prometheus. Só responde com `Authorization: Bearer <METRICS_TOKEN>` ou na ' +
    'porta METRICS_PORT; sem isso, 404.',
  tags: ['operacao'],
  'x-access': 'metrics-token',
  'x-roles': [],
  security: [{ metricsToken: [] }],
  responses: {
    '200': { description: 'As métricas.', content: { 'text/plain': { schema: { type: 'string' } } } },
    '404': errorResponse('Sem o token de métricas (a rota não se revela).'),
  },
};

export interface OpenApiInfo {
  version: string;
  serverUrl: string;
}

/** The document for a list of routes (the authorization plugin's `routeAccess`). */
export function buildOpenApiDocument(routes: readonly RouteAccess[], info: OpenApiInfo): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  const sorted = [...routes].sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`));
  for (const route of sorted) {
    const path = openApiPath(route.url);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operationOf(route);
  }
  paths['/metrics'] = { get: METRICS_OPERATION };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Rede Crédito Educacional — API',
      version: info.version,
      description:
        'A API que as telas do sistema usam, gerada dos esquemas das próprias rotas. Cada operação diz quais ' +
        'perfis podem chamá-la (`x-roles`). A sessão é o cookie aberto por `POST /api/login`; escritas com ' +
        '`Origin` de outro site são recusadas. Erros respondem `{ message, errors? }` em português.',
    },
    servers: [{ url: info.serverUrl }],
    tags: [...new Set([...sorted.map((route) => tagOf(route.url)), 'operacao'])].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: {
        Erro: {
          type: 'object',
          required: ['message'],
          properties: {
            message: { type: 'string', description: 'A mensagem para a pessoa, em português.' },
            errors: {
              type: 'object',
              additionalProperties: { type: 'string' },
              description: 'O problema de cada campo recusado, pelo nome do campo.',
            },
          },
        },
      },
      securitySchemes: {
        sessao: {
          type: 'apiKey',
          in: 'cookie',
          name: 'sid',
          description: 'O cookie de sessão de `POST /api/login` (`__Host-sid` quando o sistema roda em https).',
        },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'O valor de METRICS_TOKEN.' },
      },
    },
  };
}
