import { z } from 'zod';

/**
 * The share links (issue 48, ADR 104): a vendedor's (`GET /api/user/link-de-indicacao`) and an event's
 * (`GET /api/eventos/:id/link-de-indicacao`), each `/credito-estudantil?v=<código>` with its QR code.
 */

// The origin's messages (the public forms' and the share links'), with the rest of the API's pt-BR texts.
export { ORIGEM_MESSAGES } from '../metas/origem';

export const LINK_MESSAGES = {
  formato: "Use 'json', 'svg' ou 'png'",
} as const;

export const LINK_FORMATOS = ['json', 'svg', 'png'] as const;
export type LinkFormato = (typeof LINK_FORMATOS)[number];

/** `?formato=svg` or `png` answers the QR code's image itself (to download or print); by default, the JSON. */
export const linkQuerySchema = z.object({
  formato: z.enum(LINK_FORMATOS, { error: LINK_MESSAGES.formato }).default('json'),
});

export const linkDeIndicacaoSchema = z.object({
  /** 8 letters and digits. */
  codigo: z.string(),
  /** The public sign-up's address with the code: `APP_URL/credito-estudantil?v=<código>`. */
  url: z.string(),
  /** The QR code of `url`, as an SVG document. */
  qrSvg: z.string(),
});
export type LinkDeIndicacao = z.infer<typeof linkDeIndicacaoSchema>;

/** The image types `?formato=` answers, beside the JSON. */
export const LINK_IMAGEM_TIPOS = { svg: 'image/svg+xml', png: 'image/png' } as const;
