import { Download, Share2 } from 'lucide-react';
import type { LinkDeIndicacao } from '@shared/schemas/atribuicao';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';

/** Whether this browser offers the system's share sheet (phones, mostly). */
const podeCompartilhar = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * A share link (issue 48) as the staff use it: its QR code (drawn by the server, shown from the answer itself), the
 * address, 'Copiar link', 'Compartilhar' where the browser has a share sheet, and 'Baixar QR code' (the PNG).
 */
export function LinkDeIndicacaoView({
  link,
  imagemUrl,
  textoCompartilhar,
  alt,
}: {
  link: LinkDeIndicacao;
  /** The route that answers the QR code as PNG (`?formato=png` is added). */
  imagemUrl: string;
  /** What the share sheet says above the link. */
  textoCompartilhar: string;
  alt: string;
}) {
  // The staff app renders in the browser only: the share sheet is known at once.
  const compartilhar = podeCompartilhar();
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(link.qrSvg)}`;
  return (
    <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-center">
      <img
        src={qr}
        alt={alt}
        width={176}
        height={176}
        className="mx-auto size-44 rounded-md border bg-white p-1 sm:mx-0"
      />
      <div className="grid min-w-0 gap-3">
        <p className="grid gap-1 text-sm">
          <span className="font-medium">Endereço</span>
          <a href={link.url} className="break-all text-primary underline underline-offset-2" data-testid="link-url">
            {link.url}
          </a>
          <span className="text-muted-foreground">Código: {link.codigo}</span>
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <CopyButton text={link.url} label="Copiar link" />
          {compartilhar ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => {
                // The family's browser opens the page; a cancelled sheet is no error.
                navigator
                  .share({ title: 'Crédito Estudantil', text: textoCompartilhar, url: link.url })
                  .catch(() => {});
              }}
            >
              <Share2 aria-hidden="true" />
              Compartilhar
            </Button>
          ) : null}
          <Button asChild variant="outline" size="sm">
            <a href={`${imagemUrl}?formato=png`} download={`qr-code-${link.codigo.toLowerCase()}.png`}>
              <Download aria-hidden="true" />
              Baixar QR code
            </a>
          </Button>
        </div>
      </div>
    </div>
  );
}
