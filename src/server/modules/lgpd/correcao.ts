import type { FastifyInstance } from 'fastify';
import type { SQL } from 'drizzle-orm';
import {
  CAMPOS_CORRIGIVEIS,
  CAMPO_CORRIGIVEL_LABELS,
  CORRECAO_MESSAGES,
  type CampoCorrigivel,
  type CorrecaoDados,
  type RegistroCorrigivel,
} from '../../../shared/schemas/correcao';
import { LGPD_MESSAGES, PEDIDO_STATUS_FINAIS, type TitularRegistro } from '../../../shared/schemas/lgpd';
import { formatPhone } from '../../../shared/format';
import type { Actor } from '../../access/actor';
import { lgpdAlcanceOf, leadsVisibleTo, matriculasVisibleTo, preMatriculasVisibleTo } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { layout } from '../../mail/templates';
import { enfileirarEmail } from '../../jobs';
import { alteracoesDe, audit } from '../auditoria';
import {
  type RegistroAtual,
  gravarCorrecao,
  guardaCampo,
  lockRegistro,
  doTitularDoPedido,
  findPedido,
  outraInscricao,
  type PedidoDaCorrecao,
} from './correcao.repository';
import { findRegistros } from './titular.repository';

/**
 * Correcting a titular's data (LGPD art. 18 III, issue 39 item 14): the names, e-mail and phone of one record,
 * by the staff who manage it (the lead's panel, the pré-matrícula's row) or who answer the titular's 'Correção
 * de dados' request. Always within the caller's row scope (access/scope.ts), audited with the fields it changed,
 * and the family told by e-mail -- at the new address and, when the e-mail changed, at the old one too.
 */

/** The caller's rows of each kind, as every list and panel reads them. */
function escopoDe(actor: Actor, tipo: RegistroCorrigivel): SQL {
  switch (tipo) {
    case 'lead':
      return leadsVisibleTo(actor);
    case 'pre_matricula':
      return preMatriculasVisibleTo(actor);
    case 'matricula':
      return matriculasVisibleTo(actor);
  }
}

const ACAO = {
  lead: 'lead.corrigir',
  pre_matricula: 'pre_matricula.corrigir',
  matricula: 'matricula.corrigir',
} as const;

/** What changes: the fields sent that differ from the record (the e-mail compared without case). */
function mudancasDe(atual: RegistroAtual, dados: CorrecaoDados): Partial<Record<CampoCorrigivel, string>> {
  const out: Partial<Record<CampoCorrigivel, string>> = {};
  for (const campo of CAMPOS_CORRIGIVEIS) {
    const novo = dados[campo];
    if (novo === undefined) continue;
    const antes = atual[campo];
    const igual = campo === 'email' ? antes?.toLowerCase() === novo.toLowerCase() : antes === novo;
    if (!igual) out[campo] = novo;
  }
  return out;
}

function correcaoEmail(campos: Partial<Record<CampoCorrigivel, string>>) {
  const valor = (campo: CampoCorrigivel, v: string) => (campo === 'telefone' ? formatPhone(v) : v);
  const lines = [
    'Olá!',
    'Corrigimos os seus dados pessoais no nosso cadastro, como pedido:',
    ...(Object.entries(campos) as [CampoCorrigivel, string][]).map(
      ([campo, v]) => `${CAMPO_CORRIGIVEL_LABELS[campo]}: ${valor(campo, v)}`,
    ),
    'Se você não pediu esta correção ou algo continua errado, responda a este e-mail ou peça uma nova correção em Meus dados.',
  ];
  return {
    subject: 'Seus dados foram corrigidos',
    text: `${lines.join('\n\n')}\n`,
    html: layout('Seus dados foram corrigidos', lines),
  };
}

/**
 * The correction itself, in one transaction: the record locked under `condicoes` (404 otherwise), refused when
 * anonymised or when the kind keeps no such field, the change written, audited, and the e-mail queued with it.
 */
