import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { todayInBrasilia } from '../../../shared/brasilia';
import {
  ETAPAS_REGUA,
  type EtapaRegua,
  type EtapasDaRegua,
  REGUA_PADRAO,
  avisosDoDia,
} from '../../../shared/cobranca/regua';
import type { ParcelaTipo } from '../../../shared/cobranca/parcelas';
import { fromCentavos } from '../../../shared/money/parcelas';
import { formatBRL, formatDateOnly } from '../../../shared/format';
import { REGUA_MESSAGES, type ParcelasPublicas, type ReguaBody, type ReguaView } from '../../../shared/schemas/regua';
import type { Actor } from '../../access/actor';
import type { Executor } from '../../db/connect';
import { emailJob, enfileirar } from '../../jobs';
import { familiaConsentiu, jobDoAviso } from '../whatsapp';
import { primeiroNome } from '../../../shared/schemas/inscricao';
import { badRequest, notFound } from '../../lib/http-error';
import { digest, newToken } from '../../lib/tokens';
import { audit } from '../auditoria';
import {
  type FamiliaDaRegua,
  type ParcelaParaAviso,
  apagarLinksExpirados,
  etapasEnviadas,
  familiaDoLink,
  familiasParaRegua,
  franquiaNoEscopo,
  gravarLink,
  gravarRegua,
  marcarEnvios,
  parcelasDaFamilia,
  parcelasParaRegua,
  reguaDaFranquia,
} from './regua.repository';
import { avisoDaReguaEmail, parcelasGeradasEmail } from './regua.mail';

/**
 * Régua de cobrança and the responsável's link (issue 43, ADR 078). Each franquia switches the steps of its
 * régua (all on by default); a daily job sends the steps due, one e-mail per family a day listing its parcelas,
 * each step once per parcela; every e-mail carries a new link to the family's page of parcelas.
 */

/** How long a link to the family's parcelas opens its page: the next notice brings a new one well before. */
export const LINK_PARCELAS_VALIDADE_DIAS = 120;
/**
 * How long an expired link is kept before the daily purge deletes it (ADR 080): it opens nothing after its expiry;
 * the month lets the school answer a family that writes about a link that stopped working.
 */
export const LINK_PARCELAS_GUARDA_DIAS = 30;
const DAY_MS = 86_400_000;

/** A family's e-mail already queued under its key: the transaction is undone, nothing else written. */
class JaAvisada extends Error {}

/** The family's page of parcelas, for a link's token. */
export const urlDasParcelas = (app: FastifyInstance, token: string) => `${app.config.appUrl}/parcelas/${token}`;

/** A new link to the family's parcelas, written in the caller's transaction; answers its address. */
export async function novoLinkDasParcelas(app: FastifyInstance, tx: Executor, matriculaId: string, now: Date) {
  const token = newToken();
  await gravarLink(tx, matriculaId, digest(token), new Date(now.getTime() + LINK_PARCELAS_VALIDADE_DIAS * DAY_MS));
  return urlDasParcelas(app, token);
}

/**
 * The family's first e-mail about its parcelas, once the plan's job wrote them all: how many, the first due date
 * and the link to its page. Keyed by the matrícula (a retry of the job sends none twice); its link with it.
 */
export async function avisarParcelasGeradas(
  app: FastifyInstance,
  d: {
    matriculaId: string;
    franqueadorId: string;
    email: string;
    nomeResponsavel: string | null;
    aluno: string;
    cursoTitulo: string | null;
    parcelas: number;
    primeiroVencimento: string;
  },
): Promise<void> {
  const now = app.clock.now();
  await app.db
    .transaction(async (tx) => {
      const url = await novoLinkDasParcelas(app, tx, d.matriculaId, now);
      const job = emailJob(
        app,
        { to: d.email, ...parcelasGeradasEmail({ ...d, url }) },
        { rede: d.franqueadorId, registroId: d.matriculaId },
      );
      if (!(await enfileirar(tx, { ...job, chave: `cobranca_parcelas_geradas:${d.matriculaId}` }, now))) {
        throw new JaAvisada();
      }
    })
    .catch((error: unknown) => {
      if (!(error instanceof JaAvisada)) throw error;
    });
}

// --- The franquia's steps ------------------------------------------------------------------------------------

/** The franquia a call is about: a franquia's own; the franqueador's named one (required), in its network. */
async function franquiaDaChamada(app: FastifyInstance, actor: Actor, franquiaId: string | undefined) {
  const id = franquiaId ?? (actor.role === 'franquia' ? actor.franquiaId : null);
  if (!id) throw badRequest(REGUA_MESSAGES.franquiaObrigatoria, { franquiaId: REGUA_MESSAGES.franquiaObrigatoria });
  const franquia = await franquiaNoEscopo(app.db, actor, id);
  if (!franquia) throw notFound(REGUA_MESSAGES.franquiaNaoEncontrada);
  return franquia;
}

