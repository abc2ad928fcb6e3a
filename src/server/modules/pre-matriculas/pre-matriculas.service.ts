import type { FastifyInstance } from 'fastify';
import {
  FUNNEL_MESSAGES,
  type PreMatriculaCursoAnswer,
  type PreMatriculaCursoOpcao,
} from '../../../shared/schemas/funnel';
import { cursosAtivosDoEvento } from '../cursos';
import type { Actor } from '../../access/actor';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { audit } from '../auditoria';
import { findPreMatriculaEvento, lockPreMatriculaInScope, setPreMatriculaCurso } from './pre-matriculas.repository';

/** The courses the dialog offers for a pré-matrícula the actor sees; 404 otherwise. */
export async function cursosDaPreMatricula(
  app: FastifyInstance,
  actor: Actor,
  id: string,
): Promise<PreMatriculaCursoOpcao[]> {
  const eventoId = await findPreMatriculaEvento(app.db, actor, id);
  if (!eventoId) throw notFound(FUNNEL_MESSAGES.preMatriculaNaoEncontrada);
  return cursosAtivosDoEvento(app.db, eventoId);
}

/**
 * Sets, changes or clears (null) the course of interest of a pending pré-matrícula (issue 23). Stored as the
 * course's title, as the public activation stores it, so Efetivar carries it to the matrícula unchanged. A row
 * out of scope answers 404 whatever the body; a course its event does not offer, 400; an effective one, 409 (its
 * matrícula already holds the course), before the course is looked at. Audited in the change's transaction.
 */
export async function definirCurso(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  cursoId: string | null,
): Promise<PreMatriculaCursoAnswer> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const pre = await lockPreMatriculaInScope(tx, actor, id);
    if (!pre) throw notFound(FUNNEL_MESSAGES.preMatriculaNaoEncontrada);
    if (pre.status === 'efetivada') throw conflict(FUNNEL_MESSAGES.cursoJaEfetivada);
    let titulo: string | null = null;
    if (cursoId !== null) {
      const curso = (await cursosAtivosDoEvento(tx, pre.eventoId)).find((c) => c.id === cursoId);
      if (!curso) throw badRequest(FUNNEL_MESSAGES.cursoForaDoEvento, { cursoId: FUNNEL_MESSAGES.cursoForaDoEvento });
      titulo = curso.titulo;
    }
    await setPreMatriculaCurso(tx, pre.id, titulo, now);
    await audit(tx, {
      acao: 'pre_matricula.curso',
      entidadeId: pre.id,
      alteracoes: pre.cursoInteresse === titulo ? null : { cursoInteresse: [pre.cursoInteresse, titulo] },
      detalhes: { cursoId },
    });
    return { id: pre.id, cursoInteresse: titulo };
  });
}
