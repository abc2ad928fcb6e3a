import type { z } from 'zod';
import { CLIENTE_DEFAULTS, clienteCreateSchema } from '../../../shared/schemas/cliente';
import { KIT_LABELS, KITS, PRODUTO_LABELS, PRODUTOS } from '../../../shared/enums';
import {
  type DuplicadosPolitica,
  IMPORTACAO_CAMPOS,
  IMPORTACAO_MESSAGES as M,
  type ImportacaoContagem,
  type ImportacaoTipo,
} from '../../../shared/schemas/importacao';
import { leadSchema } from '../../../shared/schemas/public';
import { vendedorCreateSchema } from '../../../shared/schemas/vendedor';
import { onlyDigits } from '../../../shared/format';
import { badRequest } from '../../lib/http-error';

/**
 * What an imported file's rows would become (issue 50, ADR 106), without the database: the columns matched to
 * fields, each row checked field by field with the shared schema of the manual create (clientes and vendedores as
 * invites: no password; leads by the public form's rules), and the rows that repeat an earlier row's key. The
 * service adds what the database holds (duplicates, keys taken) and decides each row under a policy.
 */

/** A header or a name without accents, case, spaces or punctuation ('E-mail do Responsável' -> 'emaildoresponsavel'). */
export function normalizar(texto: string): string {
  return texto
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** A student's name as the duplicate check compares it: without accents or case, its spaces collapsed. */
export function nomeChave(nome: string): string {
  return nome.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The header's shape whose mapping is remembered: its normalised names, in order. */
export const assinaturaDe = (colunas: readonly string[]) => colunas.map(normalizar).join('|');

/** The field each column gets by its name: a field's name, label or synonym, each field once (the first column). */
export function proporCampos(tipo: ImportacaoTipo, colunas: readonly string[]): (string | null)[] {
  const usados = new Set<string>();
  return colunas.map((coluna) => {
    const n = normalizar(coluna);
    const campo = IMPORTACAO_CAMPOS[tipo].find(
      (c) =>
        !usados.has(c.campo) &&
        (normalizar(c.campo) === n || normalizar(c.rotulo) === n || c.sinonimos.some((s) => normalizar(s) === n)),
    );
    if (!campo) return null;
    usados.add(campo.campo);
    return campo.campo;
  });
}

/** A mapping that fits the file: one entry per column, known fields of the tipo, none twice (400 otherwise). */
export function validarCampos(tipo: ImportacaoTipo, colunas: readonly string[], campos: readonly (string | null)[]) {
  if (campos.length !== colunas.length) throw badRequest(M.mapeamentoColunas, { campos: M.mapeamentoColunas });
  const conhecidos = new Map(IMPORTACAO_CAMPOS[tipo].map((c) => [c.campo, c]));
  const vistos = new Set<string>();
  for (const campo of campos) {
    if (campo === null) continue;
    const definicao = conhecidos.get(campo);
    if (!definicao) throw badRequest(M.mapeamentoInvalido, { campos: M.mapeamentoInvalido });
    if (vistos.has(campo)) {
      const mensagem = M.campoRepetido(definicao.rotulo);
      throw badRequest(mensagem, { campos: mensagem });
    }
    vistos.add(campo);
  }
}

/** A remembered mapping still fits when it has the file's width and names only known fields, none twice. */
export function camposValidos(tipo: ImportacaoTipo, colunas: readonly string[], campos: unknown): boolean {
  if (!Array.isArray(campos) || !campos.every((c) => c === null || typeof c === 'string')) return false;
  try {
    validarCampos(tipo, colunas, campos as (string | null)[]);
    return true;
  } catch {
    return false;
  }
}

/** The required fields without a column; empty when the mapping is complete. */
export function camposFaltando(tipo: ImportacaoTipo, campos: readonly (string | null)[]): string[] {
  return IMPORTACAO_CAMPOS[tipo].filter((c) => c.obrigatorio && !campos.includes(c.campo)).map((c) => c.rotulo);
}

type Forma = z.ZodObject<Record<string, z.ZodType>>;

/** Each tipo's schema of the manual create, whose fields check a row one by one. */
const FORMAS: Record<ImportacaoTipo, Forma> = {
  clientes: clienteCreateSchema as unknown as Forma,
  vendedores: vendedorCreateSchema as unknown as Forma,
  leads: leadSchema.pick({ nomeAluno: true, nomeResponsavel: true, email: true, telefone: true }) as unknown as Forma,
};

/** A choice typed as its label or its value ('Todos Pela Educação', 'todos_pela_educacao'); empty is the default. */
function opcao(valor: string, valores: readonly string[], rotulos: Record<string, string>, padrao: string): string {
  if (valor === '') return padrao;
  const n = normalizar(valor);
  return valores.find((v) => normalizar(v) === n || normalizar(rotulos[v]!) === n) ?? valor;
}

/** dd/mm/aaaa (or d/m/aa, with '/', '-' or '.') as aaaa-mm-dd; an ISO date stays; anything else as typed. */
export function dataIso(valor: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(valor)) return valor;
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(valor);
  if (!m) return valor;
  const ano = m[3]!.length === 2 ? `19${m[3]}` : m[3]!;
  return `${ano}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
}

/** The text a column gives a field, read as the form would send it (a label for a choice, a date as ISO). */
function entrada(tipo: ImportacaoTipo, campo: string, valor: string | undefined): unknown {
  if (tipo === 'clientes' && campo === 'produto') {
    return opcao(valor ?? '', PRODUTOS, PRODUTO_LABELS, CLIENTE_DEFAULTS.produto);
  }
  if (tipo === 'clientes' && campo === 'kit') return opcao(valor ?? '', KITS, KIT_LABELS, CLIENTE_DEFAULTS.kit);
  if (valor === undefined) return undefined;
  if (tipo === 'vendedores' && campo === 'dataNascimento') return valor === '' ? '' : dataIso(valor);
  return valor;
}

export interface LinhaAnalisada {
  linha: number;
  /** By field: the value as it will be stored (the schema's output), or as typed where the field has a problem. */
  valores: Record<string, string | null>;
  /** The checked values, when every field passed. */
  dados: Record<string, string> | null;
  /** Its problems, without the line ('CNPJ inválido'); a repeat names its lines. */
  erros: string[];
  /** Whether `erros` holds a repeat of an earlier row (whose message names the lines itself). */
  repetida: boolean;
}

/** One row checked field by field, each field with its own schema's first message. */
export function analisarLinha(
  tipo: ImportacaoTipo,
  campos: readonly (string | null)[],
  linha: number,
  celulas: readonly string[],
): LinhaAnalisada {
  const forma = FORMAS[tipo];
  const porCampo = new Map<string, string>();
  campos.forEach((campo, i) => {
    if (campo !== null) porCampo.set(campo, celulas[i] ?? '');
  });
  const valores: Record<string, string | null> = {};
  const dados: Record<string, string> = {};
  const erros: string[] = [];
  for (const { campo } of IMPORTACAO_CAMPOS[tipo]) {
    const bruto = porCampo.get(campo);
    const resultado = forma.shape[campo]!.safeParse(entrada(tipo, campo, bruto));
    if (resultado.success) {
      const valor = resultado.data as string | null | undefined;
      valores[campo] = valor ?? null;
      if (valor !== undefined && valor !== null) dados[campo] = valor;
    } else {
      valores[campo] = bruto === undefined || bruto === '' ? null : bruto;
      erros.push(resultado.error.issues[0]?.message ?? M.mapeamentoInvalido);
    }
  }
  return { linha, valores, dados: erros.length === 0 ? dados : null, erros, repetida: false };
}

/** The keys a row must not share with an earlier row of the file, each with the label its message names. */
export function chavesDoArquivo(tipo: ImportacaoTipo, dados: Record<string, string>): [string, string][] {
  switch (tipo) {
    case 'clientes':
      return [
        ['CNPJ', `cnpj:${dados.cnpj}`],
        ['E-mail', `email:${dados.email}`],
      ];
    case 'vendedores':
      return [
        ['E-mail', `email:${dados.email}`],
        ['CPF', `cpf:${dados.cpf}`],
      ];
    case 'leads': {
      const aluno = nomeChave(dados.nomeAluno!);
      return [
        ['Aluno', `email:${aluno}\n${dados.email}`],
        ['Aluno', `telefone:${aluno}\n${onlyDigits(dados.telefone)}`],
      ];
    }
  }
}

/**
 * The keys more than one valid row of the file holds, each with its lines in the file's order: what a repeat's
 * message names ('E-mail repetido nas linhas 12 e 80'). Built from the rows' keys alone, a page at a time and in
 * the file's order (`adicionar`), so the job and the preview never hold the file's analysed rows at once: while it
 * is built a key seen once is kept with its first line only, and once built (`fechar`) only the repeated keys stay.
 */
export class RepetidasDoArquivo {
  private primeiras: Map<string, number> | null = new Map();
  private readonly grupos = new Map<string, number[]>();

  constructor(private readonly tipo: ImportacaoTipo) {}

  /** A row of the file, after every row before it. */
  adicionar(linha: LinhaAnalisada): void {
    if (linha.dados === null || !this.primeiras) return;
    for (const [, chave] of chavesDoArquivo(this.tipo, linha.dados)) {
      const grupo = this.grupos.get(chave);
      if (grupo) {
        grupo.push(linha.linha);
        continue;
      }
      const primeira = this.primeiras.get(chave);
      if (primeira === undefined) {
        this.primeiras.set(chave, linha.linha);
      } else {
        this.primeiras.delete(chave);
        this.grupos.set(chave, [primeira, linha.linha]);
      }
    }
  }

  /** Every row added: the keys seen once are dropped. */
  fechar(): this {
    this.primeiras = null;
    return this;
  }

  /**
   * A row that repeats an earlier valid row's key becomes an error naming the lines of its key; the first row of
   * a key stays.
   */
  marcar(linha: LinhaAnalisada): void {
    if (linha.dados === null) return;
    for (const [rotulo, chave] of chavesDoArquivo(this.tipo, linha.dados)) {
      const grupo = this.grupos.get(chave);
      if (grupo && grupo[0] !== linha.linha) {
        marcarRepetida(linha, rotulo, grupo);
        let indice = this.indices.get(grupo);
        if (indice === undefined) {
          indice = this.marcados.push(grupo) - 1;
          this.indices.set(grupo, indice);
        }
        this.marcas.push([linha.linha, rotulo, indice]);
        break;
      }
    }
  }

  private readonly marcas: RepetidasGuardadas['marcas'] = [];
  private readonly marcados: number[][] = [];
  private readonly indices = new Map<number[], number>();

  /** The rows marked so far (every row, once the whole file was), as the job reads them back. */
  guardadas(): RepetidasGuardadas {
    return { grupos: this.marcados, marcas: this.marcas };
  }
}

function marcarRepetida(linha: LinhaAnalisada, rotulo: string, grupo: readonly number[]): void {
  linha.erros.push(M.repetidoNoArquivo(rotulo, grupo));
  linha.dados = null;
  linha.repetida = true;
}

/**
 * The file's repeats as the preview's analysis found them, kept with the import for its job (issue 50): line
 * numbers and labels only, none of the file's values. `grupos`: the lines of each repeated key a row was marked
 * by; `marcas`: each row that repeats an earlier one, as [its line, its key's label, its group's index].
 */
export interface RepetidasGuardadas {
  grupos: number[][];
  marcas: [number, string, number][];
}

/**
 * `RepetidasDoArquivo.marcar` from the repeats the analysis kept: the job marks the same rows without reading the
 * whole file once more first.
 */
export class RepetidasLidas {
  private readonly porLinha: Map<number, [string, number]>;

  constructor(private readonly guardadas: RepetidasGuardadas) {
    this.porLinha = new Map(guardadas.marcas.map(([linha, rotulo, grupo]) => [linha, [rotulo, grupo]]));
  }

  marcar(linha: LinhaAnalisada): void {
    if (linha.dados === null) return;
    const marca = this.porLinha.get(linha.linha);
    if (marca) marcarRepetida(linha, marca[0], this.guardadas.grupos[marca[1]]!);
  }
}

/** Rows that repeat an earlier valid row's key are errors (`RepetidasDoArquivo`), for rows all in hand. */
export function marcarRepetidas(tipo: ImportacaoTipo, linhas: LinhaAnalisada[]): void {
  const repetidas = new RepetidasDoArquivo(tipo);
  for (const l of linhas) repetidas.adicionar(l);
  repetidas.fechar();
  for (const l of linhas) repetidas.marcar(l);
}

/** Analyses every row of a file under a mapping (a file in hand; the service goes a page at a time). */
export function analisarArquivo(
  tipo: ImportacaoTipo,
  campos: readonly (string | null)[],
  linhas: readonly { linha: number; valores: readonly string[] }[],
): LinhaAnalisada[] {
  const analisadas = linhas.map((l) => analisarLinha(tipo, campos, l.linha, l.valores));
  marcarRepetidas(tipo, analisadas);
  return analisadas;
}

/** A row's problem as the lists show it: '<mensagem> na linha N', a repeat as its own message names the lines. */
export const mensagemDaLinha = (mensagem: string, linha: number) =>
  mensagem.includes(' repetido nas linhas ') ? mensagem : M.linha(mensagem, linha);

/**
 * What the database says of a valid row: the record with its key (`existente`: reachable by the caller, and the
 * fields an update would fill), and what keeps a new record out (`bloqueio`: a key the database holds unique).
 */
export interface Confronto {
  existente: { id: string; alcancavel: boolean; conflito: string; preencher: Record<string, string> } | null;
  bloqueio: string | null;
}

export type Acao = 'criar' | 'atualizar' | 'ignorar' | 'erro';

/** A valid row's fate under a policy. */
export function decidir(confronto: Confronto, politica: DuplicadosPolitica): { acao: Acao; erro: string | null } {
  const { existente, bloqueio } = confronto;
  if (existente) {
    if (politica === 'ignorar') return { acao: 'ignorar', erro: null };
    if (politica === 'atualizar') {
      if (!existente.alcancavel) return { acao: 'erro', erro: existente.conflito };
      return Object.keys(existente.preencher).length > 0
        ? { acao: 'atualizar', erro: null }
        : { acao: 'ignorar', erro: null };
    }
  }
  return bloqueio ? { acao: 'erro', erro: bloqueio } : { acao: 'criar', erro: null };
}

export const contagemVazia = (): ImportacaoContagem => ({ criar: 0, atualizar: 0, ignorar: 0, erros: 0 });

export function contar(contagem: ImportacaoContagem, acao: Acao): void {
  if (acao === 'erro') contagem.erros += 1;
  else contagem[acao] += 1;
}
