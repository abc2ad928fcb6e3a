import { sql } from 'drizzle-orm';
import type {
  DuplicadosPolitica,
  ImportacaoContagem,
  ImportacaoStatus,
  ImportacaoTipo,
} from '../../../shared/schemas/importacao';
import type { Actor } from '../../access/actor';
import { clientesVisibleTo, eventosVisibleTo, redeDoAtor } from '../../access/scope';
import { type Executor, executeRows } from '../../db/connect';
import type { RepetidasGuardadas } from './analise';
import {
  clientes,
  consentimentos,
  cursos,
  distribuicaoCidades,
  eventos,
  importacaoLinhas,
  importacaoMapeamentos,
  importacoes,
  leadHistorico,
  leads,
  matriculas,
  preMatriculas,
  sessions,
  users,
  vendedores,
  visitas,
} from '../../db/schema';

/** Imports (issue 50, ADR 106): the import, its rows, the remembered mappings, and what the job writes and undoes. */

export interface ImportacaoRow {
  id: string;
  usuario_id: string;
  tipo: ImportacaoTipo;
  evento_id: string | null;
  evento_nome: string | null;
  nome_arquivo: string;
  formato: 'csv' | 'xlsx';
  codificacao: 'utf-8' | 'windows-1252' | null;
  separador: ';' | ',' | null;
  colunas: string[];
  campos: (string | null)[];
  assinatura: string;
  linhas_total: number;
  status: ImportacaoStatus;
  duplicados: DuplicadosPolitica | null;
  base_legal: string | null;
  enviar_convite: boolean;
  processadas: number;
  resultado: ImportacaoContagem | null;
  erro: string | null;
  desfeita_em: Date | string | null;
  /** After the undo: its counts; while it runs, also the line of the last record gone through (`ate`). */
  desfazer_resumo: { removidos: number; mantidos: number; restaurados: number; ate?: number } | null;
  /** When the file's rows were deleted (LGPD); null while they are kept. */
  linhas_expurgadas_em: Date | string | null;
  created_at: Date | string;
  concluida_em: Date | string | null;
  /** Read by `findImportacao` only (the import's own page): what GET shows of its rows (`AnaliseGuardada`). */
  analise?: AnaliseGuardada | null;
}

/**
 * What GET shows of an import's rows without reading them (`importacoes.analise`). While it waits for
 * 'Importar': the preview's analysis of the whole file as of its upload or its last mapping -- the problems (the
 * first IMPORTACAO_ERROS_LISTADOS) and counts, what each policy would do, the first rows as they would be stored and
 * each column's first values. After the job: the problems and counts its rows were left with, which outlive them.
 * The rows' values (`previa`, `exemplos`) go with the rows (LGPD).
 */
export interface AnaliseGuardada {
  erros: { linha: number; mensagem: string }[];
  errosTotal: number;
  duplicadosTotal: number;
  previsao?: Record<DuplicadosPolitica, ImportacaoContagem>;
  previa?: { linha: number; valores: Record<string, string | null>; erros: string[]; duplicado: boolean }[];
  exemplos?: string[][];
  /** The file's repeats under the mapping analysed (line numbers only), for the job; kept past 'Importar'. */
  repetidas?: RepetidasGuardadas;
}

const COLUMNS = sql`i.id, i.usuario_id, i.tipo, i.evento_id, e.nome_escola as evento_nome, i.nome_arquivo, i.formato,
  i.codificacao, i.separador, i.colunas, i.campos, i.assinatura, i.linhas_total, i.status, i.duplicados,
  i.base_legal, i.enviar_convite, i.processadas, i.resultado, i.erro, i.desfeita_em, i.desfazer_resumo,
  i.linhas_expurgadas_em, i.created_at, i.concluida_em`;
const FROM = sql`from ${importacoes} i left join ${eventos} e on e.id = i.evento_id`;

const iso = (d: Date) => d.toISOString();
const json = (value: unknown) => JSON.stringify(value);

export async function insertImportacao(
  db: Executor,
  actor: Actor,
  values: {
    tipo: ImportacaoTipo;
    eventoId: string | null;
    nomeArquivo: string;
    formato: 'csv' | 'xlsx';
    codificacao: string | null;
    separador: string | null;
    colunas: string[];
    campos: (string | null)[];
    assinatura: string;
    linhasTotal: number;
    analise: AnaliseGuardada;
    now: Date;
  },
): Promise<string> {
  const [row] = await executeRows<{ id: string }>(
    db,
    sql`insert into ${importacoes} (franqueador_id, usuario_id, tipo, evento_id, nome_arquivo, formato, codificacao,
        separador, colunas, campos, assinatura, linhas_total, analise, created_at, updated_at)
      values (${redeDoAtor(actor)}, ${actor.id}::uuid, ${values.tipo}, ${values.eventoId}::uuid, ${values.nomeArquivo},
        ${values.formato}, ${values.codificacao}, ${values.separador}, ${json(values.colunas)}::jsonb,
        ${json(values.campos)}::jsonb, ${values.assinatura}, ${values.linhasTotal}, ${json(values.analise)}::jsonb,
        ${iso(values.now)}::timestamptz, ${iso(values.now)}::timestamptz)
      returning id`,
  );
  return row!.id;
}

