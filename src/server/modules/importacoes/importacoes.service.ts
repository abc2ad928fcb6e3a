import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import { setImmediate } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { can } from '../../../shared/permissions';
import {
  BASE_LEGAL_LABELS,
  type BaseLegal,
  type DuplicadosPolitica,
  IMPORTACAO_DESFAZER_DIAS,
  IMPORTACAO_CAMPOS,
  IMPORTACAO_ERROS_LISTADOS,
  IMPORTACAO_MESSAGES as M,
  IMPORTACAO_PREVIA_LINHAS,
  type Importacao,
  type ImportacaoConfirmar,
  type ImportacaoResumo,
  type ImportacaoTipo,
  type ImportacaoUploadFields,
} from '../../../shared/schemas/importacao';
import { USUARIO_MESSAGES } from '../../../shared/schemas/usuario';
import { wellFormed } from '../../../shared/schemas/fields';
import { onlyDigits } from '../../../shared/format';
import type { Actor } from '../../access/actor';
import type { Executor } from '../../db/connect';
import { enfileirar, FalhaDefinitiva, type JobHandler } from '../../jobs';
import { badRequest, conflict, forbidden, gone, notFound } from '../../lib/http-error';
import { unusablePasswordHash } from '../../lib/password';
import { audit } from '../auditoria';
import { sendInviteEmail } from '../auth';
import {
  type Acao,
  analisarLinha,
  assinaturaDe,
  camposFaltando,
  camposValidos,
  type Confronto,
  contagemVazia,
  contar,
  decidir,
  type LinhaAnalisada,
  mensagemDaLinha,
  nomeChave,
  proporCampos,
  RepetidasDoArquivo,
  RepetidasLidas,
  validarCampos,
} from './analise';
import {
  type AnaliseGuardada,
  atualizadosDaImportacao,
  avancarDesfazer,
  clientesPorCnpj,
  clientesRemoviveis,
  concluirImportacao,
  contarCriados,
  contarEscritas,
  contarResultado,
  criadosDepois,
  desfazerFalhou,
  emailsTomados,
  findEventoNoEscopo,
  findImportacao,
  findImportacaoById,
  findMapeamento,
  guardarAnalise,
  type ImportacaoRow,
  insertClienteImportado,
  insertContaImportada,
  insertImportacao,
  insertLeadsLote,
  insertLinhas,
  insertVendedorImportado,
  type LeadNovo,
  leadsDoEvento,
  type LinhaEscrita,
  listImportacoes,
  lockImportacao,
  lockImportacaoById,
  marcarDesfazendo,
  marcarDesfeita,
  marcarImportando,
  marcarLinhas,
  microDoVendedor,
  paginasDeLinhas,
  preencherVazios,
  readLinhas,
  removerContas,
  removerLeads,
  repetidasGuardadas,
  restaurarCampos,
  resumoDasLinhas,
  saveMapeamento,
  setProcessadas,
  updateCampos,
  vendedoresPorChave,
  vendedoresRemoviveis,
} from './importacoes.repository';
import { comPausa } from './compasso';
import { lerArquivo } from './leitura';

/**
 * Importação (issue 50, ADR 106): upload, mapping, preview, 'Importar' as a job, errors as CSV, undo. Every row goes
 * through the manual create's schema and scope rule; what the preview predicts is what the job does, and the counts
 * it reports are read from what it wrote.
 */

const DIA_MS = 24 * 60 * 60 * 1000;
const TENTATIVAS = 3;

/** Who may import each kind: leads every staff role (into an event of its scope); the others as the manual create. */
function assertPodeImportar(actor: Actor, tipo: ImportacaoTipo): void {
  if (tipo === 'clientes' && !can(actor.role, 'clientes.criar')) throw forbidden(M.semPermissaoTipo);
  if (tipo === 'vendedores' && !can(actor.role, 'vendedores.criar')) throw forbidden(M.semPermissaoTipo);
}

/** The file's name as shown: its last path segment, without control or formatting characters, 200 at most. */
function nomeDoArquivo(nome: string | undefined): string {
  const limpo = basename(wellFormed(nome ?? '').replaceAll('\\', '/'))
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}"]/gu, '')
    .trim()
    .slice(0, 200);
  return limpo || 'arquivo.csv';
}

export interface ArquivoEnviado {
  nome: string | undefined;
  bytes: Buffer;
}

