import { BRASILIA_TIME_ZONE } from '../../../shared/brasilia';
import { formatCount, formatDateTime } from '../../../shared/format';
import { layout } from '../../mail/templates';

export interface ExportacaoProntaMail {
  nome: string | null;
  nomeArquivo: string;
  linhas: number;
  /** ISO moment the file is dropped. */
  expiraEm: string;
  /** 'Minhas exportações', built from APP_URL: the link goes to the list, never to the file itself. */
  url: string;
}

/**
 * A long export finished (issue 51, ADR 091): the user may have left the screen, so the e-mail says where the file
 * is kept. The file is not attached nor linked directly: it opens only in the owner's session.
 */
export function exportacaoProntaEmail(mail: ExportacaoProntaMail) {
  const expira = formatDateTime(mail.expiraEm, { withTime: true, timeZone: BRASILIA_TIME_ZONE });
  const lines = [
    `Olá${mail.nome ? `, ${mail.nome}` : ''}!`,
    `A exportação que você pediu está pronta: ${mail.nomeArquivo} (${formatCount(mail.linhas)} linhas).`,
    `O arquivo fica em "Minhas exportações" até ${expira} (horário de Brasília), só para você: entre com a sua conta para baixá-lo.`,
  ];
  return {
    subject: 'Sua exportação está pronta',
    text: `${lines.join('\n\n')}\n\nMinhas exportações: ${mail.url}\n`,
    html: layout('Sua exportação está pronta', lines, { label: 'Abrir Minhas exportações', url: mail.url }),
  };
}
