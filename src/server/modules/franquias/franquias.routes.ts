import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  franquiaCreateSchema,
  franquiaPatchSchema,
  franquiasQuerySchema,
  franquiaViewSchema,
} from '../../../shared/schemas/franquia';
import { isStatusOnly } from '../../../shared/schemas/usuario';
import { notFound } from '../../lib/http-error';
import { setTotalCount } from '../../lib/pagination';
import { setCursors } from '../../lib/keyset';
import { assertRowId, rowIdParams } from '../../lib/row-id';
import { findFranquia, listFranquias, toFranquiaView } from './franquias.repository';
import { createFranquia, editFranquia, setFranquiaActive } from './franquias.service';
import { rolesFor } from '../../../shared/permissions';

/** The franquias API (SPEC §7, DESIGN §4.1): the franqueador manages its network's franquias. */
export async function franquiasRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // A franquia reads itself; only the franqueador lists and changes them.
  app.get(
    '/api/franquias',
    {
      schema: { querystring: franquiasQuerySchema, response: { 200: z.array(franquiaViewSchema) } },
      config: { access: rolesFor('franquias.ler') },
    },
    async (request, reply) => {
      const { q, status, sort, page, pageSize, apos, antes } = request.query;
      const { rows, total, exact, cursors } = await listFranquias(request.dbLeitura, request.actor!, {
        q,
        isActive: status,
        sort,
        page,
        pageSize,
        apos,
        antes,
      });
      setTotalCount(reply, total, exact);
      setCursors(reply, cursors);
      return rows;
    },
  );

  app.get(
    '/api/franquias/:id',
    {
      schema: { params: rowIdParams, response: { 200: franquiaViewSchema } },
      config: { access: rolesFor('franquias.ler') },
    },
    async (request) => {
      const row = await findFranquia(app.db, request.actor!, assertRowId(request.params.id));
      if (!row) throw notFound();
      return toFranquiaView(row);
    },
  );

  app.post(
    '/api/franquias',
    {
      schema: { body: franquiaCreateSchema, response: { 201: franquiaViewSchema } },
      config: { access: rolesFor('franquias.criar') },
    },
    async (request, reply) => {
      const created = await createFranquia(app, request.actor!, request.body);
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/api/franquias/:id',
    {
      schema: { params: rowIdParams, body: franquiaPatchSchema, response: { 200: franquiaViewSchema } },
      config: { access: rolesFor('franquias.editar') },
    },
    async (request) => {
      const id = assertRowId(request.params.id);
      const body = request.body;
      if (isStatusOnly(body)) return setFranquiaActive(app, request.actor!, id, body.isActive);
      return editFranquia(app, request.actor!, id, body);
    },
  );
}
