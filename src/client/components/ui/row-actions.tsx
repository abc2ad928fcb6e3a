import { MoreHorizontal, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

export interface RowAction {
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
  /** An act that takes something away (Desativar): drawn in red; it asks for confirmation itself. */
  destructive?: boolean;
}

/**
 * The one row-action pattern of every table (issue 23): a compact 'Ações de {record}' button opening a menu, so
 * the Ações column stays narrow at 1280 px whatever the actions' words, and every list reads alike.
 */
export function RowActions({ record, actions }: { record: string; actions: RowAction[] }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Ações de ${record}`}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {actions.map(({ label, icon: Icon, onSelect, destructive }) => (
          <DropdownMenuItem key={label} destructive={destructive} onSelect={onSelect}>
            <Icon aria-hidden="true" />
            {label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
