import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rolesFor } from '../../../shared/permissions';
import {
  IMPORTACAO_MAX_BYTES,
  IMPORTACAO_MESSAGES as M,
  importacaoConfirmarSchema,
  importacaoMapeamentoSchema,
  importacaoParamsSchema,
  importacaoSchema,
  importacoesListaSchema,
  importacaoUploadFieldsSchema,
} from '../../../shared/schemas/importacao';
import { HttpError, MESSAGES } from '../../lib/http-error';
import { mapBatches, sendCsv } from '../funnel';
import { mensagemDaLinha } from './analise';
import { registerExpurgo } from './expurgo';
import { linhasComErro } from './importacoes.repository';
import {
  type ArquivoEnviado,
  confirmarImportacao,
  criarImportacao,
  definirMapeamento,
  desfazerImportacao,
  executarDesfazer,
  executarImportacao,
  importacaoComErros,
  listarImportacoes,
  verImportacao,
} from './importacoes.service';

/** @fastify/multipart's limits for an upload: one file, its kind and its event. */
const MULTIPART_LIMITS = {
  files: 1,
  fileSize: IMPORTACAO_MAX_BYTES,
  fields: 4,
  fieldSize: 1024,
  parts: 5,
  headerPairs: 100,
};

const multipartErrors: Record<string, HttpError> = {
  FST_REQ_FILE_TOO_LARGE: new HttpError(413, M.arquivoGrande),
  FST_FILES_LIMIT: new HttpError(400, M.arquivoObrigatorio),
  FST_PARTS_LIMIT: new HttpError(400, MESSAGES.invalidInput),
  FST_FIELDS_LIMIT: new HttpError(400, MESSAGES.invalidInput),
  FST_PROTO_VIOLATION: new HttpError(400, MESSAGES.invalidInput),
};

const UPLOAD_URL = '/api/importacoes';
const arquivos = new WeakMap<FastifyRequest, ArquivoEnviado>();

/**
 * A preValidation hook for the upload: the file read into memory (20 MB at most), the text fields handed to the
 * route's schema as a JSON body would be.
 */
async function lerUpload(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if ((part.fieldname === 'tipo' || part.fieldname === 'eventoId') && typeof part.value === 'string') {
          if (part.value !== '') fields[part.fieldname] = part.value;
        }
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.fieldname === 'arquivo') arquivos.set(request, { nome: part.filename, bytes });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code && multipartErrors[code]) throw multipartErrors[code];
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, MESSAGES.invalidInput);
  }
  request.body = fields;
}

/** The import's routes (issue 50): each answers the user who made the import only (404 for anyone else). */
export async function importacoesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.jobs.register('importacao', executarImportacao);
  app.jobs.register('importacao_desfazer', executarDesfazer);
  registerExpurgo(app);
  // Multipart only for the upload (this plugin is encapsulated); the other routes take JSON with the app's limit.
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  app.addHook('onRequest', async (request) => {
    const upload = request.method === 'POST' && request.routeOptions.url === UPLOAD_URL;
    if (/^multipart\//i.test(request.headers['content-type'] ?? '')) {
      if (!upload) throw new HttpError(415, MESSAGES.unsupportedMediaType);
    } else if (Number(request.headers['content-length'] ?? 0) > request.server.initialConfig.bodyLimit!) {
      throw new HttpError(413, MESSAGES.bodyTooLarge);
    }
  });

  app.get(
    '/api/importacoes',
    {
      schema: { response: { 200: importacoesListaSchema } },
      config: { access: rolesFor('importacoes.usar') },
    },
    async (request) => listarImportacoes(app, request.actor!),
  );

  app.post(
    UPLOAD_URL,
    {
      // multipart/form-data: `arquivo` (CSV or XLSX), `tipo`, `eventoId` for leads.
      schema: { body: importacaoUploadFieldsSchema, response: { 201: importacaoSchema } },
      config: { access: rolesFor('importacoes.usar') },
      bodyLimit: IMPORTACAO_MAX_BYTES + 1024 * 1024,
      preValidation: lerUpload,
    },
    async (request, reply) => {
      const importacao = await criarImportacao(app, request.actor!, request.body, arquivos.get(request) ?? null);
      return reply.code(201).send(importacao);
    },
  );

  app.get(
    '/api/importacoes/:id',
    {
      schema: { params: importacaoParamsSchema, response: { 200: importacaoSchema } },
      config: { access: rolesFor('importacoes.usar') },
    },
    async (request) => verImportacao(app, request.actor!, request.params.id),
  );

  app.put(
    '/api/importacoes/:id/mapeamento',
    {
      schema: { params: importacaoParamsSchema, body: importacaoMapeamentoSchema, response: { 200: importacaoSchema } },
      config: { access: rolesFor('importacoes.usar') },
    },
    async (request) => definirMapeamento(app, request.actor!, request.params.id, request.body.campos),
  );

  app.post(
    '/api/importacoes/:id/confirmar',
    {
      schema: { params: importacaoParamsSchema, body: importacaoConfirmarSchema, response: { 202: importacaoSchema } },
      config: { access: rolesFor('importacoes.usar') },
    },
    async (request, reply) => {
      const importacao = await confirmarImportacao(app, request.actor!, request.params.id, request.body);
      return reply.code(202).send(importacao);
    },
  );

  // The refused rows as CSV: the file's columns and 'Erro'. No JSON answer, so no response schema (ADR 018).
  app.get(
    '/api/importacoes/:id/erros.csv',
    {
      schema: { params: importacaoParamsSchema },
      config: { access: rolesFor('importacoes.usar'), produces: ['text/csv'] },
    },
    async (request, reply) => {
      const row = await importacaoComErros(app, request.actor!, request.params.id);
      const nome = `erros-${row.nome_arquivo.replace(/\.[a-z0-9]{1,5}$/i, '')}.csv`;
      return sendCsv(
        reply,
        nome,
        [...row.colunas, M.colunaErro],
        mapBatches(linhasComErro(app.db, row.id), (l) => [
          ...row.colunas.map((_, i) => l.valores[i] ?? ''),
          mensagemDaLinha(l.erro ?? '', l.linha),
        ]),
      );
    },
  );

  // 202: the import 'desfazendo', its undo a job (GET /api/importacoes/:id follows its progress).
  app.post(
    '/api/importacoes/:id/desfazer',
    {
      schema: { params: importacaoParamsSchema, response: { 202: importacaoSchema } },
      config: { access: rolesFor('importacoes.usar') },
    },
    async (request, reply) => {
      const importacao = await desfazerImportacao(app, request.actor!, request.params.id);
      return reply.code(202).send(importacao);
    },
  );
}
