import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { applyUpdate, PWA_MESSAGES, useUpdateOffer } from '@/lib/pwa';

/**
 * 'Nova versão disponível' (issue 49): shown when a new version of the app is waiting and no screen is busy; the
 * button lets it take over and reloads the page. Never shown mid-scan: the door's screen marks itself busy.
 */
export function UpdatePrompt() {
  const offer = useUpdateOffer();
  if (!offer) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-40 flex flex-wrap items-center gap-3 rounded-md border-2 border-primary bg-background p-3 shadow-lg sm:left-auto sm:max-w-md"
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{PWA_MESSAGES.novaVersao}</p>
        <p className="text-sm text-muted-foreground">{PWA_MESSAGES.novaVersaoDetalhe}</p>
      </div>
      <Button onClick={applyUpdate}>
        <RefreshCw aria-hidden="true" />
        {PWA_MESSAGES.atualizar}
      </Button>
    </div>
  );
}
