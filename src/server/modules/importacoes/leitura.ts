import ExcelJS from 'exceljs';
import { IMPORTACAO_MAX_LINHAS, IMPORTACAO_MESSAGES as M } from '../../../shared/schemas/importacao';
import { wellFormed } from '../../../shared/schemas/fields';
import { badRequest } from '../../lib/http-error';

/**
 * Reading an imported file (issue 50, ADR 106): a CSV (';' or ',' found in its header line; UTF-8 with or without
 * its byte-order mark, or Windows-1252 when its bytes are not UTF-8; RFC 4180 quotes) or an XLSX's first worksheet.
 * Every file it cannot read is a 400 with a message in Portuguese, never a 500.
 */

export interface LinhaLida {
  /** The row's number as a spreadsheet shows it (the header is 1 when it is the first line). */
  linha: number;
  /** One cell per column, as text, trimmed. */
  valores: string[];
}

export interface ArquivoLido {
  formato: 'csv' | 'xlsx';
  codificacao: 'utf-8' | 'windows-1252' | null;
  separador: ';' | ',' | null;
  colunas: string[];
  linhas: LinhaLida[];
}

const XLSX_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const UTF8_BOM = [0xef, 0xbb, 0xbf];

const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

/** No control character a text file holds (NUL and the like): a binary file given a .csv name. */
// eslint-disable-next-line no-control-regex
const BINARIO = /[\u0000-\u0008\u000e-\u001f]/;

/** The text of a CSV's bytes: UTF-8 (its BOM dropped) when they are valid UTF-8, otherwise Windows-1252. */
export function decodificar(bytes: Uint8Array): { texto: string; codificacao: 'utf-8' | 'windows-1252' } {
  if (startsWith(bytes, UTF8_BOM)) {
    return { texto: new TextDecoder('utf-8').decode(bytes.subarray(3)), codificacao: 'utf-8' };
  }
  try {
    return { texto: new TextDecoder('utf-8', { fatal: true }).decode(bytes), codificacao: 'utf-8' };
  } catch {
    return { texto: new TextDecoder('windows-1252').decode(bytes), codificacao: 'windows-1252' };
  }
}

/** The separator of the header line (up to its first line break outside quotes): the more frequent of ';' and ','. */
export function separadorDe(texto: string): ';' | ',' {
  let aspas = false;
  let pontoVirgula = 0;
  let virgula = 0;
  for (const c of texto) {
    if (c === '"') aspas = !aspas;
    else if (!aspas && (c === '\n' || c === '\r')) break;
    else if (!aspas && c === ';') pontoVirgula += 1;
    else if (!aspas && c === ',') virgula += 1;
  }
  return virgula > pontoVirgula ? ',' : ';';
}

/**
 * RFC 4180 records: fields between quotes may hold the separator, line breaks and doubled quotes; a record ends
 * at CRLF, LF or CR outside quotes. Answers every record, empty ones included (their numbers are the lines').
 *
 * A field is cut from the text in one piece (`slice`), never built a character at a time: a string grown by `+=`
 * per character keeps every intermediate string alive until it is flattened, about 20 times the field's size,
 * which for a 50,000-row file was the upload's largest share of the server's memory (issue 50).
 */
export function registrosCsv(texto: string, separador: string): string[][] {
  const registros: string[][] = [];
  let registro: string[] = [];
  /** The field's text before `inicio` (what its quoted parts gave). */
  let campo = '';
  /** Where the field's current unquoted run starts. */
  let inicio = 0;
  let i = 0;
  const n = texto.length;
  const sep = separador.charCodeAt(0);
  const fechar = (fim: number) => {
    registro.push(campo === '' ? texto.slice(inicio, fim) : campo + texto.slice(inicio, fim));
    campo = '';
  };
  while (i < n) {
    const c = texto.charCodeAt(i);
    if (c === ASPAS && (campo + texto.slice(inicio, i)).trim() === '') {
      // A quoted part: up to the quote that is not doubled, the doubled ones as one.
      campo = '';
      i += 1;
      for (;;) {
        const fecha = texto.indexOf('"', i);
        if (fecha === -1) throw badRequest(M.arquivoIlegivel);
        campo += texto.slice(i, fecha);
        if (texto.charCodeAt(fecha + 1) === ASPAS) {
          campo += '"';
          i = fecha + 2;
          continue;
        }
        i = fecha + 1;
        break;
      }
      inicio = i;
      continue;
    }
    if (c === sep) {
      fechar(i);
      i += 1;
      inicio = i;
      continue;
    }
    if (c === CR || c === LF) {
      fechar(i);
      registros.push(registro);
      registro = [];
      i += c === CR && texto.charCodeAt(i + 1) === LF ? 2 : 1;
      inicio = i;
      continue;
    }
    i += 1;
  }
  const resto = campo + texto.slice(inicio, n);
  if (resto !== '' || registro.length > 0) {
    registro.push(resto);
    registros.push(registro);
  }
  return registros;
}

const ASPAS = 0x22;
const CR = 0x0d;
const LF = 0x0a;

const vazia = (valores: readonly string[]) => valores.every((v) => v === '');

