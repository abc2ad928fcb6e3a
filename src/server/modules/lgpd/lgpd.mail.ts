import {
  PEDIDO_STATUS_LABELS,
  PEDIDO_TIPO_LABELS,
  type PedidoStatus,
  type PedidoTipo,
} from '../../../shared/schemas/lgpd';
import { layout } from '../../mail/templates';

/** The titular's e-mails (issue 18), in pt-BR. */

export function titularLinkEmail(url: string) {
  const lines = [
    'Olá!',
    'Recebemos um pedido para consultar os dados pessoais ligados a este e-mail na nossa rede.',
    'Use o link abaixo em até 24 horas para ver os seus dados, baixá-los e, se quiser, pedir correção, anonimização ou revogar o consentimento. Se você não fez este pedido, ignore este e-mail.',
  ];
  return {
    subject: 'Seus dados pessoais',
    text: `${lines.join('\n\n')}\n\n${url}\n`,
    html: layout('Seus dados pessoais', lines, { label: 'Ver meus dados', url }),
  };
}

export function pedidoRegistradoEmail(tipo: PedidoTipo, protocolos: string[], concluido: boolean) {
  const lines = [
    'Olá!',
    `Registramos o seu pedido de ${PEDIDO_TIPO_LABELS[tipo].toLowerCase()} (protocolo ${protocolos.join(', ')}).`,
    tipo === 'revogacao_whatsapp'
      ? 'Ele já foi atendido: você não vai mais receber avisos pelo WhatsApp. Eles continuam chegando por e-mail.'
      : concluido
        ? 'Ele já foi atendido: os seus dados deixaram de ser usados para contato e saíram das exportações.'
        : 'Você receberá a resposta por e-mail em até 15 dias.',
  ];
  return { subject: 'Pedido registrado', text: `${lines.join('\n\n')}\n`, html: layout('Pedido registrado', lines) };
}

export function pedidoRespondidoEmail(
  tipo: PedidoTipo,
  protocolo: string,
  status: PedidoStatus,
  resposta: string | null,
) {
  const lines = [
    'Olá!',
    `O seu pedido de ${PEDIDO_TIPO_LABELS[tipo].toLowerCase()} (protocolo ${protocolo}) foi ${PEDIDO_STATUS_LABELS[status].toLowerCase()}.`,
    ...(tipo === 'anonimizacao' && status === 'concluido'
      ? ['Os seus dados pessoais foram anonimizados e não podem mais ser associados a você.']
      : []),
    ...(resposta ? [`Resposta: ${resposta}`] : []),
  ];
  return {
    subject: 'Resposta ao seu pedido',
    text: `${lines.join('\n\n')}\n`,
    html: layout('Resposta ao seu pedido', lines),
  };
}
