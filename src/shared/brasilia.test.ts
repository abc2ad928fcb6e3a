import { describe, expect, it } from 'vitest';
import { todayInBrasilia } from './brasilia';

describe('todayInBrasilia', () => {
  it("answers Brasília's date, not UTC's nor the runtime's", () => {
    // 01:30 UTC on the 24th is still the 23rd in Brasília (UTC-3).
    expect(todayInBrasilia(new Date('2026-11-24T01:30:00Z'))).toBe('2026-11-23');
    expect(todayInBrasilia(new Date('2026-11-24T03:30:00Z'))).toBe('2026-11-24');
    expect(todayInBrasilia(new Date('2030-12-31T12:00:00Z'))).toBe('2030-12-31');
  });

  it('turns the day at midnight in Brasília, asked within the same minute or not', () => {
    // The answer is kept for its minute: the last minute of the day and the first of the next differ.
    expect(todayInBrasilia(new Date('2030-03-10T02:59:00.000Z'))).toBe('2030-03-09');
    expect(todayInBrasilia(new Date('2030-03-10T02:59:59.999Z'))).toBe('2030-03-09');
    expect(todayInBrasilia(new Date('2030-03-10T03:00:00.000Z'))).toBe('2030-03-10');
    expect(todayInBrasilia(new Date('2030-03-10T02:59:59.999Z'))).toBe('2030-03-09');
  });
});
