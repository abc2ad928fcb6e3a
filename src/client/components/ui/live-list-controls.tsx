import { RefreshCw } from 'lucide-react';
import type { LiveList } from '@/hooks/use-live-list';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * A live list's controls (issue 23): 'N novos — atualizar' once rows arrived (announced politely, never moving
 * the rows by itself) and the 'Atualizar' button that reads the list again now.
 */
export function LiveListControls({ live, className }: { live: LiveList<unknown>; className?: string }) {
  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      <div aria-live="polite" className="contents">
        {live.novos > 0 ? (
          <Button type="button" size="sm" onClick={live.mostrarNovos}>
            {live.novos === 1 ? '1 novo' : `${live.novos} novos`} — atualizar
          </Button>
        ) : null}
      </div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => void live.atualizar()}
        disabled={live.isRefreshing}
        aria-label="Atualizar lista"
      >
        <RefreshCw aria-hidden="true" className={cn('size-4', live.isRefreshing && 'animate-spin')} />
        <span className="hidden sm:inline">Atualizar</span>
      </Button>
    </div>
  );
}
