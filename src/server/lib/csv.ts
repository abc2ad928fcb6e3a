import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';

/**
 * CSV for Excel in Portuguese (DESIGN §4.3, SPEC §9): UTF-8 with a byte-order mark so the accents show, ';'
 * between fields, every field quoted, '-' for a missing value, and a cell that a spreadsheet would read as a
 * formula (= + - @ tab CR) prefixed with an apostrophe so it is shown as text and never run.
 */

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
export const CSV_LINE_END = '\r\n';
export const CSV_MISSING = '-';

const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | null | undefined;

export function csvCell(value: CsvValue): string {
  const text = value == null ? '' : String(value);
  if (text.trim() === '') return `"${CSV_MISSING}"`;
  // The missing-value dash itself is not a formula; anything longer that starts like one is neutralised.
  const safe = text !== CSV_MISSING && FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(CSV_SEPARATOR) + CSV_LINE_END;
}

/**
 * The whole file as a stream: the BOM and header first, then one chunk per batch of rows. Batches are pulled
 * only as fast as the client reads, so memory stays flat however many rows there are.
 */
export function csvStream(header: readonly string[], batches: AsyncIterable<readonly CsvValue[][]>): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield CSV_BOM + csvRow(header);
    for await (const batch of batches) {
      if (batch.length > 0) yield batch.map(csvRow).join('');
      // The embedded database answers in the same thread without a trip through the event loop: without this
      // turn, one large export would hold every other request (and a SIGTERM) until its last row.
      await setImmediate();
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/** attachment with an ASCII file name and its RFC 5987 form. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
