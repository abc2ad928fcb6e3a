import { useEffect, useRef, useState } from 'react';
import { Camera, CameraOff, CheckCircle2, ImageUp, Info, KeyRound, Search, XCircle } from 'lucide-react';
import { formatDateOnly } from '@shared/format';
import {
  INSCRICAO_MESSAGES,
  normalizarCodigo,
  presentesLabel,
  VOUCHER_CODIGO_ALFABETO,
  VOUCHER_CODIGO_TAMANHO,
} from '@shared/schemas/inscricao-messages';
import type { PresencaInput } from '@shared/schemas/inscricao';
import { CHECK_IN_OFFLINE_MESSAGES } from '@shared/schemas/check-in-offline';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { OfflineNotice } from '@/components/ui/offline-notice';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useOnline } from '@/hooks/use-online';
import { errorMessage, NetworkError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useEvento, useInscritos, useRegistrarPresenca } from '../api/check-in';
import { nomeDoItem, procurar, type Identificacao } from '../offline/roteiro-store';
import { useOfflineCheckIn } from '../offline/use-offline-check-in';
import { CheckInConflitos } from './check-in-conflitos';
import { CheckInOfflinePanel } from './check-in-offline-panel';
import { jaRegistradaLabel } from './ja-registrada';
import { decodeQr, decodeQrFile, signalSuccess, tokenFromQr } from './qr-decoder';

type Result = { tone: 'ok' | 'again' | 'error'; title: string; detail?: string } | null;

const CODIGO = new RegExp(`^[${VOUCHER_CODIGO_ALFABETO}]{${VOUCHER_CODIGO_TAMANHO}}$`);

/**
 * The voucher's short code typed (issue 51): for a phone whose screen the camera cannot read, or a code said
 * aloud. Any case; spaces and a hyphen are ignored.
 */