const LOTE_LINHAS = 2_000;

/** The file's rows, a few thousand per statement (one array per column). */
export async function insertLinhas(
  db: Executor,
  importacaoId: string,
  linhas: readonly { linha: number; valores: readonly string[] }[],
): Promise<void> {
  for (let i = 0; i < linhas.length; i += LOTE_LINHAS) {
    const lote = linhas.slice(i, i + LOTE_LINHAS);
    await db.execute(sql`insert into ${importacaoLinhas} (importacao_id, linha, valores)
      select ${importacaoId}::uuid, l.linha, l.valores::jsonb
      from unnest(${sql.param(lote.map((l) => l.linha))}::int[], ${sql.param(lote.map((l) => json(l.valores)))}::text[])
        as l(linha, valores)`);
  }
}

/** The import, for the user who made it only: anyone else gets nothing, as if it did not exist. */
export async function findImportacao(db: Executor, usuarioId: string, id: string): Promise<ImportacaoRow | undefined> {
  const [row] = await executeRows<ImportacaoRow>(
    db,
    sql`select ${COLUMNS}, i.analise ${FROM} where i.id = ${id}::uuid and i.usuario_id = ${usuarioId}::uuid`,
  );
  return row;
}

export async function findImportacaoById(db: Executor, id: string): Promise<ImportacaoRow | undefined> {
  const [row] = await executeRows<ImportacaoRow>(db, sql`select ${COLUMNS} ${FROM} where i.id = ${id}::uuid`);
  return row;
}

/** Locks the import's row for a change of its state (confirm, undo). */
export async function lockImportacao(db: Executor, usuarioId: string, id: string): Promise<ImportacaoRow | undefined> {
  const [row] = await executeRows<ImportacaoRow>(
    db,
    sql`select ${COLUMNS} ${FROM} where i.id = ${id}::uuid and i.usuario_id = ${usuarioId}::uuid for update of i`,
  );
  return row;
}

/** Locks the import's row by its id alone (the undo's job, between its batches). */
export async function lockImportacaoById(db: Executor, id: string): Promise<ImportacaoRow | undefined> {
  const [row] = await executeRows<ImportacaoRow>(
    db,
    sql`select ${COLUMNS} ${FROM} where i.id = ${id}::uuid for update of i`,
  );
  return row;
}

export async function listImportacoes(db: Executor, usuarioId: string): Promise<ImportacaoRow[]> {
  return executeRows<ImportacaoRow>(
    db,
    sql`select ${COLUMNS} ${FROM} where i.usuario_id = ${usuarioId}::uuid order by i.created_at desc, i.id desc
      limit 200`,
  );
}

/**
 * A new mapping with the analysis made under it, while the import still waits for 'Importar' with its rows; false
 * when it no longer does (confirmed, or its rows deleted, meanwhile).
 */
export async function updateCampos(
  db: Executor,
  id: string,
  values: { campos: (string | null)[]; analise: AnaliseGuardada; now: Date },
): Promise<boolean> {
  const rows = await executeRows<{ id: string }>(
    db,
    sql`update ${importacoes} set campos = ${json(values.campos)}::jsonb, analise = ${json(values.analise)}::jsonb,
        updated_at = ${iso(values.now)}::timestamptz
      where id = ${id}::uuid and status = 'mapeamento' and linhas_expurgadas_em is null
      returning id`,
  );
  return rows.length > 0;
}

/**
 * The analysis of an import that had none kept (uploaded before it was kept), for the mapping it was made under;
 * nothing when the mapping or the status changed meanwhile.
 */
export async function guardarAnalise(
  db: Executor,
  id: string,
  campos: (string | null)[],
  analise: AnaliseGuardada,
): Promise<void> {
  await db.execute(sql`update ${importacoes} set analise = ${json(analise)}::jsonb
    where id = ${id}::uuid and status = 'mapeamento' and analise is null and campos = ${json(campos)}::jsonb
      and linhas_expurgadas_em is null`);
}

export interface LinhaRow {
  linha: number;
  valores: string[];
  resultado: 'criado' | 'atualizado' | 'ignorado' | 'erro' | null;
  erro: string | null;
}

/** The file's first rows in order (the preview's). */
export async function readLinhas(db: Executor, importacaoId: string, limite: number): Promise<LinhaRow[]> {
  return executeRows<LinhaRow>(
    db,
    sql`select linha, valores, resultado, erro from ${importacaoLinhas}
      where importacao_id = ${importacaoId}::uuid order by linha limit ${limite}`,
  );
}

/**
 * The file's rows in order, `tamanho` at a time (keyset on the line), so that a reader holds one page;
 * `pendentes`: only those the job has not written yet, read as it goes (a page after the rows it just wrote).
 */
