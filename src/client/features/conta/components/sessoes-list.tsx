import { useState } from 'react';
import { MonitorSmartphone } from 'lucide-react';
import { formatDateTime } from '@shared/format';
import type { Sessao } from '@shared/schemas/conta';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useEncerrarOutrasSessoes } from '../api/encerrar-outras-sessoes';
import { useEncerrarSessao } from '../api/encerrar-sessao';
import { useSessoes } from '../api/get-sessoes';
import { BRASILIA_TIME_ZONE } from '@shared/brasilia';

const when = (value: string) => formatDateTime(value, { withTime: true, timeZone: BRASILIA_TIME_ZONE });

/** What the confirmation is about: one other session, or all of them. */
type Target = { kind: 'uma'; sessao: Sessao } | { kind: 'outras' };

function SessaoCard({ sessao, onEncerrar }: { sessao: Sessao; onEncerrar: (sessao: Sessao) => void }) {
  const titleId = `sessao-${sessao.id}`;
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className="flex flex-col gap-3 rounded-lg border border-border p-3 sm:flex-row sm:p-4 sm:items-start sm:justify-between"
      >
        <div className="flex min-w-0 gap-3">
          <MonitorSmartphone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
          <div className="grid min-w-0 gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 id={titleId} className="font-semibold">
                {sessao.dispositivo}
              </h3>
              {sessao.atual ? <Badge variant="success">Esta sessão</Badge> : null}
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
              <dt className="text-muted-foreground">IP</dt>
              <dd className="break-all">{sessao.ip ?? 'Desconhecido'}</dd>
              <dt className="text-muted-foreground">Criada em</dt>
              <dd className="whitespace-nowrap">{when(sessao.criadaEm)}</dd>
              <dt className="text-muted-foreground">Último uso</dt>
              <dd className="whitespace-nowrap">{when(sessao.ultimoUsoEm)}</dd>
            </dl>
          </div>
        </div>
        {sessao.atual ? null : (
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            aria-label={`Encerrar a sessão ${sessao.dispositivo}`}
            onClick={() => onEncerrar(sessao)}
          >
            Encerrar
          </Button>
        )}
      </article>
    </li>
  );
}

/** The sessions open in the person's name, newest use first; every other one can be ended from here. */
export function SessoesList() {
  const sessoes = useSessoes();
  const [target, setTarget] = useState<Target | null>(null);
  const close = () => setTarget(null);
  const onError = (error: Error) =>
    toast({ variant: 'destructive', title: errorMessage(error, 'Erro ao encerrar a sessão') });
  const encerrar = useEncerrarSessao({
    onSuccess: (data) => {
      close();
      toast({ variant: 'success', title: data.message });
    },
    onError: (error) => {
      close();
      onError(error);
    },
  });
  const encerrarOutras = useEncerrarOutrasSessoes({
    onSuccess: (data) => {
      close();
      toast({ variant: 'success', title: data.message });
    },
    onError: (error) => {
      close();
      onError(error);
    },
  });
  const pending = encerrar.isPending || encerrarOutras.isPending;

  if (sessoes.isPending) {
    return (
      <div role="status" aria-label="Carregando sessões" className="grid gap-3">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (sessoes.isError) {
    return (
      <div className="grid justify-items-start gap-3">
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(sessoes.error, 'Erro ao carregar as sessões')}
        </p>
        <Button variant="outline" size="sm" onClick={() => void sessoes.refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  }

  const outras = sessoes.data.filter((sessao) => !sessao.atual).length;

  return (
    <div className="grid gap-4">
      <ul aria-label="Sessões ativas" className="grid gap-3">
        {sessoes.data.map((sessao) => (
          <SessaoCard key={sessao.id} sessao={sessao} onEncerrar={(s) => setTarget({ kind: 'uma', sessao: s })} />
        ))}
      </ul>
      {outras > 0 ? (
        <div>
          <Button variant="outline" onClick={() => setTarget({ kind: 'outras' })}>
            Encerrar todas as outras
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Você não está conectado em nenhum outro lugar.</p>
      )}

      <AlertDialog open={target !== null} onOpenChange={(open) => !open && !pending && close()}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {target?.kind === 'outras' ? 'Encerrar todas as outras sessões?' : 'Encerrar sessão?'}
            </AlertDialogTitle>
            <AlertDialogDescription>
              {target?.kind === 'uma'
                ? `A sessão em ${target.sessao.dispositivo} (último uso ${when(target.sessao.ultimoUsoEm)}) será encerrada; quem a usa precisará entrar de novo.`
                : 'Todas as sessões, exceto esta, serão encerradas; quem as usa precisará entrar de novo.'}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={pending}>Cancelar</AlertDialogCancel>
            <AlertDialogAction
              destructive
              disabled={pending}
              onClick={(event) => {
                event.preventDefault();
                if (target?.kind === 'uma') encerrar.mutate(target.sessao.id);
                else if (target?.kind === 'outras') encerrarOutras.mutate();
              }}
            >
              {target?.kind === 'outras' ? 'Encerrar todas' : 'Encerrar'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
