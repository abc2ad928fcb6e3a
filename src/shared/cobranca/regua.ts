import { addDays } from '../brasilia';
import type { ParcelaStatus } from './parcelas';

/**
 * Régua de cobrança (issue 43, ADR 078): the e-mails that chase a parcela -- 3 days before its due date, on it,
 * 1 day and 7 days after -- each switched on or off per franquia (all on when the franquia never chose). Plain
 * TypeScript: the daily job and the screen read the same steps, and the property test drives `avisosDoDia` alone.
 */

export const ETAPAS_REGUA = ['antes3', 'vencimento', 'depois1', 'depois7'] as const;
export type EtapaRegua = (typeof ETAPAS_REGUA)[number];

/** Days from the due date to each step's day. */
export const DESLOCAMENTO_ETAPA: Record<EtapaRegua, number> = { antes3: -3, vencimento: 0, depois1: 1, depois7: 7 };

export const ETAPA_REGUA_LABELS: Record<EtapaRegua, string> = {
  antes3: '3 dias antes do vencimento',
  vencimento: 'No dia do vencimento',
  depois1: '1 dia depois do vencimento',
  depois7: '7 dias depois do vencimento',
};

export const ETAPA_REGUA_DESCRICOES: Record<EtapaRegua, string> = {
  antes3: 'Lembrete com o código PIX, o link do boleto e a página de parcelas da família.',
  vencimento: 'Aviso de que a parcela vence hoje.',
  depois1: 'Primeiro aviso de parcela em atraso.',
  depois7: 'Segundo aviso de parcela em atraso.',
};

export type EtapasDaRegua = Record<EtapaRegua, boolean>;

/** A franquia that never chose: every step on. */
export const REGUA_PADRAO: EtapasDaRegua = { antes3: true, vencimento: true, depois1: true, depois7: true };

/**
 * How many days late a step may still go out: a day the job did not run (the network down, a failed run retried
 * the next day) is caught up within this window, and only the latest step due is sent. Older steps are never sent
 * late -- switching the régua on does not mail every family of an old debt at once.
 */
export const REGUA_TOLERANCIA_DIAS = 2;

/** The statuses a notice goes to: a parcela paid, cancelled or refunded is never chased. */
export const STATUS_COBRAVEIS: readonly ParcelaStatus[] = ['aberta', 'vencida'];

/** The step's day for a parcela due on `vencimento` (YYYY-MM-DD). */
export const diaDaEtapa = (vencimento: string, etapa: EtapaRegua) => addDays(vencimento, DESLOCAMENTO_ETAPA[etapa]);

/**
 * The step due today for a parcela, or null: among the steps switched on, the latest whose day is today or at most
 * REGUA_TOLERANCIA_DIAS ago, unless it (or a later step) was already sent.
 */
export function etapaDoDia(
  vencimento: string,
  hoje: string,
  ligadas: EtapasDaRegua,
  enviadas: readonly EtapaRegua[],
): EtapaRegua | null {
  const limite = addDays(hoje, -REGUA_TOLERANCIA_DIAS);
  let devida: EtapaRegua | null = null;
  for (const etapa of ETAPAS_REGUA) {
    const dia = diaDaEtapa(vencimento, etapa);
    if (dia > hoje) break;
    if (ligadas[etapa] && dia >= limite) devida = etapa;
  }
  if (!devida) return null;
  const ordem = ETAPAS_REGUA.indexOf(devida);
  return enviadas.some((e) => ETAPAS_REGUA.indexOf(e) >= ordem) ? null : devida;
}

/** A parcela as the daily run weighs it. */
export interface ParcelaDaRegua {
  id: string;
  /** Who pays: one message per family a day, whatever its number of parcelas and matrículas. */
  familia: string;
  vencimento: string;
  status: ParcelaStatus;
  etapas: EtapasDaRegua;
  enviadas: readonly EtapaRegua[];
}

export interface AvisoDaFamilia<P extends ParcelaDaRegua = ParcelaDaRegua> {
  familia: string;
  itens: { parcela: P; etapa: EtapaRegua }[];
}

/**
 * Today's notices: each parcela still to be paid with a step due, grouped by family -- one message per family,
 * listing its parcelas. A paid, cancelled or refunded parcela is never in one.
 */
export function avisosDoDia<P extends ParcelaDaRegua>(parcelas: readonly P[], hoje: string): AvisoDaFamilia<P>[] {
  const porFamilia = new Map<string, AvisoDaFamilia<P>>();
  for (const parcela of parcelas) {
    if (!STATUS_COBRAVEIS.includes(parcela.status)) continue;
    const etapa = etapaDoDia(parcela.vencimento, hoje, parcela.etapas, parcela.enviadas);
    if (!etapa) continue;
    const aviso = porFamilia.get(parcela.familia) ?? { familia: parcela.familia, itens: [] };
    aviso.itens.push({ parcela, etapa });
    porFamilia.set(parcela.familia, aviso);
  }
  return [...porFamilia.values()];
}

/** How a notice speaks of a parcela's due date, from today. */
export function quandoVence(vencimento: string, hoje: string): string {
  const dias = Math.round((Date.parse(`${vencimento}T00:00:00Z`) - Date.parse(`${hoje}T00:00:00Z`)) / 86_400_000);
  if (dias === 0) return 'vence hoje';
  if (dias === 1) return 'vence amanhã';
  if (dias > 1) return `vence em ${dias} dias`;
  return dias === -1 ? 'venceu ontem' : `venceu há ${-dias} dias`;
}
