import type { ReactNode } from 'react';
import { formatTotal } from '@shared/format';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { LiveListControls } from '@/components/ui/live-list-controls';
import type { LiveList } from '@/hooks/use-live-list';

export interface FunnelListCardProps {
  title: string;
  /** Shown as a badge once known; hidden while there is no answer. */
  count?: number;
  /** False when the server stopped counting at `count`: 'mais de 10.000 leads' (issue 21). */
  countExact?: boolean;
  noun: readonly [singular: string, plural: string];
  children: ReactNode;
  /** The live list's 'N novos — atualizar' and 'Atualizar' (issue 23). */
  live?: LiveList<unknown>;
}

export function FunnelListCard({ title, count, countExact = true, noun, children, live }: FunnelListCardProps) {
  return (
    <Card>
      <div className="flex flex-wrap items-center gap-3 border-b border-border px-4 py-4 sm:px-6">
        <h2 className="text-lg font-semibold">{title}</h2>
        {count === undefined ? null : (
          <Badge variant="secondary" data-testid="count-badge">
            {formatTotal(count, countExact, noun)}
          </Badge>
        )}
        {live ? <LiveListControls live={live} className="ml-auto" /> : null}
      </div>
      <div className="px-2 pb-4 sm:px-4">{children}</div>
    </Card>
  );
}
