import { BRASILIA_TIME_ZONE } from '@shared/brasilia';
import { formatDateTime } from '@shared/format';

/**
 * When and by whom a presence was registered, for a family scanned again (issue 51): 'Já registrada às 19:32 por
 * Ana', with the day when it was not today; the times in Brasília, where the events happen.
 */
export function jaRegistradaLabel(presenteEm: string, por: string | null | undefined, agora: Date): string {
  const quando = formatDateTime(presenteEm, { timeZone: BRASILIA_TIME_ZONE, withTime: true });
  const [data, hora] = quando.split(' ');
  const hoje = formatDateTime(agora, { timeZone: BRASILIA_TIME_ZONE });
  const em = data === hoje ? `às ${hora}` : `em ${data} às ${hora}`;
  return por ? `Já registrada ${em} por ${por}` : `Já registrada ${em}`;
}
