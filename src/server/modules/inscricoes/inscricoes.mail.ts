import { LOCAL_EVENTO_LABELS, type LocalEvento } from '../../../shared/enums';
import { formatDateOnly } from '../../../shared/format';
import { enderecoCompleto, mapaUrl } from '../../../shared/endereco-evento';
import { codigoParaLer } from '../../../shared/schemas/inscricao-messages';
import { layout } from '../../mail/templates';

/** The event as the confirmation e-mail and its calendar file name it. */
export interface EventoDoVoucher {
  id: string;
  nomeEscola: string;
  /** YYYY-MM-DD */
  dataEvento: string;
  /** HH:MM, São Paulo time */
  horario: string;
  local: LocalEvento;
  /**
   * The street address (issue 51, ADR 090); absent or null where the event has none (and in an e-mail queued
   * before it), which then reads 'Na Escola - Campinas - SP' as before.
   */
  logradouro?: string | null;
  numero?: string | null;
  complemento?: string | null;
  bairro?: string | null;
  cep?: string | null;
  cidade: string;
  estado: string;
}

/** How long the event is in the calendar: the product knows its start only. */
const DURACAO_HORAS = 2;

/**
 * A TEXT value per RFC 5545 §3.3.11 (issue 39): backslash, comma and semicolon escaped; every line break -- CRLF,
 * a bare CR or a bare LF -- one escaped '\\n', so no name can end its line and begin a property of its own; and
 * the other control characters, which a TEXT value may not hold, left out (a tab kept).
 */
export const icsEscape = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/\r\n|[\r\n\u2028\u2029\u0085]/g, '\\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '')
    .replace(/([,;])/g, '\\$1');

/** The octets of a code point in UTF-8 (a lone surrogate is written as U+FFFD's three). */
const utf8Octets = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/**
 * RFC 5545 folds lines over 75 octets, never inside a character; the continuation starts with a space (so holds
 * 74 more). One pass over the line, counting each character's octets.
 */
export function fold(line: string): string {
  if (Buffer.byteLength(line, 'utf8') <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  let octets = 0;
  for (let i = 0; i < line.length;) {
    const codePoint = line.codePointAt(i) as number;
    const units = codePoint > 0xffff ? 2 : 1;
    const size = utf8Octets(codePoint);
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(line.slice(start, i));
      start = i;
      octets = 0;
    }
    octets += size;
    i += units;
  }
  parts.push(line.slice(start));
  return parts.join('\r\n ');
}

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** 'YYYYMMDDTHHMMSS' local time, `hours` after the event's start. */
function localTime(dataEvento: string, horario: string, hours = 0): string {
  const [h, m] = horario.split(':').map(Number) as [number, number];
  const base = new Date(`${dataEvento}T00:00:00Z`);
  base.setUTCMinutes(h * 60 + m + hours * 60);
  return stamp(base).replace('Z', '');
}

/**
 * The calendar file of the sign-up: one event in America/Sao_Paulo (with its VTIMEZONE: -03:00 all year since
 * 2019), starting at the event's time and lasting DURACAO_HORAS, with the voucher's link.
 */
