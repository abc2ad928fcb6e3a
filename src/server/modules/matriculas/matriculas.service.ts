import type { matriculas } from '../../db/schema';
import { LGPD_MESSAGES } from '../../../shared/schemas/lgpd';
import { audit } from '../auditoria';
import type { FastifyInstance } from 'fastify';
import { FUNNEL_MESSAGES } from '../../../shared/schemas/funnel';
import {
  MATRICULA_MESSAGES,
  type MatriculaCurso,
  cursoDaMatricula,
  precoDoCurso,
} from '../../../shared/schemas/matricula';
import { cursosAtivosDoEvento } from '../cursos';
import type { Actor } from '../../access/actor';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { setAccountActive } from '../accounts';
import { unusablePasswordHash } from '../../lib/password';
import { sendSetPasswordEmail } from '../auth';
import { emitirEvento } from '../webhooks';
import { convertLeadOf } from '../leads';
import { congelarContrato, enviarLinkDoContrato, modeloVigente } from '../contratos';
import {
  findPreMatriculaInScope,
  findUserIdByEmail,
  insertAlunoUser,
  insertMatricula,
  linkAluno,
  markPreMatriculaEfetivada,
  redesDaMatricula,
} from './matriculas.repository';

/**
 * Makes a pre-matrícula effective (DESIGN §4.5), all or nothing: the matrícula with efetivadaEm, the
 * pre-matrícula marked 'efetivada', its lead 'convertido', and the aluno account for its e-mail (created when none exists) linked to
 * it. A second call, even a racing one, answers 409; a pre-matrícula outside the caller's scope, 404. The new
 * aluno gets its set-password link after the commit.
 *
 * The matrícula takes a course (issue 42, ADR 063): `cursoId` when given (one of the event's active courses, else
 * 400), else the one its pré-matrícula or its event determine (cursoDaMatricula), else 400 'Escolha o curso da
 * matrícula.'; it keeps the course's title, hours and price as they are now, a snapshot.
 */
export async function efetivarPreMatricula(
  app: FastifyInstance,
  actor: Actor,
  preMatriculaId: string,
  cursoId?: string,
) {
  const now = app.clock.now();
  const { matricula } = await app.db.transaction(async (tx) => {
    const pre = await findPreMatriculaInScope(tx, actor, preMatriculaId);
    if (!pre) throw notFound(FUNNEL_MESSAGES.preMatriculaNaoEncontrada);
    if (pre.status === 'efetivada') throw conflict(FUNNEL_MESSAGES.jaEfetivada);
    // An anonymised titular has no e-mail to open an account with (issue 18).
    if (pre.anonimizadoEm) throw conflict(LGPD_MESSAGES.titularAnonimizado);
    const escolha = cursoDaMatricula(pre.cursoInteresse, await cursosAtivosDoEvento(tx, pre.eventoId), cursoId);
    if ('erro' in escolha) {
      const message = MATRICULA_MESSAGES[escolha.erro === 'escolher' ? 'escolhaOCurso' : 'cursoForaDoEvento'];
      throw badRequest(message, { cursoId: message });
    }
    const snapshot = precoDaMatricula(escolha.curso);
    if (!(await markPreMatriculaEfetivada(tx, pre.id, now))) throw conflict(FUNNEL_MESSAGES.jaEfetivada);
    // Issue 42 (ADR 064): the network's current contract template, which the family is to accept; a network that
    // has published none makes its matrículas 'ativa', as every matrícula was before contracts.
    const modelo = pre.franqueadorId ? await modeloVigente(tx, pre.franqueadorId) : undefined;

    const matricula = await insertMatricula(tx, {
      preMatriculaId: pre.id,
      eventoId: pre.eventoId,
      leadId: pre.leadId,
      nome: pre.nome,
      email: pre.email,
      telefone: pre.telefone,
      cursoInteresse: pre.cursoInteresse,
      efetivadaEm: now,
      createdAt: now,
      // A revoked consent follows the family into its matrícula (issue 18).
      consentimentoRevogadoEm: pre.consentimentoRevogadoEm,
      ...snapshot,
      status: modelo ? 'aguardando_aceite' : 'ativa',
    });
    if (!matricula) throw conflict(FUNNEL_MESSAGES.jaEfetivada);
    const contrato = modelo ? await congelarContrato(tx, matricula, modelo, now) : null;
    // Issue 42 (ADR 066): the responsável gets the link to read and accept it, with the matrícula.
    if (contrato) await enviarLinkDoContrato(app, tx, contrato.id, 'enviado');
    // The family's lead is converted, with its history entry (issue 16).
    await convertLeadOf(tx, pre, actor.id, now);

    const email = pre.email.trim().toLowerCase();
    let user = await findUserIdByEmail(tx, email);
    let newUser: typeof user;
    if (!user) {
      newUser = await insertAlunoUser(tx, { email, nome: pre.nome, password: unusablePasswordHash() });
      user = newUser ?? (await findUserIdByEmail(tx, email));
    }
    // A staff account with the same e-mail is left alone: it is not an aluno and cannot become one. An aluno of
    // other networks is linked, never rewritten: its name stays the one its first network stored, and this
    // network shows it from its own pre-matrículas (ADR 019). Its login, switched off by every network that had
    // it, opens again for this network's rows only.
    if (user && user.role === 'aluno') {
      const linkActive = await linkAluno(tx, user.id, pre);
      if (linkActive && !user.isActive) await setAccountActive(tx, user.id, true);
    }
    await audit(tx, {
      acao: 'matricula.efetivar',
      entidadeId: matricula.id,
      alteracoes: { status: [pre.status, 'efetivada'] },
      detalhes: {
        preMatriculaId: pre.id,
        leadId: pre.leadId,
        alunoCriado: Boolean(newUser),
        // The course and the price the family takes (issue 42).
        cursoId: snapshot.cursoId,
        cursoTitulo: snapshot.cursoTitulo,
        valorTotal: snapshot.valorTotal,
        parcelas: snapshot.parcelas,
        status: matricula.status,
        contratoVersao: contrato?.versao ?? null,
      },
    });
    // The new aluno's set-password link is issued and its e-mail queued with the matrícula (ADR 028).
    if (newUser) await sendSetPasswordEmail(app, tx, newUser);
    await emitirEvento(app, tx, 'matricula.efetivada', redesDaMatricula(matricula.id), {
      id: matricula.id,
      preMatriculaId: pre.id,
      eventoId: pre.eventoId,
      nome: pre.nome,
      email: pre.email,
      telefone: pre.telefone,
      cursoInteresse: pre.cursoInteresse,
      efetivadaEm: now.toISOString(),
      cursoId: snapshot.cursoId,
      cursoTitulo: snapshot.cursoTitulo,
      valorTotal: snapshot.valorTotal,
      parcelas: snapshot.parcelas,
      status: matricula.status,
    });
    return { matricula, newUser };
  });

  return toEfetivadaView(matricula);
}

