/**
 * The addresses of the public pages (families, visitors), as opposed to the staff application's screens (issue 49,
 * ADR 105): the staff app is the installable one, so only its addresses link the web app manifest, and its service
 * worker leaves the public pages to the network, as if it were not there.
 */
export const PUBLIC_PAGE_PATHS = ['/credito-estudantil', '/credito-ativacao', '/privacidade', '/meus-dados'] as const;

/** Public pages that carry a token or a code in their address. */
export const PUBLIC_PAGE_PREFIXES = ['/voucher/', '/declaracao/', '/contrato/', '/parcelas/'] as const;

/** Whether a page path (no query) is a public page: exact, with a trailing slash, or under a public prefix. */
export function isPublicPagePath(pathname: string): boolean {
  const path = pathname.replace(/(.)\/+$/, '$1');
  return (
    (PUBLIC_PAGE_PATHS as readonly string[]).includes(path) ||
    PUBLIC_PAGE_PREFIXES.some((prefix) => path.startsWith(prefix))
  );
}
