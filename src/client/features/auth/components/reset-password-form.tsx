import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AUTH_MESSAGES,
  PASSWORD_MIN_LENGTH,
  resetPasswordFormSchema,
  type ResetPasswordFormInput,
} from '@shared/schemas/auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { Spinner } from '@/components/ui/spinner';
import { useResetLinkState, useResetPassword } from '../api/reset-password';
import { StatusMessage } from './status-message';

/** SPEC §9: the success message stays this long before the sign-in screen opens. */
export const RESET_REDIRECT_DELAY_MS = 3000;

/** SPEC §8: a message with one of these words is red; a failed request is red in any case. */
const RED_WORDS = ['Erro', 'inválido', 'coincidem'];
const toneOf = (text: string) => (RED_WORDS.some((word) => text.includes(word)) ? 'error' : 'success');

export interface ResetPasswordFormProps {
  /** The token from the e-mailed link; null when the URL has none. */
  token: string | null;
  /** The aluno's first link (issue 23): 'Definir senha' rather than 'Redefinir Senha'. */
  definir?: boolean;
}

/** Where a dead link sends its reader: the sign-in page's 'Esqueceu a senha?' view. */
export const NEW_LINK_PATH = '/auth?esqueci=1';

function NewLink() {
  return (
    <Button asChild>
      <Link to={NEW_LINK_PATH}>Pedir novo link</Link>
    </Button>
  );
}

function BackToLogin() {
  return (
    <Button asChild variant="link" className="self-center">
      <Link to="/auth">Voltar para o login</Link>
    </Button>
  );
}

export function ResetPasswordForm({ token, definir = false }: ResetPasswordFormProps) {
  const navigate = useNavigate();
  const titulo = definir ? 'Definir senha' : 'Redefinir Senha';
  const linkState = useResetLinkState(token);
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordFormInput>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const reset = useResetPassword({
    onSuccess: (data) => setSuccess(data?.message || AUTH_MESSAGES.resetSuccess),
    onError: (error) => setFailure(errorMessage(error, 'Erro ao redefinir senha')),
  });

  useEffect(() => {
    if (!success) return undefined;
    const timer = setTimeout(() => navigate('/auth', { replace: true }), RESET_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [success, navigate]);

  if (!token) {
    return (
      <Card>
        <CardHeader>
          <CardTitle as="h1">{titulo}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <StatusMessage text={AUTH_MESSAGES.resetLinkInvalid} tone="error" />
          <p className="text-sm text-muted-foreground">{AUTH_MESSAGES.resetTokenMissing}</p>
        </CardContent>
        <CardFooter className="flex-col items-stretch gap-2">
          <NewLink />
          <BackToLogin />
        </CardFooter>
      </Card>
    );
  }

  // Issue 23: a used or expired link says so on opening, not after the new password was typed.
  if (!success && linkState.data?.valido === false) {
    return (
      <Card>
        <CardHeader>
          <CardTitle as="h1">{titulo}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <StatusMessage text={AUTH_MESSAGES.resetLinkInvalid} tone="error" />
          <p className="text-sm text-muted-foreground">{AUTH_MESSAGES.resetLinkDead}</p>
        </CardContent>
        <CardFooter className="flex-col items-stretch gap-2">
          <NewLink />
          <BackToLogin />
        </CardFooter>
      </Card>
    );
  }

  if (linkState.isPending) {
    return (
      <Card>
        <CardHeader>
          <CardTitle as="h1">{titulo}</CardTitle>
        </CardHeader>
        <CardContent className="flex min-h-24 items-center justify-center">
          <Spinner label="Conferindo o link..." />
        </CardContent>
      </Card>
    );
  }

  if (success) {
    return (
      <Card>
        <CardHeader>
          <CardTitle as="h1">{titulo}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <StatusMessage text={success} tone={toneOf(success)} />
          <p className="text-sm text-muted-foreground">Redirecionando para o login...</p>
        </CardContent>
        <CardFooter className="flex-col items-stretch">
          <BackToLogin />
        </CardFooter>
      </Card>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1">{titulo}</CardTitle>
        <CardDescription>Escolha uma nova senha para a sua conta.</CardDescription>
      </CardHeader>
      <form
        noValidate
        onSubmit={handleSubmit((values) => {
          setFailure(null);
          reset.mutate({ token, newPassword: values.newPassword });
        })}
      >
        <CardContent className="grid gap-4">
          <TextField
            id="reset-new-password"
            label="Nova senha"
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            required
            error={errors.newPassword?.message}
            {...register('newPassword')}
          />
          <TextField
            id="reset-confirm-password"
            label="Confirmar nova senha"
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            required
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <StatusMessage text={failure} tone="error" />
        </CardContent>
        <CardFooter className="flex-col items-stretch gap-3">
          <Button type="submit" disabled={reset.isPending}>
            {reset.isPending ? 'Redefinindo...' : 'Redefinir Senha'}
          </Button>
          <BackToLogin />
        </CardFooter>
      </form>
    </Card>
  );
}
