import { addDays, brasiliaAt, todayInBrasilia } from '../brasilia';
import { formatBRL, formatDateOnly } from '../format';

/**
 * The family's acceptance of its contract (issue 42, third slice; ADR 066): the link's and the code's rules, the
 * 7-day withdrawal window in São Paulo time, the summary shown before any button, the verification code printed on
 * the PDF, and every message the public page and the API say. Plain TypeScript (no zod): the public contract page
 * reads it before any rule is loaded (ADR 015's budget).
 */

/** The link `APP_URL/contrato/<token>` is valid this long after it is sent (30 days). */
export const LINK_VALIDADE_MS = 30 * 86_400_000;
/** A code sent by e-mail is valid 15 minutes... */
export const CODIGO_VALIDADE_MS = 15 * 60_000;
/** ...for 5 wrong tries; then a new code is needed. */
export const CODIGO_MAX_TENTATIVAS = 5;
/** Days to withdraw (CDC art. 49), counted from the day after acceptance, to the end of the 7th, in São Paulo. */
export const DIAS_ARREPENDIMENTO = 7;

/** 6 digits, the code the e-mail carries; 3 digits, the start of the responsável's CPF. */
export const CODIGO_ACEITE = /^\d{6}$/;
export const CPF_INICIO = /^\d{3}$/;

/** The events of a contract's timeline, in the order they usually happen. */
export const CONTRATO_EVENTO_TIPOS = [
  'enviado',
  'aberto',
  'codigo_enviado',
  'aceito',
  'desistencia',
  'reenviado',
] as const;
export type ContratoEventoTipo = (typeof CONTRATO_EVENTO_TIPOS)[number];

export const CONTRATO_EVENTO_LABELS: Record<ContratoEventoTipo, string> = {
  enviado: 'Link enviado ao responsável',
  aberto: 'Contrato aberto pelo link',
  codigo_enviado: 'Código de confirmação enviado',
  aceito: 'Contrato aceito',
  desistencia: 'Desistência (direito de arrependimento)',
  reenviado: 'Novo link enviado',
};

export const ACEITE_MESSAGES = {
  /** Unknown, expired or replaced link (GET, code, PDF). */
  linkInvalido: 'Este link de contrato não é válido ou expirou. Peça um novo link à escola.',
  /**
   * Wrong code, wrong CPF digits, a code expired or tried 5 times, an unknown or expired link: one answer for all
   * (no oracle), the same status and body.
   */
  naoConfere:
    'Não foi possível confirmar. Confira o código e os 3 primeiros dígitos do CPF do responsável. Se o código ' +
    'expirou (15 minutos) ou foi digitado errado 5 vezes, peça um novo código.',
  codigo: 'Digite o código de 6 dígitos enviado por e-mail',
  cpfInicio: 'Digite os 3 primeiros dígitos do CPF do responsável',
  /** Issue 43: the day of the month the parcelas fall due. */
  diaVencimento: 'Escolha o dia de vencimento: 5, 10, 15, 20 ou 25',
  codigoEnviado: (email: string) => `Enviamos um código de 6 dígitos para ${email}. Ele vale por 15 minutos.`,
  jaAceito: 'Este contrato já foi aceito.',
  cancelado: 'Esta matrícula foi cancelada; o contrato não pode mais ser aceito.',
  naoAceito: 'O contrato ainda não foi aceito.',
  prazoEncerrado: (ultimoDia: string) =>
    `O prazo para desistir sem multa terminou em ${formatDateOnly(ultimoDia)}. Para cancelar, fale com a escola.`,
  aceito: 'Contrato aceito. Enviamos uma cópia para o seu e-mail.',
  desistencia:
    'Desistência registrada: a matrícula foi cancelada sem multa, e todo valor já pago será devolvido integralmente. ' +
    'Enviamos a confirmação para o seu e-mail.',
  pdfSoAposAceite: 'O PDF do contrato fica disponível depois do aceite.',
  reenviado: (email: string) => `Novo link enviado para ${email}. O link anterior deixou de valer.`,
  naoReenvia: 'O contrato desta matrícula já foi aceito ou cancelado: não há link a reenviar.',
  verificacaoCodigo: 'Código inválido: são 12 letras e números, como aparece no PDF do contrato',
  verificacaoNaoEncontrada: 'Nenhum contrato aceito com este código.',
} as const;

/**
 * The withdrawal window of a contract accepted at `aceitoEm` (CDC art. 49): the acceptance's day in São Paulo is
 * not counted, the 7th day after it is, to its end. `ultimoDia` is that day (YYYY-MM-DD); `ate`, the instant the
 * 8th day starts in São Paulo -- a withdrawal at `ate` or later is refused.
 */
export function prazoDeArrependimento(aceitoEm: Date): { ultimoDia: string; ate: Date } {
  const ultimoDia = addDays(todayInBrasilia(aceitoEm), DIAS_ARREPENDIMENTO);
  return { ultimoDia, ate: brasiliaAt(addDays(ultimoDia, 1), 0) };
}

export const podeDesistir = (aceitoEm: Date, now: Date) =>
  now.getTime() < prazoDeArrependimento(aceitoEm).ate.getTime();

/** The price a contract froze at Efetivar. */
export interface PrecoDoContrato {
  valorTotal: number;
  parcelas: number;
  valorParcela: number;
  valorUltimaParcela: number;
}

/** A frozen contract's own words and price: what its page, its PDF and its e-mails are drawn from. */
export interface ContratoCongelado extends PrecoDoContrato {
  id: string;
  titulo: string;
  versao: number;
  texto: string;
}

/** The price a contract froze, as the summary box says it: 'Valor total: R$ 1.200,00 em 10 parcelas de R$ 120,00'. */
export function resumoDoValor(c: PrecoDoContrato): string {
  const total = `Valor total: ${formatBRL(c.valorTotal)}`;
  if (c.parcelas <= 1) return `${total} à vista`;
  const ultima = c.valorUltimaParcela !== c.valorParcela ? ` (a última de ${formatBRL(c.valorUltimaParcela)})` : '';
  return `${total} em ${c.parcelas} parcelas de ${formatBRL(c.valorParcela)}${ultima}`;
}

/** The withdrawal right in one sentence. */
export const RESUMO_ARREPENDIMENTO =
  'Você pode desistir em até 7 dias depois do aceite, sem multa e sem justificar, e recebe de volta tudo o que tiver pago.';

/** The cancellation rule with its cap. */
export const resumoDoCancelamento = (multaPct: number) =>
  multaPct === 0
    ? 'Depois dos 7 dias, você pode cancelar a qualquer tempo, sem multa.'
    : `Depois dos 7 dias, você pode cancelar a qualquer tempo; a multa é de no máximo ${multaPct}% do valor que ainda falta pagar, e nada mais é cobrado.`;

/**
 * The code printed on an accepted contract's PDF: the first 12 hexadecimal characters of the contract's id (a
 * random UUID), upper case. `/contrato/verificar/<codigo>` verifies it.
 */
export const codigoVerificacaoContrato = (contratoId: string): string =>
  contratoId.replace(/-/g, '').slice(0, 12).toUpperCase();

export const CODIGO_VERIFICACAO_CONTRATO = /^[0-9a-fA-F]{12}$/;
