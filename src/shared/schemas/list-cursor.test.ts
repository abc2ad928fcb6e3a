import { describe, expect, it } from 'vitest';
import { CURSOR_MESSAGES, cursorValueFits, decodeListCursor, encodeListCursor } from './list-cursor';
import { leadsListQuerySchema } from './funnel';
import { auditoriaQuerySchema } from './auditoria';

describe('a list cursor (issue 46)', () => {
  it('round-trips its list, order and keys through base64url, accents and nulls included', () => {
    const cursor = { lista: 'leads', ordem: '-criadoEm', chaves: ['ângela', null, '2025-06-01 12:00:00.123456+00'] };
    const text = encodeListCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeListCursor(text)).toEqual(cursor);
  });

  it('reads nothing the server did not write', () => {
    for (const text of [
      '',
      '***',
      'e30',
      'W10',
      'bnVsbA',
      Buffer.from('{"l":1,"o":"x","k":["a"]}').toString('base64url'),
    ]) {
      expect(decodeListCursor(text), text).toBeNull();
    }
    expect(decodeListCursor('a'.repeat(2_001))).toBeNull();
  });

  it('checks each value against its key', () => {
    expect(cursorValueFits('2025-06-01 12:00:00.123456+00', 'instante')).toBe(true);
    expect(cursorValueFits('2025-06-01T12:00:00Z', 'instante')).toBe(true);
    expect(cursorValueFits('2025-02-30 12:00:00+00', 'instante')).toBe(false);
    expect(cursorValueFits('2025-06-01 25:00:00+00', 'instante')).toBe(false);
    expect(cursorValueFits('ontem', 'instante')).toBe(false);
    expect(cursorValueFits(null, 'instante')).toBe(false);
    expect(cursorValueFits('2025-06-30', 'data')).toBe(true);
    expect(cursorValueFits('2025-06-31', 'data')).toBe(false);
    expect(cursorValueFits('2025-06-30 00:00:00+00', 'data')).toBe(false);
    expect(cursorValueFits(null, 'texto?')).toBe(true);
    expect(cursorValueFits('true', 'booleano')).toBe(true);
    expect(cursorValueFits('sim', 'booleano')).toBe(false);
    expect(cursorValueFits('0a0a0a0a-0000-4000-8000-000000000000', 'uuid')).toBe(true);
    expect(cursorValueFits('0a0a0a0a', 'uuid')).toBe(false);
  });
});

describe('the lists take their own cursors only', () => {
  const leads = encodeListCursor({
    lista: 'leads',
    ordem: '-criadoEm',
    chaves: ['2025-06-01 12:00:00.123456+00', '0a0a0a0a-0000-4000-8000-000000000000'],
  });

  it('decodes a Leads cursor for the newest-first order, with or without the sort named', () => {
    expect(leadsListQuerySchema.parse({ apos: leads }).apos?.lista).toBe('leads');
    expect(leadsListQuerySchema.parse({ antes: leads, sort: '-criadoEm' }).antes?.ordem).toBe('-criadoEm');
    expect(leadsListQuerySchema.parse({ apos: '' }).apos).toBeUndefined();
  });

  it('refuses it for another order, another list, or beside a second cursor, in Portuguese', () => {
    const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
      result.error?.issues[0]?.message;
    expect(message(leadsListQuerySchema.safeParse({ apos: leads, sort: 'criadoEm' }))).toBe(CURSOR_MESSAGES.outraLista);
    expect(message(auditoriaQuerySchema.safeParse({ apos: leads }))).toBe(CURSOR_MESSAGES.outraLista);
    expect(message(leadsListQuerySchema.safeParse({ apos: leads, antes: leads }))).toBe(CURSOR_MESSAGES.dois);
    expect(message(leadsListQuerySchema.safeParse({ apos: 'x!' }))).toBe(CURSOR_MESSAGES.invalido);
  });
});
