import { sql } from 'drizzle-orm';
import type { Exportacao, ExportacaoStatus, MinhaExportacao } from '../../../shared/schemas/exportacoes';
import { percentualDe } from '../../../shared/schemas/exportacoes';
import { type Executor, executeRows } from '../../db/connect';
import { exportacaoPartes, exportacoes } from '../../db/schema';

/** The `exportacoes` and `exportacao_partes` tables (migrations 0018, 0020), in SQL like the rest of the queue. */

interface ExportacaoRow {
  id: string;
  usuario_id: string;
  lista: string;
  filtros: Record<string, unknown>;
  status: ExportacaoStatus;
  linhas: number;
  total: number;
  erro: string | null;
  nome_arquivo: string;
  created_at: Date | string;
  expira_em: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export function toExportacao(row: ExportacaoRow, now: Date): Exportacao {
  const pronta = row.status === 'concluido' && new Date(row.expira_em) > now;
  return {
    id: row.id,
    lista: row.lista,
    status: row.status,
    linhas: Number(row.linhas),
    total: Number(row.total),
    percentual: row.status === 'concluido' ? 100 : percentualDe(Number(row.linhas), Number(row.total)),
    arquivo: pronta ? `/api/exportacoes/${row.id}/arquivo` : null,
    criadaEm: iso(row.created_at),
    expiraEm: iso(row.expira_em),
    erro: row.erro,
  };
}

const COLUMNS = sql`id, usuario_id, lista, filtros, status, linhas, total, erro, nome_arquivo, created_at, expira_em`;

export async function insertExportacao(
  db: Executor,
  values: {
    usuarioId: string;
    lista: string;
    filtros: Record<string, unknown>;
    nomeArquivo: string;
    now: Date;
    expiraEm: Date;
  },
): Promise<ExportacaoRow> {
  const [row] = await executeRows<ExportacaoRow>(
    db,
    sql`insert into ${exportacoes} (usuario_id, lista, filtros, nome_arquivo, created_at, updated_at,
        expira_em)
      values (${values.usuarioId}::uuid, ${values.lista}, ${JSON.stringify(values.filtros)}::jsonb,
        ${values.nomeArquivo}, ${values.now.toISOString()}::timestamptz, ${values.now.toISOString()}::timestamptz,
        ${values.expiraEm.toISOString()}::timestamptz)
      returning ${COLUMNS}`,
  );
  return row!;
}

/** The export, for its owner only: anyone else (another user, another network) gets nothing, as if it did not exist. */
export async function findExportacao(db: Executor, usuarioId: string, id: string): Promise<ExportacaoRow | undefined> {
  const [row] = await executeRows<ExportacaoRow>(
    db,
    sql`select ${COLUMNS} from ${exportacoes} where id = ${id}::uuid and usuario_id = ${usuarioId}::uuid`,
  );
  return row;
}

export async function findExportacaoById(db: Executor, id: string): Promise<ExportacaoRow | undefined> {
  const [row] = await executeRows<ExportacaoRow>(db, sql`select ${COLUMNS} from ${exportacoes} where id = ${id}::uuid`);
  return row;
}

/** Cancels a pending or running export of its owner and drops what was written; false when it had ended. */
export async function cancelExportacao(db: Executor, usuarioId: string, id: string, now: Date): Promise<boolean> {
  const rows = await executeRows<{ id: string }>(
    db,
    sql`update ${exportacoes} set status = 'cancelado', updated_at = ${now.toISOString()}::timestamptz
      where id = ${id}::uuid and usuario_id = ${usuarioId}::uuid and status in ('pendente', 'executando')
      returning id`,
  );
  if (rows.length === 0) return false;
  await db.execute(sql`delete from ${exportacaoPartes} where exportacao_id = ${id}::uuid`);
  return true;
}

/** A new run starts from nothing: the parts of a try cut short are dropped. */
export async function startRun(db: Executor, id: string, total: number, now: Date): Promise<boolean> {
  await db.execute(sql`delete from ${exportacaoPartes} where exportacao_id = ${id}::uuid`);
  const rows = await executeRows<{ id: string }>(
    db,
    sql`update ${exportacoes} set status = 'executando', linhas = 0, total = ${total},
        updated_at = ${now.toISOString()}::timestamptz
      where id = ${id}::uuid and status in ('pendente', 'executando') returning id`,
  );
  return rows.length > 0;
}

/** Writes one part and the rows done; false when the export was cancelled meanwhile (the run stops). */
export async function writeParte(
  db: Executor,
  id: string,
  n: number,
  conteudo: string,
  linhas: number,
  now: Date,
): Promise<boolean> {
  const rows = await executeRows<{ id: string }>(
    db,
    sql`update ${exportacoes} set linhas = ${linhas}, updated_at = ${now.toISOString()}::timestamptz
      where id = ${id}::uuid and status = 'executando' returning id`,
  );
  if (rows.length === 0) return false;
  await db.execute(sql`insert into ${exportacaoPartes} (exportacao_id, n, conteudo)
    values (${id}::uuid, ${n}, ${conteudo})`);
  return true;
}

/** Ends a run; false when it had ended already (a cancel meanwhile): nothing is changed then. */
export async function finishRun(
  db: Executor,
  id: string,
  status: 'concluido' | 'falhou',
  linhas: number,
  erro: string | null,
  now: Date,
): Promise<boolean> {
  const rows = await executeRows<{ id: string }>(
    db,
    sql`update ${exportacoes} set status = ${status}, erro = ${erro},
      linhas = case when ${status} = 'concluido' then ${linhas} else linhas end,
      total = case when ${status} = 'concluido' then ${linhas} else total end,
      concluido_em = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
    where id = ${id}::uuid and status = 'executando' returning id`,
  );
  if (status === 'falhou') await db.execute(sql`delete from ${exportacaoPartes} where exportacao_id = ${id}::uuid`);
  return rows.length > 0;
}

/** The byte-order mark the download starts with (`lib/csv`'s CSV_BOM), in bytes. */
const BOM_BYTES = 3;

/**
 * 'Minhas exportações' (issue 51, ADR 091): the owner's exports still within their 24 h, newest first, each with
 * its file's size once written. Only `usuario_id` selects them: no role or network reaches another user's.
 */
export async function listMinhasExportacoes(db: Executor, usuarioId: string, now: Date): Promise<MinhaExportacao[]> {
  const rows = await executeRows<ExportacaoRow & { concluido_em: Date | string | null; bytes: number | string | null }>(
    db,
    sql`select ${COLUMNS}, concluido_em,
        case when status = 'concluido' then (select coalesce(sum(octet_length(p.conteudo)), 0)
          from ${exportacaoPartes} p where p.exportacao_id = e.id) end as bytes
      from ${exportacoes} e
      where usuario_id = ${usuarioId}::uuid and expira_em > ${now.toISOString()}::timestamptz
      order by created_at desc, id desc limit 100`,
  );
  return rows.map((row) => ({
    ...toExportacao(row, now),
    nomeArquivo: row.nome_arquivo,
    tamanho: row.bytes === null ? null : Number(row.bytes) + BOM_BYTES,
    concluidaEm: row.concluido_em === null ? null : iso(row.concluido_em),
  }));
}

/** The file's parts in order, a few at a time (memory stays flat whatever the size). */
export async function* readPartes(db: Executor, id: string): AsyncGenerator<string> {
  let after = -1;
  for (;;) {
    const rows = await executeRows<{ n: number; conteudo: string }>(
      db,
      sql`select n, conteudo from ${exportacaoPartes}
        where exportacao_id = ${id}::uuid and n > ${after} order by n limit 8`,
    );
    for (const row of rows) yield row.conteudo;
    if (rows.length < 8) return;
    after = Number(rows[rows.length - 1]!.n);
  }
}
