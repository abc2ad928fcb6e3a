import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, FileText, Lock, Paperclip, Send, Star } from 'lucide-react';
import {
  DEPARTAMENTO_LABELS,
  ticketPrioridadeOptions,
  ticketStatusOptions,
  type TicketPrioridade,
  type TicketStatus,
} from '@shared/enums';
import { formatDateTime, MISSING } from '@shared/format';
import { ROLE_LABELS } from '@shared/roles';
import { BRASILIA_TIME_ZONE } from '@shared/brasilia';
import {
  ANEXO_MAX_BYTES,
  ANEXOS_MAX,
  SAC_MESSAGES,
  ticketShortId,
  type SacMensagem,
  type SacTicket,
} from '@shared/schemas/sac';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CardListError } from '@/components/ui/card-list';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useAvaliarTicket, useEquipe, useMensagens, usePostMensagem, useTicket, useUpdateTicket } from '../api/ticket';
import { SlaBadge } from './sla-badge';
import { TicketPrioridadeBadge, TicketStatusBadge, TicketStatusIcon } from './ticket-status';

export interface TicketPageProps {
  id: string;
  /** The franqueador: internal notes, status, priority and assignee. */
  isStaff: boolean;
  userId: string;
}

const SEM_RESPONSAVEL = 'nenhum';
/** SAC times with the hour (issue 39, item 24): the SLA counts hours, so every time it is measured against does too. */
const WITH_TIME = { withTime: true, timeZone: BRASILIA_TIME_ZONE } as const;

const ACCEPT = 'image/png,image/jpeg,image/webp,application/pdf';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium wrap-anywhere text-foreground">{children}</dd>
    </div>
  );
}

/** A ticket's page (issue 19): the ticket, its controls, the conversation, the composer and the rating. */
export function TicketPage({ id, isStaff, userId }: TicketPageProps) {
  const ticket = useTicket(id);
  return (
    <div className="grid gap-4">
      <div>
        <Button asChild variant="ghost" size="sm">
          <Link to="/sac">
            <ArrowLeft aria-hidden="true" />
            Voltar ao SAC
          </Link>
        </Button>
      </div>
      {ticket.isPending ? (
        <Card className="p-5" role="status" aria-label="Carregando ticket">
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="mt-3 h-4 w-1/3" />
          <Skeleton className="mt-4 h-16 w-full" />
        </Card>
      ) : ticket.isError ? (
        <CardListError error={ticket.error} fallback="Falha ao carregar o ticket" />
      ) : (
        <TicketView ticket={ticket.data} isStaff={isStaff} userId={userId} />
      )}
    </div>
  );
}

function TicketView({ ticket, isStaff, userId }: { ticket: SacTicket; isStaff: boolean; userId: string }) {
  const unit = ticket.microFranquia
    ? { label: 'Micro-franquia', name: ticket.microFranquia.razaoSocial }
    : ticket.franquia
      ? { label: 'Franquia', name: ticket.franquia.razaoSocial }
      : null;
  const isRequester = ticket.solicitanteId === userId;
  return (
    <>
      <Card className="p-4 sm:p-5">
        <div className="flex items-start gap-3">
          <TicketStatusIcon status={ticket.status} />
          <div className="min-w-0 flex-1">
            <h2 className="text-lg font-semibold wrap-anywhere leading-snug">{ticket.titulo}</h2>
            <p className="mt-0.5 text-xs text-muted-foreground">
              <span className="font-mono">#{ticketShortId(ticket.id)}</span>
              <span aria-hidden="true"> · </span>
              <span>Criado em {formatDateTime(ticket.createdAt, WITH_TIME)}</span>
            </p>
            <div className="mt-2 flex flex-wrap gap-1.5">
              <TicketStatusBadge status={ticket.status} />
              <TicketPrioridadeBadge prioridade={ticket.prioridade} />
              <SlaBadge ticket={ticket} />
            </div>
            <p className="mt-3 whitespace-pre-wrap text-sm wrap-anywhere text-muted-foreground">{ticket.descricao}</p>
            <dl className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-3">
              <Field label="Solicitante">{ticket.solicitante.nome || ticket.solicitante.email}</Field>
              {unit ? <Field label={unit.label}>{unit.name}</Field> : null}
              <Field label="Departamento">{DEPARTAMENTO_LABELS[ticket.departamento]}</Field>
              <Field label="Responsável">{ticket.responsavel?.nome || MISSING}</Field>
              <Field label="1ª resposta até">
                {ticket.primeiraRespostaEm
                  ? `Respondido em ${formatDateTime(ticket.primeiraRespostaEm, WITH_TIME)}`
                  : ticket.primeiraRespostaAte
                    ? formatDateTime(ticket.primeiraRespostaAte, WITH_TIME)
                    : MISSING}
              </Field>
              <Field label="Resolução até">
                {ticket.resolucaoAte ? formatDateTime(ticket.resolucaoAte, WITH_TIME) : MISSING}
              </Field>
            </dl>
          </div>
        </div>
      </Card>

      {isStaff ? <StaffControls ticket={ticket} /> : null}

      <Thread ticketId={ticket.id} />

      {ticket.status === 'cancelado' && !isStaff ? (
        <p className="text-sm text-muted-foreground">Este ticket foi cancelado e não recebe mais mensagens.</p>
      ) : (
        <Composer ticket={ticket} isStaff={isStaff} />
      )}

      {isRequester ? <Rating ticket={ticket} /> : ticket.avaliacao ? <RatingShown ticket={ticket} /> : null}
    </>
  );
}

