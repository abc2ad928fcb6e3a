import { BRASILIA_TIME_ZONE, todayInBrasilia } from '@shared/brasilia';
import { formatDateOnly, formatDateTime } from '@shared/format';
import {
  VISITA_RESULTADO_LABELS,
  VISITA_STATUS_LABELS,
  type VisitaResultado,
  type VisitaStatus,
} from '@shared/schemas/visita';

/** 'HH:mm' of a visit on São Paulo's clocks, wherever the phone is. */
export const horaDaVisita = (instante: string) =>
  formatDateTime(instante, { withTime: true, timeZone: BRASILIA_TIME_ZONE }).slice(11);

/** 'DD/MM/AAAA HH:mm' of a visit, São Paulo's. */
export const quandoDaVisita = (instante: string) =>
  formatDateTime(instante, { withTime: true, timeZone: BRASILIA_TIME_ZONE });

/** The day (YYYY-MM-DD, São Paulo's) a visit is on. */
export const diaDaVisita = (instante: string) => todayInBrasilia(new Date(instante));

const weekday = new Intl.DateTimeFormat('pt-BR', { weekday: 'long', timeZone: 'UTC' });

/** 'Quarta-feira, 12/03/2031': a day as the agenda's heading and its week's groups name it. */
export function rotuloDoDia(dia: string): string {
  const nome = weekday.format(new Date(`${dia}T12:00:00Z`));
  return `${nome.charAt(0).toUpperCase()}${nome.slice(1)}, ${formatDateOnly(dia)}`;
}

/** 'Visita realizada · Interessada', 'Não realizada', 'Agendada'. */
export function situacaoDaVisita(visita: { status: VisitaStatus; resultado: VisitaResultado | null }): string {
  const status = VISITA_STATUS_LABELS[visita.status];
  return visita.resultado ? `${status} · ${VISITA_RESULTADO_LABELS[visita.resultado]}` : status;
}

/** The badge's look for a status: the words carry it, the colour only repeats it. */
export const situacaoVariant = (status: VisitaStatus) =>
  status === 'agendada' ? ('secondary' as const) : status === 'realizada' ? ('success' as const) : ('warning' as const);
