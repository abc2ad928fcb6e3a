import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clienteCreateSchema,
  clientePatchSchema,
  clientesQuerySchema,
  clienteViewSchema,
} from '../../../shared/schemas/cliente';
import { isStatusOnly } from '../../../shared/schemas/usuario';
import { notFound } from '../../lib/http-error';
import { setTotalCount } from '../../lib/pagination';
import { setCursors } from '../../lib/keyset';
import { assertRowId, rowIdParams } from '../../lib/row-id';
import { findCliente, listClientes, toClienteView } from './clientes.repository';
import { createCliente, editCliente, setClienteActive } from './clientes.service';
import { rolesFor } from '../../../shared/permissions';

/**
 * The clientes API (SPEC §7, DESIGN §4.1). Every staff role reads the clientes in its scope (the Eventos form
 * picks one from this list; a cliente gets only itself); micro_franquia and vendedor create and change them.
 */
export async function clientesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/clientes',
    {
      schema: { querystring: clientesQuerySchema, response: { 200: z.array(clienteViewSchema) } },
      config: { access: rolesFor('clientes.ler') },
    },
    async (request, reply) => {
      const { q, status, sort, page, pageSize, apos, antes } = request.query;
      const { rows, total, exact, cursors } = await listClientes(request.dbLeitura, request.actor!, {
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
    '/api/clientes/:id',
    {
      schema: { params: rowIdParams, response: { 200: clienteViewSchema } },
      config: { access: rolesFor('clientes.ler') },
    },
    async (request) => {
      const row = await findCliente(app.db, request.actor!, assertRowId(request.params.id));
      if (!row) throw notFound();
      return toClienteView(row);
    },
  );

  app.post(
    '/api/clientes',
    {
      schema: { body: clienteCreateSchema, response: { 201: clienteViewSchema } },
      config: { access: rolesFor('clientes.criar') },
    },
    async (request, reply) => {
      const created = await createCliente(app, request.actor!, request.body);
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/api/clientes/:id',
    {
      schema: { params: rowIdParams, body: clientePatchSchema, response: { 200: clienteViewSchema } },
      config: { access: rolesFor('clientes.editar') },
    },
    async (request) => {
      const id = assertRowId(request.params.id);
      const body = request.body;
      if (isStatusOnly(body)) return setClienteActive(app, request.actor!, id, body.isActive);
      return editCliente(app, request.actor!, id, body);
    },
  );
}
