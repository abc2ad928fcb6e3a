import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import type { Actor } from '../../access/actor';
import { notFound } from '../../lib/http-error';
import { EVENTO_MESSAGES } from '../../../shared/schemas/evento';
import { ORIGEM_MESSAGES } from '../../../shared/metas/origem';
import type { LinkDeIndicacao, LinkFormato } from '../../../shared/schemas/atribuicao';
import { findCodigoDoEvento, findCodigoDoVendedor } from './atribuicao.repository';

/** The share link of a code: the public sign-up's address with `?v=`. */
export const urlDoCodigo = (app: FastifyInstance, codigo: string) =>
  `${app.config.appUrl}/credito-estudantil?v=${encodeURIComponent(codigo)}`;

const QR = { errorCorrectionLevel: 'M', margin: 2 } as const;

/** A share link as the route answers it: the JSON (with the QR as SVG), or the QR's image itself. */
export type LinkResposta =
  | { formato: 'json'; link: LinkDeIndicacao }
  | { formato: 'svg'; imagem: string; codigo: string }
  | { formato: 'png'; imagem: Buffer; codigo: string };

/** Drawn here, on the server (the `qrcode` package): the address never goes to a third party. */
async function responder(app: FastifyInstance, codigo: string, formato: LinkFormato): Promise<LinkResposta> {
  const url = urlDoCodigo(app, codigo);
  if (formato === 'png') {
    return { formato, codigo, imagem: await QRCode.toBuffer(url, { ...QR, type: 'png', width: 512 }) };
  }
  const svg = await QRCode.toString(url, { ...QR, type: 'svg' });
  return formato === 'svg' ? { formato, codigo, imagem: svg } : { formato, link: { codigo, url, qrSvg: svg } };
}

/** GET /api/user/link-de-indicacao: the signed-in vendedor's own link; no other's, whatever is asked. */
export async function linkDoVendedor(app: FastifyInstance, actor: Actor, formato: LinkFormato) {
  const codigo = actor.vendedorId ? await findCodigoDoVendedor(app.db, actor.vendedorId) : null;
  if (!codigo) throw notFound(ORIGEM_MESSAGES.semVendedor);
  return responder(app, codigo, formato);
}

/** GET /api/eventos/:id/link-de-indicacao: an event's link, for whoever reads the event; 404 outside the scope. */
export async function linkDoEvento(app: FastifyInstance, actor: Actor, eventoId: string, formato: LinkFormato) {
  const codigo = await findCodigoDoEvento(app.db, actor, eventoId);
  if (!codigo) throw notFound(EVENTO_MESSAGES.notFound);
  return responder(app, codigo, formato);
}
