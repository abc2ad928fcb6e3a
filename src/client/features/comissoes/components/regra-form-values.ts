import type { Beneficiario, TipoRegra } from '@shared/comissoes/regras';
import type { RegraView } from '@shared/schemas/comissao';
import { formatReais, parseReais } from '@/components/ui/money-field';

/**
 * The rule dialog's values (issue 44, ADR 088): amounts typed as people in Brazil write them ('5,5', '150,00'),
 * dates ISO (the date field's), the franquia '' for the whole network, the curso '' for every curso. The payload is what
 * POST/PATCH /api/comissoes/regras take; the shared schema checks it (its messages go under the fields).
 */
export interface RegraFormValues {
  franquiaId: string;
  /** ADR 093: '' for every curso. */
  cursoId: string;
  beneficiario: Beneficiario | '';
  tipo: TipoRegra;
  percentual: string;
  valor: string;
  inicio: string;
  fim: string;
}

export const REGRA_VAZIA = (hoje: string): RegraFormValues => ({
  franquiaId: '',
  cursoId: '',
  beneficiario: '',
  tipo: 'percentual',
  percentual: '',
  valor: '',
  inicio: hoje,
  fim: '',
});

/** A rule as its edit dialog starts. */
export const regraValuesFrom = (r: RegraView): RegraFormValues => ({
  franquiaId: r.franquiaId ?? '',
  cursoId: r.cursoId ?? '',
  beneficiario: r.beneficiario,
  tipo: r.tipo,
  percentual: r.percentual === null ? '' : String(r.percentual).replace('.', ','),
  valor: r.valor === null ? '' : formatReais(r.valor),
  inicio: r.inicio,
  fim: r.fim ?? '',
});

/** '' stays absent (the schema's 'informe...' message); anything else a number, NaN for what is not one. */
const numero = (texto: string) => (texto.trim() === '' ? null : parseReais(texto));

/**
 * POST /api/comissoes/regras: the amount of the rule's kind only; the network when no franquia is chosen, every
 * curso when none is.
 */
export function novaRegraPayload(v: RegraFormValues) {
  return {
    franquiaId: v.franquiaId || null,
    cursoId: v.cursoId || null,
    beneficiario: v.beneficiario || undefined,
    tipo: v.tipo,
    percentual: v.tipo === 'percentual' ? numero(v.percentual) : null,
    valor: v.tipo === 'fixo' ? numero(v.valor) : null,
    inicio: v.inicio,
    fim: v.fim || null,
  };
}

/** PATCH /api/comissoes/regras/{id}: the amount of its kind and the period; whom and how never change. */
export function regraPatchPayload(v: RegraFormValues) {
  return {
    ...(v.tipo === 'percentual' ? { percentual: numero(v.percentual) ?? undefined } : {}),
    ...(v.tipo === 'fixo' ? { valor: numero(v.valor) ?? undefined } : {}),
    inicio: v.inicio,
    fim: v.fim || null,
  };
}
