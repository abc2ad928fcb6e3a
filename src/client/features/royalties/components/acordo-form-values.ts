import type { ModoRoyalty } from '@shared/royalties/extrato';
import type { AcordoView } from '@shared/schemas/royalties';
import { formatReais, parseReais } from '@/components/ui/money-field';

/**
 * 'Editar acordo' (issue 45, ADR 092): percentages and the minimum typed as people in Brazil write them ('5,5',
 * '500,00'), the start ISO (the date field's). The payload is what PUT /api/royalties/acordos/{franquiaId} takes;
 * the shared schema checks it (its pt-BR messages go under the fields). The form starts from the version in force,
 * from today: a new version never rewrites what was already charged.
 */
export interface AcordoFormValues {
  royalty: string;
  fundo: string;
  minimo: string;
  inicio: string;
  modo: ModoRoyalty;
}

const decimal = (n: number) => String(n).replace('.', ',');

/** The dialog's first values: the version in force (if any) from `hoje`. */
export const acordoValuesFrom = (vigente: AcordoView | null, hoje: string): AcordoFormValues => ({
  royalty: vigente ? decimal(vigente.royalty) : '',
  fundo: vigente ? decimal(vigente.fundo) : '',
  minimo: vigente?.minimo == null ? '' : formatReais(vigente.minimo),
  inicio: hoje,
  modo: vigente?.modo ?? 'fatura',
});

/** '' stays absent (the schema's 'informe...' message); anything else a number, NaN for what is not one. */
const numero = (texto: string) => (texto.trim() === '' ? undefined : parseReais(texto.replace('%', '')));

/** PUT /api/royalties/acordos/{franquiaId}: no minimum is null. */
export function acordoPayload(v: AcordoFormValues) {
  return {
    royalty: numero(v.royalty),
    fundo: numero(v.fundo),
    minimo: v.minimo.trim() === '' ? null : parseReais(v.minimo),
    inicio: v.inicio,
    modo: v.modo,
  };
}
