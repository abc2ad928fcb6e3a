import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../../tests/support/database-digest';
import { newPglite, openPglite } from '../pglite';
import { loadDemoNetwork } from './demo-network';

/**
 * The demo network's days are Brasília's: loaded at 21:30 in Brasília (00:30 UTC the next day), its concluded
 * event is 30 days before Brasília's today, as the screens count. It took the server's zone (UTC on a server), and
 * the browser suite's Custos flow failed every evening from 21:00 in Brasília.
 */
describe('loadDemoNetwork', () => {
  it(
    "dates its events and follow-ups from Brasília's day, whatever the server's zone",
    { timeout: 60_000 },
    async () => {
      const handle = await openPglite(newPglite());
      try {
        // 2026-11-29 00:30 UTC is 2026-11-28 21:30 in Brasília.
        await loadDemoNetwork(handle.db, new Date('2026-11-29T00:30:00Z'));
        const eventos = await queryRows<{ dia: string }>(
          handle.db,
          sql`select data_evento::text as dia from eventos order by data_evento`,
        );
        expect(eventos.map((e) => e.dia)).toEqual(['2026-10-29', '2026-12-06', '2026-12-10', '2026-12-18']);
        const contatos = await queryRows<{ dia: string }>(
          handle.db,
          sql`select distinct proximo_contato_em::text as dia from leads where proximo_contato_em is not null
          order by 1`,
        );
        expect(contatos.map((c) => c.dia)).toEqual(['2026-11-27', '2026-11-28']);
      } finally {
        await handle.close();
      }
    },
  );
});
