/** Messages of SPEC §5 (reset) and of the sign-in API; written once, read by the forms and the routes. */
export const AUTH_MESSAGES = {
  emailRequired: 'Email é obrigatório',
  emailInvalid: 'Email inválido',
  passwordRequired: 'Senha é obrigatória',
  invalidCredentials: 'Email ou senha inválidos',
  inactiveUser: 'Usuário inativo. Entre em contato com o administrador.',
  loggedOut: 'Logout realizado com sucesso',
  forgotPasswordSent: 'Se o email estiver cadastrado, você receberá as instruções para redefinir sua senha.',
  resetTokenInvalid: 'Token de recuperação inválido.',
  resetLinkInvalid: 'Link de recuperação inválido ou expirado.',
  /** Issue 23: told on opening a used or expired link. */
  resetLinkDead: 'Este link já foi usado ou expirou. Peça um novo link: ele chega no seu e-mail em instantes.',
  resetTokenMissing: 'Token de recuperação não encontrado. Solicite uma nova recuperação de senha.',
  passwordsDontMatch: 'As senhas não coincidem.',
  passwordTooShort: 'A senha deve ter pelo menos 6 caracteres.',
  resetSuccess: 'Senha redefinida com sucesso!',
  emailChangeSent: 'Enviamos um link de confirmação para o novo e-mail. A troca vale depois da confirmação.',
  emailChangeWrongPassword: 'Senha incorreta',
  emailChangeSame: 'Este já é o seu e-mail de acesso',
  emailChangeLinkInvalid: 'Link de confirmação inválido ou expirado.',
  emailChanged: 'E-mail de acesso alterado com sucesso.',
} as const;
