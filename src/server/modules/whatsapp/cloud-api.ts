/**
 * WhatsApp's Cloud API (issue 47, ADR 103), the one call the product makes: `POST {WHATSAPP_API_URL}/{phone number
 * id}/messages` with the system user's token, a template message (or, to confirm 'SAIR', a text inside the 24-hour
 * window the family's message opened). Meta answers `{messaging_product, contacts: [{input, wa_id}], messages:
 * [{id}]}`, or `{error: {message, type, code, error_data, fbtrace_id}}`. The token is never logged, and neither is
 * the number.
 */

export interface ParametroDeModelo {
  type: 'text';
  text: string;
}

export type ComponenteDeModelo =
  | { type: 'header' | 'body'; parameters: ParametroDeModelo[] }
  | { type: 'button'; sub_type: 'url'; index: string; parameters: ParametroDeModelo[] };

export type MensagemDaApi =
  | { tipo: 'template'; para: string; nome: string; idioma: string; componentes: ComponenteDeModelo[] }
  | { tipo: 'texto'; para: string; texto: string };

export interface EnviadaPelaApi {
  wamid: string;
  /** The WhatsApp id the number resolved to (a reply comes from it). */
  waId: string | null;
}

/**
 * A refusal by the API. `temporaria`: a retry may succeed (HTTP 429, 5xx, the throughput and pair rate limits, no
 * answer); otherwise the message will never go (a template's parameters that do not match it, 132000; a number
 * without WhatsApp, 131026, ...). `texto` is what staff read on Envios: the code and Meta's title, no data.
 */
export class FalhaNaApi extends Error {
  constructor(
    readonly texto: string,
    readonly temporaria: boolean,
    readonly codigo: number | null,
  ) {
    super(texto);
  }
}

/** Meta's codes of a limit, which pass: throughput (130429), pair rate (131056), API calls (4, 80007), service (131000, 2). */
const CODIGOS_TEMPORARIOS = new Set([4, 2, 80007, 130429, 131000, 131056]);

export interface CloudApiOptions {
  apiUrl: string;
  token: string;
  phoneNumberId: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface CloudApi {
  enviar(mensagem: MensagemDaApi): Promise<EnviadaPelaApi>;
}

const corpo = (m: MensagemDaApi) =>
  m.tipo === 'template'
    ? {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: m.para,
        type: 'template',
        template: { name: m.nome, language: { code: m.idioma }, components: m.componentes },
      }
    : {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: m.para,
        type: 'text',
        text: { preview_url: false, body: m.texto },
      };

export function cloudApi(options: CloudApiOptions): CloudApi {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.apiUrl.replace(/\/+$/, '')}/${options.phoneNumberId}/messages`;
  return {
    async enviar(mensagem) {
      let resposta: Response;
      try {
        resposta = await doFetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(corpo(mensagem)),
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch {
        throw new FalhaNaApi('Sem resposta da API do WhatsApp', true, null);
      }
      const texto = await resposta.text();
      let dados: {
        messages?: { id?: unknown }[];
        contacts?: { wa_id?: unknown }[];
        error?: { code?: unknown; message?: unknown; error_data?: { details?: unknown } };
      } = {};
      try {
        dados = JSON.parse(texto) as typeof dados;
      } catch {
        // Not JSON (a proxy's page): judged by the status alone.
      }
      const wamid = dados.messages?.[0]?.id;
      if (resposta.ok && typeof wamid === 'string') {
        const waId = dados.contacts?.[0]?.wa_id;
        return { wamid, waId: typeof waId === 'string' ? waId : null };
      }
      const codigo = typeof dados.error?.code === 'number' ? dados.error.code : null;
      const temporaria =
        resposta.status === 429 || resposta.status >= 500 || (codigo !== null && CODIGOS_TEMPORARIOS.has(codigo));
      throw new FalhaNaApi(
        codigo !== null
          ? `A API do WhatsApp recusou (erro ${codigo})`
          : `A API do WhatsApp respondeu ${resposta.status}`,
        temporaria,
        codigo,
      );
    },
  };
}
