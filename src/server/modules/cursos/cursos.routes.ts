import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CURSO_MESSAGES,
  cursoCreateSchema,
  cursoListQuerySchema,
  cursoParamsSchema,
  cursoUpdateSchema,
  discountAboveValue,
  moduloCreateSchema,
  moduloParamsSchema,
  moduloUpdateSchema,
} from '../../../shared/schemas/curso';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { pageWindow, setTotalCount } from '../../lib/pagination';
import {
  clienteVisible,
  countModulos,
  deleteModulo,
  findCurso,
  findCursoRow,
  findModulo,
  insertCurso,
  insertModulos,
  listCursos,
  nextOrdem,
  renumberModulos,
  updateCurso,
  updateModulo,
} from './cursos.repository';
import { rolesFor } from '../../../shared/permissions';

/** Only a cliente changes courses, and only its own (DESIGN §4.1); the roles above it read them for the event form. */

/** The cursos API (SPEC §7, DESIGN §4). */
export async function cursosRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/cursos',
    { schema: { querystring: cursoListQuerySchema }, config: { access: rolesFor('cursos.ler') } },
    async (request, reply) => {
      const actor = request.actor!;
      const { clienteId, q } = request.query;
      if (clienteId && !(await clienteVisible(app.db, actor, clienteId))) {
        throw notFound(CURSO_MESSAGES.clienteNotFound);
      }
      const { items, total } = await listCursos(app.db, actor, { clienteId, q, ...pageWindow(request.query) });
      setTotalCount(reply, total);
      return items;
    },
  );

  app.post(
    '/api/cursos',
    { schema: { body: cursoCreateSchema }, config: { access: rolesFor('cursos.gerenciar') } },
    async (request, reply) => {
      const clienteId = request.actor!.clienteId;
      if (!clienteId) throw forbidden();
      const { modulos, ...fields } = request.body;
      const id = await app.db.transaction(async (tx) => {
        const curso = await insertCurso(tx, { ...fields, clienteId });
        await insertModulos(
          tx,
          modulos.map((m, index) => ({ ...m, cursoId: curso.id, ordem: index + 1 })),
        );
        return curso.id;
      });
      reply.code(201);
      return findCurso(app.db, request.actor!, id);
    },
  );

  app.patch(
    '/api/cursos/:id',
    {
      schema: { params: cursoParamsSchema, body: cursoUpdateSchema },
      config: { access: rolesFor('cursos.gerenciar') },
    },
    async (request) => {
      const actor = request.actor!;
      const body = request.body;
      await app.db.transaction(async (tx) => {
        const current = await findCursoRow(tx, actor, request.params.id, true);
        if (!current) throw notFound(CURSO_MESSAGES.cursoNotFound);
        // Deactivation cannot be undone (SPEC §4).
        if (body.isActive === true && !current.isActive) throw conflict(CURSO_MESSAGES.reativacao);
        const valor = body.valor ?? Number(current.valor);
        const valorComDesconto =
          body.valorComDesconto !== undefined
            ? body.valorComDesconto
            : current.valorComDesconto == null
              ? null
              : Number(current.valorComDesconto);
        if (discountAboveValue(valor, valorComDesconto)) {
          throw badRequest(CURSO_MESSAGES.valorComDescontoAcima, {
            valorComDesconto: CURSO_MESSAGES.valorComDescontoAcima,
          });
        }
        await updateCurso(tx, current.id, body);
      });
      return findCurso(app.db, actor, request.params.id);
    },
  );

  app.post(
    '/api/cursos/:id/modulos',
    {
      schema: { params: cursoParamsSchema, body: moduloCreateSchema },
      config: { access: rolesFor('cursos.gerenciar') },
    },
    async (request, reply) => {
      const actor = request.actor!;
      const modulo = await app.db.transaction(async (tx) => {
        const curso = await findCursoRow(tx, actor, request.params.id, true);
        if (!curso) throw notFound(CURSO_MESSAGES.cursoNotFound);
        const ordem = request.body.ordem ?? (await nextOrdem(tx, curso.id));
        const [created] = await insertModulos(tx, [{ ...request.body, ordem, cursoId: curso.id }]);
        return created!;
      });
      reply.code(201);
      return modulo;
    },
  );

  app.patch(
    '/api/cursos/:id/modulos/:moduloId',
    {
      schema: { params: moduloParamsSchema, body: moduloUpdateSchema },
      config: { access: rolesFor('cursos.gerenciar') },
    },
    async (request) => {
      const actor = request.actor!;
      const curso = await findCursoRow(app.db, actor, request.params.id);
      if (!curso) throw notFound(CURSO_MESSAGES.cursoNotFound);
      const modulo = await findModulo(app.db, curso.id, request.params.moduloId);
      if (!modulo) throw notFound(CURSO_MESSAGES.moduloNotFound);
      return updateModulo(app.db, modulo.id, request.body);
    },
  );

  app.delete(
    '/api/cursos/:id/modulos/:moduloId',
    { schema: { params: moduloParamsSchema }, config: { access: rolesFor('cursos.gerenciar') } },
    async (request) => {
      const actor = request.actor!;
      await app.db.transaction(async (tx) => {
        // The course row is locked so two removals at once cannot both take the last but one module.
        const curso = await findCursoRow(tx, actor, request.params.id, true);
        if (!curso) throw notFound(CURSO_MESSAGES.cursoNotFound);
        const modulo = await findModulo(tx, curso.id, request.params.moduloId);
        if (!modulo) throw notFound(CURSO_MESSAGES.moduloNotFound);
        if ((await countModulos(tx, curso.id)) <= 1) throw conflict(CURSO_MESSAGES.modulosEdit);
        await deleteModulo(tx, modulo.id);
        await renumberModulos(tx, curso.id);
      });
      return { message: CURSO_MESSAGES.moduloRemovido };
    },
  );
}
