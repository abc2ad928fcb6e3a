import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * PostgreSQL's LISTEN/NOTIFY, on either driver: how one server instance hears, at commit, what another one
 * changed (see migration 0002). `live` tells whether messages are being received: while it is false (the
 * connection was lost and is being reopened), anything may have been missed.
 */
export interface NotificationListener {
  message(payload: string): void;
  live(isLive: boolean): void;
}

export type Listen = (channel: string, listener: NotificationListener) => Promise<() => Promise<void>>;

const RECONNECT_MS = 1000;

/** A dedicated connection (a pooled one can't hold a LISTEN), reopened when it drops. */
export function postgresListen(url: string): Listen {
  return async (channel, listener) => {
    let client: pg.Client | null = null;
    let closed = false;
    let timer: NodeJS.Timeout | undefined;

    const lost = (current: pg.Client) => {
      if (client !== current) return;
      client = null;
      listener.live(false);
      current.end().catch(() => undefined);
      if (!closed) timer = setTimeout(open, RECONNECT_MS);
    };
    const open = async () => {
      const current = new pg.Client({ connectionString: url });
      client = current;
      current.on('notification', (message) => {
        // The public pages' trigger notifies with an empty payload: it is still a message.
        if (message.channel === channel) listener.message(message.payload ?? '');
      });
      current.on('error', () => lost(current));
      current.on('end', () => lost(current));
      try {
        await current.connect();
        await current.query(`listen "${channel.replaceAll('"', '')}"`);
        if (client === current && !closed) listener.live(true);
      } catch {
        lost(current);
      }
    };
    await open();
    return async () => {
      closed = true;
      clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    };
  };
}

/** The embedded database is one process: its notifications never get lost. */
export function pgliteListen(pglite: PGlite): Listen {
  return async (channel, listener) => {
    const unlisten = await pglite.listen(channel, (payload) => listener.message(payload));
    listener.live(true);
    return unlisten;
  };
}
