import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { alterarSenhaFormSchema, type AlterarSenhaFormInput } from '@shared/schemas/conta';
import { TextField } from '@/components/ui/text-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { errorMessage } from '@/lib/api-client';
import { submitShowingFieldErrors } from '@/lib/server-field-errors';
import { toast } from '@/lib/toast';
import { useAlterarSenha } from '../api/alterar-senha';

const EMPTY: AlterarSenhaFormInput = { senhaAtual: '', novaSenha: '', confirmacao: '' };
const FIELDS = ['senhaAtual', 'novaSenha'] as const;

export interface AlterarSenhaFormProps {
  /** The account's e-mail, for the password manager (a hidden username field). */
  email: string;
}

/**
 * Current password, new one and its confirmation. The server's refusals (a wrong current password, a too common new
 * one) go under their fields; anything else (too many attempts) is a toast.
 */
export function AlterarSenhaForm({ email }: AlterarSenhaFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AlterarSenhaFormInput>({ resolver: zodResolver(alterarSenhaFormSchema), defaultValues: EMPTY });

  const alterar = useAlterarSenha({
    onSuccess: (data) => {
      reset(EMPTY);
      toast({ variant: 'success', title: data.message });
    },
    onError: (error) => toast({ variant: 'destructive', title: errorMessage(error, 'Erro ao alterar a senha') }),
  });

  const submit = handleSubmit(
    submitShowingFieldErrors(
      ({ senhaAtual, novaSenha }: AlterarSenhaFormInput) => alterar.mutateAsync({ senhaAtual, novaSenha }),
      setError,
      { fields: FIELDS, focus: true },
    ),
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <TextField
        id="conta-senha-atual"
        label="Senha atual"
        type="password"
        autoComplete="current-password"
        error={errors.senhaAtual?.message}
        {...register('senhaAtual')}
      />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField
          id="conta-nova-senha"
          label="Nova senha"
          type="password"
          autoComplete="new-password"
          hint="Pelo menos 6 caracteres."
          error={errors.novaSenha?.message}
          {...register('novaSenha')}
        />
        <TextField
          id="conta-confirmacao"
          label="Confirmar nova senha"
          type="password"
          autoComplete="new-password"
          error={errors.confirmacao?.message}
          {...register('confirmacao')}
        />
      </div>
      <p className="text-sm text-muted-foreground">
        Ao alterar a senha, as suas outras sessões são encerradas; esta continua conectada.
      </p>
      <div>
        <SubmitButton pending={isSubmitting} pendingLabel="Alterando...">
          Alterar senha
        </SubmitButton>
      </div>
    </form>
  );
}
