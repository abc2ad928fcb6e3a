import type { FastifyInstance } from 'fastify';
import {
  CURSO_MESSAGES,
  type CursoCreateInput as CursoCreate,
  type CursoListQuery,
  type CursoUpdateInput as CursoUpdate,
  discountAboveValue,
  type ModuloCreateInput as ModuloCreate,
  type ModuloUpdateInput as ModuloUpdate,
} from '../../../shared/schemas/curso';
import type { Actor } from '../../access/actor';
import type { Executor } from '../../db/connect';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { pageWindow } from '../../lib/pagination';
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
  toModulo,
  updateModulo,
} from './cursos.repository';
import { alteracoesDe, audit } from '../auditoria';

/**
 * Courses (SPEC §4, §7): only a cliente changes them, and only its own (DESIGN §4.1); the roles above it read
 * them for the event form.
 */

/** `db`: the request's read database (`request.dbLeitura`). */
export async function listCursosFor(db: Executor, actor: Actor, query: CursoListQuery) {
  const { clienteId, q, sort } = query;
  if (clienteId && !(await clienteVisible(db, actor, clienteId))) {
    throw notFound(CURSO_MESSAGES.clienteNotFound);
  }
  return listCursos(db, actor, { clienteId, q, sort, ...pageWindow(query) });
}

/** A course and its modules, numbered in the order given, in one transaction. */
export async function createCurso(app: FastifyInstance, actor: Actor, input: CursoCreate) {
  const clienteId = actor.clienteId;
  if (!clienteId) throw forbidden();
  const { modulos, ...fields } = input;
  const id = await app.db.transaction(async (tx) => {
    const curso = await insertCurso(tx, { ...fields, clienteId });
    await insertModulos(
      tx,
      modulos.map((m, index) => ({ ...m, cursoId: curso.id, ordem: index + 1 })),
    );
    await audit(tx, {
      acao: 'curso.criar',
      entidadeId: curso.id,
      alteracoes: alteracoesDe(null, { ...fields, modulos: modulos.length }),
    });
    return curso.id;
  });
  return findCurso(app.db, actor, id);
}

/**
 * An edit checks the discount against the value the course will have. A deactivated course may be activated again
 * (issue 23: the toast's 'Desfazer' undoes a deactivation; ADR 036 changes SPEC §4's one-way deactivation).
 */
export async function editCurso(app: FastifyInstance, actor: Actor, id: string, input: CursoUpdate) {
  await app.db.transaction(async (tx) => {
    const current = await findCursoRow(tx, actor, id, true);
    if (!current) throw notFound(CURSO_MESSAGES.cursoNotFound);
    const valor = input.valor ?? current.valor;
    const valorComDesconto = input.valorComDesconto !== undefined ? input.valorComDesconto : current.valorComDesconto;
    if (discountAboveValue(valor, valorComDesconto)) {
      throw badRequest(CURSO_MESSAGES.valorComDescontoAcima, {
        valorComDesconto: CURSO_MESSAGES.valorComDescontoAcima,
      });
    }
    await updateCurso(tx, current.id, input);
    await audit(tx, {
      acao: 'curso.editar',
      entidadeId: current.id,
      alteracoes: alteracoesDe(current, await findCursoRow(tx, actor, id)),
    });
  });
  return findCurso(app.db, actor, id);
}

/** A module at the given place, or after the last one. */
export async function addModulo(app: FastifyInstance, actor: Actor, cursoId: string, input: ModuloCreate) {
  return app.db.transaction(async (tx) => {
    const curso = await findCursoRow(tx, actor, cursoId, true);
    if (!curso) throw notFound(CURSO_MESSAGES.cursoNotFound);
    const ordem = input.ordem ?? (await nextOrdem(tx, curso.id));
    const [created] = await insertModulos(tx, [{ ...input, ordem, cursoId: curso.id }]);
    await audit(tx, {
      acao: 'curso.modulo_criar',
      entidadeId: curso.id,
      alteracoes: alteracoesDe(null, created),
      detalhes: { moduloId: created!.id },
    });
    return created!;
  });
}

export async function editModulo(
  app: FastifyInstance,
  actor: Actor,
  cursoId: string,
  moduloId: string,
  input: ModuloUpdate,
) {
  return app.db.transaction(async (tx) => {
    const curso = await findCursoRow(tx, actor, cursoId);
    if (!curso) throw notFound(CURSO_MESSAGES.cursoNotFound);
    const modulo = await findModulo(tx, curso.id, moduloId);
    if (!modulo) throw notFound(CURSO_MESSAGES.moduloNotFound);
    const updated = await updateModulo(tx, modulo.id, input);
    await audit(tx, {
      acao: 'curso.modulo_editar',
      entidadeId: curso.id,
      alteracoes: alteracoesDe(toModulo(modulo), updated),
      detalhes: { moduloId: modulo.id },
    });
    return updated;
  });
}

/** A course keeps at least one module; the rest are renumbered. */
export async function removeModulo(app: FastifyInstance, actor: Actor, cursoId: string, moduloId: string) {
  await app.db.transaction(async (tx) => {
    // The course row is locked so two removals at once cannot both take the last but one module.
    const curso = await findCursoRow(tx, actor, cursoId, true);
    if (!curso) throw notFound(CURSO_MESSAGES.cursoNotFound);
    const modulo = await findModulo(tx, curso.id, moduloId);
    if (!modulo) throw notFound(CURSO_MESSAGES.moduloNotFound);
    if ((await countModulos(tx, curso.id)) <= 1) throw conflict(CURSO_MESSAGES.modulosEdit);
    await deleteModulo(tx, modulo.id);
    await renumberModulos(tx, curso.id);
    await audit(tx, {
      acao: 'curso.modulo_excluir',
      entidadeId: curso.id,
      alteracoes: alteracoesDe(toModulo(modulo), null),
      detalhes: { moduloId: modulo.id },
    });
  });
}