/** POST /api/importacoes: reads the file, proposes the mapping (remembered or by name) and stores its rows. */
export async function criarImportacao(
  app: FastifyInstance,
  actor: Actor,
  campos: ImportacaoUploadFields,
  arquivo: ArquivoEnviado | null,
): Promise<Importacao> {
  assertPodeImportar(actor, campos.tipo);
  let eventoId: string | null = null;
  if (campos.tipo === 'leads') {
    if (!campos.eventoId) throw badRequest(M.eventoObrigatorio, { eventoId: M.eventoObrigatorio });
    const evento = await findEventoNoEscopo(app.db, actor, campos.eventoId);
    if (!evento) throw notFound(M.eventoNaoEncontrado);
    eventoId = evento.id;
  }
  if (!arquivo) throw badRequest(M.arquivoObrigatorio, { arquivo: M.arquivoObrigatorio });
  const nomeArquivo = nomeDoArquivo(arquivo.nome);
  const lido = await lerArquivo(arquivo.bytes, nomeArquivo);
  const assinatura = assinaturaDe(lido.colunas);
  const lembrado = await findMapeamento(app.db, actor, campos.tipo, assinatura);
  const mapeamento = camposValidos(campos.tipo, lido.colunas, lembrado)
    ? (lembrado as (string | null)[])
    : proporCampos(campos.tipo, lido.colunas);
  // The preview's analysis, kept with the import: GET reads it instead of analysing every row again.
  const analise = await analisarImportacao(
    app.db,
    actor,
    { tipo: campos.tipo, evento_id: eventoId, colunas: lido.colunas, campos: mapeamento },
    paginasEmMemoria(lido.linhas, paginaDe(app)),
  );
  const now = app.clock.now();
  const id = await app.db.transaction(async (tx) => {
    const novo = await insertImportacao(tx, actor, {
      tipo: campos.tipo,
      eventoId,
      nomeArquivo,
      formato: lido.formato,
      codificacao: lido.codificacao,
      separador: lido.separador,
      colunas: lido.colunas,
      campos: mapeamento,
      assinatura,
      linhasTotal: lido.linhas.length,
      analise,
      now,
    });
    await insertLinhas(tx, novo, lido.linhas);
    await audit(tx, {
      acao: 'importacao.criar',
      entidadeId: novo,
      detalhes: { tipo: campos.tipo, eventoId, arquivo: nomeArquivo, linhas: lido.linhas.length },
    });
    return novo;
  });
  return verImportacao(app, actor, id);
}

async function owned(db: Executor, actor: Actor, id: string): Promise<ImportacaoRow> {
  const row = await findImportacao(db, actor.id, id);
  if (!row) throw notFound(M.naoEncontrada);
  return row;
}

/** PUT /api/importacoes/:id/mapeamento: while the import waits for its confirmation. */
export async function definirMapeamento(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  campos: (string | null)[],
): Promise<Importacao> {
  const row = await owned(app.db, actor, id);
  if (row.status !== 'mapeamento') throw conflict(M.jaConfirmada);
  if (row.linhas_expurgadas_em) throw gone(M.linhasExpurgadas);
  validarCampos(row.tipo, row.colunas, campos);
  // What the preview shows under the new mapping, analysed once here and kept with it.
  const analise = await analisarImportacao(app.db, actor, { ...row, campos }, () =>
    paginasDeLinhas(app.db, row.id, paginaDe(app)),
  );
  if (!(await updateCampos(app.db, id, { campos, analise, now: app.clock.now() }))) throw conflict(M.jaConfirmada);
  return verImportacao(app, actor, id);
}

// --- What the database says of the rows -------------------------------------------------------------------------------

/** The import's placement for new records: as the manual create's (a vendedor's clientes carry it). */
interface Lugar {
  microFranquiaId: string | null;
  vendedorId: string | null;
}

async function lugarDe(db: Executor, actor: Actor): Promise<Lugar> {
  if (actor.role === 'micro_franquia' && actor.microFranquiaId) {
    return { microFranquiaId: actor.microFranquiaId, vendedorId: null };
  }
  if (actor.role === 'vendedor' && actor.vendedorId) {
    return { microFranquiaId: (await microDoVendedor(db, actor.vendedorId)) ?? null, vendedorId: actor.vendedorId };
  }
  return { microFranquiaId: null, vendedorId: null };
}

const vazio = (v: string | null | undefined) => v === null || v === undefined || v.trim() === '';

/** The file's values for the fields the existing record has empty. */
function aPreencher(
  campos: readonly string[],
  existente: Record<string, unknown>,
  dados: Record<string, string>,
): Record<string, string> {
  const preencher: Record<string, string> = {};
  for (const campo of campos) {
    if (vazio(existente[campo] as string | null | undefined) && !vazio(dados[campo])) preencher[campo] = dados[campo]!;
  }
  return preencher;
}

