import { BRASILIA_TIME_ZONE } from '../../../shared/brasilia';
import {
  RESUMO_ARREPENDIMENTO,
  codigoVerificacaoContrato,
  resumoDoCancelamento,
  resumoDoValor,
} from '../../../shared/contrato/aceite';
import { formatDateOnly, formatDateTime } from '../../../shared/format';
import { layout } from '../../mail/templates';

/** The e-mails of a contract's acceptance (issue 42, ADR 066), to the responsável's address on the matrícula. */

interface Familia {
  responsavelNome: string | null;
  alunoNome: string;
  cursoTitulo: string | null;
}

const ola = (f: Familia) => `Olá${f.responsavelNome ? `, ${f.responsavelNome}` : ''}!`;
const curso = (f: Familia) => (f.cursoTitulo ? ` no curso ${f.cursoTitulo}` : '');

/** The link to read and accept the contract, at Efetivar or when the staff send a new one. */
export function linkDoContratoEmail(
  f: Familia & {
    url: string;
    expiraEm: Date;
    valores: { valorTotal: number; parcelas: number; valorParcela: number; valorUltimaParcela: number };
  },
  novo: boolean,
) {
  const validade = formatDateTime(f.expiraEm, { timeZone: BRASILIA_TIME_ZONE });
  const lines = [
    ola(f),
    `A matrícula de ${f.alunoNome}${curso(f)} foi efetivada. Para concluí-la, leia o contrato e aceite-o pelo link abaixo, válido até ${validade}.`,
    `${resumoDoValor(f.valores)}. ${RESUMO_ARREPENDIMENTO}`,
    'Para aceitar, você vai receber um código de 6 dígitos neste e-mail e digitar também os 3 primeiros dígitos do seu CPF.',
    ...(novo ? ['Este é um novo link: o anterior deixou de valer.'] : []),
  ];
  return {
    subject: 'Contrato de matrícula: leia e aceite',
    text: `${lines.join('\n\n')}\n\n${f.url}\n`,
    html: layout('Contrato de matrícula', lines, { label: 'Ler o contrato', url: f.url }),
  };
}

/** The 6-digit code, to accept or to withdraw. */
export function codigoDoContratoEmail(codigo: string, para: 'aceitar' | 'desistir') {
  const acao = para === 'aceitar' ? 'aceitar o contrato de matrícula' : 'desistir da matrícula';
  const lines = [
    `Seu código para ${acao}: ${codigo}`,
    'Ele vale por 15 minutos. Digite-o na página do contrato com os 3 primeiros dígitos do CPF do responsável.',
    'Se você não pediu este código, ignore este e-mail: nada é feito sem ele.',
  ];
  return {
    subject: `Código de confirmação: ${codigo}`,
    text: `${lines.join('\n\n')}\n`,
    html: layout('Código de confirmação', lines),
  };
}

/** The acceptance's confirmation: the price, the withdrawal's last day, the PDF and its verification code. */
export function contratoAceitoEmail(
  f: Familia & {
    url: string;
    appUrl: string;
    contratoId: string;
    desistirAte: string;
    multaPct: number;
    valores: { valorTotal: number; parcelas: number; valorParcela: number; valorUltimaParcela: number };
  },
) {
  const codigo = codigoVerificacaoContrato(f.contratoId);
  const lines = [
    ola(f),
    `O contrato da matrícula de ${f.alunoNome}${curso(f)} foi aceito.`,
    `${resumoDoValor(f.valores)}.`,
    `Você pode desistir sem multa até ${formatDateOnly(f.desistirAte)}, pela mesma página do contrato, e recebe de volta tudo o que tiver pago.`,
    resumoDoCancelamento(f.multaPct),
    `Baixe o PDF do contrato pela página do contrato. Código de verificação: ${codigo} (confira em ${f.appUrl}/contrato/verificar/${codigo}).`,
  ];
  return {
    subject: 'Contrato de matrícula aceito',
    text: `${lines.join('\n\n')}\n\n${f.url}\n`,
    html: layout('Contrato aceito', lines, { label: 'Ver o contrato e baixar o PDF', url: f.url }),
  };
}

/** The withdrawal's confirmation: cancelled without fee, everything paid returned. */
export function desistenciaEmail(f: Familia) {
  const lines = [
    ola(f),
    `Registramos a sua desistência da matrícula de ${f.alunoNome}${curso(f)}, dentro do prazo de 7 dias (Código de Defesa do Consumidor, art. 49).`,
    'A matrícula foi cancelada sem multa, e todo valor já pago será devolvido integralmente.',
    'Se você não pediu a desistência, fale com a escola.',
  ];
  return {
    subject: 'Desistência da matrícula registrada',
    text: `${lines.join('\n\n')}\n`,
    html: layout('Desistência registrada', lines),
  };
}
