import { randomUUID } from 'node:crypto';
import * as base64 from 'nodemailer/lib/base64';
import * as mimeFuncs from 'nodemailer/lib/mime-funcs';
import MimeNode from 'nodemailer/lib/mime-node';
import * as qp from 'nodemailer/lib/qp';
import type { MailMessage } from './mailer';

/**
 * The message nodemailer's MailComposer would write for a MailMessage, byte for byte, built at once as a string.
 * nodemailer spends about a millisecond of CPU a message on its streams, not on encoding: so the encoders are
 * nodemailer's own and only the MIME tree, its header order and its separators are written here.
 * mime.test.ts compares the two on every template and on the edge cases; run it after upgrading nodemailer.
 */

/** One part's content, as MailComposer hands it to a MimeNode. */
interface Part {
  contentType: string;
  content: string;
  filename?: string;
  /** Attachments only: set up front by MailComposer, before the part's own choice. */
  transferEncoding?: string;
  disposition?: string;
}

type Node = { id: number; part: Part } | { id: number; multipart: string; children: Node[] };

// What MimeNode drops from a type, a boundary and a file name: a header can carry no control character.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x1f\x7f]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');

// For header values only (addresses, encoded words, msg-ids, dates): the method does no random work, unlike
// the constructor, so one instance serves every message.
const headers = new MimeNode(false, { baseBoundary: 'unused' });

/** The From line and the envelope address (its domain names the default Message-ID), per sender: a mailer has one. */
const senders = new Map<string, { line: string; address: string }>();

function sender(from: string) {
  let known = senders.get(from);
  if (!known) {
    // The envelope address as nodemailer derives it (normalized, IDN domains in punycode).
    const node = new MimeNode(false, { baseBoundary: 'unused' });
    node.setHeader('From', from);
    known = { line: headerLine('From', from), address: node.getEnvelope().from || '' };
    if (senders.size > 16) senders.clear();
    senders.set(from, known);
  }
  return known;
}

/** The address the SMTP envelope sends from, as nodemailer took it from the From header. */
export function senderAddress(from: string): string {
  return sender(from).address;
}

function headerLine(key: string, value: string | Date): string {
  const encoded = headers.encodeHeaderValue(key, value);
  return encoded.trim() ? mimeFuncs.foldLines(`${key}: ${encoded}`, 76) : '';
}

/** MimeNode#_getTextEncoding: Q when Latin letters outnumber the non-ASCII and control characters, else B. */
function textEncoding(value: string): 'Q' | 'B' {
  let nonLatin = 0;
  let latin = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x08 || code === 0x0b || code === 0x0c || (code >= 0x0e && code <= 0x1f) || code >= 0x80) nonLatin++;
    else if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) latin++;
  }
  return nonLatin < latin ? 'Q' : 'B';
}