/** Each valid row's confrontation with the database, by line. */
async function confrontar(
  db: Executor,
  actor: Actor,
  row: Pick<ImportacaoRow, 'tipo' | 'evento_id'>,
  linhas: readonly LinhaAnalisada[],
): Promise<Map<number, Confronto>> {
  const validas = linhas.filter((l) => l.dados !== null);
  const resultado = new Map<number, Confronto>();
  if (validas.length === 0) return resultado;
  if (row.tipo === 'clientes') {
    const existentes = new Map(
      (await clientesPorCnpj(db, actor, [...new Set(validas.map((l) => l.dados!.cnpj!))])).map((c) => [c.cnpj, c]),
    );
    const tomados = await emailsTomados(db, [...new Set(validas.map((l) => l.dados!.email!))]);
    for (const l of validas) {
      const dados = l.dados!;
      const ex = existentes.get(dados.cnpj!);
      resultado.set(l.linha, {
        existente: ex
          ? {
              id: ex.id,
              alcancavel: ex.alcancavel,
              conflito: USUARIO_MESSAGES.cnpjTaken,
              preencher: aPreencher(['cep', 'cidade', 'estado', 'cpf', 'telefone', 'endereco'], { ...ex }, dados),
            }
          : null,
        bloqueio: ex ? USUARIO_MESSAGES.cnpjTaken : tomados.has(dados.email!) ? USUARIO_MESSAGES.emailTaken : null,
      });
    }
    return resultado;
  }
  if (row.tipo === 'vendedores') {
    const lugar = await lugarDe(db, actor);
    const encontrados = await vendedoresPorChave(
      db,
      [...new Set(validas.map((l) => l.dados!.email!))],
      [...new Set(validas.map((l) => l.dados!.cpf!))],
    );
    const porEmail = new Map(encontrados.map((v) => [v.email, v]));
    const porCpf = new Map<string, (typeof encontrados)[number]>();
    for (const v of encontrados) if (v.vendedor_id && v.cpf && !porCpf.has(v.cpf)) porCpf.set(v.cpf, v);
    for (const l of validas) {
      const dados = l.dados!;
      const doEmail = porEmail.get(dados.email!);
      const ex = doEmail ?? porCpf.get(dados.cpf!);
      const alcancavel = !!ex?.vendedor_id && ex.micro_franquia_id === lugar.microFranquiaId;
      resultado.set(l.linha, {
        existente: ex
          ? {
              id: ex.vendedor_id ?? ex.user_id,
              alcancavel,
              conflito: ex.vendedor_id ? M.vendedorDeOutraUnidade : USUARIO_MESSAGES.emailTaken,
              preencher: aPreencher(
                ['nome', 'cpf', 'dataNascimento', 'telefone', 'endereco'],
                { ...ex, dataNascimento: ex.data_nascimento },
                dados,
              ),
            }
          : null,
        bloqueio: doEmail ? USUARIO_MESSAGES.emailTaken : null,
      });
    }
    return resultado;
  }
  // Leads: the same student (its name without accents or case) with the same e-mail or the same phone's digits.
  const existentes = await leadsDoEvento(
    db,
    row.evento_id!,
    [...new Set(validas.map((l) => l.dados!.email!))],
    [...new Set(validas.map((l) => onlyDigits(l.dados!.telefone)))],
  );
  const porChave = new Map<string, string>();
  const unicos = new Set<string>();
  for (const lead of existentes) {
    const aluno = nomeChave(lead.nome_aluno);
    porChave.set(`e\n${aluno}\n${lead.email.toLowerCase()}`, lead.id);
    if (lead.telefone) porChave.set(`t\n${aluno}\n${onlyDigits(lead.telefone)}`, lead.id);
    unicos.add(`${lead.email.toLowerCase()}\n${lead.nome_aluno.toLowerCase()}`);
  }
  for (const l of validas) {
    const dados = l.dados!;
    const aluno = nomeChave(dados.nomeAluno!);
    const id =
      porChave.get(`e\n${aluno}\n${dados.email!}`) ?? porChave.get(`t\n${aluno}\n${onlyDigits(dados.telefone)}`);
    resultado.set(l.linha, {
      // A lead's fields are all filled (its phone is empty only once anonymised): an update has nothing to fill.
      existente: id ? { id, alcancavel: true, conflito: M.leadJaInscrito, preencher: {} } : null,
      bloqueio: unicos.has(`${dados.email!}\n${dados.nomeAluno!.toLowerCase()}`) ? M.leadJaInscrito : null,
    });
  }
  return resultado;
}

/** A row's problems whatever the policy: its fields, a repeat, or a key that keeps a new record out. */
function errosDaLinha(linha: LinhaAnalisada, confronto: Confronto | undefined): string[] {
  if (linha.dados === null) return linha.erros;
  if (confronto && !confronto.existente && confronto.bloqueio) return [confronto.bloqueio];
  return [];
}

function decisao(
  linha: LinhaAnalisada,
  confronto: Confronto | undefined,
  politica: DuplicadosPolitica,
): { acao: Acao; erro: string | null } {
  if (linha.dados === null || !confronto) return { acao: 'erro', erro: linha.erros[0] ?? M.mapeamentoInvalido };
  return decidir(confronto, politica);
}

// --- The view ---------------------------------------------------------------------------------------------------------

const isoOf = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function resumoDe(row: ImportacaoRow): ImportacaoResumo {
  const concluidaEm = isoOf(row.concluida_em);
  return {
    id: row.id,
    tipo: row.tipo,
    status: row.status,
    nomeArquivo: row.nome_arquivo,
    evento: row.evento_id ? { id: row.evento_id, nome: row.evento_nome ?? '' } : null,
    linhasTotal: Number(row.linhas_total),
    criadaEm: isoOf(row.created_at)!,
    concluidaEm,
    desfazerAte:
      row.status === 'concluida' && concluidaEm
        ? new Date(new Date(concluidaEm).getTime() + IMPORTACAO_DESFAZER_DIAS * DIA_MS).toISOString()
        : null,
    resultado: row.resultado,
  };
}

