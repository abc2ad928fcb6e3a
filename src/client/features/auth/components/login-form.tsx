import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { LoginInput, SessionUser } from '@shared/schemas/auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { lazyResolver } from '@/lib/lazy-resolver';
import { toast } from '@/lib/toast';
import { useLogin } from '../api/login';

const rules = lazyResolver<LoginInput, LoginInput>(async () => (await import('./auth-rules')).loginResolver);

export interface LoginFormProps {
  onForgotPassword: () => void;
  onSuccess?: (user: SessionUser) => void;
}

export function LoginForm({ onForgotPassword, onSuccess }: LoginFormProps) {
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<LoginInput>({ resolver: rules.resolver, defaultValues: { email: '', password: '' } });

  const login = useLogin({
    onSuccess: (user) => onSuccess?.(user),
    onError: (error) => toast({ variant: 'destructive', title: 'Login failed', description: error.message }),
  });

  useEffect(() => setFocus('email'), [setFocus]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Entrar na conta</CardTitle>
      </CardHeader>
      <form noValidate onInput={rules.preload} onSubmit={handleSubmit((values) => login.mutate(values))}>
        <CardContent className="grid gap-4">
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