export async function* paginasDeLinhas(
  db: Executor,
  importacaoId: string,
  tamanho: number,
  { pendentes = false }: { pendentes?: boolean } = {},
): AsyncGenerator<LinhaRow[]> {
  let depois = 0;
  for (;;) {
    const rows = await executeRows<LinhaRow>(
      db,
      sql`select linha, valores, resultado, erro from ${importacaoLinhas}
        where importacao_id = ${importacaoId}::uuid and linha > ${depois}
          ${pendentes ? sql`and resultado is null` : sql``}
        order by linha limit ${tamanho}`,
    );
    if (rows.length > 0) yield rows;
    if (rows.length < tamanho) return;
    depois = rows[rows.length - 1]!.linha;
  }
}

/** How many of the file's rows the job has written (a retried job goes on after them). */
export async function contarEscritas(db: Executor, importacaoId: string): Promise<number> {
  const [row] = await executeRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${importacaoLinhas}
      where importacao_id = ${importacaoId}::uuid and resultado is not null`,
  );
  return Number(row!.n);
}

/** The rows the job refused, a batch at a time (erros.csv). */
export async function* linhasComErro(db: Executor, importacaoId: string): AsyncGenerator<LinhaRow[]> {
  let depois = 0;
  for (;;) {
    const rows = await executeRows<LinhaRow>(
      db,
      sql`select linha, valores, resultado, erro from ${importacaoLinhas}
        where importacao_id = ${importacaoId}::uuid and resultado = 'erro' and linha > ${depois}
        order by linha limit 1000`,
    );
    if (rows.length > 0) yield rows;
    if (rows.length < 1000) return;
    depois = rows[rows.length - 1]!.linha;
  }
}

/** The first refused rows and how many, and how many were duplicates (skipped or updated), after the job. */
export async function resumoDasLinhas(db: Executor, importacaoId: string, limite: number) {
  const [totais] = await executeRows<{ erros: number; duplicados: number }>(
    db,
    sql`select count(*) filter (where resultado = 'erro')::int as erros,
        count(*) filter (where resultado in ('ignorado', 'atualizado'))::int as duplicados
      from ${importacaoLinhas} where importacao_id = ${importacaoId}::uuid`,
  );
  const erros = await executeRows<{ linha: number; erro: string }>(
    db,
    sql`select linha, erro from ${importacaoLinhas}
      where importacao_id = ${importacaoId}::uuid and resultado = 'erro' order by linha limit ${limite}`,
  );
  return { errosTotal: Number(totais!.erros), duplicadosTotal: Number(totais!.duplicados), erros };
}

// --- The remembered mappings ---------------------------------------------------------------------------------------

export async function findMapeamento(
  db: Executor,
  actor: Actor,
  tipo: ImportacaoTipo,
  assinatura: string,
): Promise<unknown> {
  const [row] = await executeRows<{ campos: unknown }>(
    db,
    sql`select campos from ${importacaoMapeamentos}
      where franqueador_id = ${redeDoAtor(actor)} and tipo = ${tipo} and assinatura = ${assinatura}`,
  );
  return row?.campos;
}

export async function saveMapeamento(
  db: Executor,
  importacaoId: string,
  campos: (string | null)[],
  now: Date,
): Promise<void> {
  await db.execute(sql`insert into ${importacaoMapeamentos} (franqueador_id, tipo, assinatura, campos, updated_at)
    select franqueador_id, tipo, assinatura, ${json(campos)}::jsonb, ${iso(now)}::timestamptz
    from ${importacoes} where id = ${importacaoId}::uuid
    on conflict (franqueador_id, tipo, assinatura)
      do update set campos = excluded.campos, updated_at = excluded.updated_at`);
}

// --- Scope ----------------------------------------------------------------------------------------------------------

/** An event of the caller's scope (404 otherwise, as every route does for an id out of it). */
export async function findEventoNoEscopo(
  db: Executor,
  actor: Actor,
  eventoId: string,
): Promise<{ id: string; nome: string; ativo: boolean } | undefined> {
  const [row] = await executeRows<{ id: string; nome: string; ativo: boolean }>(
    db,
    sql`select ${eventos.id} as id, ${eventos.nomeEscola} as nome,
        (${eventos.isActive} and ${eventos.status} <> 'cancelado') as ativo
      from ${eventos} where ${eventos.id} = ${eventoId}::uuid and ${eventosVisibleTo(actor)}`,
  );
  return row;
}

/** The micro-franquia a vendedor sells for. */
export async function microDoVendedor(db: Executor, vendedorId: string): Promise<string | undefined> {
  const [row] = await executeRows<{ micro: string }>(
    db,
    sql`select micro_franquia_id as micro from ${vendedores} where id = ${vendedorId}::uuid`,
  );
  return row?.micro;
}

// --- What the database holds of a file's keys -----------------------------------------------------------------------

/** E-mails some login already has (any role, any case). */
export async function emailsTomados(db: Executor, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await executeRows<{ email: string }>(
    db,
    sql`select lower(email) as email from ${users} where lower(email) = any(${sql.param(emails)}::text[])`,
  );
  return new Set(rows.map((r) => r.email));
}

export interface ClienteExistente {
  id: string;
  cnpj: string;
  alcancavel: boolean;
  cep: string | null;
  cidade: string | null;
  estado: string | null;
  cpf: string | null;
  telefone: string | null;
  endereco: string | null;
}

/** The clientes with these CNPJs (unique in the whole database), and whether the caller reaches each. */
export async function clientesPorCnpj(db: Executor, actor: Actor, cnpjs: string[]): Promise<ClienteExistente[]> {
  if (cnpjs.length === 0) return [];
  return executeRows<ClienteExistente>(
    db,
    sql`select ${clientes.id} as id, ${clientes.cnpj} as cnpj, coalesce(${clientesVisibleTo(actor)}, false) as alcancavel,
        ${clientes.cep} as cep, ${clientes.cidade} as cidade, ${clientes.estado} as estado, ${users.cpf} as cpf,
        ${users.telefone} as telefone, ${users.endereco} as endereco
      from ${clientes} join ${users} on ${users.id} = ${clientes.userId}
      where ${clientes.cnpj} = any(${sql.param(cnpjs)}::text[])`,
  );
}

export interface VendedorExistente {
  user_id: string;
  email: string;
  vendedor_id: string | null;
  micro_franquia_id: string | null;
  nome: string | null;
  cpf: string | null;
  data_nascimento: string | null;
  telefone: string | null;
  endereco: string | null;
}

/** The logins with these e-mails (any role), and the vendedores with these CPFs. */
export async function vendedoresPorChave(db: Executor, emails: string[], cpfs: string[]): Promise<VendedorExistente[]> {
  if (emails.length === 0 && cpfs.length === 0) return [];
  return executeRows<VendedorExistente>(
    db,
    sql`select u.id as user_id, lower(u.email) as email, v.id as vendedor_id, v.micro_franquia_id, u.nome, u.cpf,
        u.data_nascimento::text as data_nascimento, u.telefone, u.endereco
      from ${users} u left join ${vendedores} v on v.user_id = u.id
      where lower(u.email) = any(${sql.param(emails)}::text[])
        or (u.cpf = any(${sql.param(cpfs)}::text[]) and v.id is not null)`,
  );
}

export interface LeadExistente {
  id: string;
  nome_aluno: string;
  email: string;
  telefone: string | null;
}

/**
 * The event's leads with one of these e-mails or phones (the indexes on both), whose names the service then
 * compares without accents or case (`nomeChave`).
 */
export async function leadsDoEvento(
  db: Executor,
  eventoId: string,
  emails: string[],
  telefones: string[],
): Promise<LeadExistente[]> {
  if (emails.length === 0 && telefones.length === 0) return [];
  // Found by their e-mails and phones first (their indexes), the event's after: the event an import fills grows by
  // thousands of leads the planner's statistics do not know of yet, and a plan that read the event's leads to
  // filter them read all of them again at every batch (issue 50: 41,000 leads, 132 ms a batch, late in the job).
  return executeRows<LeadExistente>(
    db,
    sql`with candidatos as materialized (
        select id, evento_id, nome_aluno, email, telefone from ${leads}
        where lower(email) = any(${sql.param(emails)}::text[]) or telefone = any(${sql.param(telefones)}::text[])
      )
      select id, nome_aluno, email, telefone from candidatos where evento_id = ${eventoId}::uuid`,
  );
}

// --- The job's writes -----------------------------------------------------------------------------------------------

export interface LeadNovo {
  id: string;
  nomeAluno: string;
  nomeResponsavel: string;
  email: string;
  telefone: string;
}

/**
 * A batch of leads into the event (the scope columns, the counters and the distribution by the database's
 * triggers), each with its consent 'importado'; a lead the event already holds (its unique key) is left out.
 * Answers the ids written.
 */
export async function insertLeadsLote(
  db: Executor,
  eventoId: string,
  novos: readonly LeadNovo[],
  consentimento: { texto: string; em: Date },
): Promise<Set<string>> {
  if (novos.length === 0) return new Set();
  const col = <K extends keyof LeadNovo>(k: K) => sql.param(novos.map((n) => n[k]));
  const rows = await executeRows<{ id: string }>(
    db,
    sql`with i as (
        select * from unnest(${col('id')}::uuid[], ${col('nomeAluno')}::text[], ${col('nomeResponsavel')}::text[],
          ${col('email')}::text[], ${col('telefone')}::text[]) as i(id, nome_aluno, nome_responsavel, email, telefone)
      ), novo as (
        insert into ${leads} (id, evento_id, nome_aluno, nome_responsavel, email, telefone, consentido_em)
        select i.id, ${eventoId}::uuid, i.nome_aluno, i.nome_responsavel, i.email, i.telefone,
          ${iso(consentimento.em)}::timestamptz
        from i
        on conflict do nothing
        returning id
      ), consentido as (
        insert into ${consentimentos} (lead_id, aviso_versao, texto, em, finalidade)
        select novo.id, 'importado', ${consentimento.texto}, ${iso(consentimento.em)}::timestamptz, 'tratamento'
        from novo
      )
      select id from novo`,
  );
  return new Set(rows.map((r) => r.id));
}

/** A new login that cannot sign in until its invite is used; null when the e-mail is taken meanwhile. */
export async function insertContaImportada(
  db: Executor,
  values: {
    email: string;
    passwordHash: string;
    role: 'cliente' | 'vendedor';
    nome: string;
    cpf: string;
    dataNascimento: string | null;
    telefone: string;
    endereco: string;
    microFranquiaId: string;
  },
): Promise<string | null> {
  const [row] = await executeRows<{ id: string }>(
    db,
    sql`insert into ${users} (email, password, role, nome, cpf, data_nascimento, telefone, endereco, micro_franquia_id)
      values (${values.email}, ${values.passwordHash}, ${values.role}::user_role, ${values.nome}, ${values.cpf},
        ${values.dataNascimento}::date, ${values.telefone}, ${values.endereco}, ${values.microFranquiaId}::uuid)
      on conflict do nothing returning id`,
  );
  return row?.id ?? null;
}

/** A cliente under its micro-franquia (and vendedor), linked to its login; null when its CNPJ is taken meanwhile. */
export async function insertClienteImportado(
  db: Executor,
  values: {
    userId: string;
    microFranquiaId: string;
    vendedorId: string | null;
    nomeFantasia: string;
    cnpj: string;
    repLegal: string;
    produto: string;
    kit: string;
    cep: string;
    cidade: string;
    estado: string;
  },
): Promise<string | null> {
  const [row] = await executeRows<{ id: string }>(
    db,
    sql`insert into ${clientes} (micro_franquia_id, vendedor_id, user_id, nome_fantasia, cnpj, rep_legal, produto, kit,
        cep, cidade, estado)
      values (${values.microFranquiaId}::uuid, ${values.vendedorId}::uuid, ${values.userId}::uuid, ${values.nomeFantasia},
        ${values.cnpj}, ${values.repLegal}, ${values.produto}::produto, ${values.kit}::kit, ${values.cep},
        ${values.cidade}, ${values.estado})
      on conflict do nothing returning id`,
  );
  if (!row) {
    await db.execute(sql`delete from ${users} where id = ${values.userId}::uuid`);
    return null;
  }
  await db.execute(sql`update ${users} set cliente_id = ${row.id}::uuid where id = ${values.userId}::uuid`);
  return row.id;
}

export async function insertVendedorImportado(db: Executor, userId: string, microFranquiaId: string): Promise<string> {
  const [row] = await executeRows<{ id: string }>(
    db,
    sql`insert into ${vendedores} (micro_franquia_id, user_id) values (${microFranquiaId}::uuid, ${userId}::uuid)
      returning id`,
  );
  return row!.id;
}

/** The columns an import may fill on an existing record, by field: its table and column. */
const COLUNAS_PREENCHIVEIS: Record<string, { tabela: 'registro' | 'conta'; coluna: string; tipo?: string }> = {
  cep: { tabela: 'registro', coluna: 'cep' },
  cidade: { tabela: 'registro', coluna: 'cidade' },
  estado: { tabela: 'registro', coluna: 'estado' },
  nome: { tabela: 'conta', coluna: 'nome' },
  cpf: { tabela: 'conta', coluna: 'cpf' },
  dataNascimento: { tabela: 'conta', coluna: 'data_nascimento', tipo: 'date' },
  telefone: { tabela: 'conta', coluna: 'telefone' },
  endereco: { tabela: 'conta', coluna: 'endereco' },
};

/** The login behind a cliente or vendedor row. */
async function contaDe(db: Executor, tipo: 'clientes' | 'vendedores', id: string): Promise<string | undefined> {
  const tabela = tipo === 'clientes' ? clientes : vendedores;
  const [row] = await executeRows<{ user_id: string }>(
    db,
    sql`select user_id from ${tabela} where id = ${id}::uuid for update`,
  );
  return row?.user_id;
}

/**
 * Fills the record's fields that are still empty (read under a lock) with the file's values; answers, by field,
 * the value before and the one written -- what the undo restores.
 */
export async function preencherVazios(
  db: Executor,
  tipo: 'clientes' | 'vendedores',
  id: string,
  valores: Record<string, string>,
): Promise<Record<string, [string | null, string]>> {
  const userId = await contaDe(db, tipo, id);
  if (!userId) return {};
  const tabela = tipo === 'clientes' ? clientes : vendedores;
  const feitos: Record<string, [string | null, string]> = {};
  for (const [campo, valor] of Object.entries(valores)) {
    const destino = COLUNAS_PREENCHIVEIS[campo];
    if (!destino) continue;
    const coluna = sql.raw(destino.coluna);
    const cast = sql.raw(destino.tipo ? `::${destino.tipo}` : '');
    const alvo = destino.tabela === 'conta' ? sql`${users}` : sql`${tabela}`;
    const chave = destino.tabela === 'conta' ? userId : id;
    const rows = await executeRows<{ antes: string | null }>(
      db,
      sql`update ${alvo} set ${coluna} = ${valor}${cast}
        where id = ${chave}::uuid and (${coluna} is null or ${coluna}::text = '')
        returning null::text as antes`,
    );
    if (rows.length > 0) feitos[campo] = [null, valor];
  }
  return feitos;
}

/** Puts back the fields an update filled, each only while it still holds what the import wrote. */
export async function restaurarCampos(
  db: Executor,
  tipo: 'clientes' | 'vendedores',
  id: string,
  anteriores: Record<string, [string | null, string]>,
): Promise<boolean> {
  const userId = await contaDe(db, tipo, id);
  if (!userId) return false;
  const tabela = tipo === 'clientes' ? clientes : vendedores;
  let algum = false;
  for (const [campo, [antes, depois]] of Object.entries(anteriores)) {
    const destino = COLUNAS_PREENCHIVEIS[campo];
    if (!destino) continue;
    const coluna = sql.raw(destino.coluna);
    const cast = sql.raw(destino.tipo ? `::${destino.tipo}` : '');
    const alvo = destino.tabela === 'conta' ? sql`${users}` : sql`${tabela}`;
    const chave = destino.tabela === 'conta' ? userId : id;
    const rows = await executeRows<{ id: string }>(
      db,
      sql`update ${alvo} set ${coluna} = ${antes}${cast}
        where id = ${chave}::uuid and ${coluna}::text = ${depois} returning id`,
    );
    if (rows.length > 0) algum = true;
  }
  return algum;
}

export interface LinhaEscrita {
  linha: number;
  resultado: 'criado' | 'atualizado' | 'ignorado' | 'erro';
  erro: string | null;
  registroId: string | null;
  anteriores: Record<string, [string | null, string]> | null;
}

/** What the job did with a batch of rows, in one statement. */
export async function marcarLinhas(db: Executor, importacaoId: string, escritas: readonly LinhaEscrita[]) {
  if (escritas.length === 0) return;
  const col = <K extends keyof LinhaEscrita>(k: K, f: (v: LinhaEscrita[K]) => unknown = (v) => v) =>
    sql.param(escritas.map((e) => f(e[k])));
  await db.execute(sql`update ${importacaoLinhas} l set resultado = e.resultado, erro = e.erro,
      registro_id = e.registro_id, anteriores = e.anteriores::jsonb
    from unnest(${col('linha')}::int[], ${col('resultado')}::text[], ${col('erro')}::text[],
      ${col('registroId')}::uuid[], ${col('anteriores', (a) => (a ? json(a) : null))}::text[])
      as e(linha, resultado, erro, registro_id, anteriores)
    where l.importacao_id = ${importacaoId}::uuid and l.linha = e.linha`);
}

// --- The import's state ---------------------------------------------------------------------------------------------

export async function marcarImportando(
  db: Executor,
  id: string,
  values: { duplicados: DuplicadosPolitica; baseLegal: string | null; enviarConvite: boolean; now: Date },
): Promise<void> {
  // The preview's analysis is done with but for the file's repeats, which the job reads back (`repetidasGuardadas`):
  // the job's rows say what happened from now on.
  await db.execute(sql`update ${importacoes} set status = 'importando', duplicados = ${values.duplicados},
      base_legal = ${values.baseLegal}, enviar_convite = ${values.enviarConvite}, processadas = 0,
      analise = case when analise ? 'repetidas' then jsonb_build_object('repetidas', analise -> 'repetidas') end,
      updated_at = ${iso(values.now)}::timestamptz
    where id = ${id}::uuid`);
}

/** The file's repeats the preview's analysis kept for the job (none for an import analysed before they were kept). */
export async function repetidasGuardadas(db: Executor, id: string): Promise<RepetidasGuardadas | null> {
  const [row] = await executeRows<{ repetidas: RepetidasGuardadas | null }>(
    db,
    sql`select analise -> 'repetidas' as repetidas from ${importacoes} where id = ${id}::uuid`,
  );
  return row?.repetidas ?? null;
}

export async function setProcessadas(db: Executor, id: string, processadas: number, now: Date): Promise<void> {
  await db.execute(sql`update ${importacoes} set processadas = ${processadas}, updated_at = ${iso(now)}::timestamptz
    where id = ${id}::uuid`);
}

/** The counts of what the job did, read from its rows: they are the database's. */
export async function contarResultado(db: Executor, id: string): Promise<ImportacaoContagem> {
  const [row] = await executeRows<ImportacaoContagem>(
    db,
    sql`select count(*) filter (where resultado = 'criado')::int as criar,
        count(*) filter (where resultado = 'atualizado')::int as atualizar,
        count(*) filter (where resultado = 'ignorado')::int as ignorar,
        count(*) filter (where resultado = 'erro')::int as erros
      from ${importacaoLinhas} where importacao_id = ${id}::uuid`,
  );
  return {
    criar: Number(row!.criar),
    atualizar: Number(row!.atualizar),
    ignorar: Number(row!.ignorar),
    erros: Number(row!.erros),
  };
}

/** The job's end: its counts, and the problems and counts its rows were left with (`analise`). */
export async function concluirImportacao(
  db: Executor,
  id: string,
  values: {
    status: 'concluida' | 'falhou';
    resultado: ImportacaoContagem | null;
    analise: AnaliseGuardada;
    erro: string | null;
    now: Date;
  },
): Promise<void> {
  await db.execute(sql`update ${importacoes} set status = ${values.status},
      resultado = ${values.resultado ? json(values.resultado) : null}::jsonb, erro = ${values.erro},
      analise = ${json(values.analise)}::jsonb,
      concluida_em = ${iso(values.now)}::timestamptz, updated_at = ${iso(values.now)}::timestamptz
    where id = ${id}::uuid and status = 'importando'`);
}

/**
 * 'Desfazer' pressed: the undo's job goes through the created records from the first (`processadas` 0, after the
 * line `desfazer_resumo.ate` 0); the records a failed undo already removed stay counted
 * (`desfazer_resumo.removidos`), as they are no longer there to be found again.
 */
export async function marcarDesfazendo(db: Executor, id: string, now: Date): Promise<void> {
  await db.execute(sql`update ${importacoes} set status = 'desfazendo', processadas = 0, erro = null,
      desfazer_resumo = jsonb_build_object('removidos', coalesce((desfazer_resumo->>'removidos')::int, 0),
        'mantidos', 0, 'restaurados', 0, 'ate', 0),
      updated_at = ${iso(now)}::timestamptz
    where id = ${id}::uuid`);
}

/**
 * One batch of the undo done: the created records gone through so far, the line of the last one (where the next
 * batch starts), and those it removed added.
 */
export async function avancarDesfazer(
  db: Executor,
  id: string,
  values: { processadas: number; ate: number; removidos: number; now: Date },
): Promise<void> {
  await db.execute(sql`update ${importacoes} set processadas = ${values.processadas},
      desfazer_resumo = jsonb_set(jsonb_set(desfazer_resumo, '{removidos}',
        to_jsonb(coalesce((desfazer_resumo->>'removidos')::int, 0) + ${values.removidos}::int)),
        '{ate}', to_jsonb(${values.ate}::int)),
      updated_at = ${iso(values.now)}::timestamptz
    where id = ${id}::uuid and status = 'desfazendo'`);
}

/** The undo's job failed for good: concluded again, with why, the undo offered again within its window. */
export async function desfazerFalhou(db: Executor, id: string, erro: string, now: Date): Promise<void> {
  await db.execute(sql`update ${importacoes} set status = 'concluida', erro = ${erro},
      updated_at = ${iso(now)}::timestamptz
    where id = ${id}::uuid and status = 'desfazendo'`);
}

export async function marcarDesfeita(
  db: Executor,
  id: string,
  resumo: { removidos: number; mantidos: number; restaurados: number },
  now: Date,
): Promise<void> {
  await db.execute(sql`update ${importacoes} set status = 'desfeita', desfeita_em = ${iso(now)}::timestamptz,
      desfazer_resumo = ${json(resumo)}::jsonb, erro = null, updated_at = ${iso(now)}::timestamptz
    where id = ${id}::uuid and status = 'desfazendo'`);
}

// --- Undo -----------------------------------------------------------------------------------------------------------

/** The next `limite` records the import created after the line `depois`, in the file's order (the undo's batch). */
export async function criadosDepois(
  db: Executor,
  id: string,
  depois: number,
  limite: number,
): Promise<{ linha: number; registro_id: string }[]> {
  return executeRows<{ linha: number; registro_id: string }>(
    db,
    sql`select linha, registro_id from ${importacaoLinhas}
      where importacao_id = ${id}::uuid and resultado = 'criado' and registro_id is not null and linha > ${depois}
      order by linha limit ${limite}`,
  );
}

/** How many records the import created. */
export async function contarCriados(db: Executor, id: string): Promise<number> {
  const [row] = await executeRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${importacaoLinhas}
      where importacao_id = ${id}::uuid and resultado = 'criado' and registro_id is not null`,
  );
  return Number(row!.n);
}

