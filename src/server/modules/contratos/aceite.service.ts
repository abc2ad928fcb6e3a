import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../../access/actor';
import type { Executor } from '../../db/connect';
import { emailInsert, enfileirarEmail } from '../../jobs';
import { enfileirarAviso } from '../whatsapp';
import { primeiroNome } from '../../../shared/schemas/inscricao';
import { HttpError, conflict, notFound } from '../../lib/http-error';
import { digest, newToken } from '../../lib/tokens';
import { audit, auditInsert, mascararEmail } from '../auditoria';
import {
  ACEITE_MESSAGES,
  CODIGO_MAX_TENTATIVAS,
  CODIGO_VALIDADE_MS,
  LINK_VALIDADE_MS,
  codigoVerificacaoContrato,
  podeDesistir,
  prazoDeArrependimento,
} from '../../../shared/contrato/aceite';
import { iniciais } from '../../../shared/declaracao';
import { onlyDigits } from '../../../shared/format';
import type {
  AceiteContrato,
  ConfirmacaoContrato,
  ContratoConfirmado,
  ContratoPublico,
  ContratoVerificado,
} from '../../../shared/schemas/contrato-aceite';
import { CONTRATO_MESSAGES } from '../../../shared/schemas/contrato';
import { DIA_VENCIMENTO_PADRAO } from '../../../shared/cobranca/parcelas';
import { encerrarCobrancaDaMatricula, planoDeCobrancaInsert } from '../cobranca';
import {
  type ContratoComMatricula,
  type ContratoDaPagina,
  abrirContratoPorToken,
  cancelarPorArrependimento,
  findContratoNoEscopo,
  findContratoPorId,
  findContratoPorToken,
  findContratosVerificados,
  gastarCodigo,
  insertEvento,
  listEventos,
  reabrirMatriculaExpirada,
  redeDaMatricula,
  registrarAceiteEAtivar,
  registrarTentativa,
  setCodigo,
  setLink,
} from './aceite.repository';
import { codigoDoContratoEmail, contratoAceitoEmail, desistenciaEmail, linkDoContratoEmail } from './aceite.mail';
import { renderContratoPdf, sha256 } from './contrato.pdf';

/**
 * The family's acceptance of its contract (issue 42, third slice; ADR 066). The responsável opens the link e-mailed
 * at Efetivar, asks for a 6-digit code (e-mailed, 15 minutes, 5 tries) and accepts with it and the first 3 digits
 * of its CPF; within 7 days (São Paulo) it may withdraw the same way. Every failure to confirm -- a wrong code or
 * CPF, a code expired or spent, a link unknown or expired -- answers the one same 400 after the same floor of time.
 */

/** How long every failed confirmation takes at least: the work of each kind of failure hides below it. */
export const FALHA_PISO_MS = 400;

const naoConfere = () => new HttpError(400, ACEITE_MESSAGES.naoConfere);

/** Waits until `desde` (performance.now()) is FALHA_PISO_MS behind: every failure leaves in the same time band. */
async function piso(desde: number) {
  const falta = FALHA_PISO_MS - (performance.now() - desde);
  if (falta > 0) await new Promise((resolve) => setTimeout(resolve, falta));
}

const hashDoCodigo = (contratoId: string, codigo: string) =>
  createHash('sha256').update(`${contratoId}:${codigo}`).digest('hex');

/** Compares two hex digests in constant time (a missing one compares against zeros and fails). */
function mesmoHash(guardado: string | null, dado: string): boolean {
  const a = Buffer.from(guardado ?? '0'.repeat(64), 'hex');
  const b = Buffer.from(dado, 'hex');
  return a.length === b.length && timingSafeEqual(a, b) && guardado !== null;
}

/** The family's page of a contract, for a link's token. */
export const urlDoContrato = (app: FastifyInstance, token: string) => `${app.config.appUrl}/contrato/${token}`;

/** Where the family's e-mails about its contract belong: the matrícula's network, the matrícula the record. */
const daMatricula = (matriculaId: string) => ({ rede: redeDaMatricula(matriculaId), registroId: matriculaId });

const valoresDe = (c: ContratoDaPagina['contrato']) => ({
  valorTotal: c.valorTotal,
  parcelas: c.parcelas,
  valorParcela: c.valorParcela,
  valorUltimaParcela: c.valorUltimaParcela,
});

