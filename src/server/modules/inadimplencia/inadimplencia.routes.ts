import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { todayInBrasilia } from '../../../shared/brasilia';
import { rolesFor } from '../../../shared/permissions';
import { inadimplenciaQuerySchema, inadimplenciaRespostaSchema } from '../../../shared/schemas/inadimplencia';
import { setTotalCount } from '../../lib/pagination';
import { inadimplencia } from './inadimplencia.service';

/**
 * Inadimplência (issue 43, ADR 077): the overdue rate and aging of the parcelas per group of the network, for the
 * staff who read the Parcelas list (the vendedor reads no matrícula, so no parcela).
 */
export async function inadimplenciaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/relatorios/inadimplencia',
    {
      schema: { querystring: inadimplenciaQuerySchema, response: { 200: inadimplenciaRespostaSchema } },
      config: { access: rolesFor('parcelas.listar') },
    },
    async (request, reply) => {
      const { resposta, total } = await inadimplencia(
        request.dbLeitura,
        request.actor!,
        request.query,
        todayInBrasilia(app.clock.now()),
      );
      setTotalCount(reply, total);
      return resposta;
    },
  );
}