/** A header cell that is data: an e-mail, or a number (a CPF, a phone, a CNPJ) with no letter. */
const pareceDado = (celula: string) => celula.includes('@') || /^[\d\s.()/+-]{5,}$/.test(celula);

/**
 * The header and the rows of a file's records (`[line number, cells]`): the first non-empty record names the
 * columns; empty records are skipped; the cells are trimmed; a row longer than the header adds 'Coluna N'.
 */
function montar(
  formato: ArquivoLido['formato'],
  registros: Iterable<[number, string[]]>,
  meta: Pick<ArquivoLido, 'codificacao' | 'separador'>,
): ArquivoLido {
  let colunas: string[] | null = null;
  const linhas: LinhaLida[] = [];
  for (const [linha, brutos] of registros) {
    const valores = brutos.map((v) => wellFormed(v).trim());
    if (vazia(valores)) continue;
    if (colunas === null) {
      if (valores.some(pareceDado)) throw badRequest(M.semCabecalho);
      colunas = valores;
      continue;
    }
    if (linhas.length >= IMPORTACAO_MAX_LINHAS) throw badRequest(M.muitasLinhas);
    linhas.push({ linha, valores });
  }
  if (colunas === null) throw badRequest(M.arquivoVazio);
  if (linhas.length === 0) throw badRequest(M.arquivoVazio);
  const largura = Math.max(colunas.length, ...linhas.map((l) => l.valores.length));
  // Trailing columns with neither a name nor a value are dropped (a spreadsheet's stray separators).
  let usadas = largura;
  while (usadas > 0 && !colunas[usadas - 1] && linhas.every((l) => !l.valores[usadas - 1])) usadas -= 1;
  if (usadas === 0) throw badRequest(M.semCabecalho);
  const nomes = Array.from({ length: usadas }, (_, i) => colunas![i] || `Coluna ${i + 1}`);
  for (const l of linhas) l.valores = Array.from({ length: usadas }, (_, i) => l.valores[i] ?? '');
  return { formato, ...meta, colunas: nomes, linhas };
}

export function lerCsv(bytes: Uint8Array): ArquivoLido {
  const { texto, codificacao } = decodificar(bytes);
  if (BINARIO.test(texto)) throw badRequest(M.arquivoIlegivel);
  const separador = separadorDe(texto.replace(/^[\r\n]+/, ''));
  const registros = registrosCsv(texto, separador);
  return montar(
    'csv',
    registros.map((r, i): [number, string[]] => [i + 1, r]),
    { codificacao, separador },
  );
}

const doisDigitos = (n: number) => String(n).padStart(2, '0');

/** An XLSX cell as text: dates as dd/mm/aaaa, numbers without a trailing '.0', formulas by their result. */
export function textoDaCelula(valor: ExcelJS.CellValue): string {
  if (valor === null || valor === undefined) return '';
  if (valor instanceof Date) {
    if (Number.isNaN(valor.getTime())) return '';
    return `${doisDigitos(valor.getUTCDate())}/${doisDigitos(valor.getUTCMonth() + 1)}/${valor.getUTCFullYear()}`;
  }
  if (typeof valor === 'number') {
    return Number.isInteger(valor) ? BigInt(valor).toString() : String(valor);
  }
  if (typeof valor === 'string') return valor;
  if (typeof valor === 'boolean') return valor ? 'Sim' : 'Não';
  if (typeof valor === 'object') {
    if ('richText' in valor) return valor.richText.map((r) => r.text).join('');
    if ('formula' in valor || 'sharedFormula' in valor) {
      return textoDaCelula((valor as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    }
    if ('hyperlink' in valor) return textoDaCelula((valor as ExcelJS.CellHyperlinkValue).text);
    if ('error' in valor) return '';
  }
  return '';
}

export async function lerXlsx(bytes: Uint8Array): Promise<ArquivoLido> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch {
    throw badRequest(M.arquivoIlegivel);
  }
  const planilha = workbook.worksheets[0];
  if (!planilha) throw badRequest(M.arquivoVazio);
  const registros: [number, string[]][] = [];
  planilha.eachRow({ includeEmpty: false }, (row, numero) => {
    const valores: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, coluna) => {
      valores[coluna - 1] = textoDaCelula(cell.value);
    });
    registros.push([numero, Array.from(valores, (v) => v ?? '')]);
  });
  return montar('xlsx', registros, { codificacao: null, separador: null });
}

/**
 * A file by its bytes and name: XLSX when its bytes are a zip (or its name says .xlsx), CSV when its name says
 * .csv or .txt or it has none; anything else (an old .xls, a PDF) is refused.
 */
export async function lerArquivo(bytes: Uint8Array, nome: string): Promise<ArquivoLido> {
  const extensao = /\.([a-z0-9]{1,5})$/i.exec(nome)?.[1]?.toLowerCase();
  if (startsWith(bytes, XLSX_MAGIC)) return lerXlsx(bytes);
  if (extensao === 'xlsx') throw badRequest(M.arquivoIlegivel);
  if (extensao !== undefined && extensao !== 'csv' && extensao !== 'txt') throw badRequest(M.formatoInvalido);
  if (bytes.length === 0) throw badRequest(M.arquivoVazio);
  return lerCsv(bytes);
}
