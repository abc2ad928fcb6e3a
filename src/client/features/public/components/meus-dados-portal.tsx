import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { CheckCircle2, Download, Printer } from 'lucide-react';
import {
  LGPD_MESSAGES,
  PEDIDO_STATUS_LABELS,
  PEDIDO_TIPO_LABELS,
  PEDIDO_TIPOS,
  type PedidoTipo,
} from '@shared/schemas/lgpd-textos';
// Types only (erased): the portal loads no zod for them.
import type { PedidoView, TitularRede, TitularRegistro, TitularView } from '@shared/schemas/lgpd';
import { TitularRegistroCard, dataTexto, momentoTexto, pedidoAtrasado } from '@/components/lgpd/titular-registro';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { Spinner } from '@/components/ui/spinner';
import { TextareaField } from '@/components/ui/textarea-field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { lazyImport } from '@/lib/lazy-import';
import { type PedidoAnswer, titularExportUrl, useAbrirPedido, useTitular } from '../api/titular';
import { lazyCheck, preloadRules } from './lazy-rules';

const loadDialog = lazyImport(() => import('./confirmar-anonimizacao-dialog'));
const ConfirmarAnonimizacaoDialog = lazy(loadDialog.get);

const NOVO_LINK_HREF = '/meus-dados';
const linkClass = 'font-medium text-primary underline underline-offset-4 hover:no-underline';

const TIPO_DESCRICOES: Record<PedidoTipo, string> = {
  correcao: 'Algum dado está errado? Diga o que deve ser corrigido.',
  anonimizacao: 'Apagar os seus dados pessoais de todos os registros. Irreversível.',
  revogacao: 'Parar de receber contatos: os seus dados deixam de ser usados para isso a partir de agora.',
  revogacao_whatsapp: 'Parar só os avisos pelo WhatsApp: eles voltam a chegar por e-mail.',
};

/** 'Aberto · prazo 08/12/2026 (atrasado)'. */
function PedidoLinha({ pedido }: { pedido: PedidoView }) {
  const atrasado = pedidoAtrasado(pedido);
  return (
    <li className="grid gap-1 rounded-md border border-border p-3 text-sm">
      <span className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-semibold">{PEDIDO_TIPO_LABELS[pedido.tipo]}</span>
        <span className="text-muted-foreground">
          Protocolo <span className="font-mono font-semibold text-foreground">{pedido.protocolo}</span>
        </span>
      </span>
      <span>
        Situação: {PEDIDO_STATUS_LABELS[pedido.status]} · aberto em {dataTexto(pedido.createdAt)} · resposta até{' '}
        <span className={atrasado ? 'font-semibold text-destructive' : undefined}>
          {dataTexto(pedido.prazo)}
          {atrasado ? ' (atrasado)' : ''}
        </span>
      </span>
      {pedido.resposta ? <span className="text-muted-foreground">Resposta: {pedido.resposta}</span> : null}
    </li>
  );
}

function PedidosLista({ pedidos }: { pedidos: PedidoView[] }) {
  return (
    <ul className="grid gap-2">
      {pedidos.map((pedido) => (
        <PedidoLinha key={pedido.id} pedido={pedido} />
      ))}
    </ul>
  );
}

type PedidoErrors = Partial<Record<'tipo' | 'detalhe' | 'redes', string>>;

/** 'Colégio Horizonte (Campinas/SP)' for each distinct school of a network's records. */
function escolasDa(rede: TitularRede, registros: TitularRegistro[]) {
  const nomes = registros
    .filter((r) => rede.registros.includes(r.id) && r.escola)
    .map((r) => (r.cidade ? `${r.escola} (${r.cidade}${r.estado ? `/${r.estado}` : ''})` : r.escola!));
  return [...new Set(nomes)].join(', ');
}

/**
 * Where the request goes when the e-mail is in more than one network (issue 39): the titular chooses, and what it
 * writes reaches no network it did not choose.
 */
