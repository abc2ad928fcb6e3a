import { WifiOff } from 'lucide-react';
import { cn } from '@/lib/utils';

export const SEM_CONEXAO = 'Sem conexão';

/**
 * What a screen says the moment the connection drops (issue 39, item 18): a request waits for the signal instead of
 * failing, so its buttons would otherwise only go pale. `detail` says what cannot be done until it comes back.
 */
export function OfflineNotice({
  detail,
  title = SEM_CONEXAO,
  className,
}: {
  detail: string;
  /** 'Sem conexão' unless the screen says more ('Sem conexão — 3 check-ins a enviar'). */
  title?: string;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn(
        'flex items-start gap-3 rounded-md border-2 border-amber-500 bg-amber-50 p-4 text-amber-950',
        className,
      )}
    >
      <WifiOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">{title}</p>
        <p className="text-sm">{detail}</p>
      </div>
    </div>
  );
}
