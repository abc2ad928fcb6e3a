import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { pedidoRegistradoEmail, pedidoRespondidoEmail, titularLinkEmail } from '../modules/lgpd/lgpd.mail';
import { voucherEmail, type EventoDoVoucher } from '../modules/inscricoes/inscricoes.mail';
import { activationConflictEmail, declarationEmail } from '../modules/public/public.mail';
import { ticketAnsweredEmail } from '../modules/sac/sac.mail';
import type { MailMessage } from './mailer';
import { composeMessage, senderAddress } from './mime';
import {
  emailChangeConfirmEmail,
  emailChangedNotice,
  inviteEmail,
  layout,
  passwordResetEmail,
  setPasswordEmail,
} from './templates';

const FROM = 'Rede Crédito Educacional <nao-responda@localhost>';
const TO = 'maria.silva@example.com';
const NOW = new Date('2025-03-01T12:34:56Z');
const OPTIONS = { messageId: '<fixo@localhost>', date: NOW, baseBoundary: '0123456789abcdef0123456789abcdef' };
const URL =
  'https://credito.example.com.br/inscricoes/voucher/7f3c9a2e-1b4d-4e8f-9a6b-2c5d8e1f0a3b?token=AbCdEfGhIjKlMnOp';

const evento: EventoDoVoucher = {
  id: '5b0e7c1a-9d2f-4c3b-8a1e-6f4d2c9b7e05',
  nomeEscola: 'Escola Estadual São João Batista',
  dataEvento: '2025-04-10',
  horario: '19:30',
  local: 'comercial',
  cidade: 'São José dos Campos',
  estado: 'SP',
};

const csv = 'nome;cidade;valor\r\nJoão;Maceió;1.234,56\r\nAna;Recife;99,90\r\n';

/** A case whose message is a line of text (and its HTML paragraph) with attachments: what varies is theirs. */
const comAnexos = (
  caso: string,
  subject: string,
  linha: string,
  attachments: NonNullable<MailMessage['attachments']>,
): [string, string, MailMessage] => [
  caso,
  FROM,
  { to: TO, subject, text: `${linha}\n`, html: `<p>${linha}</p>`, attachments },
];

