import { useRef, useState, type FormEvent } from 'react';
import { FileText, Lock, Paperclip, Send } from 'lucide-react';
import { ANEXO_MAX_BYTES, ANEXOS_MAX, nomeExecutavel, SAC_MESSAGES, type SacTicket } from '@shared/schemas/sac';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { usePostMensagem } from '../api/ticket';

/** Bidirectional controls: a name shows as it is spelled ('foto.exe' never reads 'exe.otof'). */
const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const nomeDoArquivo = (file: File) => file.name.replace(BIDI_CONTROLS, '') || 'arquivo sem nome';
const SERVER_ANEXO_MESSAGES: readonly string[] = [
  SAC_MESSAGES.anexoGrande,
  SAC_MESSAGES.anexoTipo,
  SAC_MESSAGES.anexoExecutavel,
  SAC_MESSAGES.anexosDemais,
];

/**
 * Why one chosen file cannot be sent, naming it; null when it can (issue 39, item 21). Any type goes but a
 * program, script or page (issue 51); the server checks the bytes as well.
 */
function anexoRecusado(file: File): string | null {
  const nome = nomeDoArquivo(file);
  if (nomeExecutavel(nome)) return `${nome}: ${SAC_MESSAGES.anexoExecutavel}`;
  if (file.size > ANEXO_MAX_BYTES) return `${nome} tem mais de 5 MB. ${SAC_MESSAGES.anexoGrande}`;
  return null;
}

const tamanho = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function Composer({ ticket, isStaff }: { ticket: SacTicket; isStaff: boolean }) {
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
            Até 5 arquivos de até 5 MB cada: planilhas, documentos, imagens, PDF e outros (programas não).
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
