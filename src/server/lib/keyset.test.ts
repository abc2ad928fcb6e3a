import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SQL, sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../tests/setup/test-app';
import { executeRows } from '../db/connect';
import { decodeListCursor } from '../../shared/schemas/list-cursor';
import { type CursorQuery, type KeysetKey, type KeysetOrder, cursorKeys, keysetPage, keysetWindow } from './keyset';

/**
 * The keyset machinery (issue 46) on orders the big lists do not have yet but the network lists do: a text key
 * folded for accents and case with nulls, a boolean key against the text in the other direction, a nullable moment.
 * Walking every page by cursor, forwards and back, gives the rows of the order itself, ties and nulls included.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await executeRows(
    ctx.handle.db,
    sql`create table keyset_probe (id uuid primary key, nome text, ativo boolean not null, quando timestamptz)`,
  );
  const nomes = ['Ângela', 'andre', 'ANDRÉ', 'Bruno', null, 'bruno', 'Çaio', 'caio', null, 'Zé', 'ze', 'Élida'];
  const rows = Array.from({ length: 31 }, (_, i) => {
    const id = `00000000-0000-4000-8000-${String(1000 + ((i * 7919) % 997)).padStart(12, '0')}`;
    const nome = nomes[i % nomes.length] ?? null;
    const quando = i % 5 === 0 ? null : `2025-01-0${1 + (i % 3)} 10:00:00.00000${i % 2}+00`;
    return sql`(${id}::uuid, ${nome}, ${i % 3 !== 0}, ${quando}::timestamptz)`;
  });
  await executeRows(ctx.handle.db, sql`insert into keyset_probe values ${sql.join(rows, sql`, `)}`);
});
afterAll(() => ctx.close());

const nome = sql`lower(f_unaccent(nome))`;
const id: KeysetKey = { expr: sql`id`, type: 'uuid' };
const ORDERS: Record<string, KeysetKey[]> = {
  'nome ascending, nulls last': [{ expr: nome, type: 'text', nullable: true }, id],
  'nome descending, nulls first': [
    { expr: nome, type: 'text', nullable: true, desc: true },
    { ...id, desc: true },
  ],
  'status (active first), then nome ascending': [
    { expr: sql`(not ativo)`, type: 'boolean' },
    { expr: nome, type: 'text', nullable: true },
    id,
  ],
  'status descending, then nome ascending': [
    { expr: sql`(not ativo)`, type: 'boolean', desc: true },
    { expr: nome, type: 'text', nullable: true },
    id,
  ],
  'moment descending with nulls': [
    { expr: sql`quando`, type: 'timestamptz', nullable: true, desc: true },
    { ...id, desc: true },
  ],
  'moment ascending with nulls, id descending': [
    { expr: sql`quando`, type: 'timestamptz', nullable: true },
    { ...id, desc: true },
  ],
};

async function pageOf(order: KeysetOrder, query: CursorQuery) {
  const window = keysetWindow(order, query);
  const read = await executeRows<{ id: string; cursorChaves: (string | null)[] }>(
    ctx.handle.db,
    sql`select id, ${cursorKeys(order.keys)} as "cursorChaves" from keyset_probe ${
      window.past ? sql`where ${window.past}` : sql``
    } order by ${sql.join(window.orderBy as SQL[], sql`, `)} limit ${window.limit} offset ${window.offset}`,
  );
  return keysetPage(order, query, read);
}

describe.each(Object.entries(ORDERS))('keyset paging by %s', (ordem, keys) => {
  const order: KeysetOrder = { lista: 'probe', ordem, keys };
  const cursor = (value: string | null) => decodeListCursor(value!)!;

  it('walks forward and back through every row of the order, in its order', async () => {
    const all = (
      await executeRows<{ id: string }>(
        ctx.handle.db,
        sql`select id from keyset_probe order by ${sql.join(keysetWindow(order, { page: 1, pageSize: 1 }).orderBy, sql`, `)}`,
      )
    ).map((row) => row.id);
    expect(all).toHaveLength(31);

    const pageSize = 4;
    let page = await pageOf(order, { page: 1, pageSize });
    const forward = [page.rows.map((r) => r.id)];
    while (page.cursors.next) {
      page = await pageOf(order, { page: 1, pageSize, apos: cursor(page.cursors.next) });
      forward.push(page.rows.map((r) => r.id));
    }
    expect(forward.flat()).toEqual(all);
    expect(forward.slice(0, -1).every((ids) => ids.length === pageSize)).toBe(true);

    const backward = [page.rows.map((r) => r.id)];
    while (page.cursors.prev) {
      page = await pageOf(order, { page: 1, pageSize, antes: cursor(page.cursors.prev) });
      backward.unshift(page.rows.map((r) => r.id));
    }
    expect(backward.flat()).toEqual(all);

    // A page by number hands over to the cursors: page 3's next is page 4.
    const third = await pageOf(order, { page: 3, pageSize });
    expect(third.rows.map((r) => r.id)).toEqual(all.slice(8, 12));
    const fourth = await pageOf(order, { page: 1, pageSize, apos: cursor(third.cursors.next) });
    expect(fourth.rows.map((r) => r.id)).toEqual(all.slice(12, 16));
    const second = await pageOf(order, { page: 1, pageSize, antes: cursor(third.cursors.prev) });
    expect(second.rows.map((r) => r.id)).toEqual(all.slice(4, 8));
  });
});
