import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AlarmClock, CalendarClock, ChevronLeft, ChevronRight, PartyPopper } from 'lucide-react';
import { addDays } from '@shared/brasilia';
import { EVENTO_STATUS_LABELS, type EventoStatus } from '@shared/enums';
import { formatCount, formatDateOnly } from '@shared/format';
import { LEAD_STATUS_LABELS, type LeadStatus } from '@shared/schemas/acompanhamento';
import { VISITA_MESSAGES, type Agenda, type VisitaView } from '@shared/schemas/visita';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useAgenda } from '../api/get-agenda';
import { VisitaCard } from './visita-card';
import { diaDaVisita, rotuloDoDia } from './visita-format';

export interface AgendaScreenProps {
  /** Today in São Paulo. */
  hoje: string;
  /** The day shown, and how to move to another (the route keeps it in the address). */
  dia: string;
  onDia: (dia: string) => void;
  /** The list the follow-up links open (Interesses for the staff above the cliente). */
  leadsPath: '/leads' | '/interesses';
  /** Whether the caller logs outcomes (permissions.ts: 'visitas.gerir'). */
  podeRegistrar: boolean;
  /** A manager's agenda holds several vendedores' visits: each card names its vendedor. */
  mostrarVendedor?: boolean;
  onAgendouEvento?: (visita: VisitaView) => void;
}

/**
 * Minha agenda (issue 49, ADR 105), made for a 360 px phone first: the day's visits by time, the rest of the week's
 * by day, the follow-up due (the dashboard's queues, linked to the same lists) and the next events worked. A visit
 * tapped logs its outcome in at most three taps.
 */
export function AgendaScreen({
  hoje,
  dia,
  onDia,
  leadsPath,
  podeRegistrar,
  mostrarVendedor = false,
  onAgendouEvento,
}: AgendaScreenProps) {
  const agenda = useAgenda(dia);
  const dados = agenda.data;
  const card = (visita: VisitaView) => (
    <li key={visita.id}>
      <VisitaCard
        visita={visita}
        podeRegistrar={podeRegistrar}
        mostrarVendedor={mostrarVendedor}
        onAgendouEvento={onAgendouEvento}
      />
    </li>
  );

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <nav aria-label="Dia da agenda" className="flex items-center justify-between gap-2">
        <Button variant="outline" size="icon" aria-label="Dia anterior" onClick={() => onDia(addDays(dia, -1))}>
          <ChevronLeft aria-hidden="true" />
        </Button>
        <div className="flex min-w-0 flex-col items-center text-center">
          <p className="font-semibold" data-testid="agenda-dia">
            {dia === hoje ? 'Hoje' : rotuloDoDia(dia).split(',')[0]}
          </p>
          <p className="text-sm text-muted-foreground">{dia === hoje ? rotuloDoDia(dia) : formatDateOnly(dia)}</p>
          {dia !== hoje ? (
            <Button variant="link" size="sm" className="h-auto" onClick={() => onDia(hoje)}>
              Voltar para hoje
            </Button>
          ) : null}
        </div>
        <Button variant="outline" size="icon" aria-label="Próximo dia" onClick={() => onDia(addDays(dia, 1))}>
          <ChevronRight aria-hidden="true" />
        </Button>
      </nav>

      {agenda.isError ? (
        <Card className="p-6 text-center">
          <p role="alert" className="font-medium text-destructive">
            {errorMessage(agenda.error, VISITA_MESSAGES.failed)}
          </p>
        </Card>
      ) : null}

      <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          <Secao id="agenda-hoje" titulo={dia === hoje ? 'Visitas de hoje' : 'Visitas do dia'}>
            {dados ? (
              dados.hoje.length > 0 ? (
                <ul className="flex flex-col gap-2" aria-busy={agenda.isPlaceholderData || undefined}>
                  {dados.hoje.map(card)}
                </ul>
              ) : (
                <Vazio>Nenhuma visita agendada para o dia.</Vazio>
              )
            ) : agenda.isPending ? (
              <Carregando />
            ) : null}
          </Secao>

          <Secao id="agenda-semana" titulo="Na semana">
            {dados ? (
              dados.semana.length > 0 ? (
                <Semana visitas={dados.semana} card={card} />
              ) : (
                <Vazio>Nenhuma outra visita nesta semana.</Vazio>
              )
            ) : agenda.isPending ? (
              <Carregando />
            ) : null}
          </Secao>
        </div>

        <div className="flex min-w-0 flex-col gap-6">
          <Secao id="agenda-retornos" titulo="Retornos">
            {dados ? <Retornos retornos={dados.retornos} doDia={dia === hoje} leadsPath={leadsPath} /> : <Carregando />}
          </Secao>
          <Secao id="agenda-eventos" titulo="Próximos eventos">
            {dados ? <Eventos eventos={dados.eventos} /> : <Carregando />}
          </Secao>
        </div>
      </div>
    </div>
  );
}