function progressoDe(row: ImportacaoRow): Importacao['progresso'] {
  if (row.status === 'desfazendo') {
    // The undo's: the created records gone through, of those created.
    const criados = row.resultado?.criar ?? 0;
    const feitos = Math.min(Number(row.processadas), criados);
    return {
      processadas: feitos,
      total: criados,
      percentual: criados <= 0 ? 0 : Math.floor((feitos * 100) / criados),
    };
  }
  const total = Number(row.linhas_total);
  const processadas = row.status === 'mapeamento' ? 0 : Number(row.processadas);
  const fim = row.status === 'concluida' || row.status === 'desfeita';
  return {
    processadas: fim ? total : processadas,
    total,
    percentual: fim ? 100 : total <= 0 ? 0 : Math.min(100, Math.floor((processadas * 100) / total)),
  };
}

/** A file's rows a page at a time, from the start each time it is called (the analysis reads them twice). */
type Paginas = () => AsyncIterable<readonly { linha: number; valores: readonly string[] }[]>;

/** The rows of a file in hand, a page at a time. */
const paginasEmMemoria = (linhas: readonly { linha: number; valores: readonly string[] }[], tamanho: number): Paginas =>
  async function* () {
    for (let i = 0; i < linhas.length; i += tamanho) yield linhas.slice(i, i + tamanho);
  };

/**
 * The repeated keys of a file (`RepetidasDoArquivo`), read a page at a time: every row checked, its keys kept
 * when it is valid, the page then let go.
 */
async function repetidasDe(
  tipo: ImportacaoTipo,
  campos: readonly (string | null)[],
  paginas: Paginas,
  porLinha?: (linha: { linha: number; valores: readonly string[] }) => void,
): Promise<RepetidasDoArquivo> {
  const repetidas = new RepetidasDoArquivo(tipo);
  for await (const pagina of paginas()) {
    for (const l of pagina) {
      repetidas.adicionar(analisarLinha(tipo, campos, l.linha, l.valores));
      porLinha?.(l);
    }
    // Let the requests in between be served.
    await setImmediate();
  }
  return repetidas.fechar();
}

/** What the preview shows of a file under its mapping, and what 'Importar' would do under each policy. */
type AnaliseResumo = Required<AnaliseGuardada>;

/**
 * The file analysed a page at a time (at most a page of analysed rows in memory): first the keys the rows
 * repeat, then each page checked, confronted with the database and counted.
 */
async function analisarImportacao(
  db: Executor,
  actor: Actor,
  row: Pick<ImportacaoRow, 'tipo' | 'evento_id' | 'colunas' | 'campos'>,
  paginas: Paginas,
): Promise<AnaliseResumo> {
  const { tipo, campos } = row;
  const exemplos = row.colunas.map(() => [] as string[]);
  const repetidas = await repetidasDe(tipo, campos, paginas, (l) => {
    exemplos.forEach((lista, i) => {
      const valor = l.valores[i] ?? '';
      if (valor !== '' && lista.length < 3) lista.push(valor);
    });
  });
  const previsao = { ignorar: contagemVazia(), atualizar: contagemVazia(), criar: contagemVazia() };
  const previa: Importacao['previa'] = [];
  const erros: Importacao['erros'] = [];
  let errosTotal = 0;
  let duplicadosTotal = 0;
  for await (const pagina of paginas()) {
    const analisadas = pagina.map((l) => {
      const analisada = analisarLinha(tipo, campos, l.linha, l.valores);
      repetidas.marcar(analisada);
      return analisada;
    });
    const confrontos =
      tipo === 'leads' && !row.evento_id ? new Map<number, Confronto>() : await confrontar(db, actor, row, analisadas);
    for (const l of analisadas) {
      const confronto = confrontos.get(l.linha);
      const problemas = errosDaLinha(l, confronto);
      if (problemas.length > 0) {
        errosTotal += 1;
        for (const mensagem of problemas) {
          if (erros.length < IMPORTACAO_ERROS_LISTADOS) {
            erros.push({ linha: l.linha, mensagem: mensagemDaLinha(mensagem, l.linha) });
          }
        }
      }
      if (confronto?.existente) duplicadosTotal += 1;
      for (const politica of ['ignorar', 'atualizar', 'criar'] as const) {
        contar(previsao[politica], decisao(l, confronto, politica).acao);
      }
      if (previa.length < IMPORTACAO_PREVIA_LINHAS) {
        previa.push({ linha: l.linha, valores: l.valores, erros: problemas, duplicado: !!confronto?.existente });
      }
    }
    await setImmediate();
  }
  // The rows it marked as repeats, for the job (every row was marked by now).
  return { exemplos, previa, erros, errosTotal, duplicadosTotal, previsao, repetidas: repetidas.guardadas() };
}

/** Rows a page of the file holds when it is read a page at a time (the job, the analysis). */
const paginaDe = (app: FastifyInstance) => app.config.importacao.paginaLinhas;

