/** The e-mails the system sends, in pt-BR. Values are escaped for the HTML part. */

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The shared HTML frame of every e-mail; other modules build their messages with it. */
export function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html lang="pt-BR"><body style="font-family:sans-serif"><h2>${escapeHtml(title)}</h2>${body}${button}</body></html>`;
}

export function passwordResetEmail(nome: string | null, url: string) {
  const greeting = `Olá${nome ? `, ${nome}` : ''}!`;
  const lines = [
    greeting,
    'Recebemos um pedido para redefinir a senha da sua conta.',
    'Use o link abaixo em até 1 hora. Se você não fez este pedido, ignore este e-mail: sua senha continua a mesma.',
  ];
  return {
    subject: 'Redefinição de senha',
    text: `${lines.join('\n\n')}\n\n${url}\n`,
    html: layout('Redefinição de senha', lines, { label: 'Redefinir senha', url }),
  };
}

export function setPasswordEmail(nome: string | null, url: string) {
  const lines = [
    `Olá${nome ? `, ${nome}` : ''}!`,
    'Sua matrícula foi efetivada e uma conta de aluno foi criada para você.',
    'Use o link abaixo em até 7 dias para definir sua senha de acesso.',
  ];
  return {
    subject: 'Defina sua senha de acesso',
    text: `${lines.join('\n\n')}\n\n${url}\n`,
    html: layout('Bem-vindo!', lines, { label: 'Definir senha', url }),
  };
}

/** 'Enviar convite': a new staff account whose person sets the password (issue 14, finding 1). */
export function inviteEmail(nome: string | null, perfil: string, url: string) {
  const lines = [
    `Olá${nome ? `, ${nome}` : ''}!`,
    `Uma conta de acesso (${perfil}) foi criada para você na Rede Crédito Educacional.`,
    'Use o link abaixo em até 1 hora para definir sua senha. Se o link expirar, use "Esqueci minha senha" na tela de login.',
  ];
  return {
    subject: 'Convite: defina sua senha de acesso',
    text: `${lines.join('\n\n')}\n\n${url}\n`,
    html: layout('Você foi convidado', lines, { label: 'Definir senha', url }),
  };
}

export function emailChangeConfirmEmail(nome: string | null, url: string) {
  const lines = [
    `Olá${nome ? `, ${nome}` : ''}!`,
    'Recebemos um pedido para usar este endereço como e-mail de acesso da sua conta.',
    'Use o link abaixo em até 1 hora para confirmar. Se você não fez este pedido, ignore este e-mail.',
  ];
  return {
    subject: 'Confirme seu novo e-mail de acesso',
    text: `${lines.join('\n\n')}\n\n${url}\n`,
    html: layout('Confirme seu novo e-mail', lines, { label: 'Confirmar e-mail', url }),
  };
}

export function emailChangedNotice(nome: string | null) {
  const lines = [
    `Olá${nome ? `, ${nome}` : ''}!`,
    'O e-mail de acesso da sua conta foi alterado e este endereço não entra mais no sistema.',
    'Se você não fez esta troca, fale com o administrador da sua rede imediatamente.',
  ];
  return {
    subject: 'Seu e-mail de acesso foi alterado',
    text: `${lines.join('\n\n')}\n`,
    html: layout('E-mail de acesso alterado', lines),
  };
}
