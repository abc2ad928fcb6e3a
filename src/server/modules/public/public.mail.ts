import { formatBRL, formatDateOnly, hideCpf } from '../../../shared/format';
import { layout } from '../../mail/templates';

export interface ActivationConflictMail {
  nomeEscola: string;
  cidade: string;
  estado: string;
  /** YYYY-MM-DD */
  dataEvento: string;
}

/**
 * Tells the e-mail on record of an activation that the same student was activated again at the event with
 * other data (ADR 020). It names only the event: nothing the new visitor typed, nothing stored, no link.
 */
export function activationConflictEmail(mail: ActivationConflictMail) {
  const evento = `${mail.nomeEscola} (${mail.cidade} - ${mail.estado}, ${formatDateOnly(mail.dataEvento)})`;
  const lines = [
    'Olá!',
    `Recebemos uma nova solicitação de ativação do Crédito Estudantil para o aluno da ativação feita com este e-mail no evento ${evento}, com dados diferentes dos registrados.`,
    'A ativação registrada continua valendo e nenhum dado foi alterado. A escola foi avisada e vai conferir as duas solicitações.',
    'Se foi você ou alguém da sua família, não é preciso fazer nada. Se você não reconhece esta solicitação, fale com a escola do evento.',
  ];
  return {
    subject: 'Nova solicitação de ativação do Crédito Estudantil',
    text: `${lines.join('\n\n')}\n`,
    html: layout('Nova solicitação de ativação', lines),
  };
}

export interface DeclarationMail extends ActivationConflictMail {
  nomeAluno: string;
  nomeResponsavel: string;
  cpfAluno: string;
  valorTotalDesconto: number;
  /** The declaration's code (its first 8 characters, upper case). */
  codigo: string;
  /** APP_URL: the portal and the verification are linked from it. */
  appUrl: string;
}

/**
 * The declaration on record, sent to the e-mail on record when the same guardian asks for the activation again
 * (issue 23, ADR 030, ADR 049): the page answers as for a first activation, with what the visitor typed, never what
 * is stored; this e-mail says which declaration holds. The student's CPF shows its last digits only; the way to
 * correct a name is the titular's portal.
 */
export function declarationEmail(mail: DeclarationMail) {
  const evento = `${mail.nomeEscola} (${mail.cidade} - ${mail.estado}, ${formatDateOnly(mail.dataEvento)})`;
  const verificar = `${mail.appUrl}/declaracao/${mail.codigo}`;
  const lines = [
    'Olá!',
    `Recebemos uma nova solicitação de ativação do Crédito Estudantil no evento ${evento}. O crédito deste aluno já estava ativado, e nada foi alterado: vale a declaração registrada, que está abaixo (se a declaração mostrada na tela tiver algum dado diferente, considere esta).`,
    `Aluno(a): ${mail.nomeAluno} (CPF ${hideCpf(mail.cpfAluno)})`,
    `Responsável: ${mail.nomeResponsavel}`,
    `Valor do crédito: ${formatBRL(mail.valorTotalDesconto)}`,
    `Código da declaração: ${mail.codigo} (confira em ${verificar})`,
    `Se algum dado estiver errado, peça a correção em Meus dados: ${mail.appUrl}/meus-dados`,
  ];
  return {
    subject: 'Sua Declaração de Crédito Estudantil',
    text: `${lines.join('\n\n')}\n`,
    html: layout('Declaração de Crédito Estudantil', lines, {
      label: 'Corrigir meus dados',
      url: `${mail.appUrl}/meus-dados`,
    }),
  };
}