/** GET /api/importacoes/:id and every write's answer. */
export async function verImportacao(app: FastifyInstance, actor: Actor, id: string): Promise<Importacao> {
  const row = await owned(app.db, actor, id);
  const campos = row.campos;
  const base = {
    ...resumoDe(row),
    formato: row.formato,
    codificacao: row.codificacao,
    separador: row.separador,
    mapeamentoCompleto: camposFaltando(row.tipo, campos).length === 0,
    duplicados: row.duplicados,
    progresso: progressoDe(row),
    erro: row.erro,
    linhasDisponiveis: row.linhas_expurgadas_em === null,
    desfeita: desfeitaDe(row),
  };

  if (row.status !== 'mapeamento') {
    const linhas = await readLinhas(app.db, row.id, IMPORTACAO_PREVIA_LINHAS);
    // After the job, what it left (kept, as the rows go); while it runs, what its rows say so far.
    const resumo = row.status !== 'importando' && row.analise ? row.analise : await resumoDaImportacao(app.db, row.id);
    return {
      ...base,
      colunas: colunasDe(row, (i) => exemplosDe(linhas, i)),
      previa: linhas.map((l) => {
        const analisada = analisarLinha(row.tipo, campos, l.linha, l.valores);
        const erros = l.resultado === 'erro' && l.erro ? [l.erro] : analisada.erros;
        return {
          linha: l.linha,
          valores: analisada.valores,
          erros,
          duplicado: l.resultado === 'ignorado' || l.resultado === 'atualizado',
        };
      }),
      erros: resumo.erros,
      errosTotal: resumo.errosTotal,
      duplicadosTotal: resumo.duplicadosTotal,
      previsao: null,
    };
  }

  // The analysis kept at the upload or the last mapping (one kept before it was kept is made and kept now).
  let analise = row.analise;
  if (!analise) {
    analise = await analisarImportacao(app.db, actor, row, () => paginasDeLinhas(app.db, row.id, paginaDe(app)));
    await guardarAnalise(app.db, row.id, row.campos, analise);
  }
  return {
    ...base,
    colunas: colunasDe(row, (i) => analise.exemplos?.[i] ?? []),
    // A row's fields in the form's order, as analysed (jsonb keeps its keys in an order of its own).
    previa: (analise.previa ?? []).map((l) => ({
      ...l,
      valores: Object.fromEntries(IMPORTACAO_CAMPOS[row.tipo].map(({ campo }) => [campo, l.valores[campo] ?? null])),
    })),
    erros: analise.erros,
    errosTotal: analise.errosTotal,
    duplicadosTotal: analise.duplicadosTotal,
    previsao: analise.previsao ?? null,
  };
}

/** The problems and counts an import's rows hold after (or while) the job writes them. */
async function resumoDaImportacao(db: Executor, id: string): Promise<AnaliseGuardada> {
  const resumo = await resumoDasLinhas(db, id, IMPORTACAO_ERROS_LISTADOS);
  return {
    erros: resumo.erros.map((e) => ({ linha: e.linha, mensagem: mensagemDaLinha(e.erro, e.linha) })),
    errosTotal: resumo.errosTotal,
    duplicadosTotal: resumo.duplicadosTotal,
  };
}

/** The first non-empty values of a column among some rows. */
const exemplosDe = (linhas: readonly { valores: readonly string[] }[], i: number) =>
  linhas
    .map((l) => l.valores[i] ?? '')
    .filter((v) => v !== '')
    .slice(0, 3);

const colunasDe = (row: ImportacaoRow, exemplos: (i: number) => string[]): Importacao['colunas'] =>
  row.colunas.map((nome, i) => ({ nome, campo: row.campos[i] ?? null, exemplos: exemplos(i) }));

function desfeitaDe(row: ImportacaoRow): Importacao['desfeita'] {
  const resumo = row.desfazer_resumo;
  if (!resumo || !row.desfeita_em) return null;
  return {
    em: isoOf(row.desfeita_em)!,
    removidos: resumo.removidos,
    mantidos: resumo.mantidos,
    restaurados: resumo.restaurados,
  };
}

export async function listarImportacoes(app: FastifyInstance, actor: Actor): Promise<ImportacaoResumo[]> {
  return (await listImportacoes(app.db, actor.id)).map(resumoDe);
}

// --- 'Importar' -------------------------------------------------------------------------------------------------------

interface ImportacaoPayload {
  importacaoId: string;
  actor: Actor;
}

/** POST /api/importacoes/:id/confirmar: the job is written with the import's new state, in one transaction. */
export async function confirmarImportacao(
  app: FastifyInstance,
  actor: Actor,
  id: string,
  body: ImportacaoConfirmar,
): Promise<Importacao> {
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const row = await lockImportacao(tx, actor.id, id);
    if (!row) throw notFound(M.naoEncontrada);
    if (row.status !== 'mapeamento') throw conflict(M.jaConfirmada);
    // Never confirmed for 7 days: its rows are gone, there is nothing to import.
    if (row.linhas_expurgadas_em) throw gone(M.linhasExpurgadas);
    assertPodeImportar(actor, row.tipo);
    if (row.tipo === 'leads') {
      if (!body.baseLegal) throw badRequest(M.baseLegalObrigatoria, { baseLegal: M.baseLegalObrigatoria });
      if (!row.evento_id || !(await findEventoNoEscopo(tx, actor, row.evento_id))) {
        throw notFound(M.eventoNaoEncontrado);
      }
    }
    const faltando = camposFaltando(row.tipo, row.campos);
    if (faltando.length > 0) throw badRequest(M.naoConfirmavel, { campos: M.campoObrigatorio(faltando[0]!) });
    await marcarImportando(tx, id, {
      duplicados: body.duplicados,
      baseLegal: row.tipo === 'leads' ? (body.baseLegal ?? null) : null,
      enviarConvite: row.tipo !== 'leads' && body.enviarConvite === true,
      now,
    });
    const payload: ImportacaoPayload = { importacaoId: id, actor };
    await enfileirar(tx, { tipo: 'importacao', payload, resumo: row.tipo, maxTentativas: TENTATIVAS }, now);
    // The act is recorded with the request that made it, in its transaction: no row is imported without its record
    // (the job's batches commit one by one). What the job did is the import's own `resultado`.
    await audit(tx, {
      acao: 'importacao.confirmar',
      entidadeId: id,
      detalhes: {
        tipo: row.tipo,
        duplicados: body.duplicados,
        baseLegal: row.tipo === 'leads' ? (body.baseLegal ?? null) : null,
        linhas: row.linhas_total,
        campos: row.campos,
      },
    });
  });
  return verImportacao(app, actor, id);
}

