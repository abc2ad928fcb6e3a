import { useEffect, useState } from 'react';
import { AlarmClock, AlertTriangle, PauseCircle } from 'lucide-react';
import type { SacTicket } from '@shared/schemas/sac';
import { Badge } from '@/components/ui/badge';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** '45 min', '3 h', '2 dias': how far a deadline is, in words. */
export function duracao(ms: number): string {
  const abs = Math.abs(ms);
  if (abs < HOUR) return `${Math.max(1, Math.round(abs / MINUTE))} min`;
  if (abs < 48 * HOUR) return `${Math.round(abs / HOUR)} h`;
  return `${Math.round(abs / (24 * HOUR))} dias`;
}

/** The deadline that matters now: the first response's until it happens, otherwise the resolution's. */
export function prazoAtual(ticket: SacTicket): number | null {
  const prazos = [ticket.primeiraRespostaEm ? null : ticket.primeiraRespostaAte, ticket.resolucaoAte].filter(
    (p): p is string => p !== null,
  );
  if (prazos.length === 0) return null;
  return Math.min(...prazos.map((p) => Date.parse(p)));
}

/**
 * The deadline badge (issue 19): 'vence em 3 h', or 'atrasado há 2 h' in red with a warning icon -- the words say
 * it, not the colour alone; 'prazo pausado' while the ticket waits on its requester.
 */
/** The time now, read once and then every minute (a render stays pure). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function SlaBadge({ ticket }: { ticket: SacTicket }) {
  const now = useNow();
  if (ticket.status === 'aguardando_solicitante') {
    return (
      <Badge variant="secondary">
        <PauseCircle aria-hidden="true" className="mr-1 size-3" />
        Prazo pausado
      </Badge>
    );
  }
  if (ticket.status !== 'em_andamento') return null;
  const prazo = prazoAtual(ticket);
  if (prazo === null) return null;
  if (ticket.atrasado) {
    return (
      <Badge variant="destructive">
        <AlertTriangle aria-hidden="true" className="mr-1 size-3" />
        Atrasado há {duracao(now - Math.min(prazo, now))}
      </Badge>
    );
  }
  return (
    <Badge variant="outline">
      <AlarmClock aria-hidden="true" className="mr-1 size-3" />
      Vence em {duracao(prazo - now)}
    </Badge>
  );
}
