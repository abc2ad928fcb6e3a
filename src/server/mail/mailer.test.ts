import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createMailer } from './mailer';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function outboxMailer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'mailer-'));
  dirs.push(dataDir);
  const mailer = createMailer(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, APP_URL: 'http://localhost:5000' }));
  const outbox = join(dataDir, 'outbox');
  const subjects = () =>
    readdirSync(outbox)
      .sort()
      .map((name) => /^Subject: (.*)$/m.exec(readFileSync(join(outbox, name), 'utf8'))?.[1]);
  return { mailer, outbox, subjects };
}

const message = (n: number) => ({
  to: `familia${n}@exemplo.com.br`,
  subject: `Inscricao ${String(n).padStart(2, '0')}`,
  text: 'Texto',
  html: '<p>Texto</p>',
});

describe('the outbox (no SMTP_URL)', () => {
  it('writes each message sent at once as its own file, named in the order they were sent', async () => {
    const { mailer, subjects } = outboxMailer();
    const numbers = Array.from({ length: 20 }, (_, i) => i + 1);
    await Promise.all(numbers.map((n) => mailer.send(message(n))));
    expect(subjects()).toEqual(numbers.map((n) => message(n).subject));
  });

  it('answers only once the message is on disk, and makes the folder again when it was emptied', async () => {
    const { mailer, outbox, subjects } = outboxMailer();
    await mailer.send(message(1));
    expect(subjects()).toEqual(['Inscricao 01']);
    rmSync(outbox, { recursive: true });
    await mailer.send(message(2));
    expect(subjects()).toEqual(['Inscricao 02']);
  });
});