/** The next `limite` records the import updated after the line `depois`, with the values before. */
export async function atualizadosDaImportacao(db: Executor, id: string, depois: number, limite: number) {
  return executeRows<{ linha: number; registro_id: string; anteriores: Record<string, [string | null, string]> }>(
    db,
    sql`select linha, registro_id, anteriores from ${importacaoLinhas}
      where importacao_id = ${id}::uuid and resultado = 'atualizado' and registro_id is not null and linha > ${depois}
      order by linha limit ${limite}`,
  );
}

/**
 * Removes the imported leads that have not moved on: still 'novo', no presence, no pré-matrícula or matrícula,
 * no history written by staff (the automatic assignment's has no author). Answers how many went.
 */
export async function removerLeads(db: Executor, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await executeRows<{ id: string }>(
    db,
    sql`delete from ${leads} l where l.id = any(${sql.param(ids)}::uuid[]) and l.status = 'novo'
        and l.presente_em is null
        and not exists (select 1 from ${preMatriculas} p where p.lead_id = l.id)
        and not exists (select 1 from ${matriculas} m where m.lead_id = l.id)
        and not exists (select 1 from ${leadHistorico} h where h.lead_id = l.id and h.autor_id is not null)
      returning l.id`,
  );
  return rows.length;
}

/** The imported clientes without events, courses or visits, with their logins. */
export async function clientesRemoviveis(db: Executor, ids: string[]): Promise<{ id: string; user_id: string }[]> {
  if (ids.length === 0) return [];
  return executeRows<{ id: string; user_id: string }>(
    db,
    sql`select c.id, c.user_id from ${clientes} c where c.id = any(${sql.param(ids)}::uuid[])
      and not exists (select 1 from ${eventos} e where e.cliente_id = c.id)
      and not exists (select 1 from ${cursos} k where k.cliente_id = c.id)
      and not exists (select 1 from ${visitas} v where v.cliente_id = c.id)`,
  );
}