function StaffControls({ ticket }: { ticket: SacTicket }) {
  const update = useUpdateTicket({
    onSuccess: () => toast({ title: 'Ticket atualizado', variant: 'success' }),
    onError: (error) => toast({ title: errorMessage(error, 'Falha ao atualizar o ticket'), variant: 'destructive' }),
  });
  const equipe = useEquipe(true);
  const responsaveis = [
    { value: SEM_RESPONSAVEL, label: 'Sem responsável' },
    ...(equipe.data ?? []).map((u) => ({ value: u.id, label: u.nome || u.email })),
  ];
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-base font-semibold">Gerenciar ticket</h2>
      <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <SelectField<TicketStatus>
          id="ticket-status"
          label="Status"
          options={ticketStatusOptions}
          value={ticket.status}
          disabled={update.isPending}
          onChange={(status) => update.mutate({ id: ticket.id, status })}
        />
        <SelectField<TicketPrioridade>
          id="ticket-prioridade"
          label="Prioridade"
          options={ticketPrioridadeOptions}
          value={ticket.prioridade}
          disabled={update.isPending}
          onChange={(prioridade) => update.mutate({ id: ticket.id, prioridade })}
        />
        <SelectField<string>
          id="ticket-responsavel"
          label="Responsável"
          options={responsaveis}
          value={ticket.responsavelId ?? SEM_RESPONSAVEL}
          disabled={update.isPending || equipe.isPending}
          onChange={(value) =>
            update.mutate({ id: ticket.id, responsavelId: value === SEM_RESPONSAVEL ? null : value })
          }
        />
      </div>
    </Card>
  );
}

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

