import { X } from 'lucide-react';
import type { DrillChip } from '@/lib/drill-filters';

export interface DrillFilterChipsProps {
  chips: DrillChip[];
  onRemove: (chip: DrillChip) => void;
  /** The list's name for assistive technology. */
  title?: string;
}

/**
 * The filters a link put in the address (a Relatórios drill-down, a dashboard card), each a button that removes
 * it.
 */
export function DrillFilterChips({ chips, onRemove, title = 'Filtros do relatório' }: DrillFilterChipsProps) {
  return (
    <div className="sm:col-span-2 lg:col-span-3">
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
