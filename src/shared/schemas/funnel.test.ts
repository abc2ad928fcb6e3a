import { describe, expect, it } from 'vitest';
import {
  conversionRate,
  csvFileName,
  eventoLabel,
  funnelListQuerySchema,
  leadsExportQuerySchema,
  slugify,
  whatsappUrl,
} from './funnel';

describe('funnelListQuerySchema', () => {
  it('takes the page, the search, the event and the date', () => {
    const parsed = funnelListQuerySchema.parse({
      page: '2',
      pageSize: '10',
      q: '  maria ',
      eventoId: '3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f',
      data: '2026-11-21',
    });
    expect(parsed).toEqual({
      page: 2,
      pageSize: 10,
      q: 'maria',
      eventoId: '3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f',
      data: '2026-11-21',
    });
  });

  it('treats empty filters as absent and defaults the page', () => {
    expect(funnelListQuerySchema.parse({ q: '', eventoId: '', data: '' })).toEqual({
      page: 1,
      pageSize: 50,
      q: undefined,
      eventoId: undefined,
      data: undefined,
    });
  });

  it('refuses a search too short to answer with the hint, and counts letters and digits only (issue 46)', () => {
    for (const q of ['a', 'jo', '@', ' @ ', 'a@', '(1', 'é.']) {
      const result = funnelListQuerySchema.safeParse({ q });
      expect(result.success, q).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([
        'Digite pelo menos 3 letras ou números para buscar.',
      ]);
    }
    for (const q of ['ana', 'JOSÉ', '987', '@gma', 'ç ã õ']) {
      expect(funnelListQuerySchema.parse({ q }).q, q).toBe(q);
    }
    expect(leadsExportQuerySchema.safeParse({ q: 'jo' }).success).toBe(false);
  });

  it('refuses a malformed event id or date with pt-BR messages', () => {
    const event = funnelListQuerySchema.safeParse({ eventoId: 'abc' });
    expect(event.success).toBe(false);
    expect(event.error?.issues[0]?.message).toBe('Evento inválido');
    const date = funnelListQuerySchema.safeParse({ data: '2026-02-30' });
    expect(date.error?.issues[0]?.message).toBe('Data inválida');
  });

  it('defaults the export view to leads and accepts interesses only besides', () => {
    expect(leadsExportQuerySchema.parse({}).view).toBe('leads');
    expect(leadsExportQuerySchema.parse({ view: 'interesses' }).view).toBe('interesses');
    expect(leadsExportQuerySchema.safeParse({ view: 'outra' }).success).toBe(false);
  });
});

describe('conversionRate', () => {
  it('divides interests by events, rounded to 2 decimals, 0 without events', () => {
    expect(conversionRate(8, 3)).toBe(2.67);
    expect(conversionRate(1, 3)).toBe(0.33);
    expect(conversionRate(4, 2)).toBe(2);
    expect(conversionRate(5, 0)).toBe(0);
  });
});

describe('eventoLabel', () => {
  it("reads 'school - city, STATE (date)'", () => {
    expect(
      eventoLabel({
        id: 'x',
        nomeEscola: 'Colégio Horizonte',
        cidade: 'Campinas',
        estado: 'sp',
        dataEvento: '2026-12-03',
      }),
    ).toBe('Colégio Horizonte - Campinas, SP (03/12/2026)');
  });
});

describe('csvFileName', () => {
  it('joins the prefix, the event filter and the date', () => {
    expect(csvFileName('leads', null, '2026-11-21')).toBe('leads_todos_2026-11-21.csv');
    expect(csvFileName('pre-matriculas', { nomeEscola: 'Colégio São João!' }, '2026-11-21')).toBe(
      'pre-matriculas_colegio-sao-joao_2026-11-21.csv',
    );
    expect(csvFileName('matriculas', { nomeEscola: '***' }, '2026-11-21')).toBe('matriculas_evento_2026-11-21.csv');
  });

  it('slugifies without accents or symbols', () => {
    expect(slugify('  Escola Estadual Valinhos ')).toBe('escola-estadual-valinhos');
  });
});

describe('whatsappUrl', () => {
  it('links Brazilian numbers with the country code', () => {
    expect(whatsappUrl('19987001122')).toBe('https://wa.me/5519987001122');
    expect(whatsappUrl('(19) 3222-1100')).toBe('https://wa.me/551932221100');
    expect(whatsappUrl('+55 19 98700-1122')).toBe('https://wa.me/5519987001122');
  });

  it('answers null for a missing or odd number', () => {
    expect(whatsappUrl(null)).toBeNull();
    expect(whatsappUrl('123')).toBeNull();
  });
});
