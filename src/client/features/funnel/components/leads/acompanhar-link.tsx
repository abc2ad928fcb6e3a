import { Link, useLocation } from 'react-router';
import { ClipboardList } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The list a lead's panel was opened from, so closing it goes back there (a cliente has both lists). */
export type LeadListPath = '/leads' | '/interesses';

export interface LeadPanelLocationState {
  from: LeadListPath;
}

/**
 * A row's 'Acompanhar' (issue 16): the lead's own address, /leads/:id, keeping the list's filters in the query
 * string; the list stays behind the panel.
 */
export function AcompanharLink({ leadId, nomeAluno, from }: { leadId: string; nomeAluno: string; from: LeadListPath }) {
  const location = useLocation();
  const state: LeadPanelLocationState = { from };
  return (
    <Button asChild variant="outline" size="sm" className="lg:size-9 lg:px-0">
      <Link
        to={{ pathname: `/leads/${encodeURIComponent(leadId)}`, search: location.search }}
        state={state}
        aria-label={`Acompanhar ${nomeAluno}`}
        // Where focus returns when the lead's panel closes (lead-panel.tsx).
        data-acompanhar={leadId}
        title="Acompanhar"
      >
        <ClipboardList aria-hidden="true" />
        {/* In the table (from 1024 px) the icon alone, with its tooltip; the name above still says it. */}
        <span className="lg:sr-only">Acompanhar</span>
      </Link>
    </Button>
  );
}
