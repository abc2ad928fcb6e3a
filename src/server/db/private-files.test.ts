import { afterEach, describe, expect, it } from 'vitest';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makePrivate, usePrivateUmask } from './private-files';
import { createMailer } from '../mail/mailer';
import { loadConfig } from '../config';
import { connectEmbedded } from './pglite';

const modeOf = (path: string) => statSync(path).mode & 0o777;
const made: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'private-files-'));
  made.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('DATA_DIR is private to the server user', () => {
  it('makes an existing world-readable tree 0700/0600 and names what it changed', () => {
    const root = tempDir();
    const dataDir = join(root, 'data');
    mkdirSync(join(dataDir, 'db', 'pg_wal'), { recursive: true });
    writeFileSync(join(dataDir, 'db', 'pg_wal', '000000010000000000000001'), 'hashes');
    writeFileSync(join(dataDir, 'outbox.eml'), 'reset link');
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'db'), 0o777);
    chmodSync(join(dataDir, 'db', 'pg_wal'), 0o755);
    chmodSync(join(dataDir, 'db', 'pg_wal', '000000010000000000000001'), 0o666);
    chmodSync(join(dataDir, 'outbox.eml'), 0o644);

    const loosened = makePrivate(dataDir);

    expect(loosened).toHaveLength(5);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, 'db'))).toBe(0o700);
    expect(modeOf(join(dataDir, 'db', 'pg_wal', '000000010000000000000001'))).toBe(0o600);
    expect(modeOf(join(dataDir, 'outbox.eml'))).toBe(0o600);
    expect(makePrivate(dataDir)).toEqual([]);
  });

  it('creates a missing DATA_DIR 0700', () => {
    const dataDir = join(tempDir(), 'new', 'data');
    expect(makePrivate(dataDir)).toEqual([]);
    expect(modeOf(dataDir)).toBe(0o700);
  });

  it('under the server umask, new files (an outbox e-mail with a reset link) are 0600 in 0700 folders', async () => {
    const previous = usePrivateUmask();
    try {
      const dataDir = join(tempDir(), 'data');
      const mailer = createMailer(
        loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, APP_URL: 'http://localhost:5000' }),
      );
      await mailer.send({ to: 'a@b.com.br', subject: 'Redefinir senha', text: 'link', html: '<p>link</p>' });
      expect(modeOf(join(dataDir, 'outbox'))).toBe(0o700);
      const [file] = readdirSync(join(dataDir, 'outbox'));
      expect(modeOf(join(dataDir, 'outbox', file!))).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });

  it('a new embedded database (its WAL holds password hashes) has no file another user can read', async () => {
    const dataDir = join(tempDir(), 'data');
    const handle = await connectEmbedded(dataDir);
    try {
      const open: string[] = [];
      const walk = (path: string) => {
        const stat = statSync(path);
        if ((stat.mode & 0o077) !== 0) open.push(path);
        if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
      };
      walk(join(dataDir, 'db'));
      expect(open).toEqual([]);
    } finally {
      await handle.close();
    }
  }, 60_000);
});
