import { addDays, brasiliaAt, todayInBrasilia, weekdayOf } from '../../../shared/brasilia';
import { visitas } from '../schema';
import type { Transaction } from '../connect';

/**
 * Issue 49 (ADR 105): the demo vendedor's visits to its two schools, so 'Minha agenda' opens filled -- two visits
 * today and another this week, still to be logged -- and Relatórios' visits per vendedor count the last weeks'
 * outcomes: one that scheduled the Valinhos event, one interested school, one not interested, one missed.
 */
export async function insertDemoVisitas(
  tx: Transaction,
  ids: {
    vendedorId: string;
    vendedorUserId: string;
    horizonte: string;
    valinhos: string;
    /** The Valinhos event the visit three days ago scheduled. */
    eventoValinhos: string;
  },
  now: Date,
): Promise<void> {
  const hoje = todayInBrasilia(now);
  /** A day's time on Brasília's clocks. */
  const as = (dia: string, hora: number, minutos = 0) => new Date(brasiliaAt(dia, hora).getTime() + minutos * 60_000);
  // Another day of this week (Monday to Sunday): tomorrow, or on a Sunday the day before.
  const outroDiaDaSemana = weekdayOf(hoje) === 0 ? addDays(hoje, -1) : addDays(hoje, 1);
  const outroJaPassou = outroDiaDaSemana < hoje;
  const base = { vendedorId: ids.vendedorId, criadoPorId: ids.vendedorUserId };
  const registrada = (dia: string) => ({ registradaEm: as(dia, 17) });
  await tx.insert(visitas).values([
    {
      ...base,
      clienteId: ids.horizonte,
      agendadaPara: as(hoje, 9),
      objetivo: 'Apresentar o crédito educacional à coordenação do 3º ano',
      notas: 'Falar com a coordenadora Helena; levar os folhetos',
    },
    {
      ...base,
      clienteId: ids.valinhos,
      agendadaPara: as(hoje, 14, 30),
      objetivo: 'Confirmar a sala e o horário do evento',
    },
    {
      ...base,
      clienteId: ids.horizonte,
      agendadaPara: as(outroDiaDaSemana, 10),
      objetivo: 'Entregar os cartões para a distribuição',
      ...(outroJaPassou
        ? { status: 'realizada' as const, resultado: 'interessada' as const, ...registrada(outroDiaDaSemana) }
        : {}),
    },
    {
      ...base,
      clienteId: ids.valinhos,
      agendadaPara: as(addDays(hoje, -3), 10),
      objetivo: 'Propor um evento para o ensino médio',
      status: 'realizada',
      resultado: 'agendou_evento',
      eventoId: ids.eventoValinhos,
      notas: 'A direção gostou; evento marcado para o mês que vem',
      ...registrada(addDays(hoje, -3)),
    },
    {
      ...base,
      clienteId: ids.horizonte,
      agendadaPara: as(addDays(hoje, -8), 15),
      objetivo: 'Apresentar os cursos técnicos',
      status: 'realizada',
      resultado: 'interessada',
      ...registrada(addDays(hoje, -8)),
    },
    {
      ...base,
      clienteId: ids.valinhos,
      agendadaPara: as(addDays(hoje, -10), 9),
      objetivo: 'Primeira conversa com a direção',
      status: 'nao_realizada',
      motivo: 'Escola fechada por feriado municipal',
      ...registrada(addDays(hoje, -10)),
    },
    {
      ...base,
      clienteId: ids.horizonte,
      agendadaPara: as(addDays(hoje, -15), 11),
      objetivo: 'Oferecer o kit premium',
      status: 'realizada',
      resultado: 'sem_interesse',
      motivo: 'A diretoria prefere esperar o próximo semestre',
      ...registrada(addDays(hoje, -15)),
    },
  ]);
}
