import {
  BookOpen,
  ClipboardList,
  CalendarDays,
  Clock,
  MapPin,
  Megaphone,
  Pencil,
  QrCode,
  Receipt,
  School,
  Tag,
  Ticket,
  UserCheck,
  Users,
} from 'lucide-react';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { EVENTO_STATUS_LABELS, LOCAL_EVENTO_LABELS, TIPO_ESCOLA_LABELS, type EventoStatus } from '@shared/enums';
import { formatBRL, formatCep, formatCount, formatDateOnly } from '@shared/format';
import { cursosLabel, type Evento } from '@shared/schemas/evento';
import { INSCRICAO_MESSAGES, presentesLabel, restamVagas } from '@shared/schemas/inscricao-messages';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';

const STATUS_VARIANT: Record<EventoStatus, BadgeProps['variant']> = {
  agendado: 'default',
  em_andamento: 'warning',
  concluido: 'success',
  cancelado: 'destructive',
};

function Item({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-2">
      <span aria-hidden="true" className="mt-0.5 text-muted-foreground [&_svg]:size-4">
        {icon}
      </span>
      <dt className="sr-only">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

export interface EventoCardProps {
  evento: Evento;
  /** The role's list of leads ('/leads' or '/interesses'): the card links to this event's (issue 23). */
  leadsPath?: string;
  /** Absent when the role may not edit (the franqueador). */
  onEdit?: (evento: Evento) => void;
  /** Issue 48: opens the event's share link ('Link de divulgação'), composed by the route. */
  onLink?: (evento: Evento) => void;
  /** Issue 48: the event's costs (read by every staff role, entered by the roles that edit it). */
  onCustos?: (evento: Evento) => void;
}

/** '1 inscrição', '12 inscrições': the event's sign-ups, its waiting list included. */
export const inscricoesLabel = (n: number) => (n === 1 ? '1 inscrição' : `${formatCount(n)} inscrições`);

/** SPEC §2 Eventos: one card per event. Date-only values are shown as typed, never through Date. */
export function EventoCard({ evento, onEdit, onLink, onCustos, leadsPath }: EventoCardProps) {
  const cursos = cursosLabel(evento.cursos);
  return (
    <Card className="flex h-full flex-col" data-testid="evento-card">
      <CardHeader className="gap-2 pb-3">
        {/* Issue 39, item 24: the school's name alone (no article to agree with 'Colégio' or 'Escola'), across the
            card's whole width with the status below it, so a name takes two lines at 1280 px, not four. */}
        <CardTitle as="h3" className="min-w-0 text-lg [overflow-wrap:break-word]">
          {evento.nomeEscola}
        </CardTitle>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Badge variant={STATUS_VARIANT[evento.status]}>{EVENTO_STATUS_LABELS[evento.status]}</Badge>
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <School aria-hidden="true" className="size-4" />
            Escola {TIPO_ESCOLA_LABELS[evento.tipoEscola]}
          </p>
        </div>
      </CardHeader>
      <CardContent className="flex-1">
        <dl className="grid gap-2 text-sm">
          <Item icon={<MapPin />} label="Local">
            {evento.cidade}, {evento.estado.toUpperCase()} · {LOCAL_EVENTO_LABELS[evento.local]}
            {evento.cep ? <span className="block text-muted-foreground">CEP {formatCep(evento.cep)}</span> : null}
          </Item>
          <Item icon={<CalendarDays />} label="Data do evento">
            {formatDateOnly(evento.dataEvento)}
            <span className="block text-xs text-muted-foreground">
              Distribuição: {formatDateOnly(evento.dataDistribuicao)}
            </span>
          </Item>
          <Item icon={<Clock />} label="Horário">
            {evento.horario}
          </Item>
          <Item icon={<Users />} label="Alunos">
            {evento.qtdAlunos === 1 ? '1 aluno' : `${formatCount(evento.qtdAlunos)} alunos`}
          </Item>
          <Item icon={<Ticket />} label="Vagas">
            {evento.vagas === null ? 'Vagas sem limite' : `${formatCount(evento.vagas)} vagas`}
            {evento.vagasRestantes !== undefined ? (
              <span className="block text-xs text-muted-foreground">
                {evento.vagasRestantes === 0 ? INSCRICAO_MESSAGES.vagasEsgotadas : restamVagas(evento.vagasRestantes)}
                {evento.listaEspera > 0 ? ` · ${evento.listaEspera} na lista de espera` : ''}
              </span>
            ) : null}
            {!evento.inscricoesAbertas && evento.status === 'agendado' ? (
              <span className="block text-xs text-muted-foreground">{INSCRICAO_MESSAGES.inscricoesEncerradas}</span>
            ) : null}
          </Item>
          {/* Issue 23: the event's sign-ups, counted, and its leads one click away. */}
          <Item icon={<ClipboardList />} label="Inscrições">
            <span data-testid="evento-inscricoes">{inscricoesLabel(evento.inscritos + evento.listaEspera)}</span>
            {leadsPath ? (
              <Link
                to={`${leadsPath}?eventoId=${encodeURIComponent(evento.id)}`}
                className="ml-2 font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                Ver {leadsPath === '/leads' ? 'leads' : 'interesses'}
                <span className="sr-only"> do evento: {evento.nomeEscola}</span>
              </Link>
            ) : null}
          </Item>
          <Item icon={<UserCheck />} label="Presença">
            <span data-testid="evento-presentes">{presentesLabel(evento.presentes, evento.inscritos)}</span>
          </Item>
          {cursos ? (
            <Item icon={<BookOpen />} label="Cursos">
              {cursos}
            </Item>
          ) : null}
          {evento.valorTotalDesconto != null ? (
            <Item icon={<Tag />} label="Desconto">
              Desconto: <span className="font-semibold">{formatBRL(evento.valorTotalDesconto)}</span>
            </Item>
          ) : null}
        </dl>
        {evento.observacao ? (
          <p className="mt-3 break-words rounded-md bg-muted p-2 text-sm text-muted-foreground">{evento.observacao}</p>
        ) : null}
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        <Button asChild variant="default" size="sm">
          <Link to={`/eventos/${evento.id}/check-in`} aria-label={`Check-in do evento: ${evento.nomeEscola}`}>
            <QrCode aria-hidden="true" />
            Check-in
          </Link>
        </Button>
        {onCustos ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => onCustos(evento)}
            aria-label={`Custos do evento: ${evento.nomeEscola}`}
          >
            <Receipt aria-hidden="true" />
            Custos
          </Button>
        ) : null}
        {onEdit ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => onEdit(evento)}
            aria-label={`Editar evento: ${evento.nomeEscola}`}
          >
            <Pencil aria-hidden="true" />
            Editar
          </Button>
        ) : null}
        {onLink ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => onLink(evento)}
            aria-label={`Link de divulgação do evento: ${evento.nomeEscola}`}
          >
            <Megaphone aria-hidden="true" />
            Link de divulgação
          </Button>
        ) : null}
      </CardFooter>
    </Card>
  );
}
