import { useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useUser } from '@/features/auth/api/get-user';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { LoginForm } from '@/features/auth/components/login-form';

/** Where to go after signing in: the screen that sent the visitor here, else the dashboard. */
function returnPath(state: unknown): string {
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== '/auth' ? from : '/';
}

/** /auth: the sign-in and forgot-password views on one page; a signed-in user goes to the dashboard. */
export default function LoginRoute() {
  const user = useUser();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  // 'Pedir novo link' on a dead reset link opens the forgot-password view (issue 23).
  const [view, setView] = useState<'login' | 'forgot-password'>(() =>
    searchParams.get('esqueci') === '1' ? 'forgot-password' : 'login',
  );

  // The form shows at once, while the session is checked: most visitors here have none, and a signed-in one
  // is sent on as soon as the answer comes.
  if (user.data) return <Navigate to={returnPath(location.state)} replace />;

  return (
    <AuthLayout greeting="Bem-vindo ao sistema">
      <title>
        {view === 'login' ? 'Entrar | Rede Crédito Educacional' : 'Recuperar senha | Rede Crédito Educacional'}
      </title>
      {view === 'login' ? (
        <LoginForm onForgotPassword={() => setView('forgot-password')} />
      ) : (
        <ForgotPasswordForm onBackToLogin={() => setView('login')} />
      )}
    </AuthLayout>
  );
}
