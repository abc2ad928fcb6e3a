import { HttpError, MESSAGES } from './http-error';
import type { CounterStore } from './counters';

/**
 * The sign-in guard (TRUST.md, "Sign-in limits"), beside the per-address-and-e-mail route limit:
 * - per address, at most `addressFailures` failed sign-ins in 15 minutes, whatever the accounts tried;
 * - per account, from any address, after `accountFailures` failures each further try waits twice as long as the
 *   one before (1 s, 2 s, 4 s … up to 15 minutes) instead of a lock-out; an address that signed in to that
 *   account before (in the last 30 days) is not held back, so an attacker cannot keep the owner out.
 */
export interface LoginGuardOptions {
  addressFailures: number;
  accountFailures: number;
}

const WINDOW_MS = 15 * 60 * 1000;
const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;
const MAX_DELAY_MS = 15 * 60 * 1000;

const tooMany = (waitMs: number) =>
  new HttpError(429, MESSAGES.tooManyRequests, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))),
  });

export class LoginGuard {
  constructor(
    private readonly store: CounterStore,
    private readonly options: LoginGuardOptions,
  ) {}

  /** Throws 429 when this address or this account must wait; call before checking the password. */
  async check(address: string, email: string, now: number): Promise<void> {
    const byAddress = await this.store.get(`a:${address}`, now);
    if (byAddress.count >= this.options.addressFailures) throw tooMany(WINDOW_MS - (now - byAddress.lastAt));
    const byAccount = await this.store.get(`u:${email}`, now);
    const over = byAccount.count - this.options.accountFailures;
    if (over < 0) return;
    if ((await this.store.get(`k:${email}|${address}`, now)).count > 0) return;
    const waitMs = Math.min(MAX_DELAY_MS, 1000 * 2 ** over);
    const readyAt = byAccount.lastAt + waitMs;
    if (now < readyAt) throw tooMany(readyAt - now);
  }

  async failed(address: string, email: string, now: number): Promise<void> {
    await this.store.hit(`a:${address}`, WINDOW_MS, now);
    await this.store.hit(`u:${email}`, WINDOW_MS, now);
  }

  /** A good sign-in: the account's failures are forgotten and this address becomes a known one for it. */
  async succeeded(address: string, email: string, now: number): Promise<void> {
    await this.store.clear(`u:${email}`);
    await this.store.hit(`k:${email}|${address}`, KNOWN_ADDRESS_MS, now);
  }
}
