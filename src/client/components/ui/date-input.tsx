import { useEffect, useId, useRef, useState, type ComponentProps, type Ref } from 'react';
import { CalendarDays } from 'lucide-react';
import { DayPicker } from 'react-day-picker';
import { ptBR } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/**
 * Dates as people in Brazil write them (issue 23): typed dd/mm/aaaa (the separators put in as the digits come)
 * or picked on a pt-BR calendar, whatever the browser's language. The value in and out is the API's ISO day
 * (aaaa-mm-dd, or '' for none), so schemas and requests do not change; an ISO day pasted in is taken as it is.
 */

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const BR = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** Digits only, with the slashes put in: '1503' -> '15/03'. */
export function maskData(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 8);
  let out = d.slice(0, 2);
  if (d.length > 2) out += `/${d.slice(2, 4)}`;
  if (d.length > 4) out += `/${d.slice(4, 8)}`;
  return out;
}

const validDay = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/** '2026-03-15' -> '15/03/2026'; anything else as it is. */
export function isoParaBr(value: string): string {
  const m = ISO.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}

/** '15/03/2026' -> '2026-03-15'; '' -> ''; an incomplete or impossible day -> null. */
export function brParaIso(value: string): string | null {
  if (value.trim() === '') return '';
  const m = BR.exec(value.trim());
  if (!m || !validDay(Number(m[3]), Number(m[2]), Number(m[1]))) return null;
  return `${m[3]}-${m[2]}-${m[1]}`;
}

/** What one edit put into `before` to make `after`: the text between their common start and their common end. */
export function inserted(before: string, after: string): string {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  ) {
    end++;
  }
  return after.slice(start, after.length - end);
}

/** Said under the field when a key is refused (issue 39, item 20): nothing typed is dropped without a word. */
export const DATE_INPUT_REFUSED = 'Digite só os números da data (dd/mm/aaaa); as barras entram sozinhas.';

const pad = (n: number) => String(n).padStart(2, '0');
const isoOf = (day: Date) => `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
const dateOf = (iso: string) => {
  const m = ISO.exec(iso);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : undefined;
};

export interface DateInputProps extends Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type' | 'ref'> {
  id: string;
  /** The ISO day, or '' for none. */
  value: string;
  /**
   * Called with the ISO day once the typed one is whole and real, with '' when emptied. With `partial`, also with
   * the text as typed while it is not a day (a form's schema then says why); without it, a filter asks nothing
   * until the day is whole.
   */
  onValueChange: (value: string) => void;
  partial?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

export function DateInput({
  id,
  value,
  onValueChange,
  partial = false,
  inputRef,
  className,
  disabled,
  onBlur,
  ...props
}: DateInputProps) {
  const [text, setText] = useState(isoParaBr(value));
  // A value set from outside (a link, a reset) is shown; the user's own typing is not overwritten.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if ((brParaIso(text) ?? text) !== value) setText(isoParaBr(value));
  }
  const [open, setOpen] = useState(false);
  const [refused, setRefused] = useState(false);
  const calendarId = useId();
  const refusedId = `${id}-recusado`;
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !box.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const change = (raw: string) => {
    const pasted = ISO.test(raw.trim()) ? raw.trim() : null;
    const added = inserted(text, raw);
    // A letter or a sign other than the slash is refused, and the field says so.
    setRefused(!pasted && /[^\d/\s]/.test(added));
    // Typing into a whole date (a prefilled 'Agendar retorno') starts a new one with what was typed, instead of
    // being cut off by the full mask (issue 39, item 20).
    const whole = BR.test(text) && raw.replace(/\D/g, '').length > 8;
    const next = pasted ? isoParaBr(pasted) : whole ? maskData(added) : maskData(raw);
    setText(next);
    const iso = pasted ?? brParaIso(next);
    if (iso !== null) onValueChange(iso);
    else if (partial) onValueChange(next);
  };

  return (
    <div ref={box} className={cn('relative flex min-w-0 gap-2', className)}>
      <Input
        id={id}
        ref={inputRef}
        inputMode="numeric"
        autoComplete="off"
        placeholder="dd/mm/aaaa"
        value={text}
        disabled={disabled}
        onChange={(event) => change(event.target.value)}
        onBlur={(event) => {
          setRefused(false);
          onBlur?.(event);
        }}
        {...props}
        aria-describedby={
          [props['aria-describedby'], refused ? refusedId : null].filter(Boolean).join(' ') || undefined
        }
      />
      <Button
        type="button"
        variant="outline"
        size="icon"
        className="shrink-0"
        disabled={disabled}
        aria-label="Escolher no calendário"
        aria-expanded={open}
        aria-controls={open ? calendarId : undefined}
        onClick={() => setOpen((v) => !v)}
      >
        <CalendarDays aria-hidden="true" />
      </Button>
      {refused ? (
        <p
          id={refusedId}
          role="status"
          className="absolute left-0 top-full z-10 mt-1 rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-950 shadow-sm"
        >
          {DATE_INPUT_REFUSED}
        </p>
      ) : null}
      {open ? (
        <div
          id={calendarId}
          role="dialog"
          aria-label="Calendário"
          className="absolute right-0 top-full z-50 mt-1 rounded-md border bg-popover p-2 text-popover-foreground shadow-md"
        >
          <DayPicker
            mode="single"
            locale={ptBR}
            selected={dateOf(value)}
            // The month of the date on screen: what was typed, even before the value it makes has come back.
            defaultMonth={dateOf(brParaIso(text) ?? value)}
            onSelect={(day) => {
              if (!day) return;
              setText(isoParaBr(isoOf(day)));
              onValueChange(isoOf(day));
              setOpen(false);
            }}
          />
        </div>
      ) : null}
    </div>
  );
}
