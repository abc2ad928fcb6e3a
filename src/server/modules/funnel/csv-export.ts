import type { FastifyReply } from 'fastify';
import { type CsvValue, attachmentDisposition, csvStream } from '../../lib/csv';

/** Answers a CSV download that streams from the database while the client reads it. */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  header: readonly string[],
  rows: AsyncIterable<readonly CsvValue[][]>,
) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', attachmentDisposition(fileName))
    .send(csvStream(header, rows));
}

/** Maps each batch of database rows to CSV rows, lazily. */
export async function* mapBatches<R>(
  batches: AsyncIterable<R[]>,
  toRow: (row: R) => CsvValue[],
): AsyncGenerator<CsvValue[][]> {
  for await (const batch of batches) yield batch.map(toRow);
}