/**
 * A new link for the contract, e-mailed to the responsável in the caller's transaction (the voucher's way, ADR 028):
 * 32 random bytes, only their SHA-256 kept, valid 30 days; any earlier link stops working.
 */
export async function enviarLinkDoContrato(
  app: FastifyInstance,
  tx: Executor,
  contratoId: string,
  tipo: 'enviado' | 'reenviado',
) {
  const now = app.clock.now();
  const row = await findContratoPorId(tx, contratoId);
  if (!row) return;
  const token = newToken();
  const expiraEm = new Date(now.getTime() + LINK_VALIDADE_MS);
  await setLink(tx, contratoId, digest(token), expiraEm);
  await insertEvento(tx, contratoId, tipo, now);
  const mail = linkDoContratoEmail(
    { ...row, url: urlDoContrato(app, token), expiraEm, valores: valoresDe(row.contrato) },
    tipo === 'reenviado',
  );
  // By WhatsApp when the family consented (issue 47), by e-mail otherwise.
  await enfileirarAviso(app, tx, { to: row.email, ...mail }, daMatricula(row.matriculaId), {
    momento: 'contrato',
    telefone: row.telefone,
    familia: { leadId: row.leadId, preMatriculaId: row.preMatriculaId },
    campos: { primeiro_nome: primeiroNome(row.alunoNome), link_contrato: urlDoContrato(app, token) },
  });
}

/** The contract as the family's page shows it. */
function toPublico(row: ContratoDaPagina, now: Date): ContratoPublico {
  const c = row.contrato;
  const prazo = c.aceitoEm ? prazoDeArrependimento(c.aceitoEm) : null;
  return {
    titulo: c.titulo,
    versao: c.versao,
    texto: c.texto,
    ...valoresDe(c),
    multaCancelamentoPct: c.multaCancelamentoPct,
    status: row.status,
    motivoCancelamento: row.motivoCancelamento,
    aceitoEm: c.aceitoEm ? c.aceitoEm.toISOString() : null,
    desistirAte: prazo ? prazo.ultimoDia : null,
    podeDesistir: row.status === 'ativa' && c.aceitoEm !== null && podeDesistir(c.aceitoEm, now),
    codigoVerificacao: c.aceitoEm ? codigoVerificacaoContrato(c.id) : null,
    emailMascarado: mascararEmail(row.email),
  };
}

async function porToken(app: FastifyInstance, token: string, now: Date) {
  const row = await findContratoPorToken(app.db, digest(token), now);
  if (!row) throw notFound(ACEITE_MESSAGES.linkInvalido);
  return row;
}

/**
 * GET /api/public/contratos/:token: the contract; its link's first opening goes on the timeline, in the same
 * statement that reads it (issue 42's bench: one round trip where the read and the opening's transaction took five).
 */
export async function verContrato(app: FastifyInstance, token: string): Promise<ContratoPublico> {
  const now = app.clock.now();
  const row = await abrirContratoPorToken(app.db, digest(token), now);
  if (!row) throw notFound(ACEITE_MESSAGES.linkInvalido);
  return toPublico(row, now);
}

/** What the contract's state allows a code for: accepting, withdrawing, or nothing (409 saying why). */
function finalidadeDoCodigo(row: ContratoComMatricula, now: Date): 'aceitar' | 'desistir' {
  if (row.status === 'aguardando_aceite') return 'aceitar';
  if (row.status === 'cancelada') throw conflict(ACEITE_MESSAGES.cancelado);
  const aceitoEm = row.contrato.aceitoEm;
  if (!aceitoEm) throw conflict(ACEITE_MESSAGES.cancelado);
  if (!podeDesistir(aceitoEm, now))
    throw conflict(ACEITE_MESSAGES.prazoEncerrado(prazoDeArrependimento(aceitoEm).ultimoDia));
  return 'desistir';
}

