import type { FastifyInstance } from 'fastify';
import {
  WHATSAPP_CLOUD_MESSAGES as M,
  type WhatsappCampo,
  type WhatsappMomento,
} from '../../../shared/schemas/whatsapp-cloud';
import type { Executor } from '../../db/connect';
import {
  type EmailDeModelo,
  type EmailJob,
  emailJob,
  enfileirar,
  FalhaDeEnvio,
  type JobHandler,
  type OrigemDoEmail,
} from '../../jobs';
import { mascararTelefone } from '../../lib/mask';
import type { MailMessage } from '../../mail/mailer';
import { type CloudApi, cloudApi, type ComponenteDeModelo, FalhaNaApi } from './cloud-api';
import {
  contextoDoEnvio,
  type Familia,
  familiaConsentiu,
  insertMensagem,
  type ModeloRow,
  type NovaMensagem,
} from './cloud.repository';

/**
 * A family's notice by WhatsApp (issue 47, ADR 103). Each moment that e-mails a family -- the sign-up's voucher, the
 * eve-of-event reminder, the contract's link, the billing's notices -- asks `jobDoAviso` for its job: a `whatsapp`
 * job when the channel is on and the family consented, its `email` job otherwise, exactly as before. A `whatsapp`
 * job carries the e-mail too (its fallback), and the fields the moment knows; when it runs, the network's template
 * for the moment is filled from them and sent through the Cloud API. Whatever cannot go -- no template, a variable
 * without a value (refused here, never sent to Meta to fail there), the consent withdrawn meanwhile, a refusal no
 * retry mends -- goes by e-mail, and Envios says why.
 */

/** What a moment tells the WhatsApp notice besides its e-mail. */
export interface Aviso {
  momento: WhatsappMomento;
  /** The family's phone, digits (DDD and number); null: none on record. */
  telefone: string | null;
  familia: Familia;
  /** The values this moment fills (a field absent or null has none). */
  campos: Partial<Record<WhatsappCampo, string | null>>;
}

/** The `whatsapp` job's payload: its e-mail (as the `email` job's) with the notice beside it. */
type AvisoPayload = (MailMessage | EmailDeModelo) & { aviso: Aviso };
/** Or the confirmation of a 'SAIR', to the number it came from. */
interface SairPayload {
  sair: { waId: string; leadId: string };
}

/** A number as WhatsApp takes it: Brazil's country code and the digits. */
export const numeroWhatsapp = (telefone: string) => `55${telefone.replace(/\D/g, '')}`;

/**
 * The job of a family's notice: by WhatsApp when the channel is on, the family has a phone and `consentiu` (its
 * consent, given now or on record), by e-mail otherwise.
 */
export function jobDoAviso(
  app: FastifyInstance,
  message: MailMessage | EmailDeModelo,
  origem: OrigemDoEmail,
  aviso: Aviso,
  consentiu: boolean,
): EmailJob {
  const job = emailJob(app, message, origem);
  if (!app.config.whatsapp || !consentiu || !aviso.telefone) return job;
  return {
    ...job,
    tipo: 'whatsapp',
    payload: { ...message, aviso } as AvisoPayload,
    destino: mascararTelefone(aviso.telefone),
  };
}

/** `jobDoAviso` queued in the caller's transaction, the family's consent read from the records. */
export async function enfileirarAviso(
  app: FastifyInstance,
  tx: Executor,
  message: MailMessage | EmailDeModelo,
  origem: OrigemDoEmail,
  aviso: Aviso,
): Promise<void> {
  const consentiu = app.config.whatsapp && aviso.telefone ? await familiaConsentiu(tx, aviso.familia) : false;
  await enfileirar(tx, jobDoAviso(app, message, origem, aviso, consentiu), app.clock.now());
}

/**
 * The template's components filled from the moment's fields; or the first field without a value. A URL button's
 * template holds the link's start (`<APP_URL>/{{1}}`, as WhatsApp Manager asks of a dynamic URL): its parameter is
 * the rest of a link to this product (`voucher/<token>`), never the whole address.
 */
export function componentesDoModelo(
  modelo: Pick<ModeloRow, 'variaveis'>,
  campos: Aviso['campos'],
  appUrl: string,
): { componentes: ComponenteDeModelo[] } | { semValor: WhatsappCampo } {
  const componentes: ComponenteDeModelo[] = [];
  const ordenadas = [...modelo.variaveis].sort((a, b) => a.posicao - b.posicao);
  for (const v of ordenadas) {
    const valor = campos[v.campo];
    if (valor === undefined || valor === null || valor.trim() === '') return { semValor: v.campo };
  }
  const parametros = (vs: typeof ordenadas) => vs.map((v) => ({ type: 'text' as const, text: campos[v.campo]! }));
  const header = ordenadas.filter((v) => v.componente === 'header');
  const body = ordenadas.filter((v) => v.componente === 'body');
  if (header.length) componentes.push({ type: 'header', parameters: parametros(header) });
  if (body.length) componentes.push({ type: 'body', parameters: parametros(body) });
  const botoes = ordenadas.filter((v) => v.componente === 'button').sort((a, b) => (a.botao ?? 0) - (b.botao ?? 0));
  const sufixo = (valor: string) => (valor.startsWith(`${appUrl}/`) ? valor.slice(appUrl.length + 1) : valor);
  for (const b of botoes) {
    componentes.push({
      type: 'button',
      sub_type: 'url',
      index: String(b.botao ?? 0),
      parameters: [{ type: 'text', text: sufixo(campos[b.campo]!) }],
    });
  }
  return { componentes };
}

