import { mkdir, writeFile } from 'node:fs';
import { promisify } from 'node:util';
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

const mkdirAsync = promisify(mkdir);
const writeFileAsync = promisify(writeFile);

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
  // Written off the event loop: creating a file on a disk that PostgreSQL is flushing waits on the file system's
  // journal, 0.5-1 ms a file on a busy machine, and the server would stand still that long (ADR 048). Node's
  // callback writeFile, not fs/promises' FileHandle: one hop to the thread pool for open, write and close each.
  // A reset link is a key to an account: the file is the server user's alone (TRUST.md).
  const write = async (name: string, eml: string) => {
    if (!folder) await mkdirAsync(outbox, { recursive: true, mode: 0o700 });
    folder = true;
    await writeFileAsync(join(outbox, name), eml, { mode: 0o600 });
  };
  // Names sort in the order written: the instant, then this process and its count (no random draw a message).
  let seq = 0;
  return {
    async send(message) {
      // LF line ends, as nodemailer's newline: 'unix' wrote them (it drops every CR).
      const eml = composeMessage(config.mailFrom, message).replace(/\r/g, '');
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${String(++seq).padStart(6, '0')}.eml`;
      try {
        await write(name, eml);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        folder = false;
        await write(name, eml);
      }
    },
  };
}