/** POST /api/public/contratos/:token/codigo: a new 6-digit code to the responsável's e-mail (the last one is void). */
export async function enviarCodigo(app: FastifyInstance, token: string): Promise<{ message: string }> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const row = await findContratoPorToken(tx, digest(token), now, true);
    if (!row) throw notFound(ACEITE_MESSAGES.linkInvalido);
    const para = finalidadeDoCodigo(row, now);
    const codigo = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await setCodigo(
      tx,
      row.contrato.id,
      hashDoCodigo(row.contrato.id, codigo),
      new Date(now.getTime() + CODIGO_VALIDADE_MS),
    );
    await insertEvento(tx, row.contrato.id, 'codigo_enviado', now);
    await enfileirarEmail(
      app,
      tx,
      { to: row.email, ...codigoDoContratoEmail(codigo, para) },
      daMatricula(row.matriculaId),
    );
    return { message: ACEITE_MESSAGES.codigoEnviado(mascararEmail(row.email)) };
  });
}

/** Whether the code and the CPF's first digits confirm; a wrong try is spent on the code. */
async function confere(tx: Executor, row: ContratoComMatricula, input: ConfirmacaoContrato, now: Date) {
  const c = row.contrato;
  const vivo = c.codigoHash !== null && c.codigoExpiraEm !== null && c.codigoExpiraEm.getTime() > now.getTime();
  const codigoOk = mesmoHash(c.codigoHash, hashDoCodigo(c.id, input.codigo.trim()));
  const cpf = onlyDigits(row.responsavelCpf);
  const cpfOk =
    cpf.length === 11 &&
    timingSafeEqual(Buffer.from(cpf.slice(0, 3)), Buffer.from(input.cpfInicio.trim().padEnd(3).slice(0, 3)));
  if (vivo && codigoOk && cpfOk) return true;
  if (c.codigoHash !== null) await registrarTentativa(tx, c.id, CODIGO_MAX_TENTATIVAS);
  return false;
}

/** Where the request came from: kept with the acceptance. */
const origemDe = (request: FastifyRequest) => {
  const ua = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof ua === 'string' ? ua.slice(0, 500) : null };
};

/**
 * POST /api/public/contratos/:token/aceitar: with the code and the CPF's first 3 digits, the contract is accepted --
 * when, from where, the version, the code's channel and the SHA-256 of its PDF -- and the matrícula is 'ativa'.
 * Issue 43 (ADR 071): the due day the family chose is kept, and the job that bills the parcelas at the gateway is
 * written in the same transaction (it runs after the commit, and again after a crash, creating nothing twice).
 */
export async function aceitarContrato(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
  input: AceiteContrato,
): Promise<ContratoConfirmado> {
  const desde = performance.now();
  const now = app.clock.now();
  const outcome = await app.db.transaction(async (tx) => {
    const row = await findContratoPorToken(tx, digest(token), now, true);
    if (!row) return null;
    if (row.status === 'ativa') throw conflict(ACEITE_MESSAGES.jaAceito);
    if (row.status === 'cancelada') throw conflict(ACEITE_MESSAGES.cancelado);
    if (!(await confere(tx, row, input, now))) return null;
    const c = row.contrato;
    const origem = origemDe(request);
    const pdf = renderContratoPdf(
      { ...c, aceitoEm: now, aceiteIp: origem.ip, aceiteCanal: 'email' },
      app.config.appUrl,
    );
    const pdfSha256 = sha256(pdf);
    const tokenExpiraEm = new Date(Math.max(c.tokenExpiraEm!.getTime(), now.getTime() + LINK_VALIDADE_MS));
    const prazo = prazoDeArrependimento(now);
    const mail = contratoAceitoEmail({
      ...row,
      url: urlDoContrato(app, token),
      appUrl: app.config.appUrl,
      contratoId: c.id,
      desistirAte: prazo.ultimoDia,
      multaPct: c.multaCancelamentoPct,
      valores: valoresDe(c),
    });
    // One statement (issue 42's bench): the record, the matrícula 'ativa', the timeline, the billing plan's job,
    // the audit row and the e-mail's job -- the last four only once the first two happened.
    const { registrado, ativada } = await registrarAceiteEAtivar(
      tx,
      { contratoId: c.id, matriculaId: row.matriculaId },
      {
        aceitoEm: now,
        aceiteIp: origem.ip,
        aceiteUserAgent: origem.userAgent,
        aceiteVersao: c.versao,
        aceiteCanal: 'email',
        pdfSha256,
        tokenExpiraEm,
        diaVencimento: input.diaVencimento ?? DIA_VENCIMENTO_PADRAO,
      },
      now,
      (ativou) => [
        planoDeCobrancaInsert(row.matriculaId, now, ativou),
        auditInsert(
          {
            acao: 'matricula.aceitar_contrato',
            entidadeId: row.matriculaId,
            // The hash is a change of the contract, kept whole: the details' masking would take its digit runs for a
            // phone.
            alteracoes: { status: ['aguardando_aceite', 'ativa'], pdfSha256: [null, pdfSha256] },
            detalhes: { contratoId: c.id, versao: c.versao, canal: 'email', desistirAte: prazo.ultimoDia },
          },
          ativou,
        ),
        emailInsert(app, { to: row.email, ...mail }, daMatricula(row.matriculaId), ativou),
      ],
    );
    if (!registrado || !ativada) throw conflict(ACEITE_MESSAGES.jaAceito);
    return {
      ...row,
      status: 'ativa' as const,
      contrato: { ...c, aceitoEm: now, aceiteIp: origem.ip, aceiteCanal: 'email', aceiteVersao: c.versao, pdfSha256 },
    };
  });
  if (!outcome) {
    await piso(desde);
    throw naoConfere();
  }
  return { message: ACEITE_MESSAGES.aceito, contrato: toPublico(outcome, now) };
}

