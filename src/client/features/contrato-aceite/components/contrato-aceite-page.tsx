import { type FormEvent, useEffect, useState } from 'react';
import { CircleAlert, CircleCheck, Download, MailCheck } from 'lucide-react';
import { BRASILIA_TIME_ZONE } from '@shared/brasilia';
import {
  ACEITE_MESSAGES,
  CODIGO_ACEITE,
  CPF_INICIO,
  RESUMO_ARREPENDIMENTO,
  resumoDoCancelamento,
  resumoDoValor,
} from '@shared/contrato/aceite';
import { formatDateOnly, formatDateTime } from '@shared/format';
import { DIAS_VENCIMENTO, DIA_VENCIMENTO_LABEL, DIA_VENCIMENTO_PADRAO } from '@shared/cobranca/parcelas';
import type { ContratoConfirmado, ContratoPublico } from '@shared/schemas/contrato-aceite';
import { Button } from '@/components/ui/button';
import { MarkdownView } from '@/components/ui/markdown-view';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { aceitarContrato, desistirDaMatricula, getContratoPublico, pdfUrl, pedirCodigo } from '../api/contrato-publico';

type State = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ok'; contrato: ContratoPublico };
type Para = 'aceitar' | 'desistir';

const quando = (iso: string) => formatDateTime(iso, { withTime: true, timeZone: BRASILIA_TIME_ZONE });

/** The summary box, before any button (issue 42): the price, the right to withdraw, the cancellation rule's cap. */
function Resumo({ contrato }: { contrato: ContratoPublico }) {
  return (
    <section
      aria-labelledby="contrato-resumo"
      className="grid gap-2 rounded-lg border-2 border-blue-800 bg-blue-50 p-4 text-blue-950"
    >
      <h2 id="contrato-resumo" className="text-lg font-bold">
        Resumo do contrato
      </h2>
      <p className="text-base font-semibold">{resumoDoValor(contrato)}</p>
      <p>{RESUMO_ARREPENDIMENTO}</p>
      <p>{resumoDoCancelamento(contrato.multaCancelamentoPct)}</p>
    </section>
  );
}

