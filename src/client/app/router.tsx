import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { RoutePath } from '@shared/roles';
import { MainErrorFallback } from '@/components/errors/main-error-fallback';
import { PageLoader } from '@/components/layouts/page-loader';
import { screenHandle } from './guards/screen-handle';
import RootLayout from './routes/root-layout';

type RouteModule = { default: ComponentType };

/** Each screen is its own chunk, loaded when first visited. */
const lazyScreen = (load: () => Promise<RouteModule>) => async () => ({ Component: (await load()).default });

/**
 * One screen per protected path of roles.ts; the Record makes a missing screen a type error. Who may open each
 * is decided in the guard (a lazy chunk), so roles.ts stays out of the public pages' download.
 */
const SCREENS: Record<RoutePath, () => Promise<RouteModule>> = {
  '/': () => import('./routes/app/dashboard'),
  '/relatorios': () => import('./routes/app/relatorios'),
  '/metas': () => import('./routes/app/metas'),
  // Issue 49: the day of school visits, and the managers' list of visits.
  '/agenda': () => import('./routes/app/agenda'),
  '/visitas': () => import('./routes/app/visitas'),
  '/franquias': () => import('./routes/app/franquias'),
  '/micro-franquias': () => import('./routes/app/micro-franquias'),
  '/clientes': () => import('./routes/app/clientes'),
  '/cursos': () => import('./routes/app/cursos'),
  '/eventos': () => import('./routes/app/eventos'),
  '/eventos/:id/check-in': () => import('./routes/app/evento-check-in'),
  // One component for both lists and a lead's panel over them (issue 16): opening a panel keeps the list.
  '/leads': () => import('./routes/app/lead-lists'),
  '/leads/:id': () => import('./routes/app/lead-lists'),
  '/interesses': () => import('./routes/app/lead-lists'),
  '/pre-matriculas': () => import('./routes/app/pre-matriculas'),
  '/matriculas': () => import('./routes/app/matriculas'),
  '/sac': () => import('./routes/app/sac'),
  '/sac/:id': () => import('./routes/app/sac-ticket'),
  '/usuarios': () => import('./routes/app/usuarios'),
  '/auditoria': () => import('./routes/app/auditoria'),
  '/lgpd': () => import('./routes/app/lgpd'),
  '/envios': () => import('./routes/app/envios'),
  '/integracoes': () => import('./routes/app/integracoes'),
  '/contratos': () => import('./routes/app/contratos'),
  '/mensagens-whatsapp': () => import('./routes/app/mensagens-whatsapp'),
  '/minhas-exportacoes': () => import('./routes/app/minhas-exportacoes'),
  // Issue 50: the imports' list and one import's four steps; the micro-franquia's distribution rule.
  '/importacoes': () => import('./routes/app/importacoes'),
  '/importacoes/:id': () => import('./routes/app/importacao'),
  '/distribuicao': () => import('./routes/app/distribuicao'),
  '/financeiro/parcelas': () => import('./routes/app/parcelas'),
  '/financeiro/inadimplencia': () => import('./routes/app/inadimplencia'),
  '/financeiro/regua': () => import('./routes/app/regua'),
  '/financeiro/conciliacao': () => import('./routes/app/conciliacao'),
  '/financeiro/comissoes': () => import('./routes/app/comissoes'),
  '/financeiro/minhas-comissoes': () => import('./routes/app/minhas-comissoes'),
  '/financeiro/royalties': () => import('./routes/app/royalties'),
  '/financeiro/custos-campanha': () => import('./routes/app/custos-campanha'),
  '/financeiro/meu-extrato': () => import('./routes/app/meu-extrato'),
  '/minha-conta': () => import('./routes/app/minha-conta'),
};

const protectedScreens: RouteObject[] = (Object.keys(SCREENS) as RoutePath[]).map((path) => {
  const route = { handle: screenHandle(path), lazy: lazyScreen(SCREENS[path]) };
  return path === '/' ? { index: true, ...route } : { path, ...route };
});

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: MainErrorFallback,
    HydrateFallback: PageLoader,
    children: [
      // Public pages: their chunks hold neither the shell nor the staff screens.
      { path: '/credito-estudantil', lazy: lazyScreen(() => import('./routes/public/credito-estudantil')) },
      { path: '/credito-ativacao', lazy: lazyScreen(() => import('./routes/public/credito-ativacao')) },
      // Issue 18: the privacy notice and the titular's portal, public as the forms that link to them.
      { path: '/privacidade', lazy: lazyScreen(() => import('./routes/public/privacidade')) },
      { path: '/meus-dados', lazy: lazyScreen(() => import('./routes/public/meus-dados')) },
      { path: '/voucher/:token', lazy: lazyScreen(() => import('./routes/public/voucher')) },
      { path: '/declaracao/:codigo', lazy: lazyScreen(() => import('./routes/public/declaracao')) },
      // Issue 42 (ADR 066): the family's contract by its link, and an accepted contract's check.
      { path: '/contrato/verificar/:codigo', lazy: lazyScreen(() => import('./routes/public/contrato-verificar')) },
      { path: '/contrato/:token', lazy: lazyScreen(() => import('./routes/public/contrato')) },
      // Issue 43 (ADR 078): the responsável's parcelas by its link.
      { path: '/parcelas/:token', lazy: lazyScreen(() => import('./routes/public/parcelas')) },
      { path: '/auth', lazy: lazyScreen(() => import('./routes/auth/login')) },
      { path: '/reset-password', lazy: lazyScreen(() => import('./routes/auth/reset-password')) },
      {
        lazy: lazyScreen(() => import('./routes/app/root')),
        children: [
          ...protectedScreens,
          { path: '/unauthorized', lazy: lazyScreen(() => import('./routes/app/unauthorized')) },
        ],
      },
      { path: '*', lazy: lazyScreen(() => import('./routes/not-found')) },
    ],
  },
];
