import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

/** /reset-password?token=...: the link from the recovery e-mail. */
export default function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;
  return (
    <AuthLayout>
      <title>Redefinir Senha | Rede Crédito Educacional</title>
      <ResetPasswordForm token={token} />
    </AuthLayout>
  );
}
