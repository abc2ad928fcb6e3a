import type { FastifyInstance } from 'fastify';
import { enfileirarEmail } from '../../jobs';
import {
  buscaDoTexto,
  LGPD_MESSAGES,
  PEDIDO_STATUS_FINAIS,
  PRAZO_PEDIDO_DIAS,
  protocoloDe,
  TITULAR_TOKEN_HORAS,
  type PedidoPatchInput,
  type PedidoStatus,
  type PedidoTipo,
  type PedidoView,
  type TitularBusca,
  type TitularIdentificador,
  type TitularRede,
  type TitularRegistro,
  type TitularView,
} from '../../../shared/schemas/lgpd';
import { AVISO_VIGENTE } from '../../../shared/privacidade';
import type { Actor } from '../../access/actor';
import { lgpdAlcanceOf } from '../../access/scope';
import type { Executor } from '../../db/connect';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { digest, newToken } from '../../lib/tokens';
import { audit } from '../auditoria';
import { anonimizar } from './anonimizar.repository';
import { titularLinkEmail, pedidoRegistradoEmail, pedidoRespondidoEmail } from './lgpd.mail';
import { type Alcance, emailExiste, findRegistroIds, findRegistros, ramosDoEmail } from './titular.repository';
import {
  findLiveToken,
  findPedidosDoEmail,
  findPedidosPage,
  franquiaNome,
  insertPedido,
  insertTitularToken,
  lockPedido,
  type PedidoRow,
  redesSelect,
  revogarConsentimento,
  revogarWhatsappDe,
  spendToken,
  type TokenRow,
  updatePedido,
} from './lgpd.repository';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

// ---------------------------------------------------------------------------------------------------------------
// The titular's portal (public)
// ---------------------------------------------------------------------------------------------------------------

/**
 * POST /api/public/titular/solicitar, after its answer (the answer is the same for every e-mail): a link to the
 * portal, when the e-mail is anywhere in the network. The link is built from APP_URL, never from the request.
 */
export async function solicitarAcesso(app: FastifyInstance, email: string): Promise<void> {
  if (!(await emailExiste(app.db, email))) return;
  const token = newToken();
  const now = app.clock.now();
  const url = `${app.config.appUrl}/meus-dados?token=${encodeURIComponent(token)}`;
  // The token and its e-mail's job commit together (ADR 028).
  await app.db.transaction(async (tx) => {
    await insertTitularToken(tx, {
      digest: digest(token),
      email: email.toLowerCase(),
      expiresAt: new Date(now.getTime() + TITULAR_TOKEN_HORAS * HOUR_MS),
      now,
    });
    // The person's own, across networks: on no network's 'Envios' (issue 39), whoever holds the address.
    await enfileirarEmail(app, tx, { to: email, ...titularLinkEmail(url) }, { rede: null, registroId: null });
  });
}

/** The e-mail a live token was sent to; unknown, expired and spent tokens answer alike. */
async function emailDoToken(db: Executor, token: string, now: Date, lock = false): Promise<TokenRow> {
  const row = await findLiveToken(db, digest(token), now, lock);
  if (!row) throw badRequest(LGPD_MESSAGES.linkInvalido);
  return row;
}

function toPedidoView(row: PedidoRow, now: Date): PedidoView & { franquia: { id: string; nome: string } | null } {
  const prazo = new Date(row.prazo);
  return {
    id: row.id,
    protocolo: protocoloDe(row.id),
    tipo: row.tipo,
    status: row.status,
    email: row.email,
    detalhe: row.detalhe,
    resposta: row.resposta,
    prazo: prazo.toISOString(),
    atrasado: !PEDIDO_STATUS_FINAIS.includes(row.status) && prazo.getTime() < now.getTime(),
    createdAt: iso(row.created_at)!,
    concluidoEm: iso(row.concluido_em),
    franquia: row.franquia_id ? { id: row.franquia_id, nome: row.franquia_nome ?? '' } : null,
  };
}

/** GET /api/public/titular?token= */
export async function verTitular(app: FastifyInstance, token: string): Promise<TitularView> {
  const now = app.clock.now();
  const { email } = await emailDoToken(app.db, token, now);
  const registros = await findRegistros(app.db, { email }, null, now);
  const pedidos = (await findPedidosDoEmail(app.db, email)).map((row) => {
    const { franquia: _f, ...view } = toPedidoView(row, now);
    return view;
  });
  return {
    email,
    registros,
    redes: redesDe(await ramosDoEmail(app.db, email)),
    pedidos,
    aviso: { versao: AVISO_VIGENTE.versao, vigenteDesde: AVISO_VIGENTE.vigenteDesde },
  };
}

type Ramo = Awaited<ReturnType<typeof ramosDoEmail>>[number];

/** The networks of the e-mail's records, for the portal's choice of where a request goes. */
function redesDe(ramos: Ramo[]): TitularRede[] {
  const redes = new Map<string, TitularRede>();
  for (const r of ramos) {
    const rede = redes.get(r.franqueadorId) ?? { id: r.franqueadorId, nome: r.rede, registros: [] };
    rede.registros.push(r.registroId);
    redes.set(r.franqueadorId, rede);
  }
  return [...redes.values()].sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
}

