import { useId, useState } from 'react';
import { ChevronDown, Clock, MapPin } from 'lucide-react';
import {
  VISITA_MESSAGES,
  VISITA_RESULTADO_LABELS,
  VISITA_RESULTADOS,
  type VisitaResultado,
  type VisitaView,
  visitaPatchSchema,
} from '@shared/schemas/visita';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextareaField } from '@/components/ui/textarea-field';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { type VisitaPatchBody, useUpdateVisita } from '../api/update-visita';
import { horaDaVisita, situacaoDaVisita, situacaoVariant } from './visita-format';

export interface VisitaCardProps {
  visita: VisitaView;
  /** Whether the caller logs outcomes and edits notes (permissions.ts: 'visitas.gerir'). */
  podeRegistrar: boolean;
  /** The vendedor's name under the school: for a manager's agenda, which holds several vendedores' visits. */
  mostrarVendedor?: boolean;
  /** 'Agendou evento' was logged: the route opens the new event's dialog with the school filled in. */
  onAgendouEvento?: (visita: VisitaView) => void;
}

/**
 * One visit of the agenda (issue 49): its time, school, goal and notes; tapped, it opens the outcome -- 'Visita
 * realizada' then its result (three taps from the agenda; 'Sem interesse' asks why first), or 'Não realizada' (two
 * taps) -- and, logged or not, its notes.
 */
export function VisitaCard({ visita, podeRegistrar, mostrarVendedor = false, onAgendouEvento }: VisitaCardProps) {
  const [aberta, setAberta] = useState(false);
  const painelId = useId();
  return (
    <article className="rounded-lg border border-border bg-card shadow-sm" data-testid="visita-card">
      <button
        type="button"
        className="flex w-full items-start gap-3 rounded-lg p-3 text-left transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-expanded={aberta}
        aria-controls={painelId}
        onClick={() => setAberta((open) => !open)}
      >
        <span className="flex min-w-[3.25rem] items-center gap-1 pt-0.5 font-semibold tabular-nums">
          <Clock aria-hidden="true" className="size-4 text-muted-foreground" />
          {horaDaVisita(visita.agendadaPara)}
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="font-medium [overflow-wrap:anywhere]">{visita.clienteNome}</span>
          {visita.clienteCidade || (mostrarVendedor && visita.vendedorNome) ? (
            <span className="flex items-center gap-1 text-xs text-muted-foreground">
              {visita.clienteCidade ? (
                <>
                  <MapPin aria-hidden="true" className="size-3" />
                  {visita.clienteCidade}
                </>
              ) : null}
              {mostrarVendedor && visita.vendedorNome ? (
                <span>
                  {visita.clienteCidade ? ' · ' : ''}
                  {visita.vendedorNome}
                </span>
              ) : null}
            </span>
          ) : null}
          {visita.objetivo ? (
            <span className="text-sm [overflow-wrap:anywhere]">
              <span className="text-muted-foreground">Objetivo: </span>
              {visita.objetivo}
            </span>
          ) : null}
          {visita.notas ? (
            <span className="text-sm text-muted-foreground [overflow-wrap:anywhere]">Notas: {visita.notas}</span>
          ) : null}
          {visita.motivo ? (
            <span className="text-sm text-muted-foreground [overflow-wrap:anywhere]">Motivo: {visita.motivo}</span>
          ) : null}
          <Badge variant={situacaoVariant(visita.status)} className="w-fit whitespace-normal">
            {situacaoDaVisita(visita)}
          </Badge>
        </span>
        <ChevronDown
          aria-hidden="true"
          className={cn('mt-1 size-4 shrink-0 text-muted-foreground transition-transform', aberta && 'rotate-180')}
        />
      </button>
      {aberta ? (
        <div id={painelId} className="flex flex-col gap-4 border-t border-border p-3">
          {podeRegistrar && visita.status === 'agendada' ? (
            <RegistrarResultado visita={visita} onAgendouEvento={onAgendouEvento} />
          ) : null}
          {podeRegistrar ? <EditarNotas key={visita.notas ?? ''} visita={visita} /> : null}
        </div>
      ) : null}
    </article>
  );
}

type Passo = 'escolha' | 'resultado' | 'motivo';

