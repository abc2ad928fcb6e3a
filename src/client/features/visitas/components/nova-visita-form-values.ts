import { brasiliaAt } from '@shared/brasilia';
import type { VisitaCreateInput, VisitaFormInput, VisitaFormValues } from '@shared/schemas/visita';

/** A new visit's first values: the day shown in the agenda, no time yet. */
export function novaVisitaDefaults(dia: string): VisitaFormInput {
  return { clienteId: '', dia, horario: '', objetivo: '', notas: '' };
}

/**
 * The dialog's values as POST /api/visitas takes them: the day and the time are São Paulo's, sent as the instant
 * they name (the phone's own zone never moves a visit); an empty goal or note is left out.
 */
export function toVisitaBody(values: VisitaFormValues): VisitaCreateInput {
  const [hora, minuto] = values.horario.split(':').map(Number) as [number, number];
  const instante = new Date(brasiliaAt(values.dia, hora).getTime() + minuto * 60_000);
  return {
    clienteId: values.clienteId,
    agendadaPara: instante.toISOString(),
    objetivo: values.objetivo,
    notas: values.notas,
  };
}