/** MimeNode#getTransferEncoding for string content. */
function transferEncodingOf(part: Part): string | undefined {
  if (!part.content) return undefined;
  const declared = (part.transferEncoding ?? '').toLowerCase().trim();
  if (declared === 'base64' || declared === 'quoted-printable') return declared;
  const type = part.contentType.toLowerCase().trim();
  if (/^text\//i.test(type)) {
    const plain = mimeFuncs.isPlainText(part.content);
    if (plain && !mimeFuncs.hasLongerLines(part.content, 76)) return '7bit';
    return textEncoding(part.content) === 'Q' ? 'quoted-printable' : 'base64';
  }
  if (!/^(multipart|message)\//i.test(type)) return declared || 'base64';
  return declared || undefined;
}

const WHITESPACE = (byte: number | undefined) => byte === 0x20 || byte === 0x09;
// qp's Encoder works in slices of this many bytes.
const QP_SLICE = 64 * 1024;

/** A byte qp.encode writes as itself when nothing follows it (QP_RANGES less the whitespace). */
const literalAtEnd = (byte: number) =>
  byte === 0x0a || byte === 0x0d || (byte >= 0x21 && byte <= 0x3c) || (byte >= 0x3e && byte <= 0x7e);

/**
 * What qp.Encoder streams for the content written in one chunk: the trailing whitespace held back and encoded
 * last, each slice wrapped together with the line the previous one left open.
 */
function quotedPrintable(content: string): string {
  let bytes = Buffer.from(content, 'utf8');
  let end = bytes.length;
  while (end > 0 && WHITESPACE(bytes[end - 1])) end--;
  let held: Buffer | undefined;
  if (bytes.length - end <= QP_SLICE) {
    held = end < bytes.length ? bytes.subarray(end) : undefined;
    bytes = bytes.subarray(0, end);
  }
  let out = '';
  let line = '';
  const slices = (buffer: Buffer) => {
    for (let start = 0; start < buffer.length; start += QP_SLICE) {
      const stop = Math.min(start + QP_SLICE, buffer.length);
      let encoded: string;
      if (stop < buffer.length) {
        // The slice's last byte is encoded knowing the next one: encode both, then drop the next one's output.
        const next = buffer[stop] as number;
        encoded = qp.encode(buffer.subarray(start, stop + 1));
        encoded = encoded.slice(0, encoded.length - (literalAtEnd(next) ? 1 : 3));
      } else {
        encoded = qp.encode(buffer.subarray(start, stop));
      }
      const wrapped = qp.wrap(line + encoded, 76);
      const lastLF = wrapped.lastIndexOf('\n');
      line = wrapped.substring(lastLF + 1);
      out += wrapped.substring(0, lastLF + 1);
    }
  };
  slices(bytes);
  if (held) slices(held);
  return out + line;
}

function body(part: Part, transferEncoding: string | undefined): string {
  if (!part.content) return '';
  if (transferEncoding === 'base64') return base64.wrap(base64.encode(part.content), 76);
  if (transferEncoding === 'quoted-printable') return quotedPrintable(part.content);
  return part.content;
}

/** The Content-Type line as MimeNode#buildHeaders writes it: boundary, utf-8 charset and name added. */
function contentTypeLine(node: Node, boundary: string | undefined): string {
  const type = 'part' in node ? node.part.contentType : node.multipart;
  const structured = mimeFuncs.parseHeaderValue(type, { stripComments: true });
  structured.value = (structured.value || '').replace(CONTROLS, '');
  if (boundary) structured.params.boundary = boundary;
  const part = 'part' in node ? node.part : undefined;
  if (part && /^text\/plain\b/.test(structured.value) && /[\u0080-\uFFFF]/.test(part.content)) {
    structured.params.charset = 'utf-8';
  }
  const filename = part?.filename;
  if (filename) {
    for (const key of Object.keys(structured.params)) if (/^name(\*|$)/i.test(key)) delete structured.params[key];
  }
  let value = mimeFuncs.buildHeaderValue(structured);
  if (filename) {
    // MimeNode's non-standard name= (for QQ webmail): an encoded word, quoted when it needs it.
    let name = CONTROL.test(filename)
      ? mimeFuncs.encodeWord(filename, textEncoding(filename), 52)
      : mimeFuncs.encodeWords(filename, textEncoding(filename), 52, true);
    if (name !== filename || /[\s'"\\;:/=(),<>@[\]?]|^-/.test(name)) name = JSON.stringify(name);
    value += `; name=${name}`;
  }
  return headerLine('Content-Type', value);
}

function dispositionLine(disposition: string, filename: string | undefined): string {
  const structured = mimeFuncs.parseHeaderValue(disposition, { stripComments: true });
  if (filename) structured.params.filename = filename;
  return headerLine('Content-Disposition', mimeFuncs.buildHeaderValue(structured));
}

/** MimeNode#stream: the header block, a blank line, then the content or the parts between boundaries. */
function render(node: Node, baseBoundary: string, root?: string[]): string {
  const boundary = 'part' in node ? undefined : `--_NmP-${baseBoundary}-Part_${node.id}`;
  const lines: string[] = [];
  let content: string;
  if ('part' in node) {
    const { part } = node;
    const transferEncoding = transferEncodingOf(part);
    // An attachment's encoding header is set before the root's headers, the text parts' after them.
    const cte = transferEncoding ?? part.transferEncoding;
    if (part.transferEncoding && cte) lines.push(`Content-Transfer-Encoding: ${cte}`);
    if (part.disposition) lines.push(dispositionLine(part.disposition, part.filename));
    if (root) lines.push(...root);
    if (!part.transferEncoding && cte) lines.push(`Content-Transfer-Encoding: ${cte}`);
    content = body(part, transferEncoding);
  } else {
    if (root) lines.push(...root);
    content = node.children
      .map((child, i) => `${i ? '\r\n' : ''}--${boundary}\r\n${render(child, baseBoundary)}`)
      .join('');
    content += `\r\n--${boundary}--\r\n`;
  }
  if (root) lines.push('MIME-Version: 1.0');
  // Content-Type is set first, and moved to the end on the root.
  if (root) lines.push(contentTypeLine(node, boundary));
  else lines.unshift(contentTypeLine(node, boundary));
  return `${lines.filter(Boolean).join('\r\n')}\r\n\r\n${content}`;
}

/** MailComposer#getAttachments for content given as a string. */
function attachment(file: NonNullable<MailMessage['attachments']>[number], index: number): Part {
  const contentType = file.contentType || mimeFuncs.detectMimeType(file.filename || 'bin');
  const message = /^message\//i.test(contentType);
  const content = file.content || '';
  if (message) {
    // message/* can not be encoded (RFC 2046 5.2.1): labelled 7bit when it fits, else 8bit, and shown inline.
    const transferEncoding = fitsSevenBit(content) ? '7bit' : '8bit';
    return { contentType, content, filename: file.filename || undefined, transferEncoding, disposition: 'inline' };
  }
  const filename = file.filename || `attachment-${index + 1}.${mimeFuncs.detectExtension(contentType)}`;
  return { contentType, content, filename, transferEncoding: 'base64', disposition: 'attachment' };
}

/** MailComposer's fitsSevenBit: ASCII, no NUL, no line over 998 octets. */
function fitsSevenBit(content: string): boolean {
  let line = 0;
  for (let i = 0; i < content.length; i++) {
    const code = content.charCodeAt(i);
    if (code === 0 || code > 0x7f) return false;
    if (code === 0x0a || code === 0x0d) line = 0;
    else if (++line > 998) return false;
  }
  return true;
}

/** MailComposer#compile's tree: alternative for text and HTML, mixed when there are attachments too. */
function tree(message: MailMessage): Node {
  let id = 0;
  const leaf = (part: Part): Node => ({ id: ++id, part });
  const alternatives: Part[] = [];
  if (message.text) alternatives.push({ contentType: 'text/plain; charset=utf-8', content: message.text });
  if (message.html) alternatives.push({ contentType: 'text/html; charset=utf-8', content: message.html });
  const attached = (message.attachments ?? []).map(attachment);
  const alternative = alternatives.length > 1;
  const alternativeNode = (): Node => {
    const node = { id: ++id, multipart: 'multipart/alternative', children: [] as Node[] };
    for (const part of alternatives) node.children.push(leaf(part));
    return node;
  };
  if (attached.length > 1 || (alternatives.length && attached.length === 1)) {
    const mixed = { id: ++id, multipart: 'multipart/mixed', children: [] as Node[] };
    if (alternative) mixed.children.push(alternativeNode());
    for (const part of [...(alternative ? [] : alternatives), ...attached]) mixed.children.push(leaf(part));
    return mixed;
  }
  if (alternative) return alternativeNode();
  return leaf(alternatives[0] ?? attached[0] ?? { contentType: 'text/plain', content: '' });
}

export interface ComposeOptions {
  /** Default: a random UUID at the domain of the From address. */
  messageId?: string;
  /** Default: now. */
  date?: Date;
  /** The shared part of the multipart boundaries. Default: 16 hex digits of a random UUID, as long as nodemailer's. */
  baseBoundary?: string;
}

/**
 * The RFC 5322 message nodemailer writes for `sendMail({ from, ...message })`, with CRLF line ends (a text
 * part in 7bit or quoted-printable keeps the line ends it was given, as nodemailer does; SMTP normalizes them).
 */
export function composeMessage(from: string, message: MailMessage, options: ComposeOptions = {}): string {
  const { line: fromLine, address } = sender(from);
  const messageId = options.messageId || `<${randomUUID()}@${address.split('@').pop() || 'localhost'}>`;
  const root = [
    from ? fromLine : '',
    message.to ? headerLine('To', message.to) : '',
    message.subject ? headerLine('Subject', message.subject) : '',
    headerLine('Message-ID', messageId),
    headerLine('Date', options.date ?? new Date()),
  ];
  const baseBoundary = (options.baseBoundary || randomUUID().replace(/-/g, '').slice(0, 16)).replace(CONTROLS, '');
  const composed = render(tree(message), baseBoundary, root);
  // nodemailer's LastNewline: the message ends with a line break.
  if (composed.endsWith('\n')) return composed;
  return composed.endsWith('\r') ? `${composed}\n` : `${composed}\r\n`;
}
