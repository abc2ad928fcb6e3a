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
  const calendarId = useId();
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
    const next = pasted ? isoParaBr(pasted) : maskData(raw);
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
        maxLength={10}
        value={text}
        disabled={disabled}
        onChange={(event) => change(event.target.value)}
        {...props}
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
            defaultMonth={dateOf(value)}
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