/** The outcome's taps: what happened, then (when it happened) how it went. */
function RegistrarResultado({
  visita,
  onAgendouEvento,
}: {
  visita: VisitaView;
  onAgendouEvento?: (visita: VisitaView) => void;
}) {
  const [passo, setPasso] = useState<Passo>('escolha');
  const [motivo, setMotivo] = useState('');
  const [erroMotivo, setErroMotivo] = useState<string | undefined>();
  const motivoId = useId();
  const registrar = useUpdateVisita({
    onSuccess: (atualizada) => {
      toast({ variant: 'success', title: VISITA_MESSAGES.registrada });
      if (atualizada.resultado === 'agendou_evento') onAgendouEvento?.(atualizada);
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Não foi possível registrar', description: errorMessage(error, '') }),
  });
  const enviar = (body: VisitaPatchBody) => registrar.mutate({ id: visita.id, body });
  const escolher = (resultado: VisitaResultado) => {
    if (resultado === 'sem_interesse') {
      setPasso('motivo');
      return;
    }
    enviar({ status: 'realizada', resultado });
  };
  const semInteresse = () => {
    // The shared rule: 'Sem interesse' needs its reason.
    const checado = visitaPatchSchema.safeParse({ status: 'realizada', resultado: 'sem_interesse', motivo });
    if (!checado.success) {
      setErroMotivo(checado.error.issues.find((i) => i.path[0] === 'motivo')?.message ?? VISITA_MESSAGES.motivo);
      return;
    }
    setErroMotivo(undefined);
    enviar({ status: 'realizada', resultado: 'sem_interesse', motivo: checado.data.motivo });
  };

  return (
    <div className="flex flex-col gap-3" role="group" aria-label="Como foi a visita">
      <p className="text-sm font-medium">Como foi a visita?</p>
      {passo === 'escolha' ? (
        <div className="grid grid-cols-2 gap-2">
          <Button type="button" onClick={() => setPasso('resultado')} disabled={registrar.isPending}>
            Visita realizada
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => enviar({ status: 'nao_realizada' })}
            disabled={registrar.isPending}
          >
            Não realizada
          </Button>
        </div>
      ) : null}
      {passo === 'resultado' ? (
        <div className="flex flex-col gap-2">
          <div className="grid grid-cols-1 gap-2 min-[380px]:grid-cols-3">
            {VISITA_RESULTADOS.map((resultado) => (
              <Button
                key={resultado}
                type="button"
                variant={resultado === 'sem_interesse' ? 'outline' : 'default'}
                onClick={() => escolher(resultado)}
                disabled={registrar.isPending}
              >
                {VISITA_RESULTADO_LABELS[resultado]}
              </Button>
            ))}
          </div>
          <Button type="button" variant="link" className="self-start" onClick={() => setPasso('escolha')}>
            Voltar
          </Button>
        </div>
      ) : null}
      {passo === 'motivo' ? (
        <form
          noValidate
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            semInteresse();
          }}
        >
          <TextareaField
            id={motivoId}
            label="Motivo do desinteresse"
            rows={2}
            value={motivo}
            onChange={(event) => setMotivo(event.target.value)}
            error={erroMotivo}
            required
            aria-required="true"
            autoFocus
          />
          <div className="flex flex-wrap items-center gap-2">
            <SubmitButton pending={registrar.isPending} pendingLabel="Registrando...">
              Registrar sem interesse
            </SubmitButton>
            <Button type="button" variant="link" onClick={() => setPasso('resultado')}>
              Voltar
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

/** The visit's notes, editable before and after its outcome. */
function EditarNotas({ visita }: { visita: VisitaView }) {
  const [notas, setNotas] = useState(visita.notas ?? '');
  const id = useId();
  const salvar = useUpdateVisita({
    onSuccess: () => toast({ variant: 'success', title: VISITA_MESSAGES.editada }),
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Não foi possível salvar', description: errorMessage(error, '') }),
  });
  const mudou = notas.trim() !== (visita.notas ?? '');
  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        salvar.mutate({ id: visita.id, body: { notas } });
      }}
    >
      <TextareaField id={id} label="Notas" rows={2} value={notas} onChange={(event) => setNotas(event.target.value)} />
      <SubmitButton
        pending={salvar.isPending}
        pendingLabel="Salvando..."
        variant="outline"
        className="self-start"
        disabled={!mudou}
      >
        Salvar notas
      </SubmitButton>
    </form>
  );
}