/**
 * Rows per batch (one transaction each): leads go in one statement per batch, accounts one by one. Each batch is
 * followed by its pause (`comPausa`): small batches, so that a public sign-up waits on one only briefly.
 */
const LOTE = { leads: 250, clientes: 200, vendedores: 200 } as const;
/** Created records per batch of the undo (one transaction each). */
const LOTE_DESFAZER = { leads: 1_000, clientes: 200, vendedores: 200 } as const;

/** The consent an imported lead carries: the declared legal basis, who imported it and from which file. */
function textoDoConsentimento(row: ImportacaoRow, actor: Actor): string {
  const base = BASE_LEGAL_LABELS[(row.base_legal ?? 'consentimento') as BaseLegal];
  return `Importado por ${actor.nome ?? actor.email} do arquivo "${row.nome_arquivo}". Base legal declarada: ${base}.`;
}

/** Writes one batch of rows under the policy, in the caller's transaction; answers what each row became. */
async function escreverLote(
  app: FastifyInstance,
  tx: Executor,
  actor: Actor,
  row: ImportacaoRow,
  lugar: Lugar,
  lote: readonly LinhaAnalisada[],
  confrontos: Map<number, Confronto>,
): Promise<LinhaEscrita[]> {
  const politica = row.duplicados!;
  const escritas: LinhaEscrita[] = [];
  const escrita = (l: LinhaAnalisada, resultado: LinhaEscrita['resultado'], extra: Partial<LinhaEscrita> = {}) =>
    escritas.push({ linha: l.linha, resultado, erro: null, registroId: null, anteriores: null, ...extra });
  const novosLeads: { linha: LinhaAnalisada; lead: LeadNovo }[] = [];
  for (const l of lote) {
    const confronto = confrontos.get(l.linha);
    const { acao, erro } = decisao(l, confronto, politica);
    if (acao === 'erro') {
      escrita(l, 'erro', { erro });
      continue;
    }
    if (acao === 'ignorar') {
      escrita(l, 'ignorado', { registroId: confronto?.existente?.id ?? null });
      continue;
    }
    const dados = l.dados!;
    if (acao === 'atualizar') {
      const existente = confronto!.existente!;
      const anteriores = await preencherVazios(
        tx,
        row.tipo as 'clientes' | 'vendedores',
        existente.id,
        existente.preencher,
      );
      if (Object.keys(anteriores).length === 0) escrita(l, 'ignorado', { registroId: existente.id });
      else escrita(l, 'atualizado', { registroId: existente.id, anteriores });
      continue;
    }
    if (row.tipo === 'leads') {
      novosLeads.push({
        linha: l,
        lead: {
          id: randomUUID(),
          nomeAluno: dados.nomeAluno!,
          nomeResponsavel: dados.nomeResponsavel!,
          email: dados.email!,
          telefone: dados.telefone!,
        },
      });
      continue;
    }
    const papel = row.tipo === 'clientes' ? 'cliente' : 'vendedor';
    const nome = row.tipo === 'clientes' ? dados.nomeFantasia! : dados.nome!;
    // An account that cannot sign in until its invite is used: no password is hashed per row.
    const userId = await insertContaImportada(tx, {
      email: dados.email!,
      passwordHash: unusablePasswordHash(),
      role: papel,
      nome,
      cpf: dados.cpf!,
      dataNascimento: dados.dataNascimento ?? null,
      telefone: dados.telefone!,
      endereco: dados.endereco!,
      microFranquiaId: lugar.microFranquiaId!,
    });
    if (!userId) {
      escrita(l, 'erro', { erro: USUARIO_MESSAGES.emailTaken });
      continue;
    }
    let registroId: string | null;
    if (row.tipo === 'clientes') {
      registroId = await insertClienteImportado(tx, {
        userId,
        microFranquiaId: lugar.microFranquiaId!,
        vendedorId: lugar.vendedorId,
        nomeFantasia: dados.nomeFantasia!,
        cnpj: dados.cnpj!,
        repLegal: dados.repLegal!,
        produto: dados.produto!,
        kit: dados.kit!,
        cep: dados.cep!,
        cidade: dados.cidade!,
        estado: dados.estado!,
      });
      if (!registroId) {
        escrita(l, 'erro', { erro: USUARIO_MESSAGES.cnpjTaken });
        continue;
      }
    } else {
      registroId = await insertVendedorImportado(tx, userId, lugar.microFranquiaId!);
    }
    if (row.enviar_convite) await sendInviteEmail(app, tx, { id: userId, email: dados.email!, nome, role: papel });
    escrita(l, 'criado', { registroId });
  }
  if (novosLeads.length > 0) {
    const consentimento = { texto: textoDoConsentimento(row, actor), em: app.clock.now() };
    const inseridos = await insertLeadsLote(
      tx,
      row.evento_id!,
      novosLeads.map((n) => n.lead),
      consentimento,
    );
    for (const { linha, lead } of novosLeads) {
      if (inseridos.has(lead.id)) escrita(linha, 'criado', { registroId: lead.id });
      else escrita(linha, 'erro', { erro: M.leadJaInscrito });
    }
  }
  return escritas;
}

