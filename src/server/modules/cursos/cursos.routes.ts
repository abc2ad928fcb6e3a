import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesFor } from '../../../shared/permissions';
import {
  CURSO_MESSAGES,
  cursoCreateSchema,
  cursoListQuerySchema,
  cursoMensagemSchema,
  cursoParamsSchema,
  cursoUpdateSchema,
  cursoViewSchema,
  moduloCreateSchema,
  moduloParamsSchema,
  moduloUpdateSchema,
  moduloViewSchema,
} from '../../../shared/schemas/curso';
import { setTotalCount } from '../../lib/pagination';
import { addModulo, createCurso, editCurso, editModulo, listCursosFor, removeModulo } from './cursos.service';

const cursosListaSchema = z.array(cursoViewSchema);

/** The cursos API (SPEC §7, DESIGN §4); the rules are in cursos.service.ts. */
export async function cursosRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const manage = { access: rolesFor('cursos.gerenciar') };

  app.get(
    '/api/cursos',
    {
      schema: { querystring: cursoListQuerySchema, response: { 200: cursosListaSchema } },
      config: { access: rolesFor('cursos.ler') },
    },
    async (request, reply) => {
      const { items, total, exact } = await listCursosFor(request.dbLeitura, request.actor!, request.query);
      setTotalCount(reply, total, exact);
      return items;
    },
  );

  app.post(
    '/api/cursos',
    { schema: { body: cursoCreateSchema, response: { 201: cursoViewSchema } }, config: manage },
    async (request, reply) => {
      reply.code(201);
      return createCurso(app, request.actor!, request.body);
    },
  );

  app.patch(
    '/api/cursos/:id',
    {
      schema: { params: cursoParamsSchema, body: cursoUpdateSchema, response: { 200: cursoViewSchema } },
      config: manage,
    },
    async (request) => editCurso(app, request.actor!, request.params.id, request.body),
  );

  app.post(
    '/api/cursos/:id/modulos',
    {
      schema: { params: cursoParamsSchema, body: moduloCreateSchema, response: { 201: moduloViewSchema } },
      config: manage,
    },
    async (request, reply) => {
      reply.code(201);
      return addModulo(app, request.actor!, request.params.id, request.body);
    },
  );

  app.patch(
    '/api/cursos/:id/modulos/:moduloId',
    {
      schema: { params: moduloParamsSchema, body: moduloUpdateSchema, response: { 200: moduloViewSchema } },
      config: manage,
    },
    async (request) => editModulo(app, request.actor!, request.params.id, request.params.moduloId, request.body),
  );

  app.delete(
    '/api/cursos/:id/modulos/:moduloId',
    { schema: { params: moduloParamsSchema, response: { 200: cursoMensagemSchema } }, config: manage },
    async (request) => {
      await removeModulo(app, request.actor!, request.params.id, request.params.moduloId);
      return { message: CURSO_MESSAGES.moduloRemovido };
    },
  );
}
