import type { LucideIcon } from 'lucide-react';
import {
  ClipboardCheck,
  GraduationCap,
  MessageCircle,
  MessageSquareText,
  PhoneCall,
  RefreshCw,
  Repeat,
  UserPlus,
  UserRoundCog,
} from 'lucide-react';
import { formatDateTime } from '@shared/format';
import type { HistoricoEntry, HistoricoTipo } from '@shared/schemas/acompanhamento';
import { isPendingEntry } from '../../api/lead-follow-up-effects';
import { describeHistorico } from './lead-historico';
import { BRASILIA_TIME_ZONE } from '@shared/brasilia';

const ICONS: Record<HistoricoTipo, LucideIcon> = {
  inscricao: UserPlus,
  reinscricao: Repeat,
  pre_matricula: ClipboardCheck,
  matricula: GraduationCap,
  contato: PhoneCall,
  status: RefreshCw,
  responsavel: UserRoundCog,
  nota: MessageSquareText,
  whatsapp: MessageCircle,
};

/** The lead's history, newest first, as the server sends it (an entry being saved tops it, marked so). */
export function LeadTimeline({ historico }: { historico: HistoricoEntry[] }) {
  if (historico.length === 0) {
    return <p className="text-sm text-muted-foreground">Nenhum registro ainda.</p>;
  }
  return (
    <ol className="flex flex-col">
      {historico.map((entry, index) => {
        const { titulo, detalhes, texto } = describeHistorico(entry);
        const Icon = ICONS[entry.tipo] ?? MessageSquareText;
        const pending = isPendingEntry(entry);
        const last = index === historico.length - 1;
        return (
          <li key={entry.id} className="relative flex gap-3 pb-5" aria-busy={pending || undefined}>
            {last ? null : <span aria-hidden="true" className="absolute left-4 top-9 bottom-0 w-px bg-border" />}
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground"
            >
              <Icon className="size-4" />
            </span>
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
                <p className="font-medium text-foreground">{titulo}</p>
                {pending ? (
                  <span className="text-xs font-medium text-muted-foreground">Enviando...</span>
                ) : (
                  <time dateTime={entry.em} className="text-xs text-muted-foreground">
                    {formatDateTime(entry.em, { withTime: true, timeZone: BRASILIA_TIME_ZONE })}
                  </time>
                )}
              </div>
              {entry.autor ? <p className="text-xs text-muted-foreground">por {entry.autor.nome}</p> : null}
              {detalhes.map((line) => (
                <p key={line} className="text-sm text-foreground wrap-anywhere">
                  {line}
                </p>
              ))}
              {texto ? (
                <p className="rounded-md bg-muted px-3 py-2 text-sm whitespace-pre-wrap text-foreground wrap-anywhere">
                  {texto}
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