export function eventoIcs(evento: EventoDoVoucher, voucherUrl: string, uid: string, now: Date): string {
  // With a street address (issue 51): the school and its address, which a calendar opens in its map; the map link
  // in the description.
  const endereco = enderecoCompleto(evento);
  const mapa = mapaUrl(evento);
  const lugar = endereco
    ? `${evento.nomeEscola}, ${endereco}`
    : `${evento.nomeEscola} (${LOCAL_EVENTO_LABELS[evento.local]}), ${evento.cidade} - ${evento.estado}`;
  const descricao = `Apresente o voucher na entrada: ${voucherUrl}${mapa ? `\nComo chegar: ${mapa}` : ''}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Rede de Credito Educacional//Eventos//PT-BR',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VTIMEZONE',
    'TZID:America/Sao_Paulo',
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    'TZOFFSETFROM:-0300',
    'TZOFFSETTO:-0300',
    'TZNAME:-03',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART;TZID=America/Sao_Paulo:${localTime(evento.dataEvento, evento.horario)}`,
    `DTEND;TZID=America/Sao_Paulo:${localTime(evento.dataEvento, evento.horario, DURACAO_HORAS)}`,
    `SUMMARY:${icsEscape(`Crédito Estudantil - ${evento.nomeEscola}`)}`,
    `LOCATION:${icsEscape(lugar)}`,
    `DESCRIPTION:${icsEscape(descricao)}`,
    `URL:${voucherUrl}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

function eventoLines(evento: EventoDoVoucher): string[] {
  const endereco = enderecoCompleto(evento);
  const mapa = mapaUrl(evento);
  return [
    `Evento: ${evento.nomeEscola}`,
    `Data: ${formatDateOnly(evento.dataEvento)}`,
    `Horário: ${evento.horario}`,
    `Local: ${LOCAL_EVENTO_LABELS[evento.local]} - ${evento.cidade} - ${evento.estado}`,
    // Issue 51: the street address and its map link, where the event has one.
    ...(endereco && mapa ? [`Endereço: ${endereco}`, `Como chegar: ${mapa}`] : []),
  ];
}

/** 'lembrete' (issue 47): the eve-of-event reminder, by WhatsApp to the families who consented (this its fallback). */
export type VoucherMailKind = 'confirmada' | 'espera' | 'promovida' | 'lembrete';

export const VOUCHER_SUBJECTS: Record<VoucherMailKind, string> = {
  confirmada: 'Inscrição confirmada',
  espera: 'Você está na lista de espera',
  promovida: 'Uma vaga foi liberada: inscrição confirmada',
  lembrete: 'Lembrete: o evento é amanhã',
};

/**
 * The e-mail after a sign-up: confirmed (with the calendar file), on the waiting list, or moved from the
 * waiting list to a seat. It names the student by the first name only and carries the voucher's link.
 */
export function voucherEmail(
  kind: VoucherMailKind,
  primeiroNome: string,
  evento: EventoDoVoucher,
  voucherUrl: string,
  now: Date,
  /** The voucher's short code (issue 51); absent in an e-mail queued before it. */
  codigo?: string,
) {
  const intro: Record<VoucherMailKind, string> = {
    confirmada: `A inscrição de ${primeiroNome} no evento do Crédito Estudantil está confirmada.`,
    espera: `As vagas do evento estão esgotadas e ${primeiroNome} entrou na lista de espera. Se uma vaga for liberada, avisaremos por e-mail.`,
    promovida: `Uma vaga foi liberada e a inscrição de ${primeiroNome} no evento do Crédito Estudantil está confirmada.`,
    lembrete: `Amanhã é o evento do Crédito Estudantil de ${primeiroNome}. Esperamos vocês!`,
  };
  const seated = kind !== 'espera';
  const lines = [
    'Olá!',
    intro[kind],
    ...eventoLines(evento),
    seated
      ? 'Apresente o voucher abaixo (o QR code) na entrada do evento. Se não puder ir, cancele a inscrição pelo mesmo link para liberar a vaga a outra família.'
      : 'Pelo link abaixo você acompanha a sua inscrição ou sai da lista de espera.',
    ...(seated && codigo
      ? [`Código do voucher: ${codigoParaLer(codigo)} (se o QR code não puder ser lido, diga este código na entrada)`]
      : []),
  ];
  return {
    subject: VOUCHER_SUBJECTS[kind],
    text: `${lines.join('\n\n')}\n\n${voucherUrl}\n`,
    html: layout(VOUCHER_SUBJECTS[kind], lines, { label: 'Abrir o voucher', url: voucherUrl }),
    attachments: seated
      ? [
          {
            filename: 'evento.ics',
            content: eventoIcs(evento, voucherUrl, `${evento.id}-${voucherUrl.slice(-12)}@credito-educacional`, now),
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          },
        ]
      : undefined,
  };
}