function RedesField({
  redes,
  registros,
  escolhidas,
  error,
  firstRef,
  onChange,
}: {
  redes: TitularRede[];
  registros: TitularRegistro[];
  escolhidas: string[];
  error?: string;
  firstRef: React.RefObject<HTMLInputElement | null>;
  onChange: (redes: string[]) => void;
}) {
  const errorId = 'pedido-redes-error';
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium">A quais redes o pedido se refere?</legend>
      <p className="-mt-1 text-sm text-muted-foreground">
        Os seus dados estão em mais de uma rede. O pedido, e o que você escrever nele, vai só para as redes marcadas.
      </p>
      {redes.map((rede, index) => (
        <label
          key={rede.id}
          className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[:checked]:border-primary has-[:checked]:bg-blue-50"
        >
          <input
            ref={index === 0 ? firstRef : undefined}
            type="checkbox"
            name="redes"
            value={rede.id}
            checked={escolhidas.includes(rede.id)}
            aria-invalid={error ? true : undefined}
            onChange={(event) =>
              onChange(event.target.checked ? [...escolhidas, rede.id] : escolhidas.filter((id) => id !== rede.id))
            }
            className="mt-0.5 size-5 shrink-0 accent-primary"
          />
          <span className="grid gap-0.5 text-sm [overflow-wrap:anywhere]">
            <span className="font-medium text-foreground">{rede.nome}</span>
            <span className="text-muted-foreground">{escolasDa(rede, registros) || 'Registros sem evento'}</span>
          </span>
        </label>
      ))}
      <FormMessage id={errorId}>{error}</FormMessage>
    </fieldset>
  );
}

const checkPedido = lazyCheck((rules) => rules.checkTitularPedido);

/**
 * The one request a link opens: correction (saying what), anonymisation (confirmed in a dialog first: it cannot
 * be undone) or revoking the consent (takes effect at once).
 */
