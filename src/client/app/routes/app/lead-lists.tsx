import { useLocation, useNavigate, useParams } from 'react-router';
import { canAccessRoute, type Role } from '@shared/roles';
import { RoutePage } from '@/app/shell/route-page';
import { useCurrentUser } from '@/app/shell/current-user';
import type { LeadListPath, LeadPanelLocationState } from '@/features/funnel/components/leads/acompanhar-link';
import { InteressesScreen } from '@/features/funnel/components/leads/interesses-screen';
import { LeadPanel } from '@/features/funnel/components/leads/lead-panel';
import { LeadsScreen } from '@/features/funnel/components/leads/leads-screen';

/** The list a role follows its leads on: Leads for the cliente, Interesses for the network and the vendedor. */
function homeList(role: Role): LeadListPath {
  return canAccessRoute(role, '/leads') ? '/leads' : '/interesses';
}

function fromState(state: unknown): LeadListPath | null {
  const from = (state as Partial<LeadPanelLocationState> | null)?.from;
  return from === '/leads' || from === '/interesses' ? from : null;
}

/**
 * Leads (/leads), Interesses (/interesses) and a lead's panel over its list (/leads/:id, issue 16). The three
 * routes render this one component, so opening and closing a panel keeps the list as it was (its search, its
 * page): React sees the same screen and only the panel come and go. A panel opened from a row lies over the list
 * it was opened from; opened from a link, over the role's own list.
 */
export default function LeadListsRoute() {
  const user = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  const { id: leadId } = useParams();
  const from = fromState(location.state);

  let list: LeadListPath;
  if (leadId) list = from && canAccessRoute(user.role, from) ? from : homeList(user.role);
  else list = location.pathname === '/leads' ? '/leads' : '/interesses';

  const closePanel = () => {
    // Opened from a row: going back restores the list's address (and the browser's Back does the same).
    if (from) void navigate(-1);
    else void navigate({ pathname: list, search: location.search }, { replace: true });
  };

  return (
    <RoutePage path={list}>
      {list === '/leads' ? (
        <LeadsScreen role={user.role} />
      ) : (
        <InteressesScreen
          showCliente={user.role === 'franqueador'}
          showMeus={user.role === 'vendedor'}
          role={user.role}
        />
      )}
      {leadId ? (
        <LeadPanel
          leadId={leadId}
          role={user.role}
          autor={{ id: user.id, nome: user.nome || user.email }}
          onClose={closePanel}
        />
      ) : null}
    </RoutePage>
  );
}
