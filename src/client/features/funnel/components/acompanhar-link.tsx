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
    <Button asChild variant="outline" size="sm" className="lg:max-2xl:size-9 lg:max-2xl:px-0">
      <Link
        to={{ pathname: `/leads/${encodeURIComponent(leadId)}`, search: location.search }}
        state={state}
        aria-label={`Acompanhar ${nomeAluno}`}
        title="Acompanhar"
      >
        <ClipboardList aria-hidden="true" />
        {/* The table between 1024 and 1535 px has room for the icon only; the name above still says it. */}
        <span className="lg:max-2xl:sr-only">Acompanhar</span>
      </Link>
    </Button>
  );
}
