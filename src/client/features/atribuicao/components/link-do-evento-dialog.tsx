import { ORIGEM_MESSAGES } from '@shared/metas/origem';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { linkDoEventoUrl, useLinkDoEvento } from '../api/get-link-de-indicacao';
import { LinkDeIndicacaoView } from './link-de-indicacao';

/**
 * 'Link de divulgação' (issue 48): an event's share link and QR code, for the staff who read the event. The sign-up
 * page opens on this event, and every family that signs up through it is counted as the event's link.
 */
export function LinkDoEventoDialog({
  evento,
  onClose,
}: {
  evento: { id: string; nomeEscola: string } | null;
  onClose: () => void;
}) {
  const link = useLinkDoEvento(evento?.id ?? '', evento !== null);
  return (
    <Dialog open={evento !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{ORIGEM_MESSAGES.linkEvento}</DialogTitle>
          <DialogDescription>
            {evento?.nomeEscola}: a página de inscrição abre com este evento escolhido.
          </DialogDescription>
        </DialogHeader>
        {link.isPending ? (
          <Spinner label="Carregando o link do evento..." />
        ) : link.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(link.error, 'Não foi possível carregar o link do evento.')}
          </p>
        ) : evento ? (
          <LinkDeIndicacaoView
            link={link.data}
            imagemUrl={linkDoEventoUrl(evento.id)}
            alt={`QR code do link de divulgação do evento ${evento.nomeEscola}`}
            textoCompartilhar={`Inscreva o seu filho no evento ${evento.nomeEscola} e garanta o crédito educacional:`}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
