import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPglite, newPglite } from '../../db/pglite';
import { eventos, presencasLote, users } from '../../db/schema';
import { loadDemoNetwork } from '../../db/seed/demo-network';
import { insertPresencasLote } from './check-in.repository';

/**
 * Issue 49: a batch's outcomes are written on a database the same process has just migrated -- the first start of
 * a new DATA_DIR, or the upgrade that brings migration 0064 -- where PGlite does not yet know the array type of the
 * outcome's enum (it reads the array types when it opens). Found by hand: every batch answered 500 until a restart.
 */
describe('insertPresencasLote', () => {
  it('writes a batch on an embedded database migrated by this same process', { timeout: 60_000 }, async () => {
    const handle = await openPglite(newPglite());
    try {
      await loadDemoNetwork(handle.db);
      const [evento] = await handle.db.select({ id: eventos.id }).from(eventos).limit(1);
      const [user] = await handle.db.select({ id: users.id }).from(users).limit(1);
      const base = {
        eventoId: evento!.id,
        leadId: null,
        dispositivo: 'aparelho-primeiro-inicio',
        dispositivoNome: 'Celular da portaria',
        usuarioId: user!.id,
        em: new Date(),
        conflitoCom: null,
      };
      const [a, b] = [randomUUID(), randomUUID()];
      const written = await insertPresencasLote(handle.db, [
        { ...base, idCliente: a, resultado: 'recusada', motivo: 'Inscrição não encontrada neste evento.' },
        { ...base, idCliente: b, resultado: 'conflito', motivo: null },
      ]);
      expect(written).toEqual(new Set([a, b]));
      const kept = await handle.db.select().from(presencasLote).where(eq(presencasLote.eventoId, evento!.id));
      expect(kept.map((k) => k.resultado).sort()).toEqual(['conflito', 'recusada']);
      // Sent again: nothing written twice.
      expect(
        await insertPresencasLote(handle.db, [{ ...base, idCliente: a, resultado: 'registrada', motivo: null }]),
      ).toEqual(new Set());
    } finally {
      await handle.close();
    }
  });
});
