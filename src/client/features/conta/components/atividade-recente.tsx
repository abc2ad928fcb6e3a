import { LogIn, ShieldX } from 'lucide-react';
import { formatDateTime } from '@shared/format';
import { ATIVIDADE_DIAS, type AtividadeItem } from '@shared/schemas/auditoria';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useAtividade } from '../api/get-atividade';
import { BRASILIA_TIME_ZONE } from '@shared/brasilia';

/** Times read in Brasília's clock, wherever the browser is. */
const when = (value: string) => formatDateTime(value, { withTime: true, timeZone: BRASILIA_TIME_ZONE });

function AtividadeRow({ item }: { item: AtividadeItem }) {
  const recusada = item.acao === 'auth.login_falhou';
  const Icon = recusada ? ShieldX : LogIn;
  return (
    <li className="flex items-start gap-3 py-3">
      <Icon
        aria-hidden="true"
        className={
          recusada ? 'mt-0.5 size-5 shrink-0 text-destructive' : 'mt-0.5 size-5 shrink-0 text-muted-foreground'
        }
      />
      <div className="grid min-w-0 flex-1 gap-1 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start sm:gap-x-4">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <Badge variant={recusada ? 'destructive' : 'success'}>{recusada ? 'Tentativa recusada' : 'Entrada'}</Badge>
          <span className="font-medium">{item.dispositivo}</span>
        </div>
        <time dateTime={item.em} className="whitespace-nowrap text-sm tabular-nums text-muted-foreground sm:text-right">
          {when(item.em)}
        </time>
        <p className="text-sm text-muted-foreground sm:col-span-2">
          IP <span className="break-all text-foreground">{item.ip ?? 'Desconhecido'}</span>
        </p>
      </div>
    </li>
  );
}

/** The person's own sign-ins and refused attempts (issue 17): a refused one they did not make is a warning. */
export function AtividadeRecente() {
  const atividade = useAtividade();

  if (atividade.isPending) {
    return (
      <div role="status" aria-label="Carregando atividade" className="grid gap-3">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (atividade.isError) {
    return (
      <div className="grid justify-items-start gap-3">
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(atividade.error, 'Erro ao carregar a atividade recente')}
        </p>
        <Button variant="outline" size="sm" onClick={() => void atividade.refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  }
  if (atividade.data.length === 0) {
    return <p className="text-sm text-muted-foreground">Nenhuma atividade nos últimos {ATIVIDADE_DIAS} dias</p>;
  }
  return (
    <ul aria-label="Atividade recente" className="divide-y divide-border">
      {atividade.data.map((item) => (
        <AtividadeRow key={item.id} item={item} />
      ))}
    </ul>
  );
}
