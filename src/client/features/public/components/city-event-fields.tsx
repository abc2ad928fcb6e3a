import type { ChangeEvent, ComponentProps } from 'react';
import type { PublicFinalidade } from '@shared/schemas/public';
import { CalendarDays, ChevronDown, MapPin } from 'lucide-react';
import { formatBRL, formatDateOnly } from '@shared/format';
import { INSCRICAO_MESSAGES, vagasAviso } from '@shared/schemas/inscricao-messages';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { usePublicCidades } from '../api/get-public-cidades';
import { usePublicEventos } from '../api/get-public-eventos';

/** Native selects: on a phone they open the system's own picker, which is faster and easier to use. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select
        className={cn(
          'h-11 w-full min-w-0 appearance-none rounded-md border border-input bg-background py-2 pl-3 pr-10 text-base text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive',
          className,
        )}
        {...props}
      />
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute right-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}

/** Issue 20: an event that takes no sign-up, or only to the waiting list, says so in its option. */
function optionSuffix(evento: { inscricoesAbertas: boolean; vagasRestantes?: number }): string {
  if (!evento.inscricoesAbertas) return ` (${INSCRICAO_MESSAGES.inscricoesEncerradas})`;
  if (evento.vagasRestantes === 0) return ` (${INSCRICAO_MESSAGES.vagasEsgotadas})`;
  return '';
}

export interface CityEventFieldsProps {
  /** Prefix of the element ids, unique per form. */
  idPrefix: string;
  cidade: string;
  onCidadeChange: (cidade: string) => void;
  eventoId: string;
  onEventoChange: (eventoId: string) => void;
  /** 'Selecione um evento': shown under the event select, or under the city select while there is none. */
  eventoError?: string;
  disabled?: boolean;
  /** The rule of the page (issue 23): the activation also offers the events of the last days. */
  para?: PublicFinalidade;
}

/**
 * The first steps of both public forms (SPEC §2, §4): the city select, then, once a city is chosen, the select
 * of its open events. Choosing another city clears the event (the parent resets it in onCidadeChange).
 */
export function CityEventFields({
  idPrefix,
  cidade,
  onCidadeChange,
  eventoId,
  onEventoChange,
  eventoError,
  disabled,
  para = 'inscricao',
}: CityEventFieldsProps) {
  const cidades = usePublicCidades(para);
  const eventos = usePublicEventos(cidade, para);
  const aberto = para === 'ativacao' ? 'para ativação' : 'com inscrições abertas';
  const cidadeId = `${idPrefix}-cidade`;
  const eventoFieldId = `${idPrefix}-evento`;
  const chosen = eventos.data?.find((e) => e.id === eventoId);
  const cidadeErrorId = `${cidadeId}-error`;
  const eventoErrorId = `${eventoFieldId}-error`;
  const showErrorOnCidade = Boolean(eventoError) && cidade === '';

  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor={cidadeId}>Cidade</Label>
        <NativeSelect
          id={cidadeId}
          value={cidade}
          disabled={disabled || cidades.isPending || cidades.isError}
          aria-invalid={showErrorOnCidade || undefined}
          aria-describedby={showErrorOnCidade ? cidadeErrorId : undefined}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => onCidadeChange(event.target.value)}
        >
          <option value="">{cidades.isPending ? 'Carregando cidades...' : 'Selecione a sua cidade'}</option>
          {cidades.data?.map((nome) => (
            <option key={nome} value={nome}>
              {nome}
            </option>
          ))}
        </NativeSelect>
        {cidades.isError ? (
          <p className="flex flex-wrap items-center gap-2 text-sm text-destructive">
            Não foi possível carregar as cidades.
            <Button variant="link" className="text-sm" onClick={() => void cidades.refetch()}>
              Tentar novamente
            </Button>
          </p>
        ) : null}
        {cidades.data?.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhuma cidade {aberto} no momento.</p>
        ) : null}
        {showErrorOnCidade ? <FormMessage id={cidadeErrorId}>{eventoError}</FormMessage> : null}
      </div>

      {cidade !== '' ? (
        <div className="grid gap-2">
          <Label htmlFor={eventoFieldId}>Evento</Label>
          <NativeSelect
            id={eventoFieldId}
            value={eventoId}
            disabled={disabled || eventos.isPending || eventos.isError}
            aria-invalid={eventoError ? true : undefined}
            aria-describedby={eventoError ? eventoErrorId : undefined}
            onChange={(event: ChangeEvent<HTMLSelectElement>) => onEventoChange(event.target.value)}
          >
            <option value="">{eventos.isPending ? 'Carregando eventos...' : 'Selecione o evento da sua escola'}</option>
            {eventos.data?.map((evento) => (
              <option key={evento.id} value={evento.id}>
                {`${evento.nomeEscola} - ${formatDateOnly(evento.dataEvento)} às ${evento.horario}${optionSuffix(evento)}`}
              </option>
            ))}
          </NativeSelect>
          {eventos.isError ? (
            <p className="flex flex-wrap items-center gap-2 text-sm text-destructive">
              Não foi possível carregar os eventos.
              <Button variant="link" className="text-sm" onClick={() => void eventos.refetch()}>
                Tentar novamente
              </Button>
            </p>
          ) : null}
          {eventos.data?.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nenhum evento {aberto} nesta cidade.</p>
          ) : null}
          <FormMessage id={eventoErrorId}>{eventoError}</FormMessage>
          {chosen ? (
            <div
              className={cn(
                'grid gap-1 rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-950',
                'sm:grid-cols-2',
              )}
            >
              <span className="flex items-center gap-2">
                <MapPin aria-hidden="true" className="size-4 shrink-0" />
                {chosen.nomeEscola}, {chosen.cidade} - {chosen.estado}
              </span>
              <span className="flex items-center gap-2">
                <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
                {formatDateOnly(chosen.dataEvento)} às {chosen.horario}
              </span>
              {vagasAviso(chosen) ? (
                <span
                  role="status"
                  className={cn(
                    'font-semibold sm:col-span-2',
                    chosen.inscricoesAbertas && chosen.vagasRestantes !== 0 ? 'text-blue-950' : 'text-red-800',
                  )}
                >
                  {vagasAviso(chosen)}
                </span>
              ) : null}
              {chosen.valorTotalDesconto > 0 ? (
                <span className="font-semibold sm:col-span-2">
                  Crédito educacional: {formatBRL(chosen.valorTotalDesconto)}
                </span>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
