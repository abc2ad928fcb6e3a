import { LoaderCircle } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';

export interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'asChild'> {
  /** The form is being sent: the button is disabled and says pendingLabel beside a spinner. */
  pending: boolean;
  /** What the button says while pending ('Criando...', 'Salvando...'). */
  pendingLabel: string;
}

/** A form's submit button: one click sends the form once, and the button shows that it is being sent. */
export function SubmitButton({ pending, pendingLabel, disabled, children, onClick, ...props }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      disabled={pending || disabled}
      onClick={(event) => {
        // A double click submits once (issue 23): its second click (detail 2) arrives before the button is
        // disabled. A later single click still submits: a form refused by its validation is sent again at once.
        if (event.detail > 1) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...props}
    >
      {pending ? (
        <>
          <LoaderCircle aria-hidden="true" className="animate-spin" />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