/** [case, from, message]: every template the server sends, then the edge cases of the encoders. */
const corpus: [string, string, MailMessage][] = [
  ...(['confirmada', 'espera', 'promovida'] as const).map((kind): [string, string, MailMessage] => [
    `voucher ${kind}`,
    FROM,
    { to: TO, ...voucherEmail(kind, 'Conceição', evento, URL, NOW) },
  ]),
  ['password reset', FROM, { to: TO, ...passwordResetEmail('Maria', URL) }],
  ['password reset, no name', FROM, { to: TO, ...passwordResetEmail(null, URL) }],
  ['set password', FROM, { to: TO, ...setPasswordEmail('João', URL) }],
  ['invite', FROM, { to: TO, ...inviteEmail('Ângela', 'Franqueador', URL) }],
  ['e-mail change', FROM, { to: TO, ...emailChangeConfirmEmail(null, URL) }],
  ['e-mail changed', FROM, { to: TO, ...emailChangedNotice('Zé') }],
  [
    'activation conflict',
    FROM,
    {
      to: TO,
      ...activationConflictEmail({
        nomeEscola: 'Colégio Ação',
        cidade: 'Maceió',
        estado: 'AL',
        dataEvento: '2025-05-02',
      }),
    },
  ],
  [
    'declaration',
    FROM,
    {
      to: TO,
      ...declarationEmail({
        nomeEscola: 'Colégio Ação',
        cidade: 'Maceió',
        estado: 'AL',
        dataEvento: '2025-05-02',
        nomeAluno: 'Luís Otávio',
        nomeResponsavel: 'Sônia Araújo',
        cpfAluno: '12345678909',
        valorTotalDesconto: 12345.67,
        codigo: 'AB12CD34',
        appUrl: 'https://credito.example.com.br',
      }),
    },
  ],
  ['titular link', FROM, { to: TO, ...titularLinkEmail(URL) }],
  ['pedido registrado', FROM, { to: TO, ...pedidoRegistradoEmail('anonimizacao', ['2025-0001', '2025-0002'], false) }],
  [
    'pedido respondido',
    FROM,
    { to: TO, ...pedidoRespondidoEmail('anonimizacao', '2025-0001', 'concluido', 'Feito, conforme a LGPD.') },
  ],
  [
    'ticket answered',
    FROM,
    {
      to: TO,
      ...ticketAnsweredEmail({
        nome: 'Márcia',
        ticketId: '9a8b7c6d-5e4f-4a3b-2c1d-0e9f8a7b6c5d',
        titulo: 'Não consigo "entrar" <agora>',
        status: 'concluido',
        resolucao: 'Senha redefinida.',
        url: 'https://credito.example.com.br/sac',
      }),
    },
  ],
  // The encoders' choices.
  ['pure ASCII (7bit)', FROM, { to: TO, subject: 'Hello', text: 'Hello there.\nBye.\n', html: '<p>Hello</p>' }],
  [
    'long subject with accents',
    FROM,
    {
      to: TO,
      subject: 'Inscrição confirmada: evento do Crédito Estudantil na Escola São João Batista, em São José dos Campos',
      text: 'Olá',
      html: '<p>Olá</p>',
    },
  ],
  [
    'long ASCII line without spaces (quoted-printable)',
    FROM,
    { to: TO, subject: 'Link', text: `${'x'.repeat(300)}\n`, html: `<p>${'y'.repeat(300)}</p>` },
  ],
  [
    'long accented line without spaces',
    FROM,
    { to: TO, subject: 'Link', text: `${'ação'.repeat(80)}\n`, html: `<p>${'çã='.repeat(60)}</p>` },
  ],
  [
    'mostly Japanese (base64)',
    FROM,
    {
      to: TO,
      subject: '登録が確認されました：クレジット教育ネットワークのイベント',
      text: 'こんにちは！\n\nイベントへの登録が確認されました。当日は受付でこのバウチャーを提示してください。\n',
      html: layout('登録確認', ['こんにちは！', 'イベントへの登録が確認されました。']),
    },
  ],
  [
    'emoji and other astral characters',
    FROM,
    { to: TO, subject: 'Parabéns 🎉🎓 pela inscrição', text: 'Até lá! 🎉\n', html: '<p>Até lá! 🎉</p>' },
  ],
  comAnexos('attachment whose name has an accent and a space', 'Relatório', 'Segue o relatório.', [
    { filename: 'relatório de março.csv', content: csv, contentType: 'text/csv; charset=utf-8' },
  ]),
  comAnexos('long attachment name (RFC 2231 continuations)', 'Relatório', 'Segue.', [
    {
      filename: 'inscrições-do-evento-escola-estadual-são-joão-batista-2025-04-10.csv',
      content: csv,
      contentType: 'text/csv',
    },
  ]),
  comAnexos('two attachments, one plain text, one nameless', 'Arquivos', 'Seguem.', [
    { filename: 'notas.txt', content: 'Observação: ok\n', contentType: 'text/plain' },
    { filename: '', content: 'a,b\n1,2\n', contentType: 'text/csv' },
  ]),
  comAnexos('attachment with empty content', 'Vazio', 'Nada.', [
    { filename: 'vazio.csv', content: '', contentType: 'text/csv' },
  ]),
  comAnexos(
    'message/rfc822 attachments, 7bit and 8bit, and one with no content type',
    'Encaminhada',
    'Segue a mensagem.',
    [
      { filename: 'original.eml', content: 'Subject: oi\r\n\r\nOi.\r\n', contentType: 'message/rfc822' },
      { filename: '', content: 'Subject: olá\r\n\r\nOlá.\r\n', contentType: 'message/rfc822' },
      { filename: 'dados.csv', content: 'a;b\r\n1;2\r\n', contentType: '' },
    ],
  ),
  ['empty text (HTML alone)', FROM, { to: TO, subject: 'Só HTML', text: '', html: '<p>Olá</p>' }],
  ['empty HTML (text alone)', FROM, { to: TO, subject: 'Só texto', text: 'Olá\n', html: '' }],
  ['text of a single line break', FROM, { to: TO, subject: 'Quase vazio', text: '\n', html: '<p></p>' }],
  ['text of spaces', FROM, { to: TO, subject: 'Espaços', text: '   ', html: '<p> </p>' }],
  ['nothing at all', FROM, { to: TO, subject: '', text: '', html: '' }],
  [
    'attachment alone',
    FROM,
    {
      to: TO,
      subject: 'Só anexo',
      text: '',
      html: '',
      attachments: [
        { filename: 'evento.ics', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', contentType: 'text/calendar' },
      ],
    },
  ],
  [
    'CRLF in the text',
    FROM,
    { to: TO, subject: 'Linhas', text: 'Olá!\r\n\r\nTudo bem?\r\n', html: '<p>Olá!</p>\r\n<p>Tudo bem?</p>' },
  ],
  ['CRLF in ASCII text (7bit)', FROM, { to: TO, subject: 'Lines', text: 'Hi!\r\n\r\nBye.\r\n', html: '<p>Hi</p>' }],
  [
    'whitespace at the ends of lines and of the text',
    FROM,
    { to: TO, subject: 'Espaços', text: 'Olá  \nlinha\t\ncomeço \u00a0 \n fim  ', html: '<p>Olá </p>  ' },
  ],
  [
    'a subject with a line break, a quote and an encoded-word look-alike',
    FROM,
    { to: TO, subject: 'Assunto "novo"\r\ncom =?utf-8?Q?x?= e =?bad', text: 'x', html: 'y' },
  ],
  [
    'From with a quoted display name',
    '"Crédito, Rede \\"Educacional\\"" <nao-responda@example.com>',
    { to: TO, subject: 'Olá', text: 'Olá\n', html: '<p>Olá</p>' },
  ],
  [
    'From with a quoted ASCII display name',
    '"Rede, Credito" <nao-responda@example.com>',
    { to: TO, subject: 'Hi', text: 'Hi\n', html: '<p>Hi</p>' },
  ],
  [
    'From with a plain ASCII display name',
    'Rede Credito Educacional <nao-responda@example.com>',
    { to: TO, subject: 'Olá', text: 'Olá\n', html: '<p>Olá</p>' },
  ],
  ['From as a bare address', 'nao-responda@example.com', { to: TO, subject: 'Olá', text: 'Olá\n', html: '<p>Olá</p>' }],
  [
    'international domains',
    'Rede <nao-responda@crédito.example>',
    { to: 'josé@exämple.com', subject: 'Olá', text: 'Olá\n', html: '<p>Olá</p>' },
  ],
  // qp's Encoder works in 64 KB slices; each 'Conceição  ' is 13 bytes, so these slices end on a space followed by
  // a space, then by a letter.
  ...['abcd', 'abc'].map((prefix): [string, string, MailMessage] => [
    `quoted-printable past the 64 KB slice (${prefix})`,
    FROM,
    {
      to: TO,
      subject: 'Grande',
      text: `${prefix}${'Conceição  '.repeat(6500)}fim \n`,
      html: `<p>${'ação '.repeat(14000)}</p>`,
    },
  ]),
];

const reference = nodemailer.createTransport({ streamTransport: true, buffer: true });

async function fromNodemailer(from: string, message: MailMessage, newline?: 'unix'): Promise<string> {
  const transport = newline ? nodemailer.createTransport({ streamTransport: true, buffer: true, newline }) : reference;
  const info = await transport.sendMail({ from, ...message, ...OPTIONS });
  return (info.message as Buffer).toString();
}

describe('composeMessage', () => {
  it.each(corpus)('writes what nodemailer writes: %s', async (_name, from, message) => {
    expect(composeMessage(from, message, OPTIONS)).toBe(await fromNodemailer(from, message));
  });

  it('writes the outbox file as nodemailer with newline: unix did, every CR dropped', async () => {
    for (const [, from, message] of corpus.slice(0, 3)) {
      expect(composeMessage(from, message, OPTIONS).replace(/\r/g, '')).toBe(
        await fromNodemailer(from, message, 'unix'),
      );
    }
  });

  it('draws a Message-ID at the From domain, a boundary and the date when not given', () => {
    const before = Date.now();
    const message = composeMessage('Rede <nao-responda@credito.example>', corpus[0]![2]);
    const id = /^Message-ID: <([0-9a-f-]{36})@credito\.example>\r$/m.exec(message);
    expect(id).not.toBeNull();
    expect(message).toMatch(/^Content-Type: multipart\/mixed; boundary="--_NmP-[0-9a-f]{16}-Part_1"\r$/m);
    const date = /^Date: (.*) \+0000\r$/m.exec(message)?.[1];
    expect(Math.abs(new Date(`${date} GMT`).getTime() - before)).toBeLessThan(5000);
    expect(composeMessage(FROM, corpus[0]![2])).not.toContain(id![1]);
  });

  it('answers the envelope address nodemailer takes from From', () => {
    expect(senderAddress(FROM)).toBe('nao-responda@localhost');
    expect(senderAddress('Rede <nao-responda@crédito.example>')).toBe('nao-responda@xn--crdito-cva.example');
  });
});
