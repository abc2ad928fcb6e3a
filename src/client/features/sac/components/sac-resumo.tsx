import type { LucideIcon } from 'lucide-react';
import { AlarmClock, Inbox, MessageCircleQuestionMark, Star } from 'lucide-react';
import { Link } from 'react-router';
import { formatCount } from '@shared/format';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useResumo } from '../api/ticket';

export interface SacResumoCardsProps {
  /** The SAC screen also shows the period's average rating. */
  comAvaliacao?: boolean;
  /** On the Dashboard the cards open the SAC. */
  link?: boolean;
}

const DIAS = 30;

/** The franqueador's help desk at a glance (issue 19): open, late and waiting tickets, and the average rating. */
export function SacResumoCards({ comAvaliacao = false, link = false }: SacResumoCardsProps) {
  const resumo = useResumo(DIAS);
  const cards: { key: string; label: string; icon: LucideIcon; value: string | undefined; urgent?: boolean }[] = [
    { key: 'abertos', label: 'Tickets abertos', icon: Inbox, value: fmt(resumo.data?.abertos) },
    {
      key: 'atrasados',
      label: 'Tickets atrasados',
      icon: AlarmClock,
      value: fmt(resumo.data?.atrasados),
      urgent: (resumo.data?.atrasados ?? 0) > 0,
    },
    {
      key: 'aguardando',
      label: 'Aguardando solicitante',
      icon: MessageCircleQuestionMark,
      value: fmt(resumo.data?.aguardando),
    },
  ];
  if (comAvaliacao) {
    const media = resumo.data?.avaliacao.media;
    cards.push({
      key: 'avaliacao',
      label: `Avaliação média (${DIAS} dias)`,
      icon: Star,
      value: resumo.data
        ? media === null || media === undefined
          ? 'Sem avaliações'
          : `${media.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} de 5 (${formatCount(resumo.data.avaliacao.total)})`
        : undefined,
    });
  }
  return (
    <section aria-labelledby="sac-resumo-titulo" className={link ? undefined : 'mb-4'}>
      <h2 id="sac-resumo-titulo" className="mb-3 text-lg font-semibold">
        SAC
      </h2>
      {resumo.isError ? (
        <Card className="p-6 text-sm text-muted-foreground">
          <p role="alert">Não foi possível carregar o resumo do SAC.</p>
        </Card>
      ) : (
        <ul
          className={cn('grid grid-cols-1 gap-4', comAvaliacao ? 'sm:grid-cols-2 lg:grid-cols-4' : 'sm:grid-cols-3')}
          aria-busy={resumo.isPending || undefined}
        >
          {cards.map(({ key, label, icon: Icon, value, urgent }) => (
            <li key={key}>
              <Card className={cn('relative h-full p-5', urgent && 'border-red-300', link && 'hover:bg-muted')}>
                <div className="flex items-start justify-between gap-3">
                  <h3 className="text-sm font-medium text-muted-foreground">
                    {link ? (
                      <Link
                        to="/sac"
                        className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
                      >
                        {label}
                      </Link>
                    ) : (
                      label
                    )}
                  </h3>
                  <span
                    className={cn(
                      'rounded-md p-2',
                      urgent ? 'bg-red-100 text-red-800' : 'bg-accent text-accent-foreground',
                    )}
                  >
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                </div>
                {value === undefined ? (
                  <Skeleton className="mt-2 h-7 w-16" />
                ) : (
                  <p className="mt-2 text-2xl font-bold" data-testid={`sac-${key}`}>
                    {value}
                  </p>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const fmt = (n: number | undefined) => (n === undefined ? undefined : formatCount(n));
