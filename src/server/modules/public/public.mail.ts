import { formatDateOnly } from '../../../shared/format';
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
