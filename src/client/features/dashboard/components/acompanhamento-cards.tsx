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
    <section aria-labelledby="acompanhamento-titulo">
      <h2 id="acompanhamento-titulo" className="mb-3 text-lg font-semibold">
        Acompanhamento
      </h2>
      {resumo.isError ? (
        <Card className="p-6 text-sm text-muted-foreground">
          <p role="alert">Não foi possível carregar o acompanhamento.</p>
        </Card>
      ) : (
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-3 sm:gap-4" aria-busy={resumo.isPending || undefined}>
          {CARDS.map(({ key, label, icon: Icon, query, urgent }) => {
            const value = resumo.data?.[key];
            const attention = urgent && (value ?? 0) > 0;
            return (
              <li key={key}>
                <Card
                  className={cn(
                    // A phone shows each as one row (label, count, icon): the three fit the first screen.
                    'relative grid h-full grid-cols-[1fr_auto_auto] items-center gap-3 p-3 transition-colors focus-within:ring-2 focus-within:ring-ring hover:bg-muted sm:grid-cols-[1fr_auto] sm:items-start sm:p-5',
                    attention && 'border-amber-300',
                  )}
                >
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
                  {value === undefined ? (
                    <Skeleton className="h-8 w-16 sm:col-span-2 sm:row-start-2" />
                  ) : (
                    <p
                      aria-hidden="true"
                      className="text-2xl font-bold tracking-tight text-foreground sm:col-span-2 sm:row-start-2 sm:text-3xl"
                    >
                      {formatCount(value)}
                    </p>
                  )}
                  <span
                    className={cn(
                      'rounded-md p-2 sm:col-start-2 sm:row-start-1',
                      attention ? 'bg-amber-100 text-amber-900' : 'bg-accent text-accent-foreground',
                    )}
                  >
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
