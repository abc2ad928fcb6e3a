import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

/** /reset-password?token=...: the link from the recovery e-mail. */
export default function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;
  // The aluno's first link (issue 23) sets a password rather than resetting one.
  const definir = searchParams.get('definir') === '1';
  return (
    <AuthLayout>
      <title>{`${definir ? 'Definir senha' : 'Redefinir Senha'} | Rede Crédito Educacional`}</title>
      <ResetPasswordForm token={token} definir={definir} />
    </AuthLayout>
  );
}
