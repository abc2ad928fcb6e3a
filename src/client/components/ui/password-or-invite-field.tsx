import type { ComponentProps } from 'react';
import { TextField } from '@/components/ui/text-field';

export interface PasswordOrInviteFieldProps {
  idPrefix: string;
  /** 'Enviar convite' is ticked: the password field goes away and the person sets its own. */
  invited: boolean;
  /** react-hook-form's register('enviarConvite') for the checkbox. */
  inviteProps: ComponentProps<'input'>;
  /** react-hook-form's register('password') for the password. */
  passwordProps: ComponentProps<'input'>;
  error?: string;
}

/**
 * A new account's first password (SPEC §5), or 'Enviar convite': a set-password link to the account's e-mail, so
 * nobody but the person ever knows the password (issue 14, finding 1).
 */
export function PasswordOrInviteField({
  idPrefix,
  invited,
  inviteProps,
  passwordProps,
  error,
}: PasswordOrInviteFieldProps) {
  const inviteId = `${idPrefix}-enviar-convite`;
  return (
    <div className="grid content-start gap-2 sm:col-span-2">
      <div className="flex items-start gap-2">
        <input
          id={inviteId}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-primary"
          aria-describedby={`${inviteId}-hint`}
          {...inviteProps}
        />
        <div className="grid gap-1">
          <label htmlFor={inviteId} className="text-sm font-medium leading-none">
            Enviar convite por e-mail
          </label>
          <p id={`${inviteId}-hint`} className="text-xs text-muted-foreground">
            A pessoa recebe um link para definir a própria senha.
          </p>
        </div>
      </div>
      {invited ? null : (
        <TextField
          id={`${idPrefix}-password`}
          label="Senha"
          type="password"
          autoComplete="new-password"
          error={error}
          {...passwordProps}
        />
      )}
    </div>
  );
}
