import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { LoginInput, SessionUser } from '@shared/schemas/auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { lazyResolver } from '@/lib/lazy-resolver';
import { toast } from '@/lib/toast';
import { useLogin } from '../api/login';

const rules = lazyResolver<LoginInput, LoginInput>(async () => (await import('./auth-rules')).loginResolver);

/** The refused sign-in's title (SPEC §8's 'Login failed', in Portuguese: issue 23, ADR 024). */
export const LOGIN_ERROR_TITLE = 'Não foi possível entrar';

export interface LoginFormProps {
  onForgotPassword: () => void;
  onSuccess?: (user: SessionUser) => void;
}

const LOGIN_FALLBACK = 'Não foi possível entrar agora. Tente novamente em instantes.';

export function LoginForm({ onForgotPassword, onSuccess }: LoginFormProps) {
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<LoginInput>({ resolver: rules.resolver, defaultValues: { email: '', password: '' } });

  const login = useLogin({
    onSuccess: (user) => onSuccess?.(user),
    onError: (error) =>
      toast({ variant: 'destructive', title: LOGIN_ERROR_TITLE, description: errorMessage(error, LOGIN_FALLBACK) }),
  });
  // The reason also stays next to the form (issue 23): a toast fades, the form is where the user looks. Always a
  // pt-BR sentence: the server's, the connection's, or this screen's (never a browser's or a status text).
  const refused = login.isError && !login.isPending ? errorMessage(login.error, LOGIN_FALLBACK) : null;

  useEffect(() => setFocus('email'), [setFocus]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Entrar na conta</CardTitle>
      </CardHeader>
      <form noValidate onInput={rules.preload} onSubmit={handleSubmit((values) => login.mutate(values))}>
        <CardContent className="grid gap-4">
          {refused ? (
            <div
              id="login-erro"
              className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive"
            >
              <p className="font-medium">{LOGIN_ERROR_TITLE}</p>
              <p>{refused}</p>
            </div>
          ) : null}
          <TextField
            id="login-email"
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="seu@email.com"
            required
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            id="login-password"
            label="Senha"
            type="password"
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...register('password')}
          />
        </CardContent>
        <CardFooter className="flex-col items-stretch gap-3">
          <Button type="submit" disabled={login.isPending}>
            {login.isPending ? 'Entrando...' : 'Entrar'}
          </Button>
          <Button type="button" variant="link" className="self-center" onClick={onForgotPassword}>
            Esqueci minha senha
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