function PedidoForm({
  token,
  email,
  redes,
  registros,
  onDone,
}: {
  token: string;
  email: string;
  redes: TitularRede[];
  registros: TitularRegistro[];
  onDone: (answer: PedidoAnswer) => void;
}) {
  const [tipo, setTipo] = useState<PedidoTipo | ''>('');
  const escolher = redes.length > 1;
  const [escolhidas, setEscolhidas] = useState<string[]>([]);
  const firstRede = useRef<HTMLInputElement>(null);
  const [detalhe, setDetalhe] = useState('');
  const [errors, setErrors] = useState<PedidoErrors>({});
  const [falha, setFalha] = useState<string | null>(null);
  const [confirmando, setConfirmando] = useState(false);
  const pendente = useRef<{ tipo: PedidoTipo; detalhe?: string } | null>(null);
  const detalheRef = useRef<HTMLTextAreaElement>(null);
  const firstRadio = useRef<HTMLInputElement>(null);

  const abrir = useAbrirPedido({
    onSuccess: onDone,
    onError: (error) => {
      const campos = error instanceof ApiError ? (error.errors ?? {}) : {};
      setErrors({ tipo: campos.tipo, detalhe: campos.detalhe, redes: campos.redes });
      setFalha(errorMessage(error, 'Não foi possível registrar o pedido. Tente novamente.'));
    },
  });

  const enviar = (input: { tipo: PedidoTipo; detalhe?: string }) => {
    setFalha(null);
    abrir.mutate({
      token,
      tipo: input.tipo,
      ...(input.detalhe ? { detalhe: input.detalhe } : {}),
      ...(escolher ? { redes: escolhidas } : {}),
    });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // An unchosen type is sent to the rules as it is: they answer with its message.
    const result = await checkPedido({ token, tipo: tipo as PedidoTipo, detalhe });
    const semRede = escolher && escolhidas.length === 0 ? LGPD_MESSAGES.escolhaRede : undefined;
    if (!result.ok || semRede) {
      const found = result.ok ? {} : result.errors;
      setErrors({ tipo: found.tipo, detalhe: found.detalhe, redes: semRede });
      if (found.tipo) firstRadio.current?.focus();
      else if (semRede) firstRede.current?.focus();
      else if (found.detalhe) detalheRef.current?.focus();
      return;
    }
    setErrors({});
    const input = { tipo: result.values.tipo, detalhe: result.values.detalhe ?? undefined };
    if (input.tipo === 'anonimizacao') {
      pendente.current = input;
      setConfirmando(true);
      return;
    }
    enviar(input);
  };

  const tipoErrorId = 'pedido-tipo-error';
  return (
    <form noValidate aria-labelledby="pedido-titulo" className="grid gap-5" onFocus={preloadRules} onSubmit={onSubmit}>
      <fieldset className="grid gap-3" aria-describedby={errors.tipo ? tipoErrorId : undefined}>
        <legend className="mb-2 text-sm font-medium">O que você quer pedir?</legend>
        {PEDIDO_TIPOS.map((value, index) => (
          <label
            key={value}
            className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[:checked]:border-primary has-[:checked]:bg-blue-50"
          >
            <input
              ref={index === 0 ? firstRadio : undefined}
              type="radio"
              name="tipo"
              value={value}
              checked={tipo === value}
              aria-invalid={errors.tipo ? true : undefined}
              onChange={() => {
                setTipo(value);
                setErrors((current) => ({ ...current, tipo: undefined }));
                if (value === 'anonimizacao') loadDialog.preload();
              }}
              className="mt-0.5 size-5 shrink-0 accent-primary"
            />
            <span className="grid gap-0.5 text-sm">
              <span className="font-medium text-foreground">{PEDIDO_TIPO_LABELS[value]}</span>
              <span className="text-muted-foreground">{TIPO_DESCRICOES[value]}</span>
            </span>
          </label>
        ))}
        <FormMessage id={tipoErrorId}>{errors.tipo}</FormMessage>
      </fieldset>
      {escolher ? (
        <RedesField
          redes={redes}
          registros={registros}
          escolhidas={escolhidas}
          error={errors.redes}
          firstRef={firstRede}
          onChange={(ids) => {
            setEscolhidas(ids);
            if (errors.redes) setErrors((current) => ({ ...current, redes: undefined }));
          }}
        />
      ) : null}
      <TextareaField
        ref={detalheRef}
        id="pedido-detalhe"
        label={tipo === 'correcao' ? 'O que deve ser corrigido' : 'Detalhes (opcional)'}
        maxLength={2000}
        value={detalhe}
        error={errors.detalhe}
        onChange={(event) => {
          setDetalhe(event.target.value);
          if (errors.detalhe) setErrors((current) => ({ ...current, detalhe: undefined }));
        }}
      />
      {falha && !errors.tipo && !errors.detalhe && !errors.redes ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {falha}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full sm:w-fit" disabled={abrir.isPending}>
        {abrir.isPending ? 'Enviando...' : 'Enviar pedido'}
      </Button>
      {confirmando ? (
        <Suspense fallback={null}>
          <ConfirmarAnonimizacaoDialog
            open={confirmando}
            email={email}
            onCancel={() => setConfirmando(false)}
            onConfirm={() => {
              setConfirmando(false);
              if (pendente.current) enviar(pendente.current);
            }}
          />
        </Suspense>
      ) : null}
    </form>
  );
}

/** After the request: the answer and its protocol(s). The link is spent, so the records are not read again. */
function PedidoRegistrado({ answer }: { answer: PedidoAnswer }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form that was sent is gone: the answer takes the focus, so it is read out and the reader is not lost.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby="pedido-registrado" className="grid gap-4">
      <div role="status" className="grid gap-2 rounded-md border border-green-200 bg-green-50 p-4 text-green-900">
        <h2
          id="pedido-registrado"
          ref={headingRef}
          tabIndex={-1}
          className="flex items-center gap-2 text-lg font-bold outline-none"
        >
          <CheckCircle2 aria-hidden="true" className="size-5 shrink-0" />
          {answer.message}
        </h2>
        {answer.pedidos.length ? (
          <p className="text-sm">
            {answer.pedidos.length === 1 ? 'Protocolo' : 'Protocolos'}:{' '}
            {answer.pedidos.map((pedido, index) => (
              <span key={pedido.id}>
                {index > 0 ? ', ' : ''}
                <span className="font-mono font-semibold">{pedido.protocolo}</span>
              </span>
            ))}
          </p>
        ) : null}
      </div>
      {answer.pedidos.length ? <PedidosLista pedidos={answer.pedidos} /> : null}
      <p className="text-sm text-muted-foreground">
        Este link já foi usado. Para consultar os seus dados de novo,{' '}
        <a href={NOVO_LINK_HREF} className={linkClass}>
          peça um novo link
        </a>
        .
      </p>
    </section>
  );
}

