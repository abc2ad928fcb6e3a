import { setImmediate } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { Role } from '../../../shared/roles';
import type { Actor } from '../../access/actor';
import type { Executor } from '../../db/connect';
import { daConta, enfileirar, enfileirarEmail, FalhaDefinitiva, type JobHandler } from '../../jobs';
import { type CsvValue, csvRow } from '../../lib/csv';
import { notFound } from '../../lib/http-error';
import {
  type Exportacao,
  EXPORTACAO_AVISO_EMAIL_MS,
  EXPORTACAO_MESSAGES,
  EXPORTACAO_VALIDADE_HORAS,
  exportacaoDiretaSchema,
  exportacaoEmFilaSchema,
  type NovaExportacao,
} from '../../../shared/schemas/exportacoes';
import { audit } from '../auditoria';
import { exportacaoProntaEmail } from './exportacoes.mail';
import {
  findExportacaoById,
  finishRun,
  insertExportacao,
  startRun,
  toExportacao,
  writeParte,
} from './exportacoes.repository';

/**
 * A list that can be exported as a job (issue 22, ADR 034). Its module registers it with the same filters, rows
 * and columns as its direct download, so the two files are the same file.
 */
export interface ListaExportavel {
  nome: string;
  /** The direct download's file name for these filters (the event, the day). */
  nomeArquivo: (db: Executor, actor: Actor, filtros: Record<string, unknown>, now: Date) => Promise<string>;
  /** The rows these filters give, counted up to `limite` + 1 when a limit is given (the direct-or-job choice). */
  contar: (db: Executor, actor: Actor, filtros: Record<string, unknown>, now: Date, limite?: number) => Promise<number>;
  cabecalho: (filtros: Record<string, unknown>, actor: Actor) => readonly string[];
  /** The CSV rows, a batch at a time, in the direct download's order. */
  lotes: (db: Executor, actor: Actor, filtros: Record<string, unknown>, now: Date) => AsyncIterable<CsvValue[][]>;
}

const listas = new Map<string, ListaExportavel>();

export function registrarLista(lista: ListaExportavel): void {
  listas.set(lista.nome, lista);
}

const HORA_MS = 60 * 60 * 1000;
const TENTATIVAS = 3;

interface ExportacaoPayload {
  exportacaoId: string;
  actor: Actor;
}

/**
 * `POST /api/<lista>/exportacoes`: up to EXPORTACAO_DIRETA_MAX rows the answer is the direct download's address
 * (`direta: true`); above it, the export is written with its job in one transaction and followed by its id.
 */
export async function criarExportacao(
  app: FastifyInstance,
  actor: Actor,
  nome: string,
  filtros: Record<string, unknown>,
  arquivoDireto: string,
): Promise<NovaExportacao> {
  const lista = listas.get(nome);
  if (!lista) throw notFound(EXPORTACAO_MESSAGES.naoEncontrada);
  const now = app.clock.now();
  const limite = app.config.exportacaoDiretaMax;
  if ((await lista.contar(app.db, actor, filtros, now, limite)) <= limite) {
    return { direta: true, arquivo: arquivoDireto };
  }
  return { direta: false, ...(await enfileirarExportacao(app, actor, lista, filtros)) };
}

/**
 * Writes an export with its job, in one transaction, whatever its size (audited as the actor's). The demo network's
 * 'Minhas exportações' is filled this way at start (ADR 091).
 */
export async function enfileirarExportacao(
  app: FastifyInstance,
  actor: Actor,
  lista: ListaExportavel | string,
  filtros: Record<string, unknown>,
): Promise<Exportacao> {
  const registrada = typeof lista === 'string' ? listas.get(lista) : lista;
  if (!registrada) throw notFound(EXPORTACAO_MESSAGES.naoEncontrada);
  const nome = registrada.nome;
  const now = app.clock.now();
  const nomeArquivo = await registrada.nomeArquivo(app.db, actor, filtros, now);
  const row = await app.db.transaction(async (tx) => {
    const created = await insertExportacao(tx, {
      usuarioId: actor.id,
      lista: nome,
      filtros,
      nomeArquivo,
      now,
      expiraEm: new Date(now.getTime() + EXPORTACAO_VALIDADE_HORAS * HORA_MS),
    });
    const payload: ExportacaoPayload = { exportacaoId: created.id, actor };
    await enfileirar(tx, { tipo: 'exportacao', payload, resumo: nome, maxTentativas: TENTATIVAS }, now);
    await audit(tx, {
      acao: 'exportacao.criar',
      entidadeId: created.id,
      detalhes: { lista: nome, filtros },
      ator: { id: actor.id, role: actor.role },
    });
    return created;
  });
  return toExportacao(row, now);
}

