/**
 * What the staff read of a failed try, on Envios and on Integrações (issue 39, items 8 and 22): one pt-BR wording,
 * and never a host name, an address or a port. A Node or SMTP error's own message names them ('getaddrinfo
 * ENOTFOUND hooks.interno.local', 'connect ECONNREFUSED 10.0.0.5:443'): it is not shown, only its code is read.
 * The log keeps the raw error for whoever runs the server.
 */

/** A failure whose message was written for the staff (pt-BR, naming nothing internal): shown as it is. */
export class FalhaDeEnvio extends Error {}

const SEM_RESPOSTA = 'Sem resposta';

/** A Node network error's code, as the staff read it. */
const POR_CODIGO: Record<string, string> = {
  ENOTFOUND: `${SEM_RESPOSTA}: endereço não encontrado`,
  EAI_AGAIN: `${SEM_RESPOSTA}: endereço não encontrado`,
  EDNS: `${SEM_RESPOSTA}: endereço não encontrado`,
  ECONNREFUSED: `${SEM_RESPOSTA}: conexão recusada`,
  ECONNRESET: `${SEM_RESPOSTA}: conexão interrompida`,
  EPIPE: `${SEM_RESPOSTA}: conexão interrompida`,
  ECONNABORTED: `${SEM_RESPOSTA}: conexão interrompida`,
  ETIMEDOUT: `${SEM_RESPOSTA}: tempo esgotado`,
  ESOCKETTIMEDOUT: `${SEM_RESPOSTA}: tempo esgotado`,
  EHOSTUNREACH: `${SEM_RESPOSTA}: destino inalcançável`,
  ENETUNREACH: `${SEM_RESPOSTA}: destino inalcançável`,
  EAUTH: 'O servidor de e-mail recusou as credenciais',
};

/** The words a staff member reads of a failed try. */
export function textoDaFalha(error: unknown): string {
  if (error instanceof FalhaDeEnvio) return error.message;
  const e = (error ?? {}) as { code?: unknown; responseCode?: unknown; message?: unknown };
  // An SMTP server's answer: its code says what happened (its text may repeat the address refused).
  if (typeof e.responseCode === 'number') return `O servidor de e-mail respondeu ${e.responseCode}`;
  const code = typeof e.code === 'string' ? e.code : '';
  if (POR_CODIGO[code]) return POR_CODIGO[code];
  if (/CERT|TLS|SSL/i.test(code)) return `${SEM_RESPOSTA}: certificado TLS inválido`;
  return code ? `${SEM_RESPOSTA}: falha de conexão` : 'Falha no envio';
}
