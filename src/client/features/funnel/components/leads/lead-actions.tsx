import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { CalendarPlus, MessageSquarePlus, PhoneCall, RefreshCw, UserRoundCog, UserRoundPen } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { HistoricoAutor, LeadDetalhe } from '@shared/schemas/acompanhamento';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { LeadContatoForm } from './lead-contato-form';
import { LeadDadosForm } from './lead-dados-form';
import { LeadNotaForm } from './lead-nota-form';
import { LeadProximoPasso } from './lead-proximo-passo';
import { LeadResponsavelForm } from './lead-responsavel-form';
import { LeadRetornoForm } from './lead-retorno-form';
import { LeadStatusForm } from './lead-status-form';

export type LeadAction = 'contato' | 'status' | 'retorno' | 'responsavel' | 'nota' | 'dados';

const ACTIONS: readonly { key: LeadAction; label: string; icon: LucideIcon }[] = [
  { key: 'contato', label: 'Registrar contato', icon: PhoneCall },
  { key: 'status', label: 'Alterar status', icon: RefreshCw },
  { key: 'retorno', label: 'Agendar retorno', icon: CalendarPlus },
  { key: 'responsavel', label: 'Atribuir responsável', icon: UserRoundCog },
  { key: 'nota', label: 'Nota', icon: MessageSquarePlus },
  { key: 'dados', label: 'Corrigir dados', icon: UserRoundPen },
];

export interface LeadActionsProps {
  lead: LeadDetalhe;
  autor: HistoricoAutor | null;
  /** 'Atribuir responsável' (leads.atribuir). */
  canAtribuir: boolean;
  /** 'Corrigir dados' (leads.corrigirDados, issue 39 item 14). */
  canCorrigir?: boolean;
  /** Another part of the panel opened a form (the contact prompt): this one closes. */
  open: LeadAction | null;
  onOpenChange: (action: LeadAction | null) => void;
  /** A contact was just registered (here or in the contact prompt): ask for the next step (issue 51). */
  proximoPasso?: boolean;
  onProximoPassoChange?: (asking: boolean) => void;
}

/**
 * The panel's actions (issue 16): a row of buttons, each showing its form under the row (one at a time). Focus
 * goes to the form's first field, and back to its button when the form closes.
 */
export function LeadActions({
  lead,
  autor,
  canAtribuir,
  canCorrigir = false,
  open,
  onOpenChange,
  proximoPasso = false,
  onProximoPassoChange,
}: LeadActionsProps) {
  const id = useId();
  const regionRef = useRef<HTMLDivElement>(null);
  const buttons = useRef(new Map<LeadAction, HTMLButtonElement>());
  const [lastOpened, setLastOpened] = useState<LeadAction | null>(null);
  const actions = ACTIONS.filter(
    (action) => (action.key !== 'responsavel' || canAtribuir) && (action.key !== 'dados' || canCorrigir),
  );
  const current = actions.find((action) => action.key === open) ?? null;

  useEffect(() => {
    if (!open) return;
    // The first field (a select's trigger or an input) once the form is drawn.
    const field = regionRef.current?.querySelector<HTMLElement>('input, textarea, button[role="combobox"]');
    field?.focus();
  }, [open]);

  const close = () => {
    onOpenChange(null);
    if (lastOpened) buttons.current.get(lastOpened)?.focus();
  };

  let form: ReactNode = null;
  if (current?.key === 'contato') {
    form = (
      <LeadContatoForm
        leadId={lead.id}
        autor={autor}
        idPrefix="lead-contato"
        onDone={close}
        onRegistered={() => {
          close();
          onProximoPassoChange?.(true);
        }}
      />
    );
  } else if (current?.key === 'status') {
    form = <LeadStatusForm lead={lead} onDone={close} />;
  } else if (current?.key === 'retorno') {
    form = <LeadRetornoForm lead={lead} onDone={close} />;
  } else if (current?.key === 'responsavel') {
    form = <LeadResponsavelForm lead={lead} onDone={close} />;
  } else if (current?.key === 'nota') {
    form = <LeadNotaForm leadId={lead.id} autor={autor} onDone={close} />;
  } else if (current?.key === 'dados') {
    form = <LeadDadosForm lead={lead} onDone={close} />;
  }

  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-wrap gap-2">
        {actions.map(({ key, label, icon: Icon }) => {
          const expanded = open === key;
          return (
            <li key={key}>
              <Button
                ref={(element) => {
                  if (element) buttons.current.set(key, element);
                  else buttons.current.delete(key);
                }}
                variant={expanded ? 'default' : 'outline'}
                size="sm"
                aria-expanded={expanded}
                aria-controls={expanded ? `${id}-form` : undefined}
                onClick={() => {
                  setLastOpened(key);
                  onProximoPassoChange?.(false);
                  onOpenChange(expanded ? null : key);
                }}
              >
                <Icon aria-hidden="true" />
                {label}
              </Button>
            </li>
          );
        })}
      </ul>
      {current ? (
        <div
          id={`${id}-form`}
          ref={regionRef}
          role="region"
          aria-labelledby={`${id}-title`}
          className={cn('rounded-md border border-border bg-surface p-4')}
        >
          <h4 id={`${id}-title`} className="mb-3 font-semibold">
            {current.label}
          </h4>
          {form}
        </div>
      ) : proximoPasso ? (
        <LeadProximoPasso
          lead={lead}
          onDone={() => onProximoPassoChange?.(false)}
          onEscolherData={() => {
            onProximoPassoChange?.(false);
            setLastOpened('retorno');
            onOpenChange('retorno');
          }}
        />
      ) : null}
    </div>
  );
}
