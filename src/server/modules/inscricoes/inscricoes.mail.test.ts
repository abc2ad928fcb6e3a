import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold } from './inscricoes.mail';

/** RFC 5545's folding as first written: a character at a time, the line's octets counted again each time. */
function foldReference(line: string): string {
  if (Buffer.byteLength(line, 'utf8') <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    if (Buffer.byteLength(current + char, 'utf8') > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

describe("the calendar file's line folding", () => {
  it('folds at 75 octets, then 74 after the leading space, never inside a character', () => {
    const line = `LOCATION:${'Escola São João (Escola), '.repeat(6)}Contagem - MG 🎓`;
    const folded = fold(line);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(2);
    expect(Buffer.byteLength(lines[0]!, 'utf8')).toBeLessThanOrEqual(75);
    for (const rest of lines.slice(1)) {
      expect(rest.startsWith(' ')).toBe(true);
      expect(Buffer.byteLength(rest, 'utf8')).toBeLessThanOrEqual(75);
    }
    // Unfolded, it is the line again (RFC 5545 §3.1).
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(fold('SUMMARY:curta')).toBe('SUMMARY:curta');
  });

  it('writes what the character-at-a-time folding wrote, for any text (accents, emoji, lone surrogates)', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 400 }),
      fc.string({ unit: fc.constantFrom('a', 'ç', 'ã', '€', '🎓', '\uD800', ' ', ','), maxLength: 300 }),
    );
    fc.assert(
      fc.property(text, (line) => {
        expect(fold(line)).toBe(foldReference(line));
      }),
      { numRuns: 2000 },
    );
  });
});
