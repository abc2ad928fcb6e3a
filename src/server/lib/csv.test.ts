import { describe, expect, it } from 'vitest';
import { CSV_BOM, attachmentDisposition, csvCell, csvRow, csvStream } from './csv';

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

describe('csvCell', () => {
  it('quotes every field and doubles the quotes inside', () => {
    expect(csvCell('Maria')).toBe('"Maria"');
    expect(csvCell('Ana "Aspas" Lima')).toBe('"Ana ""Aspas"" Lima"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('linha\nnova')).toBe('"linha\nnova"');
    expect(csvCell(12)).toBe('"12"');
  });

  it("writes '-' for a missing or blank value", () => {
    expect(csvCell(null)).toBe('"-"');
    expect(csvCell(undefined)).toBe('"-"');
    expect(csvCell('   ')).toBe('"-"');
    expect(csvCell('-')).toBe('"-"');
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=cmd|/C calc!A0')).toBe(`"'=cmd|/C calc!A0"`);
    expect(csvCell('+5511')).toBe(`"'+5511"`);
    expect(csvCell('-2+3')).toBe(`"'-2+3"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\t=1')).toBe(`"'\t=1"`);
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
  });

  it('leaves markup as plain text (a CSV is never HTML)', () => {
    expect(csvCell('<script>alert(1)</script>')).toBe('"<script>alert(1)</script>"');
  });
});

describe('csvRow and csvStream', () => {
  it("joins with ';' and ends lines with CRLF", () => {
    expect(csvRow(['a', null, 'c'])).toBe('"a";"-";"c"\r\n');
  });

  it('streams the BOM, the header and each batch in order', async () => {
    async function* batches() {
      yield [['João', 'ção']];
      yield [];
      yield [['=x', null]];
    }
    const text = await readAll(csvStream(['Nome', 'Observação'], batches()));
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text).toBe(`${CSV_BOM}"Nome";"Observação"\r\n"João";"ção"\r\n"'=x";"-"\r\n`);
    expect(Buffer.from(text, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('pulls a batch only when the reader wants more', async () => {
    let pulled = 0;
    async function* batches() {
      for (let i = 0; i < 1000; i++) {
        pulled += 1;
        yield [[String(i)]];
      }
    }
    const stream = csvStream(['n'], batches());
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    await iterator.return?.();
    expect(pulled).toBeLessThan(1000);
  });
});

describe('attachmentDisposition', () => {
  it('names the file in ASCII and in UTF-8', () => {
    expect(attachmentDisposition('leads_todos_2026-11-21.csv')).toBe(
      `attachment; filename="leads_todos_2026-11-21.csv"; filename*=UTF-8''leads_todos_2026-11-21.csv`,
    );
    expect(attachmentDisposition('matrículas "x".csv')).toContain('filename="matr_culas _x_.csv"');
  });
});
