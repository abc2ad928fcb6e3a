import { X } from 'lucide-react';
import type { DrillChip } from '@/lib/drill-filters';
import { cn } from '@/lib/utils';

export interface FilterChipsProps {
  chips: DrillChip[];
  onRemove: (chip: DrillChip) => void;
  /** The list's name for assistive technology. */
  title: string;
  /** Where the chips sit in the toolbar's grid (its column span). */
  className?: string;
}

/**
 * The filters a link put in the address (a Relatórios drill-down, a dashboard card, an Auditoria history link),
 * each a button that removes it.
 */
export function FilterChips({ chips, onRemove, title, className }: FilterChipsProps) {
  return (
    <div className={cn('min-w-0', className)}>
      <h3 className="sr-only">{title}</h3>
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.id} className="min-w-0 max-w-full">
            <button
              type="button"
              onClick={() => onRemove(chip)}
              className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-input bg-accent px-3 py-1 text-sm font-medium text-accent-foreground hover:bg-accent/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <span className="min-w-0 truncate" title={chip.label}>
                {chip.label}
              </span>
              <X aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="sr-only">(remover filtro)</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
