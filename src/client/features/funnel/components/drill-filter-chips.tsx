import { X } from 'lucide-react';
import type { DrillChip } from '@/lib/drill-filters';

export interface DrillFilterChipsProps {
  chips: DrillChip[];
  onRemove: (chip: DrillChip) => void;
}

/** The filters a Relatórios drill-down put in the address, each a button that removes it. */
export function DrillFilterChips({ chips, onRemove }: DrillFilterChipsProps) {
  return (
    <div className="sm:col-span-2 lg:col-span-3">
      <h3 className="sr-only">Filtros do relatório</h3>
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
