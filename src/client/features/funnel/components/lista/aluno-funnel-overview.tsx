import { CalendarDays, GraduationCap, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDateOnly, formatDateTime } from '@shared/format';
import { FUNNEL_LISTS, PRE_MATRICULA_STATUS_LABELS, type FunnelEvento } from '@shared/schemas/funnel';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { FunnelListParams } from '../../api/funnel-keys';
import { useMatriculas } from '../../api/get-matriculas';
import { usePreMatriculas } from '../../api/get-pre-matriculas';
import { MatriculaStatusBadge } from '../matriculas/matricula-status-badge';

const FIRST_PAGE: FunnelListParams = { page: 1, pageSize: 50, q: undefined, eventoId: undefined, data: undefined };

function EventoLine({ evento }: { evento: FunnelEvento }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
      <span className="inline-flex items-center gap-1">
        <MapPin aria-hidden="true" className="size-3.5" />
        {evento.nomeEscola} - {evento.cidade}, {evento.estado.toUpperCase()}
      </span>
      <span className="inline-flex items-center gap-1">
        <CalendarDays aria-hidden="true" className="size-3.5" />
        Evento em {formatDateOnly(evento.dataEvento)}
      </span>
    </p>
  );
}

function Block({
  title,
  isPending,
  isError,
  error,
  empty,
  children,
}: {
  title: string;
  isPending: boolean;
  isError: boolean;
  error: string;
  empty: string | null;
  children: ReactNode;
}) {
  let body: ReactNode = children;
  if (isPending) {
    body = (
      <div aria-hidden="true" className="flex flex-col gap-3 p-4">
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-4 w-64 max-w-full" />
      </div>
    );
  } else if (isError) {
    body = (
      <p role="alert" className="p-4 text-sm text-destructive">
        {error}
      </p>
    );
  } else if (empty) {
    body = <p className="p-4 text-sm text-muted-foreground">{empty}</p>;
  }
  return (
    <Card>
      <h3 className="border-b border-border px-4 py-3 font-semibold">{title}</h3>
      <div aria-busy={isPending || undefined}>{body}</div>
    </Card>
  );
}

/**
 * The aluno's own pre-matrículas and matrículas under its dashboard's cards (the page header already reads 'Seus
 * interesses e pré-matrículas', so the section names what it lists).
 */
export function AlunoFunnelOverview() {
  const pre = usePreMatriculas(FIRST_PAGE);
  const matriculas = useMatriculas({ ...FIRST_PAGE, status: undefined });

  return (
    <section aria-labelledby="aluno-funil" className="flex flex-col gap-4">
      <h2 id="aluno-funil" className="text-xl font-semibold">
        Suas pré-matrículas e matrículas
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <Block
          title="Pré-matrículas"
          isPending={pre.isPending}
          isError={pre.isError}
          error={FUNNEL_LISTS.preMatriculas.failed}
          empty={pre.data?.items.length === 0 ? FUNNEL_LISTS.preMatriculas.empty : null}
        >
          <ul className="divide-y divide-border">
            {pre.data?.items.map((item) => (
              <li key={item.id} className="flex flex-col gap-1.5 p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-medium">{item.cursoInteresse ?? 'Curso a definir'}</p>
                  <Badge variant={item.status === 'efetivada' ? 'success' : 'warning'}>
                    {PRE_MATRICULA_STATUS_LABELS[item.status]}
                  </Badge>
                </div>
                <p className="text-sm">{item.nome}</p>
                <EventoLine evento={item.evento} />
              </li>
            ))}
          </ul>
        </Block>
        <Block
          title="Matrículas efetivadas"
          isPending={matriculas.isPending}
          isError={matriculas.isError}
          error={FUNNEL_LISTS.matriculas.failed}
          empty={matriculas.data?.items.length === 0 ? FUNNEL_LISTS.matriculas.empty : null}
        >
          <ul className="divide-y divide-border">
            {matriculas.data?.items.map((item) => (
              <li key={item.id} className="flex flex-col gap-1.5 p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="inline-flex items-center gap-2 font-medium">
                    <GraduationCap aria-hidden="true" className="size-4 text-primary" />
                    {item.cursoTitulo ?? item.cursoInteresse ?? 'Curso a definir'}
                  </p>
                  {/* Issue 42: where the contract stands, beside when the matrícula was made. */}
                  <MatriculaStatusBadge status={item.status} motivo={item.motivoCancelamento} />
                </div>
                <p className="text-sm text-muted-foreground">Efetivada em {formatDateTime(item.efetivadaEm)}</p>
                <p className="text-sm">{item.nome}</p>
                <EventoLine evento={item.evento} />
              </li>
            ))}
          </ul>
        </Block>
      </div>
    </section>
  );
}
