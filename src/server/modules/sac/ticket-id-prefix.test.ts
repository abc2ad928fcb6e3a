import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { uuidsBeginningWith } from './tickets.repository';

/** A uuid's text, lower-case, as PostgreSQL writes it. */
const uuidText = fc.uuid().map((u) => u.toLowerCase());

describe('a ticket found by the beginning of its id (SPEC §2), as a range of the primary key (ADR 141)', () => {
  it('holds exactly the ids whose text begins with what was typed', () => {
    fc.assert(
      fc.property(uuidText, uuidText, fc.integer({ min: 1, max: 36 }), (id, other, length) => {
        const prefix = id.slice(0, length);
        const range = uuidsBeginningWith(prefix);
        expect(range).not.toBeNull();
        const inRange = (u: string) => range!.first <= u && u <= range!.last;
        expect(inRange(id)).toBe(true);
        expect(inRange(other)).toBe(other.startsWith(prefix));
      }),
      { numRuns: 500 },
    );
  });

  it('is no range when no id could begin so: a letter past f, a dash out of place, too long, nothing', () => {
    expect(uuidsBeginningWith('abcd1234')).toEqual({
      first: 'abcd1234-0000-0000-0000-000000000000',
      last: 'abcd1234-ffff-ffff-ffff-ffffffffffff',
    });
    expect(uuidsBeginningWith('abcd1234-5')).toEqual({
      first: 'abcd1234-5000-0000-0000-000000000000',
      last: 'abcd1234-5fff-ffff-ffff-ffffffffffff',
    });
    // The dash a uuid's text has after its first 8 digits may be typed.
    expect(uuidsBeginningWith('abcd1234-')?.last).toBe('abcd1234-ffff-ffff-ffff-ffffffffffff');
    const tooLong = `${'a'.repeat(8)}-aaaa-aaaa-aaaa-${'a'.repeat(13)}`;
    for (const typed of ['', 'conceicao', 'abcd12345', 'ab-cd', '-abc', tooLong]) {
      expect(uuidsBeginningWith(typed), typed).toBeNull();
    }
  });
});
