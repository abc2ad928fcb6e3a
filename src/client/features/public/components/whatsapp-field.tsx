import type { ComponentProps } from 'react';
import { PUBLIC_MESSAGES } from '@shared/schemas/public-messages';

export interface WhatsappFieldProps {
  id: string;
  /** The checkbox's name, checked state, onChange and ref. */
  registration: ComponentProps<'input'>;
}

/**
 * 'Quero receber avisos pelo WhatsApp' (issue 47): a consent of its own beside the form's, unticked unless the
 * family ticks it; without it nothing goes by WhatsApp. Its words are the ones the server stores with the consent.
 */
export function WhatsappField({ id, registration }: WhatsappFieldProps) {
  const hintId = `${id}-hint`;
  return (
    <div className="grid gap-1 rounded-md border border-border bg-surface p-3">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-primary"
          aria-describedby={hintId}
          {...registration}
        />
        <label htmlFor={id} className="text-sm leading-snug font-medium text-foreground">
          {PUBLIC_MESSAGES.whatsappOpcao}
        </label>
      </div>
      <p id={hintId} className="ml-8 text-xs text-muted-foreground">
        {PUBLIC_MESSAGES.whatsappOpcaoDica}
      </p>
    </div>
  );
}