/** The code and the CPF's first 3 digits, for accepting or withdrawing. */
function Confirmacao({
  token,
  para,
  aviso,
  onDone,
  onCancel,
}: {
  token: string;
  para: Para;
  aviso: string;
  onDone: (answer: ContratoConfirmado) => void;
  onCancel: () => void;
}) {
  const [codigo, setCodigo] = useState('');
  const [cpfInicio, setCpfInicio] = useState('');
  const [diaVencimento, setDiaVencimento] = useState<number>(DIA_VENCIMENTO_PADRAO);
  const [errors, setErrors] = useState<{ codigo?: string; cpfInicio?: string }>({});
  const [falha, setFalha] = useState<string | null>(null);
  const [mensagem, setMensagem] = useState(aviso);
  const [pending, setPending] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      codigo: CODIGO_ACEITE.test(codigo.trim()) ? undefined : ACEITE_MESSAGES.codigo,
      cpfInicio: CPF_INICIO.test(cpfInicio.trim()) ? undefined : ACEITE_MESSAGES.cpfInicio,
    };
    setErrors(next);
    if (next.codigo || next.cpfInicio || pending) return;
    setPending(true);
    setFalha(null);
    const confirmacao = { codigo: codigo.trim(), cpfInicio: cpfInicio.trim() };
    // Issue 43: the due day goes with the acceptance; the 10th is the server's own default, sent as nothing.
    const send =
      para === 'aceitar'
        ? aceitarContrato(token, {
            ...confirmacao,
            ...(diaVencimento === DIA_VENCIMENTO_PADRAO ? {} : { diaVencimento }),
          })
        : desistirDaMatricula(token, confirmacao);
    send.then(
      (answer) => {
        setPending(false);
        onDone(answer);
      },
      (error: unknown) => {
        setPending(false);
        setFalha(errorMessage(error, ACEITE_MESSAGES.naoConfere));
      },
    );
  };

  const novoCodigo = () => {
    setFalha(null);
    pedirCodigo(token).then(
      ({ message }) => setMensagem(message),
      (error: unknown) => setFalha(errorMessage(error, 'Não foi possível enviar o código. Tente novamente.')),
    );
  };

  return (
    <form
      noValidate
      aria-label={para === 'aceitar' ? 'Confirmar o aceite do contrato' : 'Confirmar a desistência da matrícula'}
      className="grid gap-4 rounded-lg border border-border p-4"
      onSubmit={submit}
    >
      <p role="status" className="flex items-start gap-2 text-sm">
        <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-800" />
        {mensagem}
      </p>
      <TextField
        id="contrato-codigo"
        label="Código de 6 dígitos"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={codigo}
        onChange={(e) => setCodigo(e.target.value.replace(/\D/g, ''))}
        error={errors.codigo}
      />
      <TextField
        id="contrato-cpf"
        label="3 primeiros dígitos do CPF do responsável"
        inputMode="numeric"
        autoComplete="off"
        maxLength={3}
        value={cpfInicio}
        onChange={(e) => setCpfInicio(e.target.value.replace(/\D/g, ''))}
        error={errors.cpfInicio}
      />
      {para === 'aceitar' ? (
        <div className="grid gap-1.5">
          <label htmlFor="contrato-dia-vencimento" className="text-sm font-medium">
            {DIA_VENCIMENTO_LABEL}
          </label>
          <select
            id="contrato-dia-vencimento"
            className="min-h-11 rounded-md border border-input bg-background px-3 text-base"
            value={diaVencimento}
            onChange={(e) => setDiaVencimento(Number(e.target.value))}
            aria-describedby="contrato-dia-vencimento-ajuda"
          >
            {DIAS_VENCIMENTO.map((dia) => (
              <option key={dia} value={dia}>
                Dia {dia}
              </option>
            ))}
          </select>
          <p id="contrato-dia-vencimento-ajuda" className="text-sm text-muted-foreground">
            A primeira parcela vence nesse dia do próximo mês; as demais, no mesmo dia dos meses seguintes.
          </p>
        </div>
      ) : null}
      {falha ? (
        <p role="alert" className="flex items-start gap-2 rounded-md bg-red-50 p-3 text-sm text-red-900">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {falha}
        </p>
      ) : null}
      <Button
        type="submit"
        size="lg"
        className="min-h-12"
        variant={para === 'aceitar' ? 'default' : 'destructive'}
        disabled={pending}
      >
        {pending ? 'Confirmando...' : para === 'aceitar' ? 'Confirmar aceite' : 'Confirmar desistência'}
      </Button>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button type="button" variant="outline" className="min-h-11" onClick={novoCodigo}>
          Enviar novo código
        </Button>
        <Button type="button" variant="ghost" className="min-h-11" onClick={onCancel}>
          Voltar
        </Button>
      </div>
    </form>
  );
}

/**
 * /contrato/<token> (issue 42, ADR 066), made for a 360 px phone: the whole contract, then the summary box, then
 * 'Aceitar contrato' (a code by e-mail and the CPF's first digits). Accepted: 'Baixar PDF' and, within the 7 days,
 * 'Desistir da matrícula'. No router, no query cache: a public page's budget (ADR 015).
 */