/** The snapshot of the course and its price (issue 42): what the course is and costs now, kept as it is. */
function precoDaMatricula(curso: {
  id: string;
  titulo: string;
  cargaHoraria: number;
  valor: number;
  valorComDesconto: number | null;
  parcelas: number;
}): MatriculaCurso & { cursoId: string } {
  return {
    cursoId: curso.id,
    cursoTitulo: curso.titulo,
    cursoCargaHoraria: curso.cargaHoraria,
    valor: curso.valor,
    valorComDesconto: curso.valorComDesconto,
    ...precoDoCurso(curso),
  };
}

/**
 * The answer of Efetivar: the matrícula's own fields as the list shows them, never the row's scope path (the
 * ids of its franqueador, franquia, micro-franquia, vendedor and cliente are the server's, not the caller's);
 * the route's response schema (matriculaViewSchema) names them.
 */
function toEfetivadaView(row: typeof matriculas.$inferSelect) {
  const revogado = row.consentimentoRevogadoEm !== null;
  return {
    id: row.id,
    preMatriculaId: row.preMatriculaId,
    eventoId: row.eventoId,
    leadId: row.leadId,
    nome: row.nome,
    email: revogado ? '' : row.email,
    telefone: revogado ? null : row.telefone,
    consentimentoRevogado: revogado,
    cursoInteresse: row.cursoInteresse,
    efetivadaEm: row.efetivadaEm,
    createdAt: row.createdAt,
    cursoId: row.cursoId,
    cursoTitulo: row.cursoTitulo,
    cursoCargaHoraria: row.cursoCargaHoraria,
    valor: row.valor,
    valorComDesconto: row.valorComDesconto,
    parcelas: row.parcelas,
    valorTotal: row.valorTotal,
    valorParcela: row.valorParcela,
    valorUltimaParcela: row.valorUltimaParcela,
    status: row.status,
    motivoCancelamento: row.motivoCancelamento,
    canceladaEm: row.canceladaEm,
  };
}
