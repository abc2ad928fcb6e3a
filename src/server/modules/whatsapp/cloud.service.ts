import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  WHATSAPP_CAMPOS_DO_MOMENTO,
  WHATSAPP_CATEGORIAS,
  WHATSAPP_CLOUD_MESSAGES as M,
  WHATSAPP_MOMENTOS,
  type WhatsappModeloData,
  type WhatsappModeloView,
  type WhatsappMomento,
  type WhatsappMomentosData,
  type WhatsappMomentosView,
  type WhatsappCategoria,
} from '../../../shared/schemas/whatsapp-cloud';
import type { WhatsappWebhook } from '../../../shared/schemas/whatsapp-webhook';
import type { Actor } from '../../access/actor';
import { enfileirar, emailJob, type EmailDeModelo } from '../../jobs';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import type { MailMessage } from '../../mail/mailer';
import { alteracoesDe } from '../../lib/mask';
import { audit } from '../auditoria';
import { recordMensagemWhatsapp } from '../leads';
import { jobDaSaida } from './avisos';
import {
  avancarStatus,
  deleteModelo,
  findCustos,
  findModelo,
  insertModelo,
  listModelos,
  listMomentos,
  marcarPorEmail,
  type ModeloRow,
  registrarRecebida,
  revogarWhatsapp,
  setCusto,
  setMomento,
  updateModelo,
} from './cloud.repository';

/** WhatsApp oficial (issue 47, ADR 103): the franqueador's configuration, and what Meta's webhook reports. */

/** The caller's network: a franqueador's own (the only role these routes admit). */
function redeDe(actor: Actor): string {
  if (!actor.franqueadorId) throw notFound(M.modeloNaoEncontrado);
  return actor.franqueadorId;
}

const view = (row: ModeloRow, momentos: { momento: WhatsappMomento; modeloId: string }[]): WhatsappModeloView => ({
  id: row.id,
  nome: row.nome,
  idioma: row.idioma,
  categoria: row.categoria,
  variaveis: row.variaveis.map((v) => ({ ...v, botao: v.botao ?? null })),
  momentos: momentos.filter((m) => m.modeloId === row.id).map((m) => m.momento),
  atualizadoEm: new Date(row.updatedAt).toISOString(),
});

export async function listarModelosCloud(app: FastifyInstance, actor: Actor) {
  const [rows, momentos] = await Promise.all([listModelos(app.db, redeDe(actor)), listMomentos(app.db, redeDe(actor))]);
  return { ativo: app.config.whatsapp !== null, items: rows.map((r) => view(r, momentos)) };
}

/** The moments a template serves that lack one of its fields: refused, a message naming the first. */
function conferirCampos(modelo: Pick<WhatsappModeloData, 'nome' | 'variaveis'>, momentos: WhatsappMomento[]) {
  for (const momento of momentos) {
    const falta = modelo.variaveis.find((v) => !WHATSAPP_CAMPOS_DO_MOMENTO[momento].includes(v.campo));
    if (falta) {
      const message = M.campoForaDoMomento(modelo.nome, falta.campo, momento);
      throw badRequest(message, { variaveis: message });
    }
  }
}

export async function criarModeloCloud(app: FastifyInstance, actor: Actor, data: WhatsappModeloData) {
  return app.db.transaction(async (tx) => {
    const row = await insertModelo(tx, redeDe(actor), data);
    if (!row) throw conflict(M.nomeRepetido);
    await audit(tx, {
      acao: 'whatsapp_cloud.modelo_criar',
      entidadeId: redeDe(actor),
      detalhes: { modeloId: row.id, nome: row.nome, idioma: row.idioma, categoria: row.categoria },
    });
    return view(row, []);
  });
}

