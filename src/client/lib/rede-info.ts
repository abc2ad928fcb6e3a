import { REDE_INFO_ELEMENT_ID, REDE_PADRAO, type RedeInfo } from '@shared/rede';

let cached: RedeInfo | undefined;

/**
 * The network's company, CNPJ and support contact, as the server wrote them into the page (issue 23); the
 * defaults when the page came without them (the development server).
 */
export function redeInfo(): RedeInfo {
  if (cached) return cached;
  try {
    const text = document.querySelector(`meta[name="${REDE_INFO_ELEMENT_ID}"]`)?.getAttribute('content');
    cached = text ? { ...REDE_PADRAO, ...(JSON.parse(text) as Partial<RedeInfo>) } : REDE_PADRAO;
  } catch {
    cached = REDE_PADRAO;
  }
  return cached;
}
