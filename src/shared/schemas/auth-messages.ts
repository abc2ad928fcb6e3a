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
  resetTokenMissing: 'Token de recuperação não encontrado. Solicite uma nova recuperação de senha.',
  passwordsDontMatch: 'As senhas não coincidem.',
  passwordTooShort: 'A senha deve ter pelo menos 6 caracteres.',
  resetSuccess: 'Senha redefinida com sucesso!',
} as const;
