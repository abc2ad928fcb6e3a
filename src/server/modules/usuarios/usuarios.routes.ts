import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  isAusenteOnly,
  usuarioPatchSchema,
  usuariosQuerySchema,
  usuarioViewSchema,
} from '../../../shared/schemas/usuario';
import { setTotalCount } from '../../lib/pagination';
import { setCursors } from '../../lib/keyset';
import { assertRowId, rowIdParams } from '../../lib/row-id';
import { listUsuarios } from './usuarios.repository';
import { setUsuarioActive, setVendedorAusente } from './usuarios.service';
import { rolesFor } from '../../../shared/permissions';

/**
 * Usuários (DESIGN §4.3): the franqueador lists and switches its whole network's users, a micro-franquia its
 * vendedores. Switching a user off ends its sessions and takes its franquia/micro-franquia/cliente/vendedor
 * row along, so the other screens agree. A vendedor may also be marked away (issue 50): the distribution of new
 * leads skips it.
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
      const { rows, total, exact, cursors } = await listUsuarios(request.dbLeitura, request.actor!, request.query);
      setTotalCount(reply, total, exact);
      setCursors(reply, cursors);
      return rows;
    },
  );

  app.patch(
    '/api/usuarios/:id',
    {
      schema: { params: rowIdParams, body: usuarioPatchSchema, response: { 200: usuarioViewSchema } },
      config: { access: rolesFor('usuarios.gerenciar') },
    },
    async (request) => {
      const id = assertRowId(request.params.id);
      const body = request.body;
      // Issue 50: a vendedor away or back, its own small change.
      if (isAusenteOnly(body)) return setVendedorAusente(app, request.actor!, id, body.ausente);
      return setUsuarioActive(app, request.actor!, id, body.isActive);
    },
  );
}
