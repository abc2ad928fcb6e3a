import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import { composeMessage, senderAddress } from './mime';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the message (the event's .ics). */
  attachments?: { filename: string; content: string; contentType: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Real delivery through SMTP when SMTP_URL is set; otherwise each message is written as it would be sent, as an
 * .eml file in DATA_DIR/outbox, where development and tests read it. Either way the message is composed by
 * mime.ts -- nodemailer's bytes without its streams' CPU -- and nodemailer only delivers it.
 */
export function createMailer(config: Config): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    // The envelope nodemailer would take from the headers: From's address, the one recipient.
    const from = senderAddress(config.mailFrom);
    return {
      async send(message) {
        await transport.sendMail({
          envelope: { from, to: [message.to] },
          raw: composeMessage(config.mailFrom, message),
        });
      },
    };
  }
  const outbox = join(config.dataDir, 'outbox');
  // Made once, and again only if a write finds it gone (a test or a developer emptied DATA_DIR).
  let folder = false;
  // Written at once, not through fs/promises: a file of a few KB on the local disk takes some 30 microseconds so,
  // where the promise's open, write and close cost five times that in CPU -- at a sign-up's rate, a tenth of the
  // server's time (ADR 046). A reset link is a key to an account: the file is the server user's alone (TRUST.md).
  const write = (name: string, eml: string) => {
    if (!folder) mkdirSync(outbox, { recursive: true, mode: 0o700 });
    folder = true;
    writeFileSync(join(outbox, name), eml, { mode: 0o600 });
  };
  // Names sort in the order written: the instant, then this process and its count (no random draw a message).
  let seq = 0;
  return {
    async send(message) {
      // LF line ends, as nodemailer's newline: 'unix' wrote them (it drops every CR).
      const eml = composeMessage(config.mailFrom, message).replace(/\r/g, '');
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${String(++seq).padStart(6, '0')}.eml`;
      try {
        write(name, eml);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        folder = false;
        write(name, eml);
      }
    },
  };
}
