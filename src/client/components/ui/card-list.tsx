import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api-client';

/**
 * The pieces the card lists share -- Cursos, Eventos, SAC (issue 41): the order's select, the failure and the empty
 * card. Each list keeps its cards, its filters and its paging.
 */

export interface SortSelectProps {
  id: string;
  /** '' is the list's own order. */
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string | undefined) => void;
}

/** 'Ordenar por': a native select, so a phone opens its own picker. */
export function SortSelect({ id, value, options, onChange }: SortSelectProps) {
  return (
    <div className="grid max-w-xs gap-2">
      <Label htmlFor={id}>Ordenar por</Label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value || undefined)}
        className="h-10 rounded-md border border-input bg-background px-3 text-sm text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The list could not be read: the server's message, or `fallback`. */
export function CardListError({ error, fallback }: { error: unknown; fallback: string }) {
  return (
    <Card>
      <CardContent className="p-10 text-center text-destructive" role="alert">
        {errorMessage(error, fallback)}
      </CardContent>
    </Card>
  );
}

/** Nothing to list: an icon and a sentence, and what to do about it. */
export function CardListEmpty({ icon: Icon, text, action }: { icon?: LucideIcon; text: string; action?: ReactNode }) {
  if (!Icon && !action) {
    return (
      <Card>
        <CardContent className="p-10 text-center text-muted-foreground">{text}</CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 p-10 text-center">
        {Icon ? <Icon aria-hidden="true" className="size-10 text-muted-foreground" /> : null}
        <p className="text-lg font-medium">{text}</p>
        {action}
      </CardContent>
    </Card>
  );
}