function Thread({ ticketId }: { ticketId: string }) {
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

const ACCEPTED_TYPES = ACCEPT.split(',');
const ACCEPTED_EXTENSION = /\.(png|jpe?g|webp|pdf)$/i;
/** Bidirectional controls: a name shows as it is spelled ('foto.exe' never reads 'exe.otof'). */
const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const nomeDoArquivo = (file: File) => file.name.replace(BIDI_CONTROLS, '') || 'arquivo sem nome';
const SERVER_ANEXO_MESSAGES: readonly string[] = [
  SAC_MESSAGES.anexoGrande,
  SAC_MESSAGES.anexoTipo,
  SAC_MESSAGES.anexosDemais,
];

/** Why one chosen file cannot be sent, naming it; null when it can (issue 39, item 21). */
function anexoRecusado(file: File): string | null {
  const nome = nomeDoArquivo(file);
  const tipoOk = file.type ? ACCEPTED_TYPES.includes(file.type) : ACCEPTED_EXTENSION.test(nome);
  if (!tipoOk) return `${nome}: ${SAC_MESSAGES.anexoTipo}`;
  if (file.size > ANEXO_MAX_BYTES) return `${nome} tem mais de 5 MB. ${SAC_MESSAGES.anexoGrande}`;
  return null;
}

const tamanho = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function Composer({ ticket, isStaff }: { ticket: SacTicket; isStaff: boolean }) {
  const [texto, setTexto] = useState('');
  const [arquivos, setArquivos] = useState<File[]>([]);
  // The message's own error under the message; an attachment's under the picker, naming the file (issue 39, 21).
  const [erro, setErro] = useState<string | null>(null);
  const [erroAnexo, setErroAnexo] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const post = usePostMensagem({
    onSuccess: (mensagem) => {
      setTexto('');
      setArquivos([]);
      if (fileInput.current) fileInput.current.value = '';
      toast({ title: mensagem.interna ? 'Nota interna registrada' : 'Mensagem enviada', variant: 'success' });
    },
    onError: (error) => {
      const message = errorMessage(error, 'Falha ao enviar a mensagem');
      if (SERVER_ANEXO_MESSAGES.includes(message)) setErroAnexo(`Um dos arquivos foi recusado: ${message}`);
      else setErro(message);
    },
  });

  const escolher = (chosen: File[]) => {
    setErroAnexo(null);
    // Chosen again, a file is not listed twice; a second pick adds to the first.
    setArquivos((atuais) => [
      ...atuais,
      ...chosen.filter((f) => !atuais.some((a) => a.name === f.name && a.size === f.size)),
    ]);
    if (fileInput.current) fileInput.current.value = '';
  };
  const remover = (index: number) => {
    setErroAnexo(null);
    setArquivos((atuais) => atuais.filter((_, i) => i !== index));
  };

  const enviar = (interna: boolean) => {
    setErro(null);
    setErroAnexo(null);
    if (!texto.trim()) return setErro('Escreva a mensagem');
    const recusado = arquivos.map(anexoRecusado).find(Boolean);
    if (recusado) return setErroAnexo(recusado);
    if (arquivos.length > ANEXOS_MAX) {
      return setErroAnexo(`${SAC_MESSAGES.anexosDemais} Remova ${arquivos.length - ANEXOS_MAX} da lista.`);
    }
    post.mutate({ id: ticket.id, texto: texto.trim(), interna, arquivos });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    enviar(false);
  };

  return (
    <Card className="p-4 sm:p-5">
      <form onSubmit={onSubmit} className="grid gap-3" noValidate>
        <h2 className="text-base font-semibold">Nova mensagem</h2>
        <div className="grid gap-2">
          <Label htmlFor="mensagem-texto">Mensagem</Label>
          <Textarea
            id="mensagem-texto"
            value={texto}
            onChange={(event) => setTexto(event.target.value)}
            aria-invalid={erro ? true : undefined}
            aria-describedby={erro ? 'mensagem-erro' : undefined}
            rows={4}
          />
          {erro ? (
            <p id="mensagem-erro" role="alert" className="text-sm font-medium text-destructive">
              {erro}
            </p>
          ) : null}
        </div>
        <div className="grid gap-2">
          <input
            id="mensagem-anexos"
            ref={fileInput}
            type="file"
            multiple
            accept={ACCEPT}
            className="sr-only"
            aria-invalid={erroAnexo ? true : undefined}
            aria-describedby={cn('mensagem-anexos-dica', erroAnexo && 'mensagem-anexos-erro')}
            onChange={(event) => escolher(Array.from(event.target.files ?? []))}
          />
          <Button
            asChild
            variant="outline"
            className={cn(
              'w-fit cursor-pointer has-[:focus-visible]:ring-2',
              erroAnexo && 'border-destructive text-destructive',
            )}
          >
            <label htmlFor="mensagem-anexos">
              <Paperclip aria-hidden="true" className="size-4" />
              {arquivos.length ? 'Adicionar anexos' : 'Anexos'}
            </label>
          </Button>
          <p id="mensagem-anexos-dica" className="text-xs text-muted-foreground">
            Até 5 arquivos PNG, JPEG, WebP ou PDF, com até 5 MB cada.
          </p>
          {arquivos.length ? (
            <ul aria-label="Arquivos escolhidos" className="grid gap-1">
              {arquivos.map((arquivo, index) => {
                const nome = nomeDoArquivo(arquivo);
                const recusado = anexoRecusado(arquivo) !== null;
                return (
                  <li
                    key={`${arquivo.name}|${arquivo.size}|${index}`}
                    className={cn(
                      'flex min-w-0 items-center gap-2 rounded-md border px-2 py-1 text-sm',
                      recusado && erroAnexo ? 'border-destructive bg-destructive/5' : 'border-input',
                    )}
                  >
                    <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                    <span className="min-w-0 flex-1 wrap-anywhere">{nome}</span>
                    <span className="shrink-0 text-xs text-muted-foreground">{tamanho(arquivo.size)}</span>
                    <Button type="button" variant="ghost" size="sm" onClick={() => remover(index)}>
                      Remover <span className="sr-only">{nome}</span>
                    </Button>
                  </li>
                );
              })}
            </ul>
          ) : null}
          {erroAnexo ? (
            <p id="mensagem-anexos-erro" role="alert" className="text-sm font-medium text-destructive">
              {erroAnexo}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          {isStaff ? (
            <Button type="button" variant="outline" disabled={post.isPending} onClick={() => enviar(true)}>
              <Lock aria-hidden="true" />
              Nota interna
            </Button>
          ) : null}
          <Button type="submit" disabled={post.isPending}>
            <Send aria-hidden="true" />
            Enviar
          </Button>
        </div>
      </form>
    </Card>
  );
}

function RatingShown({ ticket }: { ticket: SacTicket }) {
  if (!ticket.avaliacao) return null;
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-base font-semibold">Avaliação do atendimento</h2>
      <p className="mt-2 text-sm">
        Nota {ticket.avaliacao.nota} de 5{ticket.avaliacao.comentario ? ` — “${ticket.avaliacao.comentario}”` : ''}
      </p>
    </Card>
  );
}

function Rating({ ticket }: { ticket: SacTicket }) {
  const [nota, setNota] = useState<number | null>(null);
  const [comentario, setComentario] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const avaliar = useAvaliarTicket({
    onSuccess: () => toast({ title: 'Obrigado pela avaliação!', variant: 'success' }),
    onError: (error) => setErro(errorMessage(error, 'Falha ao enviar a avaliação')),
  });
  if (ticket.avaliacao) return <RatingShown ticket={ticket} />;
  if (ticket.status !== 'concluido') return null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (nota === null) return setErro('Escolha uma nota de 1 a 5');
    setErro(null);
    avaliar.mutate({ id: ticket.id, nota, comentario: comentario.trim() || undefined });
  };
  return (
    <Card className="p-4 sm:p-5">
      <form onSubmit={onSubmit} className="grid gap-3" noValidate>
        <fieldset className="grid gap-2">
          <legend className="text-base font-semibold">Como foi o atendimento?</legend>
          <div className="flex flex-wrap gap-2">
            {[1, 2, 3, 4, 5].map((n) => (
              <label
                key={n}
                className={cn(
                  'flex cursor-pointer items-center gap-1 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  nota === n ? 'border-primary bg-primary/10 font-semibold' : 'border-input',
                )}
              >
                <input
                  type="radio"
                  name="nota"
                  value={n}
                  checked={nota === n}
                  onChange={() => setNota(n)}
                  className="sr-only"
                />
                <Star aria-hidden="true" className="size-4" />
                {n}
                <span className="sr-only">{n === 1 ? ' estrela' : ' estrelas'}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-2">
          <Label htmlFor="avaliacao-comentario">Comentário (opcional)</Label>
          <Textarea
            id="avaliacao-comentario"
            value={comentario}
            onChange={(event) => setComentario(event.target.value)}
            rows={3}
          />
        </div>
        {erro ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {erro}
          </p>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={avaliar.isPending}>
            Enviar avaliação
          </Button>
        </div>
      </form>
    </Card>
  );
}
