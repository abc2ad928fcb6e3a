import { FileDown, LogOut, UserRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { FINANCEIRO_LINKS, ROLE_LABELS, SIDEBAR_LINKS, canAccessRoute, type SidebarLink } from '@shared/roles';
import type { SessionUser } from '@shared/schemas/auth';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useLogout } from '@/features/auth/api/logout';
import { enviarFilasAntesDeSair, naoEnviadosAoSair } from '@/features/eventos/offline/antes-de-sair';

export interface SidebarProps {
  user: SessionUser;
  /** Called after a link is followed (closes the small-screen menu). */
  onNavigate?: () => void;
}

/** First letter of the name, else of the e-mail, upper-case. */
function initialOf(user: SessionUser): string {
  const source = user.nome?.trim() || user.email;
  return source.charAt(0).toUpperCase();
}

/**
 * Keeps the current page's link in sight in the menu's scrolling region: on a short screen a Financeiro page's link
 * sits below SPEC's links. Only the region scrolls, never the page.
 */
function useActiveLinkInView() {
  const region = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const box = region.current;
    const active = box?.querySelector<HTMLElement>('a[aria-current="page"]');
    if (!box || !active) return;
    const top = active.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
    const bottom = top + active.offsetHeight;
    if (top < box.scrollTop || bottom > box.scrollTop + box.clientHeight) {
      box.scrollTop = Math.max(0, top - (box.clientHeight - active.offsetHeight) / 2);
    }
  }, [pathname]);
  return region;
}

/** A menu's links, the current page's marked. */
function MenuLinks({ links, onNavigate }: { links: readonly SidebarLink[]; onNavigate?: () => void }) {
  return (
    <ul className="grid gap-1">
      {links.map((link) => (
        <li key={link.path}>
          <NavLink
            to={link.path}
            end={link.path === '/'}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'flex items-center rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                isActive ? 'bg-primary text-primary-foreground' : 'text-sidebar-foreground hover:bg-sidebar-accent',
              )
            }
          >
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function Sidebar({ user, onNavigate }: SidebarProps) {
  const navigate = useNavigate();
  const menu = useActiveLinkInView();
  const logout = useLogout({
    onSuccess: () => navigate('/auth', { replace: true }),
    onError: (error) => toast({ variant: 'destructive', title: 'Não foi possível sair', description: error.message }),
  });

  // Signing out clears the device (issue 49): check-ins made without a signal are sent first, and the sign-out waits
  // while any is still on the device.
  const sair = async () => {
    const restantes = await enviarFilasAntesDeSair().catch(() => 0);
    if (restantes > 0) {
      toast({ variant: 'destructive', title: 'Não foi possível sair', description: naoEnviadosAoSair(restantes) });
      return;
    }
    logout.mutate();
  };

  return (
    <div className="flex h-full w-full flex-col bg-sidebar text-sidebar-foreground">
      <div className="border-b border-white/10 px-5 py-5">
        <Logo inverted />
      </div>

      <div className="flex items-center gap-3 border-b border-white/10 px-5 py-4">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-base font-semibold text-primary-foreground"
        >
          {initialOf(user)}
        </span>
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-white">{user.nome?.trim() || user.email}</p>
          <p className="truncate text-xs text-sidebar-muted">{ROLE_LABELS[user.role]}</p>
          {/* Issue 17: every role's own account, under the name rather than among SPEC's sidebar links. */}
          <NavLink
            to="/minha-conta"
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'mt-0.5 inline-flex min-h-6 items-center gap-1 rounded-sm text-xs font-medium text-white underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                isActive && 'underline',
              )
            }
          >
            <UserRound aria-hidden="true" className="size-3.5" />
            Minha conta
          </NavLink>
          {/* Issue 51 (ADR 091): the person's own exports, beside its account. */}
          {canAccessRoute(user.role, '/minhas-exportacoes') ? (
            <NavLink
              to="/minhas-exportacoes"
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'mt-0.5 flex min-h-6 w-fit items-center gap-1 rounded-sm text-xs font-medium text-white underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  isActive && 'underline',
                )
              }
            >
              <FileDown aria-hidden="true" className="size-3.5" />
              Minhas exportações
            </NavLink>
          ) : null}
        </div>
      </div>

      {/* One scrolling region for both menus: with 'Financeiro' outside it, a franqueador's laptop (720 px tall) showed
          three of SPEC's links in a box of their own, the rest scrolled out of sight with nothing saying so. */}
      <div ref={menu} className="min-h-0 flex-1 overflow-y-auto">
        <nav aria-label="Menu principal" className="px-3 py-4">
          <MenuLinks links={SIDEBAR_LINKS[user.role]} onNavigate={onNavigate} />
        </nav>
        {/* Issue 43: 'Financeiro', its own section under SPEC's links. */}
        {FINANCEIRO_LINKS[user.role].length > 0 ? (
          <nav aria-labelledby="sidebar-financeiro" className="px-3 pb-4 pt-2">
            <p
              id="sidebar-financeiro"
              className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-sidebar-muted"
            >
              Financeiro
            </p>
            <MenuLinks links={FINANCEIRO_LINKS[user.role]} onNavigate={onNavigate} />
          </nav>
        ) : null}
      </div>

      <div className="border-t border-white/10 p-4">
        <Button
          variant="ghost"
          className="w-full justify-start text-sidebar-foreground hover:bg-sidebar-accent hover:text-white"
          disabled={logout.isPending}
          onClick={() => void sair()}
        >
          <LogOut aria-hidden="true" />
          Sair
        </Button>
      </div>
    </div>
  );
}