export async function editarModeloCloud(app: FastifyInstance, actor: Actor, id: string, data: WhatsappModeloData) {
  return app.db.transaction(async (tx) => {
    const antes = await findModelo(tx, redeDe(actor), id);
    if (!antes) throw notFound(M.modeloNaoEncontrado);
    const momentos = await listMomentos(tx, redeDe(actor));
    conferirCampos(
      data,
      momentos.filter((m) => m.modeloId === id).map((m) => m.momento),
    );
    const row = await updateModelo(tx, redeDe(actor), id, data, app.clock.now());
    if (!row) throw conflict(M.nomeRepetido);
    await audit(tx, {
      acao: 'whatsapp_cloud.modelo_editar',
      entidadeId: redeDe(actor),
      alteracoes: alteracoesDe(
        { nome: antes.nome, idioma: antes.idioma, categoria: antes.categoria, variaveis: antes.variaveis },
        { nome: row.nome, idioma: row.idioma, categoria: row.categoria, variaveis: row.variaveis },
      ),
      detalhes: { modeloId: id },
    });
    return view(row, momentos);
  });
}

export async function excluirModeloCloud(app: FastifyInstance, actor: Actor, id: string) {
  await app.db.transaction(async (tx) => {
    const antes = await findModelo(tx, redeDe(actor), id);
    if (!antes) throw notFound(M.modeloNaoEncontrado);
    const momentos = await listMomentos(tx, redeDe(actor));
    if (momentos.some((m) => m.modeloId === id)) throw conflict(M.modeloEmUso);
    await deleteModelo(tx, redeDe(actor), id);
    await audit(tx, {
      acao: 'whatsapp_cloud.modelo_excluir',
      entidadeId: redeDe(actor),
      detalhes: { modeloId: id, nome: antes.nome, idioma: antes.idioma },
    });
  });
}

export async function lerMomentos(app: FastifyInstance, actor: Actor): Promise<WhatsappMomentosView> {
  const [momentos, custos] = await Promise.all([
    listMomentos(app.db, redeDe(actor)),
    findCustos(app.db, redeDe(actor)),
  ]);
  return {
    ativo: app.config.whatsapp !== null,
    momentos: WHATSAPP_MOMENTOS.map((momento) => ({
      momento,
      modeloId: momentos.find((m) => m.momento === momento)?.modeloId ?? null,
      campos: [...WHATSAPP_CAMPOS_DO_MOMENTO[momento]],
    })),
    custos,
  };
}

/** PUT /api/integracoes/whatsapp/momentos: each named moment's template (null: by e-mail), its fields checked. */
export async function definirMomentos(app: FastifyInstance, actor: Actor, data: WhatsappMomentosData) {
  await app.db.transaction(async (tx) => {
    const antes = await listMomentos(tx, redeDe(actor));
    const alteracoes: Record<string, [unknown, unknown]> = {};
    for (const momento of WHATSAPP_MOMENTOS) {
      const modeloId = data[momento];
      if (modeloId === undefined) continue;
      if (modeloId !== null) {
        const modelo = await findModelo(tx, redeDe(actor), modeloId);
        if (!modelo) throw badRequest(M.momentoModelo, { [momento]: M.momentoModelo });
        conferirCampos(modelo, [momento]);
      }
      const anterior = antes.find((m) => m.momento === momento)?.modeloId ?? null;
      if (anterior !== modeloId) alteracoes[momento] = [anterior, modeloId];
      await setMomento(tx, redeDe(actor), momento, modeloId, app.clock.now());
    }
    if (Object.keys(alteracoes).length) {
      await audit(tx, { acao: 'whatsapp_cloud.momentos', entidadeId: redeDe(actor), alteracoes });
    }
  });
  return lerMomentos(app, actor);
}

export async function definirCustos(
  app: FastifyInstance,
  actor: Actor,
  data: Partial<Record<WhatsappCategoria, number>>,
) {
  await app.db.transaction(async (tx) => {
    const antes = await findCustos(tx, redeDe(actor));
    const alteracoes: Record<string, [unknown, unknown]> = {};
    for (const categoria of WHATSAPP_CATEGORIAS) {
      const centavos = data[categoria];
      if (centavos === undefined) continue;
      if (antes[categoria] !== centavos) alteracoes[categoria] = [antes[categoria], centavos];
      await setCusto(tx, redeDe(actor), categoria, centavos, app.clock.now());
    }
    if (Object.keys(alteracoes).length) {
      await audit(tx, { acao: 'whatsapp_cloud.custos', entidadeId: redeDe(actor), alteracoes });
    }
  });
  return lerMomentos(app, actor);
}

