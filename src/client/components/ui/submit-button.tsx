import { LoaderCircle } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useClickLock } from '@/hooks/use-click-lock';

export interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'asChild'> {
  /** The form is being sent: the button is disabled and says pendingLabel beside a spinner. */
  pending: boolean;
  /** What the button says while pending ('Criando...', 'Salvando...'). */
  pendingLabel: string;
}

/** A form's submit button: one click sends the form once, and the button shows that it is being sent. */
export function SubmitButton({ pending, pendingLabel, disabled, children, onClick, ...props }: SubmitButtonProps) {
  const mayClick = useClickLock(pending);
  return (
    <Button
      type="submit"
      disabled={pending || disabled}
      onClick={(event) => {
        // A double click submits once (issue 23): the second click arrives before the button is disabled.
        if (!mayClick()) {
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
