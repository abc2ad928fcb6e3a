import { type FunilContagem, taxa } from '@shared/schemas/relatorios';
import { type Stage, STAGE_LABELS } from './drill';

export interface FunilEtapa {
  stage: Stage;
  label: string;
  value: number;
  /** From the step before it (the last one that counts): the share that went on, and how many did not. */
  seguiram?: number;
  perda?: number;
  /** The step it is measured from. */
  anterior?: Stage;
  /** Presence, when the period's events did not use check-in: shown, but no family is lost at it. */
  semCheckin?: boolean;
}

/**
 * Check-in counts as a step of the funnel only where families pass through it: when fewer families were checked in
 * than went on to a pré-matrícula, the door was not used at (most of) the period's events, and presence is shown
 * without a loss; the pré-matrículas are then measured from the leads (issue 39, item 16; ADR 051).
 */
export function checkinUsado(totais: FunilContagem): boolean {
  return totais.presencas > 0 && totais.presencas >= totais.preMatriculas;
}

/** Each step's rate and loss from the step before it (issue 39, item 16): never from the leads two steps back. */
export function funilEtapas(totais: FunilContagem): FunilEtapa[] {
  const porCheckin = checkinUsado(totais);
  const step = (stage: Stage, anterior: Stage): FunilEtapa => {
    const base = totais[anterior];
    const value = totais[stage];
    return {
      stage,
      label: STAGE_LABELS[stage],
      value,
      anterior,
      seguiram: taxa(value, base),
      perda: Math.max(0, base - value),
    };
  };
  return [
    { stage: 'leads', label: STAGE_LABELS.leads, value: totais.leads },
    porCheckin
      ? step('presencas', 'leads')
      : { stage: 'presencas', label: STAGE_LABELS.presencas, value: totais.presencas, semCheckin: true },
    step('preMatriculas', porCheckin ? 'presencas' : 'leads'),
    step('matriculas', 'preMatriculas'),
  ];
}

/** What the chart says of presence when check-in was not used. */
export const SEM_CHECKIN_TEXT =
  'Presenças: o check-in não foi usado na maior parte dos eventos do período (menos presenças que pré-matrículas), então a presença não conta como etapa e ninguém é dado como perdido na porta; as pré-matrículas são comparadas aos leads.';