/**
 * POST /api/public/contratos/:token/desistir: within 7 days of acceptance (São Paulo, to the end of the 7th day),
 * with a new code and the CPF's digits, the matrícula is cancelled as 'arrependimento', with no fee.
 */
export async function desistirDaMatricula(
  app: FastifyInstance,
  token: string,
  input: ConfirmacaoContrato,
): Promise<ContratoConfirmado> {
  const desde = performance.now();
  const now = app.clock.now();
  const outcome = await app.db.transaction(async (tx) => {
    const row = await findContratoPorToken(tx, digest(token), now, true);
    if (!row) return null;
    const c = row.contrato;
    if (row.status === 'cancelada') throw conflict(ACEITE_MESSAGES.cancelado);
    if (row.status !== 'ativa' || !c.aceitoEm) throw conflict(ACEITE_MESSAGES.naoAceito);
    const prazo = prazoDeArrependimento(c.aceitoEm);
    if (!podeDesistir(c.aceitoEm, now)) throw conflict(ACEITE_MESSAGES.prazoEncerrado(prazo.ultimoDia));
    if (!(await confere(tx, row, input, now))) return null;
    await gastarCodigo(tx, c.id);
    if (!(await cancelarPorArrependimento(tx, row.matriculaId, now))) throw conflict(ACEITE_MESSAGES.cancelado);
    await insertEvento(tx, c.id, 'desistencia', now);
    // ADR 076: unpaid parcelas cancelled at the gateway and paid ones refunded, by a job after the commit.
    await encerrarCobrancaDaMatricula(tx, row.matriculaId, 'desistencia', now);
    await audit(tx, {
      acao: 'matricula.desistir',
      entidadeId: row.matriculaId,
      alteracoes: { status: ['ativa', 'cancelada'], motivoCancelamento: [null, 'arrependimento'] },
      detalhes: {
        contratoId: c.id,
        multaCancelamento: 0,
        aceitoEm: c.aceitoEm.toISOString(),
        desistirAte: prazo.ultimoDia,
      },
    });
    await enfileirarEmail(app, tx, { to: row.email, ...desistenciaEmail(row) }, daMatricula(row.matriculaId));
    return { ...row, status: 'cancelada' as const, motivoCancelamento: 'arrependimento' as const };
  });
  if (!outcome) {
    await piso(desde);
    throw naoConfere();
  }
  return { message: ACEITE_MESSAGES.desistencia, contrato: toPublico(outcome, now) };
}

/** The accepted contract's PDF, drawn again from what was recorded: the same bytes as at acceptance. */
function pdfDoAceito(app: FastifyInstance, row: ContratoComMatricula) {
  const c = row.contrato;
  if (!c.aceitoEm || !c.aceiteCanal) throw conflict(ACEITE_MESSAGES.pdfSoAposAceite);
  const bytes = renderContratoPdf({ ...c, aceitoEm: c.aceitoEm, aceiteCanal: c.aceiteCanal }, app.config.appUrl);
  return { bytes, nome: `contrato-${codigoVerificacaoContrato(c.id)}.pdf` };
}

