import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lock-test-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('lockDataDir', () => {
  it('keeps a second process from opening the embedded database', () => {
    const dir = tempDir();
    // A live process (this test runner's parent) holds the lock.
    writeFileSync(join(dir, 'db.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by process/);
  });

  it('takes over a lock left by a process that died, and releases it', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'db.lock'), '999999');
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'db.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, 'db.lock'))).toBe(false);
  });
});
