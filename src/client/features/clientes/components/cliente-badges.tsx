import { KIT_LABELS, type Kit, PRODUTO_LABELS, type Produto } from '@shared/enums';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** Each produto has its own colour (SPEC §2 'coloured badge'). */
const PRODUTO_COLORS: Record<Produto, string> = {
  todos_pela_educacao: 'bg-blue-100 text-blue-800',
  church_educacao: 'bg-purple-100 text-purple-800',
  start_universitario: 'bg-green-100 text-green-800',
  especializa_mais: 'bg-orange-100 text-orange-900',
  collab_educacao: 'bg-pink-100 text-pink-800',
};

export function ProdutoBadge({ produto }: { produto: Produto }) {
  return (
    <Badge variant="outline" className={cn('border-transparent', PRODUTO_COLORS[produto])}>
      {PRODUTO_LABELS[produto]}
    </Badge>
  );
}

/** The five kit values with their labels (the old list knew only pago/grátis; SPEC §2). */
export function KitBadge({ kit }: { kit: Kit }) {
  return <Badge variant="outline">{KIT_LABELS[kit] ?? kit}</Badge>;
}