export function ContratoAceitePage({ token }: { token: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [confirmando, setConfirmando] = useState<{ para: Para; aviso: string } | null>(null);
  const [pedindo, setPedindo] = useState(false);
  const [falha, setFalha] = useState<string | null>(null);
  const [feito, setFeito] = useState<string | null>(null);

  useEffect(() => {
    getContratoPublico(token).then(
      (contrato) => setState({ kind: 'ok', contrato }),
      (error: unknown) => setState({ kind: 'error', message: errorMessage(error, ACEITE_MESSAGES.linkInvalido) }),
    );
  }, [token]);

  if (state.kind === 'loading') {
    return (
      <div className="flex min-h-64 items-center justify-center">
        <Spinner label="Carregando o contrato..." />
      </div>
    );
  }
  if (state.kind === 'error') {
    return (
      <div className="mx-auto grid max-w-md gap-4 px-4 py-12 text-center">
        <h1 className="text-2xl font-bold">Contrato de matrícula</h1>
        <p role="alert" className="text-muted-foreground">
          {state.message}
        </p>
      </div>
    );
  }

  const { contrato } = state;
  const pedir = (para: Para) => {
    setPedindo(true);
    setFalha(null);
    pedirCodigo(token).then(
      ({ message }) => {
        setPedindo(false);
        setConfirmando({ para, aviso: message });
      },
      (error: unknown) => {
        setPedindo(false);
        setFalha(errorMessage(error, 'Não foi possível enviar o código. Tente novamente.'));
      },
    );
  };
  const concluir = ({ message, contrato: atual }: ContratoConfirmado) => {
    setConfirmando(null);
    setFeito(message);
    setState({ kind: 'ok', contrato: atual });
  };

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-5 px-4 py-6 sm:py-10">
      <header className="grid gap-1">
        <p className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">Contrato de matrícula</p>
        <h1 className="text-2xl font-extrabold text-blue-950 [overflow-wrap:anywhere] sm:text-3xl">
          {contrato.titulo}
        </h1>
        <p className="text-sm text-muted-foreground">Versão {contrato.versao} do modelo de contrato da rede</p>
      </header>

      {feito ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg border-2 border-green-700 bg-green-50 p-4 text-green-950"
        >
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {feito}
        </p>
      ) : null}

      {contrato.status === 'aguardando_aceite' ? (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          Leia o contrato até o fim: o resumo dos valores e o botão de aceite estão logo abaixo do texto.
        </p>
      ) : contrato.status === 'ativa' && contrato.aceitoEm ? (
        <p className="rounded-md bg-green-50 p-3 text-sm font-medium text-green-950">
          Contrato aceito em {quando(contrato.aceitoEm)} (horário de Brasília).
        </p>
      ) : (
        <p className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-950">
          {contrato.motivoCancelamento === 'arrependimento'
            ? 'Matrícula cancelada por desistência, sem multa: todo valor já pago será devolvido integralmente.'
            : 'Esta matrícula foi cancelada.'}
        </p>
      )}

      <article aria-label="Texto do contrato" className="rounded-lg border border-border bg-background p-4">
        <MarkdownView texto={contrato.texto} nivelBase={2} className="text-base" />
      </article>

      <Resumo contrato={contrato} />

      {falha ? (
        <p role="alert" className="flex items-start gap-2 rounded-md bg-red-50 p-3 text-sm text-red-900">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {falha}
        </p>
      ) : null}

      {confirmando ? (
        <Confirmacao
          token={token}
          para={confirmando.para}
          aviso={confirmando.aviso}
          onDone={concluir}
          onCancel={() => setConfirmando(null)}
        />
      ) : contrato.status === 'aguardando_aceite' ? (
        <Button size="lg" className="min-h-12 text-base" disabled={pedindo} onClick={() => pedir('aceitar')}>
          {pedindo ? 'Enviando o código...' : 'Aceitar contrato'}
        </Button>
      ) : contrato.status === 'ativa' ? (
        <div className="grid gap-3">
          <Button asChild size="lg" className="min-h-12 text-base">
            <a href={pdfUrl(token)} download>
              <Download aria-hidden="true" />
              Baixar PDF
            </a>
          </Button>
          {contrato.codigoVerificacao ? (
            <p className="text-center text-sm text-muted-foreground">
              Código de verificação do PDF:{' '}
              <span className="font-mono font-semibold">{contrato.codigoVerificacao}</span>
            </p>
          ) : null}
          {contrato.podeDesistir && contrato.desistirAte ? (
            <div className="grid gap-2 rounded-lg border border-border p-4">
              <p className="text-sm">
                Você pode desistir até {formatDateOnly(contrato.desistirAte)}, sem multa, e recebe de volta tudo o que
                tiver pago.
              </p>
              <Button
                variant="outline"
                size="lg"
                className="min-h-12"
                disabled={pedindo}
                onClick={() => pedir('desistir')}
              >
                {pedindo ? 'Enviando o código...' : 'Desistir da matrícula'}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