/**
 * The branches a request goes to (issue 39): those holding the e-mail's records in the networks the titular chose,
 * or in every network when it chose none -- unless it wrote something, which goes to no network it did not choose.
 */
function ramosDoPedido(ramos: Ramo[], redes: string[] | undefined, detalhe: string | null | undefined) {
  const todas = new Set(ramos.map((r) => r.franqueadorId));
  if (redes?.length) {
    const escolhidas = new Set(redes.map((r) => r.toLowerCase()));
    if ([...escolhidas].some((r) => !todas.has(r))) {
      throw badRequest(LGPD_MESSAGES.redeInvalida, { redes: LGPD_MESSAGES.redeInvalida });
    }
    ramos = ramos.filter((r) => escolhidas.has(r.franqueadorId));
  } else if (detalhe && todas.size > 1) {
    throw badRequest(LGPD_MESSAGES.escolhaRede, { redes: LGPD_MESSAGES.escolhaRede });
  }
  const unicos = new Map(ramos.map((r) => [`${r.franqueadorId}:${r.franquiaId ?? ''}`, r]));
  return [...unicos.values()];
}

/** GET /api/public/titular/export.json?token= (portability): the same records, as a file. */
export async function exportarPeloToken(app: FastifyInstance, token: string) {
  const view = await verTitular(app, token);
  return { geradoEm: app.clock.now().toISOString(), ...view };
}

/**
 * POST /api/public/titular/pedidos: one request per branch holding the e-mail's records in the networks it
 * concerns (`ramosDoPedido`), all or none, and the link spent. A revocation takes effect at once on those
 * branches' rows: the consents are marked revoked, the rows' contact leaves the lists and exports, and its
 * requests are concluded.
 */
