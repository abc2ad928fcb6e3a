import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import {
  ANEXO_MAX_BYTES,
  ANEXO_TIPOS_POR_EXTENSAO,
  ANEXOS_MAX,
  nomeExecutavel,
  SAC_MESSAGES,
  type AnexoTipo,
  type AnexoTipoConferido,
  type SacAnexo,
} from '../../../shared/schemas/sac';
import { wellFormed } from '../../../shared/schemas/fields';
import { HttpError, MESSAGES } from '../../lib/http-error';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../db/private-files';

/**
 * The SAC's attachments on disk (issue 19, ADR 027): DATA_DIR/anexos, one file per attachment named by its row's
 * random id, never by what the client called it. A multipart message is streamed to disk part by part with a
 * size cut-off; its type comes from the first bytes when they prove one (PNG, JPEG, WebP, PDF), otherwise from a
 * short list of office and text extensions, otherwise it is `application/octet-stream` (issue 51, ADR 075): any
 * type is kept, but never a program, script or page, and never a file whose name claims a type its bytes are not.
 */

export const anexosDir = (dataDir: string) => join(dataDir, 'anexos');
export const anexoPath = (dataDir: string, id: string) => join(anexosDir(dataDir), id);

/** @fastify/multipart's limits for a message: its text, the internal flag, and up to five files. */
export const MULTIPART_LIMITS = {
  files: ANEXOS_MAX,
  fileSize: ANEXO_MAX_BYTES,
  fields: 4,
  fieldSize: 64 * 1024,
  parts: ANEXOS_MAX + 4,
  headerPairs: 100,
};

/** The type a file's first bytes show: PNG, JPEG, WebP or PDF; null for anything else. */
export function sniff(head: Buffer): AnexoTipoConferido | null {
  const starts = (bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

/**
 * The name shown and offered on download: the last path segment, with no control character and no invisible
 * formatting one -- a right-to-left override makes '😀\u202Egnp.exe' read 'exe.png' (issue 39) --, 200 at most.
 * `nomeComTipo` then gives it the extension of the type its bytes are.
 */
export function nomeDoAnexo(filename: string | undefined): string {
  const clean = basename(wellFormed(filename ?? '').replaceAll('\\', '/'))
    // Controls (C0, C1), formatting characters (bidirectional marks, overrides and isolates, zero-width ones) and
    // line or paragraph separators: nothing a name needs, all of them ways to make it read as another.
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}"]/gu, '')
    .trim()
    .slice(0, 200);
  return clean || 'anexo';
}

/** A Windows (MZ) or Linux (ELF) executable, or a Mach-O one, by its first bytes, whatever its name. */
export function executavel(head: Buffer): boolean {
  const starts = (bytes: number[]) => bytes.every((b, i) => head[i] === b);
  return (
    starts([0x4d, 0x5a]) ||
    starts([0x7f, 0x45, 0x4c, 0x46]) ||
    starts([0xcf, 0xfa, 0xed, 0xfe]) ||
    starts([0xce, 0xfa, 0xed, 0xfe]) ||
    starts([0xfe, 0xed, 0xfa, 0xcf]) ||
    starts([0xca, 0xfe, 0xba, 0xbe])
  );
}

/** The extensions a name may keep for each type; the first is the one given otherwise. */
const EXTENSOES: Record<AnexoTipoConferido, string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jfif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
};

/**
 * The name of a file of the type its bytes were checked to be (issue 39): an extension that says another type is
 * replaced ('relatorio.exe' of a PNG is 'relatorio.png'), a name without one gains it.
 */
export function nomeComTipo(nome: string, tipo: AnexoTipoConferido): string {
  const match = /^(.*?)(?:\.([A-Za-z0-9]{1,8}))?$/u.exec(nome)!;
  const [, stem = '', ext] = match;
  if (ext && EXTENSOES[tipo].includes(ext.toLowerCase())) return nome;
  const base = (ext ? stem : nome).replace(/[.\s]+$/u, '') || 'anexo';
  return `${base.slice(0, 200 - 6)}.${EXTENSOES[tipo][0]}`;
}

const extensao = (nome: string) => /\.([A-Za-z0-9]{1,8})$/u.exec(nome.replace(/[.\s]+$/u, ''))?.[1]?.toLowerCase();
const EXTENSOES_CONFERIDAS = new Set(Object.values(EXTENSOES).flat());