/** A token compared in constant time (the handshake's verify token). */
export function tokenConfere(esperado: string, recebido: unknown): boolean {
  if (typeof recebido !== 'string') return false;
  const sha = (v: string) => createHash('sha256').update(v).digest();
  return timingSafeEqual(sha(esperado), sha(recebido));
}

/** `X-Hub-Signature-256`: `sha256=` and the body's HMAC-SHA256 under the app's secret, compared in constant time. */
export function assinaturaConfere(segredo: string, corpo: Buffer, assinatura: unknown): boolean {
  if (typeof assinatura !== 'string' || !assinatura.startsWith('sha256=')) return false;
  const esperada = createHmac('sha256', segredo).update(corpo).digest();
  const recebida = Buffer.from(assinatura.slice('sha256='.length), 'hex');
  return recebida.length === esperada.length && timingSafeEqual(recebida, esperada);
}

const STATUS_DA_META = { sent: 'enviada', delivered: 'entregue', read: 'lida', failed: 'falhou' } as const;

/** A Unix time in seconds as Meta sends it, else now. */
const instante = (timestamp: string | undefined, agora: Date) =>
  timestamp && /^\d{1,12}$/.test(timestamp) ? new Date(Number(timestamp) * 1000) : agora;

/**
 * POST /api/webhooks/whatsapp, its signature checked: every status moves its message forward (a `failed` sends the
 * notice's e-mail, once), every incoming message from a family lands on its lead's history once, and 'SAIR'
 * withdraws the WhatsApp consent, confirmed once. One transaction: answered after it commits, so Meta's retry of a
 * webhook that failed finds nothing done and a retry of one that succeeded finds everything done.
 */
export async function receberWebhook(app: FastifyInstance, corpo: WhatsappWebhook): Promise<void> {
  const agora = app.clock.now();
  await app.db.transaction(async (tx) => {
    for (const entry of corpo.entry ?? []) {
      for (const change of entry.changes ?? []) {
        const value = change.value;
        if (!value) continue;
        for (const s of value.statuses ?? []) {
          const status = STATUS_DA_META[s.status as keyof typeof STATUS_DA_META];
          if (!status) continue;
          const erro = s.errors?.[0];
          const texto = erro ? `Erro ${erro.code ?? '?'}${erro.title ? `: ${erro.title.slice(0, 200)}` : ''}` : null;
          const msg = await avancarStatus(tx, s.id, status, instante(s.timestamp, agora), texto);
          if (msg && status === 'falhou' && msg.email && !msg.motivoEmail) {
            await enfileirar(
              tx,
              emailJob(app, msg.email as MailMessage | EmailDeModelo, {
                rede: msg.franqueadorId,
                registroId: msg.leadId,
              }),
              agora,
            );
            await marcarPorEmail(tx, msg.id, M.falhou);
          }
        }
        for (const m of value.messages ?? []) {
          const em = instante(m.timestamp, agora);
          const recebida = await registrarRecebida(tx, m.id, m.from, em);
          if (!recebida.nova || !recebida.leadId) continue;
          const texto =
            m.type === 'text' ? (m.text?.body ?? '') : m.type === 'button' ? (m.button?.text ?? '') : `[${m.type}]`;
          await recordMensagemWhatsapp(tx, recebida.leadId, em, texto);
          if (texto.trim().toUpperCase() === 'SAIR' && (await revogarWhatsapp(tx, recebida.leadId, agora))) {
            await audit(tx, { acao: 'lead.whatsapp_sair', entidadeId: recebida.leadId, ator: null });
            await enfileirar(tx, jobDaSaida(app, recebida.leadId, recebida.franqueadorId, m.from), agora);
          }
        }
      }
    }
  });
}