const apis = new WeakMap<FastifyInstance, CloudApi>();
/** The app's Cloud API client (null with the channel off); tests may set their own with `usarCloudApi`. */
function apiDe(app: FastifyInstance): CloudApi | null {
  const config = app.config.whatsapp;
  if (!config) return null;
  let api = apis.get(app);
  if (!api) {
    api = cloudApi(config);
    apis.set(app, api);
  }
  return api;
}

/** The e-mail a notice carries, without the notice. */
const emailDo = ({ aviso: _aviso, ...email }: AvisoPayload): MailMessage | EmailDeModelo => email;

/**
 * Runs a `whatsapp` job: sends the moment's template, or the e-mail with the reason on the message. A refusal a
 * retry may mend (429, 5xx, a rate limit, no answer) is tried again as any job; at the last try, by e-mail.
 */
export const enviarAviso: JobHandler = async (job, { app, tentativa }) => {
  if ('sair' in (job.payload as object)) {
    return enviarSaida(app, job.id, (job.payload as SairPayload).sair, tentativa >= job.max_tentativas);
  }
  const payload = job.payload as AvisoPayload;
  const { aviso } = payload;
  const ctx = await contextoDoEnvio(app.db, job.id, aviso.momento, aviso.familia);
  if (ctx.jaEnviada) return;
  const agora = app.clock.now();
  const base: Omit<NovaMensagem, 'status' | 'erro' | 'motivoEmail'> = {
    jobId: job.id,
    franqueadorId: ctx.franqueadorId,
    leadId: aviso.familia.leadId,
    momento: aviso.momento,
    modeloNome: ctx.modelo?.nome ?? null,
    categoria: ctx.modelo?.categoria ?? null,
    waId: null,
    wamid: null,
    statusEm: agora,
    custoCentavos: null,
    email: null,
  };
  /** By e-mail, in one transaction with the message that says why. */
  const porEmail = (motivo: string, falha?: { erro: string }) =>
    app.db.transaction(async (tx) => {
      await insertMensagem(tx, {
        ...base,
        status: falha ? 'falhou' : 'por_email',
        erro: falha?.erro ?? null,
        motivoEmail: motivo,
      });
      await enfileirar(
        tx,
        emailJob(app, emailDo(payload), { rede: ctx.franqueadorId, registroId: ctx.registroId }),
        agora,
      );
    });
  const api = apiDe(app);
  if (!api) return porEmail(M.canalDesligado);
  if (!ctx.consentiu || !aviso.telefone) return porEmail(M.semConsentimento);
  if (!ctx.modelo) return porEmail(M.semModelo);
  const preenchido = componentesDoModelo(ctx.modelo, aviso.campos, app.config.appUrl);
  if ('semValor' in preenchido) return porEmail(M.variavelSemValor(preenchido.semValor));
  const para = numeroWhatsapp(aviso.telefone);
  try {
    const enviada = await api.enviar({
      tipo: 'template',
      para,
      nome: ctx.modelo.nome,
      idioma: ctx.modelo.idioma,
      componentes: preenchido.componentes,
    });
    await insertMensagem(app.db, {
      ...base,
      waId: enviada.waId ?? para,
      wamid: enviada.wamid,
      status: 'enviada',
      erro: null,
      motivoEmail: null,
      custoCentavos: ctx.custos[ctx.modelo.categoria],
      email: emailDo(payload),
    });
  } catch (error) {
    if (!(error instanceof FalhaNaApi)) throw error;
    if (error.temporaria && tentativa < job.max_tentativas) throw new FalhaDeEnvio(error.texto);
    await porEmail(M.falhou, { erro: error.texto });
  }
};

/**
 * The confirmation of a family's 'SAIR' (issue 47): a text inside the 24 hours the family's own message opened, so
 * no template; a job of its own, written with the withdrawal, listed on Envios.
 */
export function jobDaSaida(app: FastifyInstance, leadId: string, franqueadorId: string | null, waId: string) {
  return {
    tipo: 'whatsapp' as const,
    payload: { sair: { waId, leadId } } satisfies SairPayload,
    resumo: 'Confirmação da saída dos avisos pelo WhatsApp',
    destino: mascararTelefone(waId),
    franqueadorId,
    registroId: leadId,
    maxTentativas: app.config.jobs.maxTentativas,
  };
}

async function enviarSaida(app: FastifyInstance, jobId: string, sair: SairPayload['sair'], ultima: boolean) {
  const api = apiDe(app);
  const ctx = await contextoDoEnvio(app.db, jobId, 'sair', { leadId: sair.leadId, preMatriculaId: null });
  if (!api || ctx.jaEnviada) return;
  const base = {
    jobId,
    franqueadorId: ctx.franqueadorId,
    leadId: sair.leadId,
    momento: 'sair' as const,
    modeloNome: null,
    categoria: null,
    waId: sair.waId,
    statusEm: app.clock.now(),
    motivoEmail: null,
    custoCentavos: 0,
    email: null,
  };
  try {
    const enviada = await api.enviar({ tipo: 'texto', para: sair.waId, texto: M.saiu });
    await insertMensagem(app.db, { ...base, wamid: enviada.wamid, status: 'enviada', erro: null });
  } catch (error) {
    if (!(error instanceof FalhaNaApi)) throw error;
    if (error.temporaria && !ultima) throw new FalhaDeEnvio(error.texto);
    await insertMensagem(app.db, { ...base, wamid: null, status: 'falhou', erro: error.texto });
  }
}
