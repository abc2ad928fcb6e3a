import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statusSchema, USUARIO_MESSAGES, usuariosQuerySchema } from '../../../shared/schemas/usuario';
import { badRequest, notFound } from '../../lib/http-error';
import { setTotalCount } from '../../lib/pagination';
import { setAccountActive, setLinkedRowActive } from './accounts';
import { assertRowId, rowIdParams } from '../../lib/row-id';
import { findUsuario, listUsuarios, toUsuarioView } from './usuarios.repository';

/**
 * Usuários (DESIGN §4.3): the franqueador lists and switches its whole network's users, a micro-franquia its
 * vendedores. Switching a user off ends its sessions and takes its franquia/micro-franquia/cliente/vendedor
 * row along, so the other screens agree.
 */
export async function usuariosRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const managers = ['franqueador', 'micro_franquia'] as const;

  app.get(
    '/api/usuarios',
    { schema: { querystring: usuariosQuerySchema }, config: { access: managers } },
    async (request, reply) => {
      const { rows, total } = await listUsuarios(app.db, request.actor!, request.query);
      setTotalCount(reply, total);
      return rows;
    },
  );

  app.patch(
    '/api/usuarios/:id',
    { schema: { params: rowIdParams, body: statusSchema }, config: { access: managers } },
    async (request) => {
      const actor = request.actor!;
      const id = assertRowId(request.params.id);
      const { isActive } = request.body;
      await app.db.transaction(async (tx) => {
        const user = await findUsuario(tx, actor, id);
        if (!user) throw notFound();
        if (user.id === actor.id && !isActive) throw badRequest(USUARIO_MESSAGES.selfDeactivation);
        await setAccountActive(tx, user.id, isActive);
        await setLinkedRowActive(tx, user, isActive);
      });
      return toUsuarioView((await findUsuario(app.db, actor, id))!);
    },
  );
}
