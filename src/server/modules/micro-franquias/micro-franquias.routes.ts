import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  microFranquiaCreateSchema,
  microFranquiaPatchSchema,
  microFranquiasQuerySchema,
  microFranquiaViewSchema,
} from '../../../shared/schemas/micro-franquia';
import { isStatusOnly } from '../../../shared/schemas/usuario';
import { notFound } from '../../lib/http-error';
import { setTotalCount } from '../../lib/pagination';
import { setCursors } from '../../lib/keyset';
import { assertRowId, rowIdParams } from '../../lib/row-id';
import { findMicroFranquia, listMicroFranquias, toMicroFranquiaView } from './micro-franquias.repository';
import { createMicroFranquia, editMicroFranquia, setMicroFranquiaActive } from './micro-franquias.service';
import { rolesFor } from '../../../shared/permissions';

/**
 * The micro-franquias API (SPEC §7, DESIGN §4.1): the franqueador reads its network's, a franquia manages its
 * own, a micro-franquia reads itself.
 */
export async function microFranquiasRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/micro-franquias',
    {
      schema: { querystring: microFranquiasQuerySchema, response: { 200: z.array(microFranquiaViewSchema) } },
      config: { access: rolesFor('microFranquias.ler') },
    },
    async (request, reply) => {
      const { q, status, sort, page, pageSize, apos, antes } = request.query;
      const { rows, total, exact, cursors } = await listMicroFranquias(request.dbLeitura, request.actor!, {
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
    '/api/micro-franquias/:id',
    {
      schema: { params: rowIdParams, response: { 200: microFranquiaViewSchema } },
      config: { access: rolesFor('microFranquias.ler') },
    },
    async (request) => {
      const row = await findMicroFranquia(app.db, request.actor!, assertRowId(request.params.id));
      if (!row) throw notFound();
      return toMicroFranquiaView(row);
    },
  );

  app.post(
    '/api/micro-franquias',
    {
      schema: { body: microFranquiaCreateSchema, response: { 201: microFranquiaViewSchema } },
      config: { access: rolesFor('microFranquias.criar') },
    },
    async (request, reply) => {
      const created = await createMicroFranquia(app, request.actor!, request.body);
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/api/micro-franquias/:id',
    {
      schema: { params: rowIdParams, body: microFranquiaPatchSchema, response: { 200: microFranquiaViewSchema } },
      config: { access: rolesFor('microFranquias.editar') },
    },
    async (request) => {
      const id = assertRowId(request.params.id);
      const body = request.body;
      if (isStatusOnly(body)) return setMicroFranquiaActive(app, request.actor!, id, body.isActive);
      return editMicroFranquia(app, request.actor!, id, body);
    },
  );
}