/**
 * The import's job: the rows not yet written, in batches (each one transaction, the progress after each), every row
 * checked again against the database as it is then; at the end the counts read from the rows and the mapping
 * remembered (the act itself was audited by the confirmation). A retried run goes on from the first row not written.
 */
export const executarImportacao: JobHandler = async (job, { app, tentativa, renovar }) => {
  const { importacaoId, actor } = job.payload as ImportacaoPayload;
  const row = await findImportacaoById(app.db, importacaoId);
  if (!row || row.status !== 'importando') return;
  const now = () => app.clock.now();
  try {
    const lugar = await lugarDe(app.db, actor);
    if (row.tipo !== 'leads' && !lugar.microFranquiaId) throw new FalhaDefinitiva('Importação sem micro-franquia');
    if (row.tipo === 'leads' && !(row.evento_id && (await findEventoNoEscopo(app.db, actor, row.evento_id)))) {
      throw new FalhaDefinitiva('Evento fora do escopo');
    }
    // The file's repeats as the preview's analysis kept them (else found again from the file's keys alone), then
    // its rows not yet written, a page at a time: at most a page of the file in memory, however long it is.
    const pagina = paginaDe(app);
    const guardadas = await repetidasGuardadas(app.db, row.id);
    const repetidas = guardadas
      ? new RepetidasLidas(guardadas)
      : await repetidasDe(row.tipo, row.campos, () => paginasDeLinhas(app.db, row.id, pagina));
    let processadas = await contarEscritas(app.db, row.id);
    const tamanho = LOTE[row.tipo];
    for await (const linhas of paginasDeLinhas(app.db, row.id, pagina, { pendentes: true })) {
      const pendentes = linhas.map((l) => {
        const analisada = analisarLinha(row.tipo, row.campos, l.linha, l.valores);
        repetidas.marcar(analisada);
        return analisada;
      });
      for (let i = 0; i < pendentes.length; i += tamanho) {
        const lote = pendentes.slice(i, i + tamanho);
        await comPausa(app.config.importacao.pausaFracao, async () => {
          await app.db.transaction(async (tx) => {
            const confrontos = await confrontar(tx, actor, row, lote);
            const escritas = await escreverLote(app, tx, actor, row, lugar, lote, confrontos);
            await marcarLinhas(tx, row.id, escritas);
            processadas += lote.length;
            await setProcessadas(tx, row.id, processadas, now());
          });
          await renovar();
        });
      }
    }
    await app.db.transaction(async (tx) => {
      const resultado = await contarResultado(tx, row.id);
      const analise = await resumoDaImportacao(tx, row.id);
      await concluirImportacao(tx, row.id, { status: 'concluida', resultado, analise, erro: null, now: now() });
      await saveMapeamento(tx, row.id, row.campos, now());
    });
  } catch (error) {
    if (tentativa >= TENTATIVAS || error instanceof FalhaDefinitiva) {
      await concluirImportacao(app.db, row.id, {
        status: 'falhou',
        resultado: await contarResultado(app.db, row.id),
        analise: await resumoDaImportacao(app.db, row.id),
        erro: M.falhou,
        now: now(),
      });
    }
    throw error;
  }
};

// --- erros.csv and 'Desfazer' -----------------------------------------------------------------------------------------

/** The import whose refused rows are downloaded: its owner's, once it ended (409 before). */
export async function importacaoComErros(app: FastifyInstance, actor: Actor, id: string): Promise<ImportacaoRow> {
  const row = await owned(app.db, actor, id);
  if (row.status === 'mapeamento' || row.status === 'importando') throw conflict(M.errosIndisponiveis);
  if (row.linhas_expurgadas_em) throw gone(M.linhasExpurgadas);
  return row;
}

/**
 * POST /api/importacoes/:id/desfazer, within IMPORTACAO_DESFAZER_DIAS of its end: the import turns 'desfazendo' and
 * the undo's job is written with it, in one transaction (202); `executarDesfazer` does the work.
 */
