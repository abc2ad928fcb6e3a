import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/db/seed/demo-network';
import type { Role } from '../../src/shared/roles';

export { DEMO_ACCOUNTS, DEMO_PASSWORD };

export async function signIn(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

export async function signInAs(page: Page, role: Role): Promise<void> {
  await signIn(page, DEMO_ACCOUNTS[role]);
  await expect(page).toHaveURL(/\/$/);
}

/** The server's mail outbox (DATA_DIR/outbox): waits for a message to `to` newer than `after`. */
export async function waitForEmail(to: string, after: number): Promise<string> {
  const dir = join(process.env.E2E_DATA_DIR!, 'outbox');
  for (let i = 0; i < 50; i++) {
    let names: string[] = [];
    try {
      names = readdirSync(dir).sort();
    } catch {
      // not created yet
    }
    for (const name of names.reverse()) {
      const text = readFileSync(join(dir, name), 'utf8');
      const stamp = Date.parse(
        name.slice(0, 24).replace(/^(\d{4}-\d{2}-\d{2}T\d{2})-(\d{2})-(\d{2})-(\d{3})Z/, '$1:$2:$3.$4Z'),
      );
      if (text.includes(`To: ${to}`) && stamp >= after - 1000) return text;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${to} in the outbox`);
}

export function resetLinkFrom(eml: string): string {
  const text = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = text.match(/https?:\/\/[^\s"<]+\/reset-password\?token=[A-Za-z0-9_%-]+/);
  if (!match) throw new Error('no reset link in the e-mail');
  return match[0];
}

/** No serious or critical accessibility violations on the page as it stands. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