export async function abrirPedido(
  app: FastifyInstance,
  input: { token: string; tipo: PedidoTipo; detalhe?: string | null; redes?: string[] },
): Promise<{ message: string; pedidos: PedidoView[] }> {
  const now = app.clock.now();
  const { pedidos } = await app.db.transaction(async (tx) => {
    const token = await emailDoToken(tx, input.token, now, true);
    const doEmail = await ramosDoEmail(tx, token.email);
    if (doEmail.length === 0) throw badRequest(LGPD_MESSAGES.semRegistros);
    const ramos = ramosDoPedido(doEmail, input.redes, input.detalhe);
    await spendToken(tx, token.id, now);
    const revogacao = input.tipo === 'revogacao';
    // Issue 47: leaving the WhatsApp notices is done at once, as a revocation is.
    const soWhatsapp = input.tipo === 'revogacao_whatsapp';
    const prazo = new Date(now.getTime() + PRAZO_PEDIDO_DIAS * DAY_MS);
    const created: PedidoRow[] = [];
    for (const ramo of ramos) {
      const row = await insertPedido(
        tx,
        {
          tipo: input.tipo,
          email: token.email,
          detalhe: input.detalhe ?? null,
          prazo,
          concluido: revogacao || soWhatsapp,
          franqueadorId: ramo.franqueadorId,
          franquiaId: ramo.franquiaId,
        },
        now,
      );
      created.push(row);
      await audit(tx, { acao: 'lgpd_pedido.abrir', entidadeId: row.id, ator: null, detalhes: { tipo: input.tipo } });
    }
    const registros = doEmail.filter((r) => ramos.some((x) => x.franqueadorId === r.franqueadorId));
    if (revogacao) {
      await revogarConsentimento(
        tx,
        registros.map((r) => r.registroId),
        now,
      );
    }
    if (soWhatsapp) {
      await revogarWhatsappDe(
        tx,
        registros.map((r) => r.registroId),
        now,
      );
    }
    const protocolos = created.map((p) => protocoloDe(p.id));
    // The titular's own e-mail about every request it opened: on the 'Envios' of each network it went to.
    const redes = [...new Set(ramos.map((r) => r.franqueadorId))];
    await enfileirarEmail(
      app,
      tx,
      { to: token.email, ...pedidoRegistradoEmail(input.tipo, protocolos, revogacao || soWhatsapp) },
      { rede: { redes: redesSelect(redes) }, registroId: null },
    );
    return { email: token.email, pedidos: created };
  });
  const revogacao = input.tipo === 'revogacao';
  return {
    message: revogacao
      ? LGPD_MESSAGES.revogacaoRegistrada
      : input.tipo === 'revogacao_whatsapp'
        ? LGPD_MESSAGES.whatsappRevogado
        : LGPD_MESSAGES.pedidoRegistrado,
    pedidos: pedidos.map((row) => {
      const { franquia: _f, ...view } = toPedidoView(row, now);
      return view;
    }),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The staff's side
// ---------------------------------------------------------------------------------------------------------------

function alcanceDe(actor: Actor): Alcance {
  const alcance = lgpdAlcanceOf(actor);
  if (!alcance) throw forbidden();
  return alcance;
}

/** GET /api/lgpd/pedidos */
export async function listarPedidos(
  db: Executor,
  actor: Actor,
  query: { status?: PedidoStatus; atrasados: boolean; page: number; pageSize: number },
  now: Date,
) {
  const { rows, total } = await findPedidosPage(db, actor, query, now);
  return { items: rows.map((row) => toPedidoView(row, now)), total };
}

/**
 * PATCH /api/lgpd/pedidos/:id: 'em_analise', 'concluido' or 'recusado' (with its reason). Concluding an
 * anonymisation request anonymises the e-mail's records of the request's branch, in the same transaction. The
 * titular is told of the answer by e-mail, after the commit, at the address the request was made from.
 */
export async function atualizarPedido(app: FastifyInstance, actor: Actor, id: string, patch: PedidoPatchInput) {
  const now = app.clock.now();
  const result = await app.db.transaction(async (tx) => {
    const row = await lockPedido(tx, actor, id);
    if (!row) throw notFound(LGPD_MESSAGES.pedidoNaoEncontrado);
    if (PEDIDO_STATUS_FINAIS.includes(row.status)) throw conflict(LGPD_MESSAGES.pedidoEncerrado);
    const final = PEDIDO_STATUS_FINAIS.includes(patch.status as PedidoStatus);
    if (patch.status === 'concluido' && row.tipo === 'anonimizacao') {
      const alcance: Alcance = row.franquia_id
        ? { coluna: 'franquia_id', id: row.franquia_id }
        : { coluna: 'franqueador_id', id: row.franqueador_id };
      const ids = await findRegistroIds(tx, { email: row.email }, alcance);
      // The titular's own request: its portal links end with it.
      const anonimizados = await anonimizar(tx, ids, now, alcance, { titular: row.email });
      await audit(tx, { acao: 'titular.anonimizar', detalhes: { pedidoId: row.id, ...anonimizados } });
    }
    const updated = await updatePedido(
      tx,
      id,
      {
        status: patch.status,
        resposta: patch.resposta ?? row.resposta,
        atualizadoPorId: actor.id,
        concluidoEm: final ? now : null,
      },
      now,
    );
    await audit(tx, {
      acao: 'lgpd_pedido.atualizar',
      entidadeId: id,
      alteracoes: { status: [row.status, patch.status] },
    });
    if (final) {
      const mail = pedidoRespondidoEmail(row.tipo, protocoloDe(row.id), updated.status, updated.resposta);
      await enfileirarEmail(app, tx, { to: row.email, ...mail }, { rede: row.franqueador_id, registroId: row.id });
    }
    return { before: row, updated, final };
  });
  const nome = result.updated.franquia_id ? await franquiaNome(app.db, result.updated.franquia_id) : null;
  return toPedidoView({ ...result.updated, franquia_nome: nome }, now);
}

function tipoDaBusca(busca: TitularBusca) {
  return busca.email ? 'email' : busca.cpf ? 'cpf' : 'telefone';
}

/** GET /api/lgpd/titulares?q= : the titular's records in the actor's branch; the look-up is audited. */
export async function buscarTitular(db: Executor, actor: Actor, q: string): Promise<{ registros: TitularRegistro[] }> {
  const alcance = alcanceDe(actor);
  const busca = buscaDoTexto(q);
  if (!busca) throw badRequest(LGPD_MESSAGES.buscaCurta);
  // A read and its audit row: no transaction needed (nothing to roll back), so two round trips, not four. The
  // answer leaves only once the audit row is written.
  const registros = await findRegistros(db, busca, alcance);
  await audit(db, { acao: 'titular.consultar', detalhes: { por: tipoDaBusca(busca), registros: registros.length } });
  return { registros };
}

/** GET /api/lgpd/titulares/export.json?q= : the same records as a file, audited. */
export async function exportarTitular(db: Executor, actor: Actor, q: string, now: Date) {
  const alcance = alcanceDe(actor);
  const busca = buscaDoTexto(q);
  if (!busca) throw badRequest(LGPD_MESSAGES.buscaCurta);
  const registros = await findRegistros(db, busca, alcance, now);
  await audit(db, { acao: 'titular.exportar', detalhes: { por: tipoDaBusca(busca), registros: registros.length } });
  return { geradoEm: now.toISOString(), registros };
}

/** POST /api/lgpd/titulares/anonimizar: the titular's records in the actor's branch. Idempotent. */
export async function anonimizarTitular(app: FastifyInstance, actor: Actor, ident: TitularIdentificador) {
  const alcance = alcanceDe(actor);
  const busca: TitularBusca = {};
  if (ident.email) busca.email = ident.email;
  if (ident.cpf) busca.cpf = ident.cpf;
  if (ident.telefone) busca.telefone = ident.telefone;
  const anonimizados = await app.db.transaction(async (tx) => {
    const ids = await findRegistroIds(tx, busca, alcance);
    const done = await anonimizar(tx, ids, app.clock.now(), alcance);
    await audit(tx, { acao: 'titular.anonimizar', detalhes: { por: tipoDaBusca(busca), ...done } });
    return done;
  });
  return { message: LGPD_MESSAGES.anonimizado, anonimizados };
}