/**
 * The type of a file its bytes prove none of (issue 51): refused when its name says a program, script or page, or
 * a type its bytes would have shown (an HTML page named 'foto.png'); otherwise named by its extension when it is
 * an office or text one, else `application/octet-stream`.
 */
export function tipoSemConferencia(nome: string): AnexoTipo {
  if (nomeExecutavel(nome)) throw new HttpError(415, SAC_MESSAGES.anexoExecutavel);
  const ext = extensao(nome);
  if (ext && EXTENSOES_CONFERIDAS.has(ext)) throw new HttpError(415, SAC_MESSAGES.anexoTipo);
  if (ext && Object.hasOwn(ANEXO_TIPOS_POR_EXTENSAO, ext)) {
    return ANEXO_TIPOS_POR_EXTENSAO[ext as keyof typeof ANEXO_TIPOS_POR_EXTENSAO];
  }
  return 'application/octet-stream';
}

/** An attachment written to disk, not yet in the database. */
export interface Upload extends SacAnexo {
  path: string;
}

interface UploadState {
  files: Upload[];
  /** Set once the message's transaction committed: the files then belong to their rows. */
  kept: boolean;
}
const uploads = new WeakMap<FastifyRequest, UploadState>();

export const uploadsOf = (request: FastifyRequest): Upload[] => uploads.get(request)?.files ?? [];
export const keepUploads = (request: FastifyRequest) => {
  const state = uploads.get(request);
  if (state) state.kept = true;
};

/** Removes a request's files unless its message committed: every refusal leaves nothing behind. */
export async function discardUploads(request: FastifyRequest): Promise<void> {
  const state = uploads.get(request);
  if (!state || state.kept) return;
  uploads.delete(request);
  await Promise.all(state.files.map((f) => rm(f.path, { force: true })));
}

const multipartErrors: Record<string, HttpError> = {
  FST_FILES_LIMIT: new HttpError(413, SAC_MESSAGES.anexosDemais),
  FST_PARTS_LIMIT: new HttpError(413, SAC_MESSAGES.anexosDemais),
  FST_REQ_FILE_TOO_LARGE: new HttpError(413, SAC_MESSAGES.anexoGrande),
  FST_FIELDS_LIMIT: new HttpError(400, 'Dados inválidos.'),
  FST_PROTO_VIOLATION: new HttpError(400, 'Dados inválidos.'),
};

/**
 * A preValidation hook for a multipart message: writes each file to disk as it arrives, checks its size and its
 * bytes, and hands the text fields to the route's schema as a JSON body would. A refused file removes every file
 * of the request at once; any later refusal (validation, scope, status) removes them in onResponse.
 */
export async function readMultipartMessage(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const state: UploadState = { files: [], kept: false };
  uploads.set(request, state);
  const dir = anexosDir(request.server.config.dataDir);
  const fields: Record<string, string> = {};
  try {
    await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && (part.fieldname === 'texto' || part.fieldname === 'interna')) {
          fields[part.fieldname] = part.value;
        }
        continue;
      }
      const id = randomUUID();
      const path = join(dir, id);
      const upload: Upload = { id, nome: nomeDoAnexo(part.filename), tipo: 'image/png', tamanho: 0, path };
      state.files.push(upload);
      let head = Buffer.alloc(0);
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)]);
          upload.tamanho += chunk.length;
          done(null, chunk);
        },
      });
      await pipeline(part.file, counter, createWriteStream(path, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
      if (part.file.truncated) throw multipartErrors.FST_REQ_FILE_TOO_LARGE!;
      if (executavel(head)) throw new HttpError(415, SAC_MESSAGES.anexoExecutavel);
      const tipo = sniff(head);
      if (tipo) {
        upload.tipo = tipo;
        upload.nome = nomeComTipo(upload.nome, tipo);
      } else {
        upload.tipo = tipoSemConferencia(upload.nome);
      }
    }
  } catch (error) {
    await discardUploads(request);
    const code = (error as { code?: string }).code;
    if (code && multipartErrors[code]) throw multipartErrors[code];
    if (error instanceof HttpError) throw error;
    // A body that says multipart but is not (no boundary, cut short): the client's fault, said in Portuguese.
    throw new HttpError(400, MESSAGES.invalidInput);
  }
  request.body = {
    ...(fields.texto === undefined ? {} : { texto: fields.texto }),
    ...(fields.interna === undefined
      ? {}
      : { interna: fields.interna === 'true' ? true : fields.interna === 'false' ? false : fields.interna }),
  };
}
