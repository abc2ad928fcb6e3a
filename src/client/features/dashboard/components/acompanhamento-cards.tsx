import type { LucideIcon } from 'lucide-react';
import { AlarmClock, CalendarClock, PhoneOff } from 'lucide-react';
import { Link } from 'react-router';
import { formatCount } from '@shared/format';
import type { AcompanhamentoResumo } from '@shared/schemas/acompanhamento';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useAcompanhamentoResumo } from '../api/get-acompanhamento-resumo';

const CARDS: readonly {
  key: keyof AcompanhamentoResumo;
  label: string;
  icon: LucideIcon;
  /** The list's filter that shows the same leads. */
  query: string;
  /** A count above zero asks for attention (with the same words: the colour is never the only sign). */
  urgent?: boolean;
}[] = [
  { key: 'retornosHoje', label: 'Retornos de hoje', icon: CalendarClock, query: 'retorno=hoje' },
  { key: 'atrasados', label: 'Atrasados', icon: AlarmClock, query: 'retorno=atrasados', urgent: true },
  // A no-break space keeps '48 h' on one line.
  { key: 'semContato48h', label: 'Leads sem contato há mais de 48\u00a0h', icon: PhoneOff, query: 'semContato=48h' },
];

export interface AcompanhamentoCardsProps {
  /** The list the cards open: Leads for the cliente, Interesses for the vendedor. */
  listPath: '/leads' | '/interesses';
}

/**
 * The follow-up due (issue 16): returns for today, overdue ones and leads nobody has contacted after 48 hours,
 * each a link to the list filtered to those leads.
 */
export function AcompanhamentoCards({ listPath }: AcompanhamentoCardsProps) {
  const resumo = useAcompanhamentoResumo();

  return (
    <section aria-labelledby="acompanhamento-titulo" className="mt-6">
      <h2 id="acompanhamento-titulo" className="mb-3 text-lg font-semibold">
        Acompanhamento
      </h2>
      {resumo.isError ? (
        <Card className="p-6 text-sm text-muted-foreground">
          <p role="alert">Não foi possível carregar o acompanhamento.</p>
        </Card>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-3" aria-busy={resumo.isPending || undefined}>
          {CARDS.map(({ key, label, icon: Icon, query, urgent }) => {
            const value = resumo.data?.[key];
            const attention = urgent && (value ?? 0) > 0;
            return (
              <li key={key}>
                <Card
                  className={cn(
                    'relative h-full p-5 transition-colors focus-within:ring-2 focus-within:ring-ring hover:bg-muted',
                    attention && 'border-amber-300',
                  )}
                >
                  <div className="flex items-start justify-between gap-3">
                    <h3 className="text-sm font-medium text-muted-foreground">
                      {/* The whole card is the link; its name is the label and the count. */}
                      <Link
                        to={`${listPath}?${query}`}
                        aria-label={value === undefined ? undefined : `${label}: ${formatCount(value)}`}
                        className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
                      >
                        {label}
                      </Link>
                    </h3>
                    <span
                      className={cn(
                        'rounded-md p-2',
                        attention ? 'bg-amber-100 text-amber-900' : 'bg-accent text-accent-foreground',
                      )}
                    >
                      <Icon aria-hidden="true" className="size-5" />
                    </span>
                  </div>
                  {value === undefined ? (
                    <Skeleton className="mt-3 h-8 w-16" />
                  ) : (
                    <p aria-hidden="true" className="mt-2 text-3xl font-bold tracking-tight text-foreground">
                      {formatCount(value)}
                    </p>
                  )}
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
