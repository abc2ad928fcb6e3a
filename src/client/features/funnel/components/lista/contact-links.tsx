import { Mail, MessageCircle, Phone } from 'lucide-react';
import { MISSING, formatPhone } from '@shared/format';
import { whatsappUrl } from '@shared/schemas/funnel';
import { CONSENTIMENTO_REVOGADO } from '@shared/schemas/lgpd';

export interface ContactLinksProps {
  /** Who the contact belongs to, named in the WhatsApp link for screen readers. */
  nome: string;
  email: string | null;
  telefone: string | null;
  /** The titular revoked the consent (issue 18): no contact is offered. */
  consentimentoRevogado?: boolean;
}

/** E-mail and phone as links, plus WhatsApp: how schools reach the families (SPEC §2). */
export function ContactLinks({ nome, email, telefone, consentimentoRevogado }: ContactLinksProps) {
  if (consentimentoRevogado) return <ConsentimentoRevogado />;
  const digits = (telefone ?? '').replace(/\D/g, '');
  const whatsapp = whatsappUrl(telefone);
  return (
    <div className="flex min-w-0 flex-col gap-1 text-sm">
      {email ? (
        <a
          href={`mailto:${email}`}
          // Long addresses end in '…' (the whole one on hover): the lists' columns fit their card at 1280 px.
          title={email}
          className="inline-flex max-w-40 items-center gap-1.5 text-primary underline-offset-4 hover:underline"
        >
          <Mail aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="truncate">{email}</span>
        </a>
      ) : (
        <span>{MISSING}</span>
      )}
      {telefone ? (
        <span className="inline-flex items-center gap-2">
          <a
            href={`tel:${digits.length >= 10 ? `+55${digits}` : digits || telefone}`}
            className="inline-flex items-center gap-1.5 whitespace-nowrap text-foreground underline-offset-4 hover:underline"
          >
            <Phone aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
            {formatPhone(telefone)}
          </a>
          {whatsapp ? (
            <a
              href={whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Conversar com ${nome} no WhatsApp`}
              title="WhatsApp"
              className="inline-flex size-7 items-center justify-center rounded-md text-green-700 hover:bg-green-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <MessageCircle aria-hidden="true" className="size-4" />
            </a>
          ) : null}
        </span>
      ) : (
        <span>{MISSING}</span>
      )}
    </div>
  );
}

/** In place of a contact the titular took back (issue 18). */
export function ConsentimentoRevogado() {
  return (
    <span className="inline-flex w-fit items-center whitespace-nowrap rounded-md border border-border bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
      {CONSENTIMENTO_REVOGADO}
    </span>
  );
}
