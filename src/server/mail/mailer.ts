import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

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
 * Real delivery through SMTP when SMTP_URL is set; otherwise each message is rendered by nodemailer as it
 * would be sent and written as an .eml file in DATA_DIR/outbox, where development and tests read it.
 */
export function createMailer(config: Config): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: config.mailFrom, ...message });
      },
    };
  }
  const outbox = join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // Made once, and again only if a write finds it gone (a test or a developer emptied DATA_DIR).
  let folder: Promise<unknown> | undefined;
  const write = async (name: string, eml: Buffer) => {
    folder ??= mkdir(outbox, { recursive: true, mode: 0o700 });
    await folder;
    // A reset link is a key to an account: the file is the server user's alone (TRUST.md).
    await writeFile(join(outbox, name), eml, { mode: 0o600 });
  };
  return {
    async send(message) {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      try {
        await write(name, info.message as Buffer);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        folder = undefined;
        await write(name, info.message as Buffer);
      }
    },
  };
}
