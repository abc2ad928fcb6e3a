import { describe, expect, it } from 'vitest';
import type { SessionRow } from './sessions.repository';
import { SessionCache } from './session-cache';

function row(userId: string): SessionRow {
  const at = new Date('2026-11-21T12:00:00Z');
  return {
    actor: {
      id: userId,
      email: `${userId}@demo.com.br`,
      nome: null,
      role: 'cliente',
      franqueadorId: null,
      franquiaId: null,
      microFranquiaId: null,
      clienteId: null,
      vendedorId: null,
    },
    isActive: true,
    expiresAt: at,
    absoluteExpiresAt: at,
    lastUsedAt: at,
  };
}

function cache(max = 10) {
  let now = 0;
  const c = new SessionCache(1000, max, () => now);
  c.setLive(true);
  return { c, advance: (ms: number) => (now += ms) };
}

describe('SessionCache', () => {
  it('keeps a session for its time to live, then reads again', () => {
    const { c, advance } = cache();
    c.set('s1', row('u1'));
    advance(999);
    expect(c.get('s1')?.actor.id).toBe('u1');
    advance(2);
    expect(c.get('s1')).toBeUndefined();
  });

  it('drops a session when it ends, and every session of a user when the user changes', () => {
    const { c } = cache();
    c.set('s1', row('u1'));
    c.set('s2', row('u1'));
    c.set('s3', row('u2'));
    c.notified('s:s3');
    expect(c.get('s3')).toBeUndefined();
    c.notified('u:u1');
    expect(c.get('s1')).toBeUndefined();
    expect(c.get('s2')).toBeUndefined();
  });

  it('caches nothing while changes may go unheard, and forgets everything when the channel drops', () => {
    const { c } = cache();
    c.set('s1', row('u1'));
    c.setLive(false);
    expect(c.get('s1')).toBeUndefined();
    c.set('s2', row('u2'));
    expect(c.get('s2')).toBeUndefined();
    c.setLive(true);
    c.set('s2', row('u2'));
    expect(c.get('s2')?.actor.id).toBe('u2');
  });

  it('holds at most its maximum, dropping the oldest first', () => {
    const { c } = cache(2);
    c.set('s1', row('u1'));
    c.set('s2', row('u2'));
    c.set('s3', row('u3'));
    expect(c.size).toBe(2);
    expect(c.get('s1')).toBeUndefined();
    expect(c.get('s3')?.actor.id).toBe('u3');
  });
});
