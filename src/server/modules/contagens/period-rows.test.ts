import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { drizzleOptions } from '../../db/connect';
import { eventos } from '../../db/schema';
import { periodRows, sourcePeriodRows, splitPeriod } from './periods';

const dialect = new PgDialect({ casing: drizzleOptions.casing });
const rede = { level: 'franqueador' as const, id: '00000000-0000-4000-8000-000000000001' };
// Whole months, the first month's days before `de` taken away and the last month's loose days added.
const de = '2025-12-04';
const ate = '2026-12-03';
const joins = (text: string) => text.match(/join "eventos"/g)?.length ?? 0;

describe("a period's counters at a place (ADR 152)", () => {
  it('reads every piece of the period and joins their events once, the place filter outside them', () => {
    expect(splitPeriod(de, ate).days.length).toBe(2);
    const { sql: text, params } = dialect.sqlToQuery(
      periodRows(
        { nodes: [rede], de, ate, estado: 'SP' },
        5,
        true,
        (row) => sql`${eventos.estado} as id, ${row.leads} as l, ${row.preMatriculas} as p`,
      ),
    );
    expect(text.match(/union all/g)?.length).toBe(2);
    expect(joins(text)).toBe(1);
    // The days taken away from a month keep their sign on every count the reader picks.
    expect(text).toContain('-"funnel_dia"."pre_matriculas" as "pre_matriculas"');
    expect(text).toContain('"funnel_dia"."dia" as "mes"');
    expect(params).toContain('SP');
  });

  it('joins no event without the place, and the counters per source the same way as the funnel', () => {
    const semLugar = dialect.sqlToQuery(periodRows({ nodes: [rede], de, ate }, 1, false, (row) => row.leads)).sql;
    expect(joins(semLugar)).toBe(0);
    const porFonte = dialect.sqlToQuery(
      sourcePeriodRows(
        { nodes: [rede], de, ate, cidade: 'Belém' },
        5,
        true,
        (row) => sql`${row.source.utmSource} as k, ${row.leads} as l`,
        (row) => sql`${row.source.utmSource} = 'instagram'`,
      ),
    ).sql;
    expect(joins(porFonte)).toBe(1);
    expect(porFonte).toContain('"funnel_origem_dia"."utm_source" as "utm_source"');
  });
});
