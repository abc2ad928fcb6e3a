import { useState } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FieldShell } from '@/components/ui/field-shell';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/**
 * Money as people in Brazil write it (issue 23): '1.500,50', whatever the browser's language (a number input in
 * English took '1,500.50' and refused the comma). The form keeps a number, as before.
 */

const BRL = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '1.500,50' -> 1500.5; '1500.5' -> 1500.5 (a dot before one or two final digits is a decimal point); '' -> NaN. */
export function parseReais(text: string): number {
  const t = text.replace(/[R$\s]/g, '');
  if (t === '') return Number.NaN;
  if (!/^[\d.,]+$/.test(t)) return Number.NaN;
  let normal: string;
  if (t.includes(',')) normal = t.replace(/\./g, '').replace(',', '.');
  else if (/^\d+\.\d{1,2}$/.test(t)) normal = t;
  else normal = t.replace(/\./g, '');
  if ((normal.match(/\./g) ?? []).length > 1) return Number.NaN;
  const value = Number(normal);
  return Number.isFinite(value) ? value : Number.NaN;
}

export const formatReais = (value: number | null | undefined): string =>
  typeof value === 'number' && Number.isFinite(value) ? BRL.format(value) : '';

export interface MoneyFieldProps<F extends FieldValues, Out = F> {
  control: Control<F, unknown, Out>;
  name: Path<F>;
  id: string;
  label: string;
  className?: string;
}

function MoneyInput({
  id,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
}: {
  id: string;
  value: number | null | undefined;
  onChange: (value: number) => void;
  onBlur: () => void;
  inputRef: (element: HTMLInputElement | null) => void;
  error?: string;
}) {
  const [text, setText] = useState(formatReais(value));
  const [seen, setSeen] = useState(value);
  if (seen !== value && !(Number.isNaN(seen) && Number.isNaN(value))) {
    setSeen(value);
    if (parseReais(text) !== value) setText(formatReais(value));
  }
  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-muted-foreground"
      >
        R$
      </span>
      <Input
        id={id}
        ref={inputRef}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0,00"
        className="pl-9"
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          const next = event.target.value.replace(/[^\d.,]/g, '');
          setText(next);
          const parsed = parseReais(next);
          setSeen(parsed);
          onChange(parsed);
        }}
        onBlur={() => {
          const parsed = parseReais(text);
          if (Number.isFinite(parsed)) setText(formatReais(parsed));
          onBlur();
        }}
      />
    </div>
  );
}

/** A labelled R$ field wired to a react-hook-form number field, its error under it. */
export function MoneyField<F extends FieldValues, Out = F>({
  control,
  name,
  id,
  label,
  className,
}: MoneyFieldProps<F, Out>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FieldShell
          className={className}
          label={<Label htmlFor={id}>{label}</Label>}
          hintId={`${id}-hint`}
          error={fieldState.error?.message}
          errorId={`${id}-error`}
        >
          <MoneyInput
            id={id}
            value={field.value as number | null | undefined}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error?.message}
          />
        </FieldShell>
      )}
    />
  );
}