const etapasDe = (row: EtapasDaRegua | undefined): EtapasDaRegua =>
  row ? (Object.fromEntries(ETAPAS_REGUA.map((e) => [e, row[e]])) as EtapasDaRegua) : { ...REGUA_PADRAO };

/** GET /api/cobranca/regua. */
export async function verRegua(app: FastifyInstance, actor: Actor, franquiaId?: string): Promise<ReguaView> {
  const franquia = await franquiaDaChamada(app, actor, franquiaId);
  const row = await reguaDaFranquia(app.db, franquia.id);
  return {
    franquiaId: franquia.id,
    franquia: franquia.razaoSocial,
    etapas: etapasDe(row),
    atualizadaEm: row ? row.updatedAt.toISOString() : null,
  };
}

/** PUT /api/cobranca/regua: the steps saved and audited (what changed), in one transaction. */
export async function salvarRegua(app: FastifyInstance, actor: Actor, body: ReguaBody): Promise<ReguaView> {
  const franquia = await franquiaDaChamada(app, actor, body.franquiaId);
  const now = app.clock.now();
  const etapas = etapasDe(body.etapas);
  const row = await app.db.transaction(async (tx) => {
    const antes = etapasDe(await reguaDaFranquia(tx, franquia.id, true));
    const salva = await gravarRegua(tx, franquia.id, etapas, now);
    const alteracoes = Object.fromEntries(
      ETAPAS_REGUA.filter((e) => antes[e] !== etapas[e]).map((e) => [e, [antes[e], etapas[e]] as [boolean, boolean]]),
    );
    await audit(tx, {
      acao: 'franquia.editar_regua',
      entidadeId: franquia.id,
      alteracoes,
      detalhes: { etapas },
    });
    return salva;
  });
  return { franquiaId: franquia.id, franquia: franquia.razaoSocial, etapas, atualizadaEm: row.updatedAt.toISOString() };
}

// --- The daily run -------------------------------------------------------------------------------------------

/** The family a parcela belongs to: the responsável's CPF in its network. */
const familiaDe = (p: Pick<ParcelaParaAviso, 'franqueadorId' | 'cpfResponsavel'>) =>
  `${p.franqueadorId}:${p.cpfResponsavel}`;

/** One message a family a day: the e-mail's job key, with no CPF in it (a digest of the family). */
const chaveDoAviso = (familia: string, hoje: string) =>
  `cobranca_regua:${hoje}:${createHash('sha256').update(familia).digest('hex').slice(0, 32)}`;

/** How many families the daily run reads at a time (ADR 084): its memory is a batch's, whatever the network's size. */
export const REGUA_LOTE_FAMILIAS = 500;

/**
 * The day's notices (the daily job `cobranca_regua`): the steps due today by the franquias' régua, one e-mail per
 * family listing its parcelas. The candidates are read `lote` families at a time (a keyset over the families, so a
 * family is always whole in one batch). Each family's e-mail is one transaction with its steps marked sent (a
 * parcela paid since the read is left out; one marked by another run too) and its new link; its job is keyed by the
 * family and the day, so a second run of the day sends nothing. Answers how many e-mails were queued.
 */
export async function executarRegua(
  app: FastifyInstance,
  now: Date = app.clock.now(),
  lote: number = REGUA_LOTE_FAMILIAS,
): Promise<number> {
  const hoje = todayInBrasilia(now);
  let enviados = 0;
  let depois: FamiliaDaRegua | null = null;
  for (;;) {
    const familias = await familiasParaRegua(app.db, hoje, depois, lote);
    if (familias.length === 0) break;
    enviados += await avisarFamilias(app, now, hoje, familias[0]!, familias.at(-1)!);
    if (familias.length < lote) break;
    depois = familias.at(-1)!;
  }
  return enviados;
}