async function corrigir(
  app: FastifyInstance,
  actor: Actor,
  alvo: { tipo: RegistroCorrigivel; id: string },
  dados: CorrecaoDados,
  condicoes: SQL[],
  detalhes: Record<string, unknown> | null,
) {
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const atual = await lockRegistro(tx, alvo.tipo, alvo.id, [escopoDe(actor, alvo.tipo), ...condicoes]);
    if (!atual) throw notFound(CORRECAO_MESSAGES.naoEncontrado);
    if (atual.anonimizado) throw conflict(CORRECAO_MESSAGES.anonimizado);
    if (dados.nomeResponsavel !== undefined && !guardaCampo(alvo.tipo, 'nomeResponsavel')) {
      throw badRequest(CORRECAO_MESSAGES.semResponsavel, { nomeResponsavel: CORRECAO_MESSAGES.semResponsavel });
    }
    const campos = mudancasDe(atual, dados);
    if (!Object.keys(campos).length) throw badRequest(CORRECAO_MESSAGES.nadaAlterar);
    if (
      alvo.tipo === 'lead' &&
      (campos.email || campos.nomeAluno) &&
      (await outraInscricao(tx, atual, campos.email ?? atual.email, campos.nomeAluno ?? atual.nomeAluno))
    ) {
      throw conflict(CORRECAO_MESSAGES.inscricaoRepetida);
    }
    await gravarCorrecao(tx, alvo.tipo, alvo.id, campos, now);
    const antes = Object.fromEntries(Object.keys(campos).map((c) => [c, atual[c as CampoCorrigivel]]));
    await audit(tx, {
      acao: ACAO[alvo.tipo],
      entidadeId: alvo.id,
      alteracoes: alteracoesDe(antes, campos),
      detalhes: { ...detalhes, campos: Object.keys(campos) },
    });
    const mail = correcaoEmail(campos);
    const destinos = new Set([(campos.email ?? atual.email).toLowerCase(), atual.email.toLowerCase()]);
    for (const to of destinos) {
      await enfileirarEmail(app, tx, { to, ...mail }, { rede: atual.franqueadorId, registroId: alvo.id });
    }
  });
}

/** PATCH /api/leads/:id/dados and /api/pre-matriculas/:id/dados: the record's own managers. */
export async function corrigirRegistro(
  app: FastifyInstance,
  actor: Actor,
  tipo: 'lead' | 'pre_matricula',
  id: string,
  dados: CorrecaoDados,
) {
  await corrigir(app, actor, { tipo, id }, dados, [], null);
  return { message: CORRECAO_MESSAGES.corrigido };
}

/** The request, within the caller's reach (404 otherwise), still open and a correction request. */
async function pedidoDeCorrecao(db: Executor, actor: Actor, id: string): Promise<PedidoDaCorrecao> {
  const pedido = await findPedido(db, actor, id);
  if (!pedido) throw notFound(LGPD_MESSAGES.pedidoNaoEncontrado);
  if (pedido.tipo !== 'correcao') throw conflict(CORRECAO_MESSAGES.pedidoNaoCorrecao);
  if (PEDIDO_STATUS_FINAIS.includes(pedido.status)) throw conflict(LGPD_MESSAGES.pedidoEncerrado);
  return pedido;
}

/** The request's branch of the network: the franquia's rows, or the franqueador's. */
const alcanceDoPedido = (pedido: PedidoDaCorrecao) =>
  pedido.franquia_id
    ? { coluna: 'franquia_id' as const, id: pedido.franquia_id }
    : { coluna: 'franqueador_id' as const, id: pedido.franqueador_id };

/**
 * GET /api/lgpd/pedidos/:id/registros: the records a correction request may change -- the request's e-mail, in
 * the request's branch and the caller's own (audited as a consultation of the titular).
 */
export async function registrosDoPedido(app: FastifyInstance, actor: Actor, id: string) {
  const alcance = lgpdAlcanceOf(actor);
  if (!alcance) throw forbidden();
  const pedido = await pedidoDeCorrecao(app.db, actor, id);
  const doPedido = alcanceDoPedido(pedido);
  const registros = (await findRegistros(app.db, { email: pedido.email }, doPedido, app.clock.now())).filter(
    (r): r is TitularRegistro & { tipo: RegistroCorrigivel } =>
      (r.tipo === 'lead' || r.tipo === 'pre_matricula' || r.tipo === 'matricula') && !r.anonimizado,
  );
  await audit(app.db, {
    acao: 'titular.consultar',
    detalhes: { por: 'email', pedidoId: pedido.id, registros: registros.length },
  });
  return { registros };
}

/**
 * POST /api/lgpd/pedidos/:id/correcoes: one record of the request's titular corrected. The record must hold the
 * request's e-mail, sit in the request's branch and in the caller's row scope; the request stays open for its
 * answer (the titular is told of the correction at once, and of the answer when it is concluded).
 */
export async function corrigirPeloPedido(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  input: CorrecaoDados & { tipo: RegistroCorrigivel; registroId: string },
) {
  const alcance = lgpdAlcanceOf(actor);
  if (!alcance) throw forbidden();
  const pedido = await pedidoDeCorrecao(app.db, actor, id);
  const doPedido = alcanceDoPedido(pedido);
  const { tipo, registroId, ...dados } = input;
  await corrigir(
    app,
    actor,
    { tipo, id: registroId },
    dados,
    doTitularDoPedido(tipo, pedido.email, doPedido, alcance),
    { pedidoId: pedido.id },
  );
  return { message: CORRECAO_MESSAGES.corrigido };
}