function TitularDados({
  token,
  view,
  onDone,
}: {
  token: string;
  view: TitularView;
  onDone: (a: PedidoAnswer) => void;
}) {
  return (
    <div className="grid gap-8">
      <section aria-labelledby="registros-titulo" className="grid gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="grid gap-1">
            <h2 id="registros-titulo" className="text-xl font-bold">
              Seus registros
            </h2>
            <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
              Tudo o que a rede guarda com o e-mail <strong className="text-foreground">{view.email}</strong>: os dados
              que você informou, cada consentimento (com o endereço IP e o navegador de onde veio) e o que a equipe
              registrou sobre o atendimento.
            </p>
            <p className="hidden text-sm print:block">Resumo gerado em {momentoTexto(new Date().toISOString())}.</p>
          </div>
          <div className="flex flex-wrap gap-2 print:hidden">
            <Button asChild variant="outline">
              <a href={titularExportUrl(token)} download>
                <Download aria-hidden="true" />
                Baixar meus dados (JSON)
              </a>
            </Button>
            {/* The printable summary: this page as printed (or saved as PDF), without the request form. */}
            <Button variant="outline" onClick={() => window.print()}>
              <Printer aria-hidden="true" />
              Imprimir resumo
            </Button>
          </div>
        </div>
        {view.registros.length ? (
          <div className="grid gap-3">
            {view.registros.map((registro) => (
              <TitularRegistroCard key={`${registro.tipo}-${registro.id}`} registro={registro} />
            ))}
          </div>
        ) : (
          <p className="rounded-md border border-border bg-surface p-4 text-sm">Não há dados com este e-mail.</p>
        )}
      </section>

      <section aria-labelledby="pedidos-titulo" className="grid gap-3">
        <h2 id="pedidos-titulo" className="text-xl font-bold">
          Seus pedidos
        </h2>
        {view.pedidos.length ? (
          <PedidosLista pedidos={view.pedidos} />
        ) : (
          <p className="text-sm text-muted-foreground">Nenhum pedido até agora.</p>
        )}
      </section>

      <section aria-labelledby="pedido-titulo" className="grid gap-3 print:hidden">
        <div className="grid gap-1">
          <h2 id="pedido-titulo" className="text-xl font-bold">
            Fazer um pedido
          </h2>
          <p className="text-sm text-muted-foreground">
            Respondemos em até 15 dias, por e-mail. Este link vale para um pedido.
          </p>
        </div>
        <PedidoForm token={token} email={view.email} redes={view.redes} registros={view.registros} onDone={onDone} />
      </section>
    </div>
  );
}

/**
 * /meus-dados?token=... (issue 18): the records that hold the e-mail the link was sent to, their download, the
 * titular's requests and a new one. A link invalid, expired or used says so, with the way to ask a new one.
 */
export function MeusDadosPortal({ token }: { token: string }) {
  const titular = useTitular(token);
  const [answer, setAnswer] = useState<PedidoAnswer | null>(null);

  if (answer) return <PedidoRegistrado answer={answer} />;
  if (titular.isPending) {
    return (
      <div className="flex min-h-32 items-center justify-center">
        <Spinner label="Carregando os seus dados..." />
      </div>
    );
  }
  if (titular.isError || !titular.data) {
    const invalido = titular.error instanceof ApiError && titular.error.status === 400;
    return (
      <div role="alert" className="grid gap-4 rounded-md border border-red-200 bg-red-50 p-4">
        <p className="font-medium text-red-900">
          {invalido
            ? errorMessage(titular.error, 'Este link é inválido ou expirou.')
            : errorMessage(titular.error, 'Não foi possível carregar os seus dados.')}
        </p>
        <div className="flex flex-wrap gap-2">
          {invalido ? (
            <Button asChild>
              <a href={NOVO_LINK_HREF}>Pedir um novo link</a>
            </Button>
          ) : (
            <Button variant="outline" onClick={titular.refetch}>
              Tentar novamente
            </Button>
          )}
        </div>
      </div>
    );
  }
  return <TitularDados token={token} view={titular.data} onDone={setAnswer} />;
}