/** GET /api/public/contratos/:token/pdf. */
export async function pdfPorToken(app: FastifyInstance, token: string) {
  return pdfDoAceito(app, await porToken(app, token, app.clock.now()));
}

/** GET /api/matriculas/:id/contrato.pdf: the staff's copy; out of scope or without a contract, 404. */
export async function pdfDaMatricula(app: FastifyInstance, actor: Actor, matriculaId: string) {
  const row = await findContratoNoEscopo(app.db, actor, matriculaId);
  if (!row) throw notFound(CONTRATO_MESSAGES.contratoNaoEncontrado);
  return pdfDoAceito(app, row);
}

/**
 * POST /api/matriculas/:id/contrato/reenviar: a new link (the old one stops working), while the contract waits for
 * acceptance -- or after its link expired and the matrícula was cancelled for it, which then waits again.
 */
export async function reenviarLink(app: FastifyInstance, actor: Actor, matriculaId: string) {
  return app.db.transaction(async (tx) => {
    const row = await findContratoNoEscopo(tx, actor, matriculaId, true);
    if (!row) throw notFound(CONTRATO_MESSAGES.contratoNaoEncontrado);
    if (row.anonimizadoEm) throw conflict(ACEITE_MESSAGES.naoReenvia);
    const expirada = row.status === 'cancelada' && row.motivoCancelamento === 'contrato_expirado';
    if (row.status !== 'aguardando_aceite' && !expirada) throw conflict(ACEITE_MESSAGES.naoReenvia);
    if (expirada) await reabrirMatriculaExpirada(tx, matriculaId);
    await enviarLinkDoContrato(app, tx, row.contrato.id, 'reenviado');
    await audit(tx, {
      acao: 'matricula.reenviar_contrato',
      entidadeId: matriculaId,
      alteracoes: expirada ? { status: ['cancelada', 'aguardando_aceite'] } : undefined,
      detalhes: { contratoId: row.contrato.id, destino: mascararEmail(row.email) },
    });
    return { message: ACEITE_MESSAGES.reenviado(mascararEmail(row.email)) };
  });
}

/** What the staff's GET /api/matriculas/:id/contrato adds: the acceptance, the link and the timeline. */
export async function aceiteParaEquipe(app: FastifyInstance, actor: Actor, matriculaId: string) {
  const row = await findContratoNoEscopo(app.db, actor, matriculaId);
  if (!row) return null;
  const c = row.contrato;
  const eventos = await listEventos(app.db, c.id);
  return {
    aceitoEm: c.aceitoEm ? c.aceitoEm.toISOString() : null,
    canalCodigo: c.aceiteCanal,
    pdfSha256: c.pdfSha256,
    codigoVerificacao: c.aceitoEm ? codigoVerificacaoContrato(c.id) : null,
    linkExpiraEm: c.tokenExpiraEm ? c.tokenExpiraEm.toISOString() : null,
    desistirAte: c.aceitoEm ? prazoDeArrependimento(c.aceitoEm).ultimoDia : null,
    motivoCancelamento: row.motivoCancelamento,
    eventos: eventos.map((e) => ({ tipo: e.tipo, em: e.em.toISOString() })),
  };
}

/** GET /api/public/contratos/verificar/:codigo: an accepted contract's check, with initials only; 404 otherwise. */
export async function verificarContrato(app: FastifyInstance, codigo: string): Promise<ContratoVerificado[]> {
  const rows = await findContratosVerificados(app.db, codigo);
  if (rows.length === 0) throw notFound(ACEITE_MESSAGES.verificacaoNaoEncontrada);
  return rows.map((row) => ({
    codigo: codigoVerificacaoContrato(row.contrato.id),
    valido: row.status === 'ativa' && row.anonimizadoEm === null,
    status: row.status,
    versao: row.contrato.versao,
    titulo: row.contrato.titulo,
    aceitoEm: row.contrato.aceitoEm!.toISOString(),
    aluno: row.anonimizadoEm ? '' : iniciais(row.alunoNome),
    responsavel: row.anonimizadoEm ? '' : iniciais(row.responsavelNome),
  }));
}
