import { useEffect, useState } from 'react';
import { CalendarDays, CheckCircle2, ExternalLink, MapPin } from 'lucide-react';
import { enderecoCompleto, mapaUrl } from '@shared/endereco-evento';
import { LOCAL_EVENTO_LABELS, type LocalEvento } from '@shared/enums';
import { formatDateOnly } from '@shared/format';
import { codigoParaLer, INSCRICAO_MESSAGES } from '@shared/schemas/inscricao-messages';
import type { VoucherView } from '@shared/schemas/inscricao';
import { Button } from '@/components/ui/button';
import { QrCode } from '@/components/ui/qr-code';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { cancelarVoucher, getVoucher } from '../api/voucher';

type State = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ok'; voucher: VoucherView };

/**
 * /voucher/:token (issue 20): what the family shows at the door. Only the student's first name and the event;
 * 'Cancelar inscrição' gives the seat to the waiting list.
 */
export function VoucherCard({ token }: { token: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);

  useEffect(() => {
    getVoucher(token).then(
      (voucher) => setState({ kind: 'ok', voucher }),
      (error: unknown) =>
        setState({ kind: 'error', message: errorMessage(error, INSCRICAO_MESSAGES.voucherNaoEncontrado) }),
    );
  }, [token]);

  if (state.kind === 'loading') {
    return (
      <div className="flex min-h-64 items-center justify-center">
        <Spinner label="Carregando o voucher..." />
      </div>
    );
  }
  if (state.kind === 'error') {
    return (
      <div className="mx-auto max-w-md px-4 py-12 text-center">
        <h1 className="text-2xl font-bold">Voucher</h1>
        <p className="mt-4 text-muted-foreground">{state.message}</p>
      </div>
    );
  }

  const { voucher } = state;
  const cancel = () => {
    setCancelling(true);
    cancelarVoucher(token).then(
      ({ message }) => {
        setCancelling(false);
        setConfirming(false);
        toast({ variant: 'success', title: message });
        setState({ kind: 'ok', voucher: { ...voucher, cancelado: true } });
      },
      (error: unknown) => {
        setCancelling(false);
        toast({ variant: 'destructive', title: errorMessage(error, 'Não foi possível cancelar a inscrição') });
      },
    );
  };

  // Issue 51: the street address and its map link, where the event has one.
  const endereco = enderecoCompleto(voucher.evento);
  const mapa = mapaUrl(voucher.evento);

  const status = voucher.cancelado
    ? INSCRICAO_MESSAGES.cancelada
    : voucher.listaEspera
      ? `${INSCRICAO_MESSAGES.listaEspera}: avisaremos por e-mail se uma vaga for liberada.`
      : voucher.presente
        ? INSCRICAO_MESSAGES.presencaRegistrada
        : 'Inscrição confirmada';

  return (
    <div className="mx-auto grid max-w-md gap-5 px-4 py-8">
      <div className="text-center">
        <p className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">Voucher do evento</p>
        <h1 className="mt-1 text-3xl font-bold">{voucher.primeiroNome}</h1>
        <p
          role="status"
          className={
            voucher.cancelado
              ? 'mt-2 font-semibold text-red-800'
              : 'mt-2 flex items-center justify-center gap-2 font-semibold text-green-800'
          }
        >
          {!voucher.cancelado && !voucher.listaEspera ? <CheckCircle2 aria-hidden="true" className="size-5" /> : null}
          {status}
        </p>
      </div>
      {!voucher.cancelado && !voucher.listaEspera ? (
        <div className="grid justify-items-center gap-2">
          <QrCode value={token} alt="QR code do voucher" />
          {/* Issue 51: said or typed at the door when the QR code cannot be read. */}
          <p className="text-center text-sm text-muted-foreground">
            {INSCRICAO_MESSAGES.codigoDoVoucher}
            <span
              className="mt-1 block font-mono text-3xl font-bold tracking-widest text-foreground"
              data-testid="voucher-codigo"
            >
              {codigoParaLer(voucher.codigo)}
            </span>
          </p>
        </div>
      ) : null}
      <div className="grid gap-2 rounded-md border border-blue-200 bg-blue-50 p-4 text-blue-950">
        <h2 className="text-lg font-semibold">{voucher.evento.nomeEscola}</h2>
        <p className="flex items-center gap-2">
          <CalendarDays aria-hidden="true" className="size-5 shrink-0" />
          {formatDateOnly(voucher.evento.dataEvento)} às {voucher.evento.horario}
        </p>
        <p className="flex items-center gap-2">
          <MapPin aria-hidden="true" className="size-5 shrink-0" />
          {LOCAL_EVENTO_LABELS[voucher.evento.local as LocalEvento] ?? voucher.evento.local} - {voucher.evento.cidade} -{' '}
          {voucher.evento.estado}
        </p>
        {endereco && mapa ? (
          <>
            <p className="pl-7" data-testid="voucher-endereco">
              {endereco}
            </p>
            <a
              href={mapa}
              target="_blank"
              rel="noopener noreferrer"
              className="ml-7 inline-flex min-h-11 items-center gap-2 font-semibold text-blue-900 underline underline-offset-4"
            >
              Como chegar (abrir no mapa)
              <ExternalLink aria-hidden="true" className="size-4" />
            </a>
          </>
        ) : null}
      </div>
      {!voucher.cancelado && !voucher.presente ? (
        confirming ? (
          <div className="grid gap-3 rounded-md border border-red-200 bg-red-50 p-4">
            <p className="text-sm text-red-950">
              Cancelar libera a vaga para outra família e não pode ser desfeito por aqui. Deseja cancelar?
            </p>
            <div className="grid gap-2 sm:grid-cols-2">
              <Button variant="destructive" size="lg" className="min-h-12" disabled={cancelling} onClick={cancel}>
                {cancelling ? 'Cancelando...' : 'Sim, cancelar'}
              </Button>
              <Button variant="outline" size="lg" className="min-h-12" onClick={() => setConfirming(false)}>
                Manter inscrição
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="outline" size="lg" className="min-h-12" onClick={() => setConfirming(true)}>
            {INSCRICAO_MESSAGES.cancelar}
          </Button>
        )
      ) : null}
    </div>
  );
}
