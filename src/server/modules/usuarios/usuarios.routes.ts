import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { statusSchema, usuariosQuerySchema, usuarioViewSchema } from '../../../shared/schemas/usuario';
import { setTotalCount } from '../../lib/pagination';
import { assertRowId, rowIdParams } from '../../lib/row-id';
import { listUsuarios } from './usuarios.repository';
import { setUsuarioActive } from './usuarios.service';
import { rolesFor } from '../../../shared/permissions';

/**
 * Usuários (DESIGN §4.3): the franqueador lists and switches its whole network's users, a micro-franquia its
 * vendedores. Switching a user off ends its sessions and takes its franquia/micro-franquia/cliente/vendedor
 * row along, so the other screens agree.
 */
export async function usuariosRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/usuarios',
    {
      schema: { querystring: usuariosQuerySchema, response: { 200: z.array(usuarioViewSchema) } },
      config: { access: rolesFor('usuarios.gerenciar') },
    },
    async (request, reply) => {
      const { rows, total } = await listUsuarios(app.db, request.actor!, request.query);
      setTotalCount(reply, total);
      return rows;
    },
  );

  app.patch(
    '/api/usuarios/:id',
    {
      schema: { params: rowIdParams, body: statusSchema, response: { 200: usuarioViewSchema } },
      config: { access: rolesFor('usuarios.gerenciar') },
    },
    async (request) => setUsuarioActive(app, request.actor!, assertRowId(request.params.id), request.body.isActive),
  );
}
