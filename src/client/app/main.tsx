import { Component, StrictMode, startTransition, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/styles.css';
import { ErrorScreen } from '@/components/errors/error-screen';
import { ToasterHost } from '@/components/ui/toaster-host';

type PageModule = { default: ComponentType };

/**
 * The public pages are opened on phones, often on slow networks: opened directly, they render on their own,
 * without the router, the query cache or anything of the staff application. Every other address opens the staff
 * application, whose router also holds these pages for links inside it.
 */
const PUBLIC_PAGES: Record<string, () => Promise<PageModule>> = {
  '/credito-estudantil': () => import('./routes/public/credito-estudantil'),
  '/credito-ativacao': () => import('./routes/public/credito-ativacao'),
  '/privacidade': () => import('./routes/public/privacidade'),
  '/meus-dados': () => import('./routes/public/meus-dados'),
};

/** What the router's error boundary does for the staff screens, for a public page that throws while rendering. */
class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}

/**
 * The first render is a transition: React renders it in slices and lets the browser in between, instead of one
 * long task that a phone's slow CPU would turn into a frozen page (Lighthouse's Total Blocking Time).
 */
const element = document.getElementById('root');
if (!element) throw new Error('O elemento #root não existe em index.html');
const root = createRoot(element);

/**
 * The sign-in page is where the staff application is entered: its screen downloads beside the application
 * instead of after it (the router asks for the same module, which is then already there).
 */
const STAFF_FIRST_SCREENS: Record<string, () => Promise<unknown>> = {
  '/auth': () => import('./routes/auth/login'),
};

function renderStaffApplication(path: string) {
  STAFF_FIRST_SCREENS[path]?.().catch(() => {}); // the router reports a failure
  import('./staff-app').then(
    async ({ default: StaffApp, routerReady }) => {
      await routerReady;
      startTransition(() =>
        root.render(
          <StrictMode>
            <StaffApp />
          </StrictMode>,
        ),
      );
    },
    (error: unknown) => {
      console.error(error);
      root.render(<ErrorScreen />);
    },
  );
}

const path = window.location.pathname.replace(/(.)\/+$/, '$1');
// The voucher (issue 20) carries its token in the address: /voucher/<token>.
// The declaration's verification (issue 23) carries its code: /declaracao/<codigo>.
const loadPublicPage =
  PUBLIC_PAGES[path] ??
  (path.startsWith('/voucher/')
    ? () => import('./routes/public/voucher')
    : path.startsWith('/declaracao/')
      ? () => import('./routes/public/declaracao')
      : // Issue 42 (ADR 066): an accepted contract's check by its code, and the family's contract by its link.
        path.startsWith('/contrato/verificar/')
        ? () => import('./routes/public/contrato-verificar')
        : path.startsWith('/contrato/')
          ? () => import('./routes/public/contrato')
          : // Issue 43 (ADR 078): the responsável's parcelas by the link in its e-mails.
            path.startsWith('/parcelas/')
            ? () => import('./routes/public/parcelas')
            : undefined);
if (loadPublicPage) {
  loadPublicPage().then(
    ({ default: Page }) =>
      startTransition(() =>
        root.render(
          <StrictMode>
            <PageErrorBoundary>
              <Page />
            </PageErrorBoundary>
            <ToasterHost />
          </StrictMode>,
        ),
      ),
    // The router tries the page again and shows its error screen if it still fails.
    () => renderStaffApplication(path),
  );
} else {
  renderStaffApplication(path);
}
