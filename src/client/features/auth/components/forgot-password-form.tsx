import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ForgotPasswordInput } from '@shared/schemas/auth';
import { AUTH_MESSAGES } from '@shared/schemas/auth-messages';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useForgotPassword } from '../api/forgot-password';
import { StatusMessage } from './status-message';

const rules = lazyResolver<ForgotPasswordInput, ForgotPasswordInput>(
  async () => (await import('./auth-rules')).forgotPasswordResolver,
);

export interface ForgotPasswordFormProps {
  onBackToLogin: () => void;
}

interface Answer {
  text: string;
  failed: boolean;
}

export function ForgotPasswordForm({ onBackToLogin }: ForgotPasswordFormProps) {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<ForgotPasswordInput>({ resolver: rules.resolver, defaultValues: { email: '' } });

  const forgot = useForgotPassword({
    onSuccess: (data) => setAnswer({ text: data?.message || AUTH_MESSAGES.forgotPasswordSent, failed: false }),
    onError: (error) => setAnswer({ text: errorMessage(error, 'Erro ao processar solicitação'), failed: true }),
  });

  useEffect(() => setFocus('email'), [setFocus]);

  // SPEC §8: a message containing 'Erro' is red, otherwise green; any failed request is red as well.
  const isError = answer ? answer.failed || answer.text.includes('Erro') : false;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Recuperar senha</CardTitle>
        <CardDescription>Informe seu email para receber as instruções de redefinição de senha.</CardDescription>
      </CardHeader>
      <form
        noValidate
        onInput={rules.preload}
        onSubmit={handleSubmit((values) => {
          setAnswer(null);
          forgot.mutate(values);
        })}
      >
        <CardContent className="grid gap-4">
          <TextField
            id="forgot-email"
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="seu@email.com"
            required
            error={errors.email?.message}
            {...register('email')}
          />
          <StatusMessage text={answer?.text ?? null} tone={isError ? 'error' : 'success'} />
        </CardContent>
        <CardFooter className="flex-col items-stretch gap-3">
          <Button type="submit" disabled={forgot.isPending}>
            {forgot.isPending ? 'Enviando...' : 'Enviar instruções'}
          </Button>
          <Button type="button" variant="link" className="self-center" onClick={onBackToLogin}>
            Voltar para o login
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