/** One batch of the day's run: the families from `de` to `ate`, each its e-mail's transaction. */
async function avisarFamilias(
  app: FastifyInstance,
  now: Date,
  hoje: string,
  de: FamiliaDaRegua,
  ate: FamiliaDaRegua,
): Promise<number> {
  const candidatas = (await parcelasParaRegua(app.db, hoje, de, ate)).map((p) => ({
    ...p,
    familia: familiaDe(p),
    etapas: { antes3: p.antes3, vencimento: p.vencimentoLigado, depois1: p.depois1, depois7: p.depois7 },
    enviadas: etapasEnviadas(p),
  }));
  let enviados = 0;
  for (const aviso of avisosDoDia(candidatas, hoje)) {
    const primeira = aviso.itens[0]!.parcela;
    const enviado = await app.db
      .transaction(async (tx) => {
        const marcadas = new Set(
          await marcarEnvios(
            tx,
            aviso.itens.map((i) => ({ parcelaId: i.parcela.id, etapa: i.etapa as EtapaRegua })),
            hoje,
            now,
          ),
        );
        const itens = aviso.itens.filter((i) => marcadas.has(i.parcela.id));
        if (itens.length === 0) return false;
        const url = await novoLinkDasParcelas(app, tx, primeira.matriculaId, now);
        const mensagem = avisoDaReguaEmail({ nomeResponsavel: primeira.nomeResponsavel, hoje, itens, url });
        // By WhatsApp when the family consented (issue 47): the first parcela of the message, its value, due date
        // and PIX code; by e-mail otherwise.
        const familia = { leadId: primeira.leadId, preMatriculaId: primeira.preMatriculaId };
        const consentiu = primeira.telefone !== null && (await familiaConsentiu(tx, familia));
        const job = jobDoAviso(
          app,
          { to: primeira.email, ...mensagem },
          { rede: primeira.franqueadorId, registroId: primeira.matriculaId },
          {
            momento: 'cobranca',
            telefone: primeira.telefone,
            familia,
            campos: {
              primeiro_nome: primeiroNome(primeira.aluno),
              valor_parcela: formatBRL(fromCentavos(primeira.valorCentavos)),
              vencimento: formatDateOnly(primeira.vencimento),
              pix: primeira.pixCopiaECola,
            },
          },
          consentiu,
        );
        const id = await enfileirar(tx, { ...job, chave: chaveDoAviso(aviso.familia, hoje) }, now);
        // The family already had today's message (a run of the day before this one): nothing marked, nothing sent.
        if (!id) throw new JaAvisada();
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof JaAvisada) return false;
        throw error;
      });
    if (enviado) enviados += 1;
  }
  return enviados;
}

/**
 * The daily purge of the family's links (ADR 080): each expired more than LINK_PARCELAS_GUARDA_DIAS days ago,
 * deleted in batches (each its own statement, so a large backlog holds no long lock). Answers how many went.
 */
export async function purgarLinksExpirados(app: FastifyInstance, now: Date = app.clock.now()): Promise<number> {
  const antesDe = new Date(now.getTime() - LINK_PARCELAS_GUARDA_DIAS * DAY_MS);
  let total = 0;
  for (;;) {
    const n = await apagarLinksExpirados(app.db, antesDe);
    total += n;
    if (n === 0) return total;
  }
}

/** The daily jobs, registered beside their rules (ADR 065). */
export function registerRegua(app: FastifyInstance): void {
  app.jobs.daily('cobranca_regua', async () => {
    const n = await executarRegua(app);
    if (n) app.log.info({ avisos: n }, 'billing notices queued');
  });
  app.jobs.daily('cobranca_links_purga', async () => {
    const n = await purgarLinksExpirados(app);
    if (n) app.log.info({ links: n }, 'expired family links purged');
  });
}

// --- The responsável's link ----------------------------------------------------------------------------------

/**
 * GET /api/public/parcelas/:token: every parcela of the responsável's matrículas in the network. A token unknown,
 * expired, or whose family was anonymised: 404, the same answer. Only the token's digest is looked up (an index
 * probe on it, no comparison of the token itself).
 */
export async function parcelasPorLink(app: FastifyInstance, token: string): Promise<ParcelasPublicas> {
  const familia = await familiaDoLink(app.db, digest(token), app.clock.now());
  if (!familia) throw notFound(REGUA_MESSAGES.linkInvalido);
  const rows = await parcelasDaFamilia(app.db, familia.franqueadorId, familia.cpf);
  return {
    responsavel: familia.nomeResponsavel ? familia.nomeResponsavel.trim().split(/\s+/)[0]! : null,
    parcelas: rows.map((p) => ({
      id: p.id,
      tipo: p.tipo as ParcelaTipo,
      numero: Number(p.numero),
      totalParcelas: Number(p.totalParcelas),
      renegociacao: Boolean(p.renegociacao),
      aluno: p.aluno,
      cursoTitulo: p.cursoTitulo,
      valor: fromCentavos(p.valorCentavos),
      vencimento: p.vencimento,
      status: p.status,
      pagaEm: p.pagaEm,
      invoiceUrl: p.invoiceUrl,
      bankSlipUrl: p.bankSlipUrl,
      pixCopiaECola: p.pixCopiaECola,
    })),
  };
}
