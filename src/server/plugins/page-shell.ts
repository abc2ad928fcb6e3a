import type { RedeInfo } from '../../shared/rede';
import { REDE_INFO_ELEMENT_ID } from '../../shared/rede';
import { isPublicPagePath } from '../../shared/public-pages';

/**
 * The page shell (index.html) as each address is served (issue 23). A link to a public page shared on WhatsApp or
 * a social network is previewed by a crawler that runs no JavaScript: the page's title, description and image are
 * written into the HTML here, as Open Graph tags (what WhatsApp, Facebook and LinkedIn read) and Twitter cards.
 * The network's company, CNPJ and support contact (from the environment) go in as JSON, in a meta tag, for the
 * public footer.
 */

const SITE = 'Rede Crédito Educacional';

export interface PageMeta {
  title: string;
  description: string;
  /** The address the preview names; never a token or a code from the address itself. */
  path: string;
  /** Pages with a personal token (a voucher) or a code are not for search engines. */
  noindex?: boolean;
}

const DEFAULT_META: PageMeta = {
  title: SITE,
  description: 'Rede Crédito Educacional: gestão da rede de franquias, cursos e matrículas.',
  path: '/',
};

const PUBLIC_META: Record<string, PageMeta> = {
  '/credito-estudantil': {
    title: `Crédito Estudantil | ${SITE}`,
    description:
      'Inscreva-se no evento da escola e garanta um crédito educacional gratuito para o aluno. Leva menos de um minuto.',
    path: '/credito-estudantil',
  },
  '/credito-ativacao': {
    title: `Habilitação do Crédito Estudantil | ${SITE}`,
    description:
      'Recebeu o cartão no evento da escola? Ative o crédito educacional do aluno e receba a Declaração de Crédito Estudantil.',
    path: '/credito-ativacao',
  },
  '/privacidade': {
    title: `Aviso de Privacidade | ${SITE}`,
    description: 'Como a rede trata os dados informados na inscrição e na ativação do crédito estudantil (LGPD).',
    path: '/privacidade',
  },
  '/meus-dados': {
    title: `Meus dados | ${SITE}`,
    description: 'Veja, baixe, corrija ou apague os dados do aluno e do responsável, e retire o consentimento (LGPD).',
    path: '/meus-dados',
  },
};

/** The meta of a page path (without a trailing slash), or undefined for the staff application's addresses. */
export function publicPageMeta(path: string): PageMeta | undefined {
  const exact = PUBLIC_META[path];
  if (exact) return exact;
  if (path.startsWith('/declaracao/')) {
    return {
      title: `Verificação de declaração | ${SITE}`,
      description: 'Confira se uma Declaração de Crédito Estudantil é válida.',
      path: '/declaracao',
      noindex: true,
    };
  }
  // Issue 42 (ADR 066): an accepted contract's check, and the family's contract by its personal link.
  if (path.startsWith('/contrato/verificar/')) {
    return {
      title: `Verificação de contrato | ${SITE}`,
      description: 'Confira se um contrato de matrícula aceito é válido.',
      path: '/contrato/verificar',
      noindex: true,
    };
  }
  if (path.startsWith('/contrato/')) {
    return {
      title: `Contrato de matrícula | ${SITE}`,
      description: 'Leia e aceite o contrato de matrícula.',
      path: '/credito-estudantil',
      noindex: true,
    };
  }
  if (path.startsWith('/voucher/')) {
    return {
      title: `Voucher do evento | ${SITE}`,
      description: 'O voucher de entrada no evento da escola.',
      path: '/credito-estudantil',
      noindex: true,
    };
  }
  return undefined;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The shell for one address: its title, description, preview tags and the network's data. */
export function renderPageShell(template: string, path: string, appUrl: string, rede: RedeInfo): string {
  const meta = publicPageMeta(path);
  const page = meta ?? DEFAULT_META;
  const url = `${appUrl}${page.path}`;
  const image = `${appUrl}/og-image.jpg`;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(SITE)}" />`,
    `<meta property="og:locale" content="pt_BR" />`,
    `<meta property="og:title" content="${escapeHtml(page.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta property="og:image:type" content="image/jpeg" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta property="og:image:alt" content="${escapeHtml(`${SITE}: crédito educacional gratuito`)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(page.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(page.description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
    ...(page.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    // A meta tag, not a JSON <script>: the page keeps no inline script at all (the trust round's CSP check).
    `<meta name="${REDE_INFO_ELEMENT_ID}" content="${escapeHtml(JSON.stringify(rede))}" />`,
    // The staff application is the installable one (issue 49): only its addresses link the manifest, so a public
    // page downloads nothing more than before.
    ...(isPublicPagePath(path)
      ? []
      : [
          '<link rel="manifest" href="/manifest.webmanifest" />',
          '<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />',
        ]),
  ];
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(page.description)}" />`,
    )
    .replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
}
