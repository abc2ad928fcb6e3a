import { BRASILIA_TIME_ZONE } from '../../../shared/brasilia';
import { formatBRL, formatDateTime } from '../../../shared/format';
import { descricaoDoPreco } from '../../../shared/schemas/matricula';
import { layout } from '../../mail/templates';

/** The family's e-mails of a contract's end (issue 42), in pt-BR; dates as Brasília's. */

const dia = (d: Date) => formatDateTime(d, { timeZone: BRASILIA_TIME_ZONE });
const saudacao = (responsavel: string | null) => `Olá${responsavel ? `, ${responsavel}` : ''}!`;

export interface ExtratoDoCancelamento {
  responsavel: string | null;
  aluno: string;
  curso: string | null;
  versao: number;
  titulo: string;
  aceitoEm: Date;
  canceladaEm: Date;
  /** Reais. */
  valorTotal: number;
  parcelas: number;
  valorParcela: number;
  valorUltimaParcela: number;
  valorPago: number;
  valorRestante: number;
  multa: number;
  multaPct: number;
  motivo: string;
}

/**
 * The statement of a staff cancellation: what was agreed (the contract's version and price), what is cancelled
 * (the value still to pay) and the fee, with the reason the school gave.
 */
export function extratoDoCancelamentoEmail(e: ExtratoDoCancelamento) {
  const preco = descricaoDoPreco(e) ?? formatBRL(e.valorTotal);
  const lines = [
    saudacao(e.responsavel),
    `A matrícula de ${e.aluno}${e.curso ? ` no curso ${e.curso}` : ''} foi cancelada pela escola em ${dia(e.canceladaEm)}. Motivo informado: ${e.motivo}`,
    `O que foi contratado: ${e.titulo} (versão ${e.versao}), aceito em ${dia(e.aceitoEm)}: ${preco}.`,
    `O que foi cancelado: o valor ainda a pagar, ${formatBRL(e.valorRestante)} (valor pago até hoje: ${formatBRL(e.valorPago)}).`,
    `Multa de cancelamento: ${formatBRL(e.multa)}, ${e.multaPct}% do valor ainda a pagar, como prevê a cláusula de cancelamento do contrato. Nenhum outro valor é cobrado pelo cancelamento.`,
    'Em caso de dúvida, responda a este e-mail ou fale com a escola.',
  ];
  return {
    subject: 'Extrato do cancelamento da matrícula',
    text: `${lines.join('\n\n')}\n`,
    html: layout('Extrato do cancelamento da matrícula', lines),
  };
}

/**
 * The one reminder of a contract not yet accepted. The link e-mailed at Efetivar is kept hashed, never readable
 * again, so the reminder carries a new link (`url`) that replaces it, valid to the same day.
 */
export function lembreteDoContratoEmail(e: {
  responsavel: string | null;
  aluno: string;
  curso: string | null;
  enviadoEm: Date;
  validoAte: Date;
  url: string;
}) {
  const lines = [
    saudacao(e.responsavel),
    `O contrato da matrícula de ${e.aluno}${e.curso ? ` no curso ${e.curso}` : ''} ainda aguarda o seu aceite.`,
    `O link abaixo substitui o do e-mail "Contrato de matrícula" que enviamos em ${dia(e.enviadoEm)}: ele vale até ${dia(e.validoAte)}. Sem o aceite até lá, a matrícula é cancelada, sem nenhum custo.`,
  ];
  return {
    subject: 'Lembrete: o contrato da matrícula aguarda o seu aceite',
    text: `${lines.join('\n\n')}\n\n${e.url}\n`,
    html: layout('O contrato da matrícula aguarda o seu aceite', lines, { label: 'Ver o contrato', url: e.url }),
  };
}
