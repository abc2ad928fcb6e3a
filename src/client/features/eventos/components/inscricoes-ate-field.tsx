import { useState } from 'react';
import { CalendarDays } from 'lucide-react';
import { DayPicker } from 'react-day-picker';
import { ptBR } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';

/** Typing keeps the shape dd/mm/aaaa hh:mm: digits only, the separators put in as they come. */
export function maskDataHora(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 12);
  const parts = [d.slice(0, 2), d.slice(2, 4), d.slice(4, 8), d.slice(8, 10), d.slice(10, 12)];
  let out = parts[0]!;
  if (d.length > 2) out += `/${parts[1]}`;
  if (d.length > 4) out += `/${parts[2]}`;
  if (d.length > 8) out += ` ${parts[3]}`;
  if (d.length > 10) out += `:${parts[4]}`;
  return out;
}

const pad = (n: number) => String(n).padStart(2, '0');

function dayOf(value: string): Date | undefined {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})/.exec(value);
  if (!m) return undefined;
  const date = new Date(Number(m[3]), Number(m[2]) - 1, Number(m[1]));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export interface InscricoesAteFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
}

/**
 * The sign-up deadline (issue 20) in São Paulo time: typed as dd/mm/aaaa hh:mm, or its day picked on a pt-BR
 * calendar (the time typed, 23:59 until then). Empty: sign-ups stay open through the event's day.
 */
export function InscricoesAteField({ value, onChange, onBlur, error }: InscricoesAteFieldProps) {
  const [open, setOpen] = useState(false);
  const time = /\d{2}:\d{2}$/.exec(value)?.[0] ?? '23:59';
  return (
    <div className="grid gap-2">
      <TextField
        id="evento-inscricoes-ate"
        label="Inscrições até (opcional)"
        inputMode="numeric"
        placeholder="dd/mm/aaaa hh:mm"
        hint="Horário de Brasília. Vazio: até o dia do evento."
        value={value}
        error={error}
        onBlur={onBlur}
        onChange={(event) => onChange(maskDataHora(event.target.value))}
      />
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="w-fit"
        aria-expanded={open}
        aria-controls="evento-inscricoes-ate-calendario"
        onClick={() => setOpen((v) => !v)}
      >
        <CalendarDays aria-hidden="true" />
        {open ? 'Fechar calendário' : 'Escolher no calendário'}
      </Button>
      {open ? (
        <div id="evento-inscricoes-ate-calendario" className="w-fit rounded-md border p-2">
          <DayPicker
            mode="single"
            locale={ptBR}
            selected={dayOf(value)}
            defaultMonth={dayOf(value)}
            onSelect={(day) => {
              if (!day) return;
              onChange(`${pad(day.getDate())}/${pad(day.getMonth() + 1)}/${day.getFullYear()} ${time}`);
              setOpen(false);
            }}
          />
        </div>
      ) : null}
    </div>
  );
}
