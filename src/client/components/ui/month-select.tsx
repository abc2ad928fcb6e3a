import type { ComponentProps } from 'react';
import { PERIODO_RE, mesesEntre, periodoPorExtenso } from '@shared/comissoes/lancamentos';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue, SEM_FILTRO } from '@/components/ui/select';

/** A month as an option reads it: '2026-10' -> 'Outubro de 2026' (periodoPorExtenso, capitalised). */
export function mesPorExtenso(mes: string): string {
  const extenso = periodoPorExtenso(mes);
  return extenso.charAt(0).toUpperCase() + extenso.slice(1);
}

/** The month `n` months after `mes` ('AAAA-MM'; `n` may be negative): '2026-11', 3 -> '2027-02'. */
export function deslocarMes(mes: string, n: number): string {
  const indice = Number(mes.slice(0, 4)) * 12 + Number(mes.slice(5, 7)) - 1 + n;
  return `${Math.floor(indice / 12)}-${String((indice % 12) + 1).padStart(2, '0')}`;
}

export { mesesEntre };

export interface MonthSelectProps extends Pick<
  ComponentProps<typeof SelectTrigger>,
  'className' | 'aria-describedby' | 'aria-invalid' | 'disabled'
> {
  /** The trigger's id, the one its `<Label htmlFor>` points to (its accessible name). */
  id: string;
  /** 'AAAA-MM', or '' for no month (only with `emptyLabel`). */
  value: string;
  /** Called with the month chosen as 'AAAA-MM', or '' for the `emptyLabel` option. */
  onValueChange: (value: string) => void;
  /** The first and last months offered ('AAAA-MM', both included). A value outside them is still shown. */
  min: string;
  max: string;
  /** A filter's option for no month ('Todos os meses'): it calls `onValueChange('')`. */
  emptyLabel?: string;
}

/**
 * A month chosen from a list in pt-BR ('Outubro de 2026', newest first), instead of `<input type="month">`: the
 * browser draws that one in its own language (Chromium) or as a bare text box (Safari desktop, Firefox). One
 * Radix Select (select.tsx): one tap on a phone, the keyboard's arrows and typeahead, the value 'AAAA-MM' as the
 * native input gave it.
 */
export function MonthSelect({
  id,
  value,
  onValueChange,
  min,
  max,
  emptyLabel,
  className,
  ...trigger
}: MonthSelectProps) {
  const meses = mesesEntre(min, max);
  // A month outside the range (an address's `?mes=`, a range that moved) stays chosen and readable.
  if (PERIODO_RE.test(value) && !meses.includes(value)) {
    meses.push(value);
    meses.sort((a, b) => b.localeCompare(a));
  }
  // '' with no `emptyLabel`: the placeholder (Radix Select reads '' as no value).
  const selected = PERIODO_RE.test(value) ? value : emptyLabel !== undefined ? SEM_FILTRO : '';
  return (
    <Select
      value={selected}
      onValueChange={(next) => {
        if (next === SEM_FILTRO) onValueChange('');
        else if (PERIODO_RE.test(next)) onValueChange(next);
      }}
    >
      <SelectTrigger id={id} className={className} {...trigger}>
        <SelectValue placeholder="Escolha o mês" />
      </SelectTrigger>
      <SelectContent>
        {emptyLabel !== undefined ? <SelectItem value={SEM_FILTRO}>{emptyLabel}</SelectItem> : null}
        {meses.map((mes) => (
          <SelectItem key={mes} value={mes}>
            {mesPorExtenso(mes)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
