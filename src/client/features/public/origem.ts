import { UTM_MAX } from '@shared/metas/enums';
import { CODIGO_INDICACAO_RE, ORIGEM_PARAMETROS, type OrigemEnviada } from '@shared/metas/origem';
import type { PublicFinalidade, PublicIndicacao } from '@shared/schemas/public';
import { api } from '@/lib/api-client';

/** Where the visit's origin is kept through the flow: this tab only, gone when it closes. */
const CHAVE = 'rce.origem';

/** A control character: never part of a campaign's name, and the server refuses it. */
// eslint-disable-next-line no-control-regex
const CONTROLE = /[\u0000-\u001f\u007f]/g;

/**
 * Where this visit came from (issue 48): the address's `utm_*` and `v` parameters, kept in the tab's
 * sessionStorage so the sign-up, the activation after it and the page's own steps all send them. An address with
 * any of them replaces what was kept (a new link is a new origin); one with none keeps it. A malformed code is left
 * out and a field is cut at the server's limit, so the origin never makes a family's form fail.
 */
export function origemDaVisita(search: string = window.location.search): OrigemEnviada | undefined {
  const params = new URLSearchParams(search);
  const daUrl: OrigemEnviada = {};
  for (const [parametro, campo] of ORIGEM_PARAMETROS) {
    const valor = params.get(parametro)?.replace(CONTROLE, '').trim();
    if (!valor) continue;
    if (campo !== 'vendedor') daUrl[campo] = valor.slice(0, UTM_MAX);
    else if (CODIGO_INDICACAO_RE.test(valor)) daUrl.vendedor = valor.toUpperCase();
  }
  const temNaUrl = Object.keys(daUrl).length > 0;
  try {
    if (temNaUrl) {
      sessionStorage.setItem(CHAVE, JSON.stringify(daUrl));
      return daUrl;
    }
    const guardada = sessionStorage.getItem(CHAVE);
    return guardada ? (JSON.parse(guardada) as OrigemEnviada) : undefined;
  } catch {
    // Storage refused (private mode, a full quota): the address alone.
    return temNaUrl ? daUrl : undefined;
  }
}

/**
 * The event an event's share link opens the form on (GET /api/public/indicacao/:codigo), or null: a vendedor's
 * code, or an event the page does not take, opens the form as usual.
 */
export async function eventoDoLink(
  origem: OrigemEnviada | undefined,
  para: PublicFinalidade,
): Promise<PublicIndicacao['evento']> {
  if (!origem?.vendedor) return null;
  try {
    const { evento } = await api.get<PublicIndicacao>(`/api/public/indicacao/${origem.vendedor}`, {
      params: { para },
    });
    return evento;
  } catch {
    return null;
  }
}