function CodigoField({ pending, onCodigo }: { pending: boolean; onCodigo: (codigo: string) => Promise<boolean> }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const codigo = normalizarCodigo(value);
    if (!CODIGO.test(codigo)) {
      setError(INSCRICAO_MESSAGES.codigoInvalido);
      return;
    }
    setError(null);
    if (await onCodigo(codigo)) setValue('');
  };
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-2">
      <Label htmlFor="check-in-codigo">{INSCRICAO_MESSAGES.codigoDoVoucher}</Label>
      <div className="grid gap-2 sm:flex">
        <Input
          id="check-in-codigo"
          className="h-14 min-w-0 font-mono text-lg uppercase tracking-widest sm:flex-1"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={12}
          placeholder="Ex.: K7M 2QX"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'check-in-codigo-erro' : undefined}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
        <Button type="submit" size="lg" className="min-h-14 text-base" disabled={pending}>
          <KeyRound aria-hidden="true" />
          Registrar pelo código
        </Button>
      </div>
      {error ? (
        <p id="check-in-codigo-erro" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
}

const RESULT_STYLE = {
  ok: 'border-green-600 bg-green-50 text-green-950',
  again: 'border-amber-500 bg-amber-50 text-amber-950',
  error: 'border-red-600 bg-red-50 text-red-950',
} as const;

/** The camera's frames, read for a QR code until one is found or the scanner is closed. */
function Scanner({
  onToken,
  onError,
  onActive,
}: {
  onToken: (token: string) => void;
  onError: (message: string) => void;
  /** Whether the camera is scanning: an app update waits until it is closed (issue 49). */
  onActive: (on: boolean) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [on, setOn] = useState(false);
  useEffect(() => onActive(on), [on, onActive]);

  useEffect(() => {
    if (!on) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    let last = '';
    const tick = async () => {
      const element = video.current;
      if (stopped || !element) return;
      if (element.readyState >= 2) {
        const text = await decodeQr(element, element.videoWidth, element.videoHeight).catch(() => null);
        const token = text ? tokenFromQr(text) : null;
        if (token && token !== last) {
          last = token;
          onToken(token);
          // The same voucher held in front of the camera is read once; another one right after.
          setTimeout(() => (last = ''), 3000);
        } else if (text && !token) {
          onError('Este QR code não é um voucher de evento.');
        }
      }
      if (!stopped) setTimeout(() => void tick(), 250);
    };
    navigator.mediaDevices
      ?.getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return media.getTracks().forEach((t) => t.stop());
        video.current.srcObject = media;
        await video.current.play();
        void tick();
      })
      .catch(() => {
        onError('Não foi possível abrir a câmera. Permita o acesso ou envie uma foto do voucher.');
        setOn(false);
      });
    return () => {
      stopped = true;
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [on, onToken, onError]);

  return (
    <div className="grid gap-3">
      {on ? (
        <video
          ref={video}
          muted
          playsInline
          aria-label="Imagem da câmera"
          className="aspect-square w-full max-w-sm rounded-md bg-black object-cover"
        />
      ) : null}
      <Button size="lg" className="min-h-14 text-base" onClick={() => setOn((v) => !v)}>
        {on ? <CameraOff aria-hidden="true" /> : <Camera aria-hidden="true" />}
        {on ? 'Fechar câmera' : 'Ler QR code com a câmera'}
      </Button>
    </div>
  );
}

/**
 * /eventos/:id/check-in (issue 20): the families at the event's door, by the voucher's QR code (camera or a
 * photo) or by name. Every control is a big target for a phone held in one hand in daylight.
 */
export function CheckInScreen({ eventoId }: { eventoId: string }) {
  const evento = useEvento(eventoId);
  const [q, setQ] = useState('');
  const search = useDebouncedValue(q.trim(), 250);
  const inscritos = useInscritos(eventoId, search);
  const [result, setResult] = useState<Result>(null);
  const presenca = useRegistrarPresenca();
  const file = useRef<HTMLInputElement>(null);
  // No signal at the door (issue 39, item 18): say so at once, and the last family's result leaves the screen (it
  // is not the answer to whoever stands there now).
  const online = useOnline();
  const [wasOnline, setWasOnline] = useState(online);
  if (wasOnline !== online) {
    setWasOnline(online);
    if (!online) setResult(null);
  }
  const [scanning, setScanning] = useState(false);
  // The browser may say it is online while nothing gets an answer (a weak signal, a captive network): the screen's
  // own requests that failed for want of a network say so too.
  const [mutacaoSemRede, setMutacaoSemRede] = useState(false);
  const [eventoLidoEm, setEventoLidoEm] = useState(evento.dataUpdatedAt);
  if (eventoLidoEm !== evento.dataUpdatedAt) {
    // The event was read again: the network answers.
    setEventoLidoEm(evento.dataUpdatedAt);
    setMutacaoSemRede(false);
  }
  const requestsFailed =
    evento.error instanceof NetworkError || inscritos.error instanceof NetworkError || mutacaoSemRede;
  // Issue 49: the event's roster on this device, and the check-ins made without a signal waiting to be sent.
  const offline = useOfflineCheckIn(eventoId, { ocupado: scanning, semRede: requestsFailed });
  const roteiro = offline.registro?.roteiro ?? null;
  const semRede = !online || ((requestsFailed || offline.envioSemRede) && !evento.isFetching);
  // With no signal and a roster on the device, the door works against it; with a signal, as it always has.
  const local = semRede && roteiro !== null;

  const registrarOffline = async (body: PresencaInput): Promise<boolean> => {
    const how: Identificacao = body.token
      ? { token: body.token }
      : body.codigo
        ? { codigo: body.codigo }
        : { leadId: body.leadId ?? '' };
    const answer = await offline.registrar(how).catch(() => null);
    if (!answer || answer.resultado === 'sem_lista') {
      setResult({ tone: 'error', title: 'Não foi possível registrar a presença neste aparelho.' });
      return false;
    }
    if (answer.resultado === 'expirado') {
      setResult({ tone: 'error', title: CHECK_IN_OFFLINE_MESSAGES.expirada });
      return false;
    }
    if (answer.resultado === 'desconhecido') {
      setResult({ tone: 'error', title: CHECK_IN_OFFLINE_MESSAGES.desconhecido });
      return false;
    }
    const nome = nomeDoItem(answer.item);
    if (answer.resultado === 'registrada') {
      signalSuccess();
      setResult({
        tone: 'ok',
        title: `${INSCRICAO_MESSAGES.presencaRegistrada}: ${nome}`,
        detail: CHECK_IN_OFFLINE_MESSAGES.registradaNoAparelho,
      });
    } else {
      setResult({ tone: 'again', title: `${INSCRICAO_MESSAGES.presencaJaRegistrada}: ${nome}` });
    }
    return true;
  };

  const registrar = (body: PresencaInput, done?: (ok: boolean) => void) => {
    if (local) {
      void registrarOffline(body).then((ok) => done?.(ok));
      return;
    }
    presenca.mutate(
      { eventoId, body },
      {
        onSuccess: (answer) => {
          done?.(true);
          setMutacaoSemRede(false);
          offline.registradaOnline(answer.leadId);
          const first = answer.message === INSCRICAO_MESSAGES.presencaRegistrada;
          if (first) signalSuccess();
          setResult({
            tone: first ? 'ok' : 'again',
            title: `${answer.message}: ${answer.nomeAluno}`,
            detail: first
              ? presentesLabel(answer.presentes, answer.inscritos)
              : `${jaRegistradaLabel(answer.presenteEm, answer.registradaPor, new Date())}. ${presentesLabel(answer.presentes, answer.inscritos)}`,
          });
          void inscritos.refetch();
        },
        onError: (error) => {
          // The browser thought it had a signal but the request got no answer: the device's roster takes it.
          if (error instanceof NetworkError && roteiro) {
            setMutacaoSemRede(true);
            void registrarOffline(body).then((ok) => done?.(ok));
            return;
          }
          done?.(false);
          setResult({ tone: 'error', title: errorMessage(error, 'Não foi possível registrar a presença') });
        },
      },
    );
  };

  // The scanner keeps the same callbacks while its camera runs; they call this render's registrar.
  const onToken = useRef<(token: string) => void>(() => {});
  useEffect(() => {
    onToken.current = (token: string) => registrar({ token });
  });
  const [handlers] = useState(() => ({
    token: (token: string) => onToken.current(token),
    error: (message: string) => setResult({ tone: 'error', title: message }),
    active: (on: boolean) => setScanning(on),
  }));

  const readFile = async (chosen: File | undefined) => {
    if (!chosen) return;
    const text = await decodeQrFile(chosen).catch(() => null);
    const token = text ? tokenFromQr(text) : null;
    if (token) registrar({ token });
    else setResult({ tone: 'error', title: 'Nenhum voucher encontrado na imagem.' });
    if (file.current) file.current.value = '';
  };

  // Reopened with no signal, the event's heading comes from the roster on the device.
  const e = evento.data;
  if (!e && !roteiro) {
    if (evento.isError) {
      return <p className="text-destructive">{errorMessage(evento.error, 'Evento não encontrado')}</p>;
    }
    return (
      <div className="flex min-h-40 items-center justify-center">
        <Spinner label="Carregando o evento..." />
      </div>
    );
  }
  const presentesLocais = roteiro?.itens.filter((item) => item.presente).length ?? 0;
  const contagem =
    local || !e
      ? presentesLabel(presentesLocais, roteiro?.itens.length ?? 0)
      : presentesLabel(e.presentes, e.inscritos);
  const locais = local && roteiro ? procurar(roteiro, search) : [];

  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <section aria-labelledby="check-in-evento" className="grid gap-1">
        <h2 id="check-in-evento" className="text-xl font-semibold">
          {e?.nomeEscola ?? roteiro?.nomeEscola}
        </h2>
        <p className="text-muted-foreground">
          {e
            ? `${formatDateOnly(e.dataEvento)} às ${e.horario} · ${e.cidade} - ${e.estado}`
            : formatDateOnly(roteiro?.dataEvento)}
        </p>
        <p className="text-lg font-semibold" data-testid="check-in-contagem">
          {contagem}
        </p>
      </section>

      {local ? (
        <OfflineNotice
          title={CHECK_IN_OFFLINE_MESSAGES.semConexao(offline.pendentes)}
          detail={CHECK_IN_OFFLINE_MESSAGES.semConexaoDetalhe}
        />
      ) : online ? null : (
        <OfflineNotice detail="A presença não pode ser registrada até a conexão voltar. Confira o sinal do aparelho." />
      )}
      <div aria-live="polite" className="min-h-0">
        {result ? (
          <div
            role="status"
            className={cn('flex items-start gap-3 rounded-md border-2 p-4 text-lg', RESULT_STYLE[result.tone])}
          >
            {result.tone === 'ok' ? (
              <CheckCircle2 aria-hidden="true" className="mt-1 size-6 shrink-0" />
            ) : result.tone === 'again' ? (
              <Info aria-hidden="true" className="mt-1 size-6 shrink-0" />
            ) : (
              <XCircle aria-hidden="true" className="mt-1 size-6 shrink-0" />
            )}
            <div>
              <p className="font-semibold">{result.title}</p>
              {result.detail ? <p className="text-base">{result.detail}</p> : null}
            </div>
          </div>
        ) : null}
      </div>

      <section aria-labelledby="check-in-qr" className="grid gap-3">
        <h3 id="check-in-qr" className="text-lg font-semibold">
          Voucher (QR code)
        </h3>
        <Scanner onToken={handlers.token} onError={handlers.error} onActive={handlers.active} />
        <CodigoField
          pending={presenca.isPending && !local}
          onCodigo={(codigo) => new Promise((resolve) => registrar({ codigo }, resolve))}
        />
        <input
          ref={file}
          id="check-in-foto"
          type="file"
          accept="image/*"
          className="sr-only"
          onChange={(event) => void readFile(event.target.files?.[0])}
        />
        <Button asChild variant="outline" size="lg" className="min-h-14 text-base">
          <label htmlFor="check-in-foto" className="cursor-pointer">
            <ImageUp aria-hidden="true" />
            Ler de uma foto do voucher
          </label>
        </Button>
      </section>

      <section aria-labelledby="check-in-nome" className="grid gap-3">
        <h3 id="check-in-nome" className="text-lg font-semibold">
          Procurar pelo nome
        </h3>
        <div className="grid gap-2">
          <Label htmlFor="check-in-busca">Nome do aluno ou do responsável</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id="check-in-busca"
              type="search"
              className="h-14 pl-11 text-base"
              autoComplete="off"
              value={q}
              onChange={(event) => setQ(event.target.value)}
            />
          </div>
        </div>
        {local && locais.length === 0 ? <p className="text-muted-foreground">Nenhuma inscrição encontrada.</p> : null}
        {local ? (
          <ul className="grid gap-2" aria-label="Inscrições">
            {locais.map((item) => {
              const nome = nomeDoItem(item);
              return (
                <li
                  key={item.leadId}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3"
                >
                  <p className="min-w-0 break-words font-semibold">{nome}</p>
                  {item.presente ? (
                    <Badge variant="success" className="px-3 py-2 text-sm">
                      Presente
                    </Badge>
                  ) : (
                    <Button
                      size="lg"
                      className="min-h-12 w-full sm:w-auto"
                      aria-label={`Registrar presença de ${nome}`}
                      onClick={() => registrar({ leadId: item.leadId })}
                    >
                      Registrar presença
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        ) : null}
        {!local && inscritos.isPending ? <Spinner label="Procurando..." /> : null}
        {!local && inscritos.data?.length === 0 ? (
          <p className="text-muted-foreground">Nenhuma inscrição encontrada.</p>
        ) : null}
        <ul className="grid gap-2" aria-label="Inscrições" hidden={local}>
          {inscritos.data?.map((inscrito) => (
            <li key={inscrito.id} className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
              <div className="min-w-0">
                <p className="break-words font-semibold">{inscrito.nomeAluno}</p>
                <p className="break-words text-sm text-muted-foreground">Responsável: {inscrito.nomeResponsavel}</p>
                {inscrito.listaEspera ? <Badge variant="warning">{INSCRICAO_MESSAGES.listaEspera}</Badge> : null}
              </div>
              {inscrito.presenteEm ? (
                <Badge variant="success" className="px-3 py-2 text-sm">
                  Presente
                </Badge>
              ) : (
                <Button
                  size="lg"
                  className="min-h-12 w-full sm:w-auto"
                  disabled={inscrito.listaEspera || presenca.isPending}
                  aria-label={`Registrar presença de ${inscrito.nomeAluno}`}
                  onClick={() => registrar({ leadId: inscrito.id })}
                >
                  Registrar presença
                </Button>
              )}
            </li>
          ))}
        </ul>
      </section>

      <CheckInConflitos eventoId={eventoId} enabled={online} />
      {offline.disponivel ? <CheckInOfflinePanel offline={offline} online={online} /> : null}
    </div>
  );
}
