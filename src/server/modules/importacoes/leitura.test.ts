import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { IMPORTACAO_MAX_LINHAS, IMPORTACAO_MESSAGES as M } from '../../../shared/schemas/importacao';
import { HttpError } from '../../lib/http-error';
import { analisarArquivo, assinaturaDe, dataIso, proporCampos } from './analise';
import { lerArquivo, lerCsv } from './leitura';

/** Reading imported files (issue 50): encodings, separators, quotes, XLSX, and every unreadable file as a 400. */

const utf8 = (text: string) => new TextEncoder().encode(text);
const comBom = (text: string) => new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(text)]);
/** Windows-1252 for the Latin-1 range (what Excel in Portuguese writes). */
const cp1252 = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0)));

async function recusa(promise: Promise<unknown> | (() => unknown)): Promise<HttpError> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  }
  throw new Error('not refused');
}

describe('CSV', () => {
  it('reads UTF-8 with its byte-order mark and ";"', () => {
    const lido = lerCsv(comBom('Nome do aluno;E-mail\r\nJoão Conceição;joao@x.com\r\n'));
    expect(lido).toMatchObject({ formato: 'csv', codificacao: 'utf-8', separador: ';' });
    expect(lido.colunas).toEqual(['Nome do aluno', 'E-mail']);
    expect(lido.linhas).toEqual([{ linha: 2, valores: ['João Conceição', 'joao@x.com'] }]);
  });

  it('reads Windows-1252 with "," and its accented names right', () => {
    const lido = lerCsv(cp1252('Aluno,Responsável\nJosé Araújo,Márcia Gonçalves\n'));
    expect(lido).toMatchObject({ codificacao: 'windows-1252', separador: ',' });
    expect(lido.colunas).toEqual(['Aluno', 'Responsável']);
    expect(lido.linhas[0]!.valores).toEqual(['José Araújo', 'Márcia Gonçalves']);
  });

  it('keeps separators, line breaks and doubled quotes inside quotes (RFC 4180)', () => {
    const lido = lerCsv(utf8('nome;endereco;obs\n"Silva; Filhos";"Rua A, 10\nBloco B";"disse ""oi"""\nAna;Rua B;x'));
    expect(lido.linhas).toEqual([
      { linha: 2, valores: ['Silva; Filhos', 'Rua A, 10\nBloco B', 'disse "oi"'] },
      { linha: 3, valores: ['Ana', 'Rua B', 'x'] },
    ]);
  });

  it('skips empty lines, keeping the others on their spreadsheet lines', () => {
    const lido = lerCsv(utf8('a;b\n\n1;2\n;\n3;4\n'));
    expect(lido.linhas.map((l) => l.linha)).toEqual([3, 5]);
  });

  it('detects the separator from the header line only', () => {
    expect(lerCsv(utf8('a,b\n"1;2;3",4')).separador).toBe(',');
    expect(lerCsv(utf8('"a,b";c\n1;2')).separador).toBe(';');
  });

  it('refuses a file without a header, an empty one, an unclosed quote, a binary one and too many rows', async () => {
    expect((await recusa(() => lerCsv(utf8('ana@x.com;11987654321\n')))).message).toBe(M.semCabecalho);
    expect((await recusa(() => lerCsv(utf8('\n\n')))).message).toBe(M.arquivoVazio);
    expect((await recusa(() => lerCsv(utf8('a;b\n')))).message).toBe(M.arquivoVazio);
    expect((await recusa(() => lerCsv(utf8('a;b\n"1;2\n')))).message).toBe(M.arquivoIlegivel);
    expect((await recusa(() => lerCsv(new Uint8Array([0x61, 0x00, 0x01, 0x02])))).message).toBe(M.arquivoIlegivel);
    const grande = `a\n${'x\n'.repeat(IMPORTACAO_MAX_LINHAS + 1)}`;
    const erro = await recusa(() => lerCsv(utf8(grande)));
    expect(erro.statusCode).toBe(400);
    expect(erro.message).toBe(M.muitasLinhas);
  });

  it('refuses other formats by name, and an .xlsx that is not one', async () => {
    expect((await recusa(lerArquivo(utf8('%PDF-1.4'), 'a.pdf'))).message).toBe(M.formatoInvalido);
    expect((await recusa(lerArquivo(utf8('a;b\n1;2'), 'a.xlsx'))).message).toBe(M.arquivoIlegivel);
    expect((await recusa(lerArquivo(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'a.xlsx'))).message).toBe(
      M.arquivoIlegivel,
    );
  });
});

describe('XLSX', () => {
  it("reads the first worksheet: dates as dd/mm/aaaa, numbers without '.0', formulas by their result", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Vendedores');
    workbook.addWorksheet('Outra').addRow(['não lida']);
    sheet.addRow(['Nome', 'CPF', 'Nascimento', 'Valor', 'Soma']);
    sheet.addRow(['Ana Souza', 52998224725, new Date(Date.UTC(1990, 4, 7)), 12.5, { formula: '1+1', result: 2 }]);
    sheet.addRow([]);
    sheet.addRow(['Bia', '12345678909', '07/05/1991', 3.0, null]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const lido = await lerArquivo(bytes, 'planilha.xlsx');
    expect(lido).toMatchObject({ formato: 'xlsx', codificacao: null, separador: null });
    expect(lido.colunas).toEqual(['Nome', 'CPF', 'Nascimento', 'Valor', 'Soma']);
    expect(lido.linhas).toEqual([
      { linha: 2, valores: ['Ana Souza', '52998224725', '07/05/1990', '12.5', '2'] },
      { linha: 4, valores: ['Bia', '12345678909', '07/05/1991', '3', ''] },
    ]);
  });
});

describe('mapping and rows', () => {
  it('matches columns by name, label or synonym without accents, case, spaces or punctuation', () => {
    const colunas = ['ALUNO', 'Nome do Responsável', 'e-mail', 'Celular', 'Observação'];
    expect(proporCampos('leads', colunas)).toEqual(['nomeAluno', 'nomeResponsavel', 'email', 'telefone', null]);
    expect(assinaturaDe(colunas)).toBe('aluno|nomedoresponsavel|email|celular|observacao');
  });

  it("reads dates as the form sends them and checks each row with the manual create's messages", () => {
    expect(dataIso('7/5/1990')).toBe('1990-05-07');
    const campos = ['nomeAluno', 'nomeResponsavel', 'email', 'telefone'];
    const [boa, ruim, repetida] = analisarArquivo('leads', campos, [
      { linha: 2, valores: ['Ana Lima', 'Rita Lima', 'ANA@X.COM', '(11) 98765-4321'] },
      { linha: 3, valores: ['Bruno', 'Carla', 'nao-email', '123'] },
      { linha: 4, valores: ['ana lima', 'Outra', 'ana@x.com', '11999999999'] },
    ]);
    expect(boa!.valores).toEqual({
      nomeAluno: 'Ana Lima',
      nomeResponsavel: 'Rita Lima',
      email: 'ana@x.com',
      telefone: '11987654321',
    });
    expect(ruim!.erros).toEqual(['Email inválido', 'Informe o telefone com DDD']);
    expect(repetida!.erros).toEqual([M.repetidoNoArquivo('Aluno', [2, 4])]);
  });
});