export async function desfazerImportacao(app: FastifyInstance, actor: Actor, id: string): Promise<Importacao> {
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const row = await lockImportacao(tx, actor.id, id);
    if (!row) throw notFound(M.naoEncontrada);
    if (row.status === 'desfazendo') throw conflict(M.desfazendo);
    if (row.status !== 'concluida' || !row.concluida_em) throw conflict(M.naoDesfazivel);
    // Past its 7 days (when its rows go too).
    if (
      now.getTime() > new Date(row.concluida_em).getTime() + IMPORTACAO_DESFAZER_DIAS * DIA_MS ||
      row.linhas_expurgadas_em
    ) {
      throw conflict(M.prazoDesfazer);
    }
    await marcarDesfazendo(tx, id, now);
    const payload: ImportacaoPayload = { importacaoId: id, actor };
    await enfileirar(tx, { tipo: 'importacao_desfazer', payload, resumo: row.tipo, maxTentativas: TENTATIVAS }, now);
    // The request's own record, with its id and address, committed with the job it queued (as the confirmation's):
    // what the job then removed, kept and restored is the import's `desfeita`.
    await audit(tx, {
      acao: 'importacao.desfazer',
      entidadeId: id,
      detalhes: { tipo: row.tipo, criados: Number(row.resultado?.criar ?? 0) },
    });
  });
  return verImportacao(app, actor, id);
}

/**
 * The undo's job: the records the import created, in batches (each one transaction, under the import's lock): those
 * still there that did not move on go (a login with its sessions), and the running totals -- records gone through
 * (`processadas`), records removed (`desfazer_resumo.removidos`) -- are written with them, so a retried run goes on
 * from the first batch not done and a record removed is never counted twice. At the end, in one transaction: the
 * fields it filled put back where they still hold what it wrote, the import 'desfeita' with its counts (the audit
 * row is the request's). A failure for good puts the import back to 'concluida' with `erro`: the undo may be tried again, and
 * what was removed stays removed (and counted).
 */
export const executarDesfazer: JobHandler = async (job, { app, tentativa, renovar }) => {
  const { importacaoId } = job.payload as ImportacaoPayload;
  const row = await findImportacaoById(app.db, importacaoId);
  if (!row || row.status !== 'desfazendo') return;
  const now = () => app.clock.now();
  const tipo = row.tipo;
  try {
    const tamanho = LOTE_DESFAZER[tipo];
    for (;;) {
      const passo = await comPausa(app.config.importacao.pausaFracao, () =>
        app.db.transaction(async (tx) => {
          const atual = await lockImportacaoById(tx, row.id);
          if (atual?.status !== 'desfazendo') return 'parou' as const;
          const inicio = Number(atual.processadas);
          // The batch after the last record gone through (kept with the count, so a retry goes on from there).
          const lote = await criadosDepois(tx, row.id, Number(atual.desfazer_resumo?.ate ?? 0), tamanho);
          if (lote.length === 0) return 'fim' as const;
          const ids = lote.map((c) => c.registro_id);
          const removidos =
            tipo === 'leads'
              ? await removerLeads(tx, ids)
              : await removerContasComoDer(
                  tx,
                  tipo,
                  tipo === 'clientes' ? await clientesRemoviveis(tx, ids) : await vendedoresRemoviveis(tx, ids),
                );
          await avancarDesfazer(tx, row.id, {
            processadas: inicio + lote.length,
            ate: lote[lote.length - 1]!.linha,
            removidos,
            now: now(),
          });
          return 'segue' as const;
        }),
      );
      if (passo === 'parou') return;
      if (passo === 'fim') break;
      await renovar();
    }
    await app.db.transaction(async (tx) => {
      const atual = await lockImportacaoById(tx, row.id);
      if (atual?.status !== 'desfazendo') return;
      let restaurados = 0;
      if (tipo !== 'leads') {
        // The updated records a page at a time.
        let depois = 0;
        for (;;) {
          const atualizados = await atualizadosDaImportacao(tx, row.id, depois, tamanho);
          for (const a of atualizados) {
            if (await restaurarCampos(tx, tipo, a.registro_id, a.anteriores)) restaurados += 1;
          }
          if (atualizados.length < tamanho) break;
          depois = atualizados[atualizados.length - 1]!.linha;
        }
      }
      const criados = await contarCriados(tx, row.id);
      const removidos = Number(atual.desfazer_resumo?.removidos ?? 0);
      const resumo = { removidos, mantidos: Math.max(0, criados - removidos), restaurados };
      await marcarDesfeita(tx, row.id, resumo, now());
    });
  } catch (error) {
    if (tentativa >= TENTATIVAS || error instanceof FalhaDefinitiva) {
      await desfazerFalhou(app.db, row.id, M.desfazerFalhou, now());
    }
    throw error;
  }
};

/**
 * Removes the accounts all at once; when something else came to point at one of them meanwhile (a ticket it
 * opened, a note it wrote), each is tried alone and the ones still pointed at stay. Answers how many went.
 */
async function removerContasComoDer(
  tx: Executor,
  tipo: 'clientes' | 'vendedores',
  contas: { id: string; user_id: string }[],
): Promise<number> {
  try {
    await tx.transaction((sp) => removerContas(sp, tipo, contas));
    return contas.length;
  } catch {
    let removidos = 0;
    for (const conta of contas) {
      try {
        await tx.transaction((sp) => removerContas(sp, tipo, [conta]));
        removidos += 1;
      } catch {
        // It moved on: it stays, counted as kept.
      }
    }
    return removidos;
  }
}
