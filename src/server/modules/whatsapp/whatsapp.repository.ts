import { sql } from 'drizzle-orm';
import type { WhatsappModeloChave } from '../../../shared/schemas/whatsapp';
import type { Actor } from '../../access/actor';
import { redeDoAtor, whatsappModelosVisibleTo } from '../../access/scope';
import { type Executor, executeRows } from '../../db/connect';
import { whatsappModelos } from '../../db/schema';

/** The `whatsapp_modelos` table (migration 0053): a network's own texts, one row per template it rewrote. */

export interface WhatsappModeloRow {
  chave: WhatsappModeloChave;
  texto: string;
  updated_at: Date | string;
}

/** The caller's network's own texts (none for a network that kept the product's). */
export async function listModelosDaRede(db: Executor, actor: Actor): Promise<WhatsappModeloRow[]> {
  return executeRows<WhatsappModeloRow>(
    db,
    sql`select chave, texto, updated_at from ${whatsappModelos} where ${whatsappModelosVisibleTo(actor)}`,
  );
}

/**
 * Writes the franqueador's text for one template, in place, and answers the text it replaced (null for the
 * product's). The row is locked first, so two edits at once are audited each with the text it replaced.
 */
export async function salvarModelo(
  db: Executor,
  actor: Actor,
  chave: WhatsappModeloChave,
  texto: string,
  now: Date,
): Promise<{ antes: string | null; row: WhatsappModeloRow }> {
  const [antes] = await executeRows<{ texto: string }>(
    db,
    sql`select texto from ${whatsappModelos} where ${whatsappModelosVisibleTo(actor)} and chave = ${chave}
      for update`,
  );
  const [row] = await executeRows<WhatsappModeloRow>(
    db,
    sql`insert into ${whatsappModelos} (franqueador_id, chave, texto, atualizado_por_id, created_at, updated_at)
      values (${redeDoAtor(actor)}, ${chave}, ${texto}, ${actor.id}::uuid, ${now.toISOString()}::timestamptz,
        ${now.toISOString()}::timestamptz)
      on conflict (franqueador_id, chave) do update set texto = excluded.texto,
        atualizado_por_id = excluded.atualizado_por_id, updated_at = excluded.updated_at
      returning chave, texto, updated_at`,
  );
  return { antes: antes?.texto ?? null, row: row! };
}