function Secao({ id, titulo, children }: { id: string; titulo: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {titulo}
      </h2>
      {children}
    </section>
  );
}

const Vazio = ({ children }: { children: ReactNode }) => (
  <Card className="p-4 text-sm text-muted-foreground">{children}</Card>
);

const Carregando = () => <Skeleton className="h-20 w-full" />;

/** The rest of the week, grouped by day in order. */
function Semana({ visitas, card }: { visitas: VisitaView[]; card: (v: VisitaView) => ReactNode }) {
  const dias = new Map<string, VisitaView[]>();
  for (const visita of visitas) {
    const dia = diaDaVisita(visita.agendadaPara);
    dias.set(dia, [...(dias.get(dia) ?? []), visita]);
  }
  return (
    <div className="flex flex-col gap-4">
      {[...dias.entries()].map(([dia, doDia]) => (
        <div key={dia} className="flex flex-col gap-2">
          <h3 className="text-sm font-medium text-muted-foreground">{rotuloDoDia(dia)}</h3>
          <ul className="flex flex-col gap-2">{doDia.map(card)}</ul>
        </div>
      ))}
    </div>
  );
}

/** The follow-up due: the dashboard's two queues, each opening the list filtered to those leads, and the first ones. */
function Retornos({
  retornos,
  doDia,
  leadsPath,
}: {
  retornos: Agenda['retornos'];
  doDia: boolean;
  leadsPath: '/leads' | '/interesses';
}) {
  const filas = [
    {
      label: doDia ? 'Retornos de hoje' : 'Retornos do dia',
      valor: retornos.hoje,
      query: 'retorno=hoje',
      icon: CalendarClock,
    },
    { label: 'Atrasados', valor: retornos.atrasados, query: 'retorno=atrasados', icon: AlarmClock, urgente: true },
  ];
  return (
    <div className="flex flex-col gap-3">
      <ul className="grid grid-cols-2 gap-2">
        {filas.map(({ label, valor, query, icon: Icon, urgente }) => {
          const atencao = urgente && valor > 0;
          const conteudo = (
            <>
              <span className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
                {label}
                <Icon aria-hidden="true" className={cn('size-4', atencao && 'text-amber-700')} />
              </span>
              <span className="text-2xl font-bold tabular-nums text-foreground">{formatCount(valor)}</span>
            </>
          );
          return (
            <li key={query}>
              <Card
                className={cn(
                  'relative flex h-full flex-col gap-1 p-3',
                  doDia && 'transition-colors focus-within:ring-2 focus-within:ring-ring hover:bg-muted',
                  atencao && 'border-amber-300',
                )}
              >
                {doDia ? (
                  // The queue's list, as the dashboard's card opens it (today's only: the list's filters are today's).
                  <Link
                    to={`${leadsPath}?${query}`}
                    aria-label={`${label}: ${formatCount(valor)}`}
                    className="flex flex-col gap-1 after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
                  >
                    {conteudo}
                  </Link>
                ) : (
                  conteudo
                )}
              </Card>
            </li>
          );
        })}
      </ul>
      {retornos.itens.length > 0 ? (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
          {retornos.itens.map((lead) => (
            <li key={lead.id} className="flex flex-col gap-0.5 p-3 text-sm">
              <Link to={`/leads/${lead.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                {lead.nomeAluno}
              </Link>
              <span className="text-muted-foreground [overflow-wrap:anywhere]">
                {lead.nomeResponsavel} · {LEAD_STATUS_LABELS[lead.status as LeadStatus] ?? lead.status} · retorno em{' '}
                {formatDateOnly(lead.proximoContatoEm)}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <Vazio>Nenhum retorno pendente.</Vazio>
      )}
    </div>
  );
}

/** The next events the vendedor works, each with its check-in. */
function Eventos({ eventos }: { eventos: Agenda['eventos'] }) {
  if (eventos.length === 0) return <Vazio>Nenhum evento agendado.</Vazio>;
  return (
    <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
      {eventos.map((evento) => (
        <li key={evento.id} className="flex items-start gap-3 p-3 text-sm">
          <PartyPopper aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <span className="flex min-w-0 flex-1 flex-col gap-0.5">
            <span className="font-medium [overflow-wrap:anywhere]">{evento.nomeEscola}</span>
            <span className="text-muted-foreground">
              {formatDateOnly(evento.dataEvento)} às {evento.horario} · {evento.cidade} ·{' '}
              {EVENTO_STATUS_LABELS[evento.status as EventoStatus] ?? evento.status}
            </span>
          </span>
          <Link
            to={`/eventos/${evento.id}/check-in`}
            className="shrink-0 text-primary underline-offset-4 hover:underline"
            aria-label={`Check-in do evento ${evento.nomeEscola} de ${formatDateOnly(evento.dataEvento)}`}
          >
            Check-in
          </Link>
        </li>
      ))}
    </ul>
  );
}