/** The path of 'Minhas exportações' on the client (roles.ts). */
export const MINHAS_EXPORTACOES_PATH = '/minhas-exportacoes';

/**
 * The run's end. An export that took longer than EXPORTACAO_AVISO_EMAIL_MS (from the click to its last part) is
 * also e-mailed to its owner as a link to 'Minhas exportações' (issue 51, ADR 091), in the same transaction as its
 * 'concluido': a cancel that won the race sends nothing.
 */
async function concluir(
  app: FastifyInstance,
  row: NonNullable<Awaited<ReturnType<typeof findExportacaoById>>>,
  actor: Actor,
  linhas: number,
  now: Date,
): Promise<void> {
  const demorou = now.getTime() - new Date(row.created_at).getTime() > EXPORTACAO_AVISO_EMAIL_MS;
  await app.db.transaction(async (tx) => {
    if (!(await finishRun(tx, row.id, 'concluido', linhas, null, now)) || !demorou) return;
    const mail = exportacaoProntaEmail({
      nome: actor.nome,
      nomeArquivo: row.nome_arquivo,
      linhas,
      expiraEm: new Date(row.expira_em).toISOString(),
      url: `${app.config.appUrl}${MINHAS_EXPORTACOES_PATH}`,
    });
    await enfileirarEmail(app, tx, { to: actor.email, ...mail }, daConta(actor.id));
  });
}

/** Parts are written every this many rows' batches, each with the rows done so far (the progress bar). */
const LOTES_POR_PARTE = 2;

/**
 * The export job: counts the rows, then writes the file in parts, updating `linhas` after each; a cancel seen
 * between parts stops it. A retried run starts again from nothing; after the last try the export 'falhou'.
 */
export const executarExportacao: JobHandler = async (job, { app, tentativa, renovar }) => {
  const { exportacaoId, actor } = job.payload as ExportacaoPayload;
  const row = await findExportacaoById(app.db, exportacaoId);
  if (!row || (row.status !== 'pendente' && row.status !== 'executando')) return;
  const lista = listas.get(row.lista);
  if (!lista) throw new FalhaDefinitiva(`Lista sem exportação: ${row.lista}`);
  const now = () => app.clock.now();
  // The rows are read from the replica once it has replayed every write made before the export was asked for
  // (issue 46); the export's own progress is written to the primary.
  const leitura = app.reads.pick(new Date(row.created_at).getTime());
  try {
    const total = await lista.contar(leitura, actor, row.filtros, now());
    if (!(await startRun(app.db, exportacaoId, total, now()))) return;
    let n = 0;
    let linhas = 0;
    // The byte-order mark goes out with the download (a stored text's first character may not survive the driver).
    let pendente: string[] = [csvRow(lista.cabecalho(row.filtros, actor))];
    let lotes = 0;
    for await (const batch of lista.lotes(leitura, actor, row.filtros, now())) {
      linhas += batch.length;
      pendente.push(batch.map(csvRow).join(''));
      lotes += 1;
      if (lotes % LOTES_POR_PARTE === 0) {
        if (!(await writeParte(app.db, exportacaoId, n++, pendente.join(''), linhas, now()))) return;
        pendente = [];
        await renovar();
      }
      // The embedded database answers in this thread: let the requests in between be served.
      await setImmediate();
    }
    if (pendente.length > 0 && !(await writeParte(app.db, exportacaoId, n++, pendente.join(''), linhas, now()))) {
      return;
    }
    await concluir(app, row, actor, linhas, now());
  } catch (error) {
    if (tentativa >= TENTATIVAS || error instanceof FalhaDefinitiva) {
      await finishRun(app.db, exportacaoId, 'falhou', 0, EXPORTACAO_MESSAGES.falhou, now());
    }
    throw error;
  }
};

/**
 * `POST <lista>/exportacoes` for a list module: the same query schema and roles as its direct download, whose
 * address (with the request's own query) is the short answer.
 */
export function rotaDeExportacao(
  app: FastifyInstance,
  options: {
    url: string;
    lista: string;
    arquivoDireto: string;
    querystring: ZodType;
    access: readonly Role[];
  },
): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    options.url,
    {
      schema: {
        querystring: options.querystring,
        // The direct download's address (200), or the export to follow (202).
        response: { 200: exportacaoDiretaSchema, 202: exportacaoEmFilaSchema },
      },
      config: { access: options.access },
    },
    async (request, reply) => {
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const nova = await criarExportacao(
        app,
        request.actor!,
        options.lista,
        request.query as Record<string, unknown>,
        `${options.arquivoDireto}${search}`,
      );
      return reply.code(nova.direta ? 200 : 202).send(nova);
    },
  );
}