/** The imported vendedores without clientes, leads, visits or cities of their own, with their logins. */
export async function vendedoresRemoviveis(db: Executor, ids: string[]): Promise<{ id: string; user_id: string }[]> {
  if (ids.length === 0) return [];
  return executeRows<{ id: string; user_id: string }>(
    db,
    sql`select v.id, v.user_id from ${vendedores} v where v.id = any(${sql.param(ids)}::uuid[])
      and not exists (select 1 from ${clientes} c where c.vendedor_id = v.id)
      and not exists (select 1 from ${leads} l where l.responsavel_id = v.id or l.link_vendedor_id = v.id)
      and not exists (select 1 from ${preMatriculas} p where p.link_vendedor_id = v.id)
      and not exists (select 1 from ${visitas} x where x.vendedor_id = v.id)
      and not exists (select 1 from ${distribuicaoCidades} d where d.vendedor_id = v.id)`,
  );
}

/** Removes cliente or vendedor rows with their logins and the logins' sessions. */
export async function removerContas(
  db: Executor,
  tipo: 'clientes' | 'vendedores',
  contas: readonly { id: string; user_id: string }[],
): Promise<void> {
  if (contas.length === 0) return;
  const ids = sql.param(contas.map((c) => c.id));
  const userIds = sql.param(contas.map((c) => c.user_id));
  await db.execute(sql`delete from ${sessions} where user_id = any(${userIds}::uuid[])`);
  if (tipo === 'clientes') {
    await db.execute(sql`update ${users} set cliente_id = null where id = any(${userIds}::uuid[])`);
    await db.execute(sql`delete from ${clientes} where id = any(${ids}::uuid[])`);
  } else {
    await db.execute(sql`delete from ${vendedores} where id = any(${ids}::uuid[])`);
  }
  await db.execute(sql`delete from ${users} where id = any(${userIds}::uuid[])`);
}

