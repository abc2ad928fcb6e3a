/**
 * Who runs the network, as the public pages' footer and the link previews show it (issue 23). The server reads
 * it from the environment (REDE_* in the README) and writes it into each page; these defaults are what a fresh
 * checkout shows, and what a page shows when it was served without them (the development server).
 */
export interface RedeInfo {
  /** The network's company name (razão social). */
  razaoSocial: string;
  /** Its CNPJ, with the mask. */
  cnpj: string;
  /** The public support contact. */
  suporteEmail: string;
  /** A support phone, when there is one. */
  suporteTelefone: string | null;
}

export const REDE_PADRAO: RedeInfo = {
  razaoSocial: 'Rede Crédito Educacional Ltda.',
  cnpj: '11.222.333/0001-81',
  suporteEmail: 'suporte@exemplo.com.br',
  suporteTelefone: null,
};

/** The name of the meta tag whose content is the JSON the server writes into every page. */
export const REDE_INFO_ELEMENT_ID = 'rede-info';
