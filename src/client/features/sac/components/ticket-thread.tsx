import { FileText, Lock } from 'lucide-react';
import { formatDateTime, MISSING } from '@shared/format';
import { ROLE_LABELS } from '@shared/roles';
import { BRASILIA_TIME_ZONE } from '@shared/brasilia';
import { type SacMensagem } from '@shared/schemas/sac';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useMensagens } from '../api/ticket';

/** SAC times with the hour (issue 39, item 24): the SLA counts hours, so every time it is measured against does too. */
export const WITH_TIME = { withTime: true, timeZone: BRASILIA_TIME_ZONE } as const;

function Anexos({ mensagem }: { mensagem: SacMensagem }) {
  if (mensagem.anexos.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label="Anexos da mensagem">
      {mensagem.anexos.map((anexo) => {
        const href = `/api/sac/anexos/${anexo.id}`;
        return (
          <li key={anexo.id}>
            {anexo.tipo.startsWith('image/') ? (
              <a href={href} download={anexo.nome} className="block rounded-md border bg-background p-1 hover:ring-2">
                <img src={href} alt={anexo.nome} className="h-20 w-28 rounded object-cover" loading="lazy" />
                <span className="mt-1 block max-w-28 truncate text-xs">{anexo.nome}</span>
              </a>
            ) : (
              <a
                href={href}
                download={anexo.nome}
                className="flex items-center gap-1 rounded-md border bg-background px-2 py-1 text-sm hover:underline"
              >
                <FileText aria-hidden="true" className="size-4" />
                {anexo.nome}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function Thread({ ticketId }: { ticketId: string }) {
  const mensagens = useMensagens(ticketId);
  return (
    <section aria-labelledby="conversa-titulo" className="grid gap-3">
      <h2 id="conversa-titulo" className="text-base font-semibold">
        Conversa
      </h2>
      {mensagens.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : mensagens.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(mensagens.error, 'Falha ao carregar a conversa')}
        </p>
      ) : mensagens.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhuma mensagem ainda.</p>
      ) : (
        <ol className="grid gap-3">
          {mensagens.data.items.map((m) => (
            <li key={m.id}>
              <article
                aria-label={m.interna ? 'Nota interna' : `Mensagem de ${m.autor.nome ?? ROLE_LABELS[m.autor.role]}`}
                className={cn(
                  'rounded-lg border p-3 sm:p-4',
                  m.interna
                    ? 'border-dashed border-amber-400 bg-amber-50 text-amber-950'
                    : m.autor.role === 'franqueador'
                      ? 'border-sky-200 bg-sky-50'
                      : 'bg-card',
                )}
              >
                <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
                  {m.interna ? (
                    <Badge variant="warning">
                      <Lock aria-hidden="true" className="mr-1 size-3" />
                      Nota interna
                    </Badge>
                  ) : null}
                  <span className="font-semibold text-foreground">{m.autor.nome ?? MISSING}</span>
                  <span className="text-muted-foreground">{ROLE_LABELS[m.autor.role]}</span>
                  <span aria-hidden="true" className="text-muted-foreground">
                    ·
                  </span>
                  <time dateTime={m.em} className="text-muted-foreground">
                    {formatDateTime(m.em, WITH_TIME)}
                  </time>
                </header>
                <p className="mt-2 whitespace-pre-wrap text-sm wrap-anywhere">{m.texto}</p>
                <Anexos mensagem={m} />
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