// --- The rows' retention (LGPD) ---------------------------------------------------------------------------------------

/**
 * Whether an import's rows are past their use at `limite` (now less IMPORTACAO_DESFAZER_DIAS): it ended (concluded,
 * its undo window closed; failed; undone) before it, or it was uploaded before it and never confirmed. An import
 * whose job runs keeps them.
 */
const passouDoUso = (limite: Date) => sql`(
  (i.status in ('concluida', 'falhou', 'desfeita') and i.concluida_em < ${iso(limite)}::timestamptz)
  or (i.status = 'mapeamento' and i.created_at < ${iso(limite)}::timestamptz))`;

/** The imports whose rows are still kept though past their use, oldest first. */
export async function importacoesAExpurgar(db: Executor, limite: Date, quantas: number): Promise<string[]> {
  const rows = await executeRows<{ id: string }>(
    db,
    sql`select i.id from ${importacoes} i where i.linhas_expurgadas_em is null and ${passouDoUso(limite)}
      order by i.created_at limit ${quantas}`,
  );
  return rows.map((r) => r.id);
}

/**
 * Deletes an import's rows and marks it (checked again under its row's lock: a confirmation or an undo that got
 * there first keeps them); the values the preview kept go with them, its problems and counts stay. Answers how
 * many rows went, or null when the import no longer qualifies.
 */
export async function expurgarLinhas(db: Executor, id: string, limite: Date, now: Date): Promise<number | null> {
  const marcada = await executeRows<{ id: string }>(
    db,
    sql`update ${importacoes} i set linhas_expurgadas_em = ${iso(now)}::timestamptz,
        analise = i.analise - 'previa' - 'exemplos' - 'repetidas'
      where i.id = ${id}::uuid and i.linhas_expurgadas_em is null and ${passouDoUso(limite)}
      returning i.id`,
  );
  if (marcada.length === 0) return null;
  const [apagadas] = await executeRows<{ n: number }>(
    db,
    sql`with apagadas as (delete from ${importacaoLinhas} where importacao_id = ${id}::uuid returning 1)
      select count(*)::int as n from apagadas`,
  );
  return Number(apagadas!.n);
}
