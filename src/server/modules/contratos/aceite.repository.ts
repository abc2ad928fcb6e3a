import { type SQL, and, asc, eq, gte, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import { matriculasVisibleTo } from '../../access/scope';
import { type Executor, executeRows, fixedStatement } from '../../db/connect';
import { contratoEventos, contratos, matriculas, preMatriculas } from '../../db/schema';
import type { ContratoCongelado, ContratoEventoTipo } from '../../../shared/contrato/aceite';

/**
 * The family's acceptance of its contract (issue 42, third slice; ADR 066): the link, the code, the acceptance and
 * the withdrawal, and the contract's timeline. A public read finds a contract by its link's SHA-256 only; a staff
 * read passes the caller's scope on the matrícula (access/scope.ts).
 */

/** A contract with its matrícula and the responsável it is sent to: what the link's page and its actions read. */
const selection = {
  contrato: contratos,
  matriculaId: matriculas.id,
  status: matriculas.status,
  motivoCancelamento: matriculas.motivoCancelamento,
  email: matriculas.email,
  alunoNome: sql<string>`coalesce(${preMatriculas.nomeAluno}, ${matriculas.nome})`,
  responsavelNome: preMatriculas.nomeResponsavel,
  responsavelCpf: preMatriculas.cpfResponsavel,
  cursoTitulo: matriculas.cursoTitulo,
  anonimizadoEm: matriculas.anonimizadoEm,
  // The family's WhatsApp (issue 47): its phone, and the records its consent may be on.
  telefone: sql<string | null>`coalesce(${matriculas.telefone}, ${preMatriculas.telefone})`,
  preMatriculaId: matriculas.preMatriculaId,
  leadId: preMatriculas.leadId,
};

function contratoComMatricula(db: Executor) {
  return db
    .select(selection)
    .from(contratos)
    .innerJoin(matriculas, eq(matriculas.id, contratos.matriculaId))
    .leftJoin(preMatriculas, eq(preMatriculas.id, matriculas.preMatriculaId));
}

export type ContratoComMatricula = NonNullable<Awaited<ReturnType<typeof findContratoPorToken>>>;

/** The contract whose link's token hashes to `tokenHash`, while the link is valid; locked for a change when asked. */
export async function findContratoPorToken(db: Executor, tokenHash: string, now: Date, paraAlterar = false) {
  const query = contratoComMatricula(db)
    .where(
      and(
        eq(contratos.tokenHash, tokenHash),
        sql`${contratos.tokenExpiraEm} > ${now.toISOString()}::timestamptz`,
        isNull(matriculas.anonimizadoEm),
      ),
    )
    .limit(1);
  const [row] = await (paraAlterar ? query.for('update', { of: contratos }) : query);
  return row;
}

/** What the family's page of a contract shows (`toPublico`): the contract's own fields and its matrícula's state. */
export interface ContratoDaPagina {
  contrato: ContratoCongelado & { multaCancelamentoPct: number; aceitoEm: Date | null };
  status: (typeof matriculas.$inferSelect)['status'];
  motivoCancelamento: (typeof matriculas.$inferSelect)['motivoCancelamento'];
  email: string;
}

/**
 * The family's page of a contract (issue 42's bench), in one statement: the contract whose link's token hashes to
 * the first value, while the link is valid and its matrícula not anonymised -- only the columns the page shows --
 * and, on the link's first opening, its `token_aberto_em` and the timeline's 'aberto' written in the same statement
 * (one implicit transaction; an opening racing it finds `token_aberto_em` set and writes nothing). The select reads
 * the row as it was before the statement, which the page does not need past whether it was opened.
 */
const abrirPorToken = fixedStatement(
  2,
  ([tokenHash, agora]) => sql`with achado as (
      select c.id, c.titulo, c.versao, c.texto, c.valor_total::text as "valorTotal", c.parcelas,
        c.valor_parcela::text as "valorParcela", c.valor_ultima_parcela::text as "valorUltimaParcela",
        c.multa_cancelamento_pct as "multaCancelamentoPct", c.aceito_em::text as "aceitoEm",
        c.token_aberto_em is null as "naoAberto", m.status, m.motivo_cancelamento as "motivoCancelamento", m.email
      from ${contratos} c join ${matriculas} m on m.id = c.matricula_id
      where c.token_hash = ${tokenHash}::text and c.token_expira_em > ${agora}::timestamptz and m.anonimizado_em is null
      limit 1
    ), aberto as (
      update ${contratos} set token_aberto_em = ${agora}::timestamptz
      where id = (select id from achado where "naoAberto") and token_aberto_em is null
      returning id
    ), evento as (
      insert into ${contratoEventos} (contrato_id, tipo, em)
      select id, 'aberto'::contrato_evento_tipo, ${agora}::timestamptz from aberto
    )
    select * from achado`,
  'contrato_pagina_abrir',
);

/** A timestamptz as the driver hands it (text from node-postgres, as drizzle's own columns read it; PGlite too). */
const instante = (valor: string | Date | null): Date | null =>
  valor === null ? null : new Date(typeof valor === 'string' ? valor : valor.getTime());

/** The family's page of the contract behind a link (`abrirPorToken`): its first opening recorded on the way. */
export async function abrirContratoPorToken(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<ContratoDaPagina | undefined> {
  const [row] = await executeRows<{
    id: string;
    titulo: string;
    versao: number;
    texto: string;
    valorTotal: string;
    parcelas: number;
    valorParcela: string;
    valorUltimaParcela: string;
    multaCancelamentoPct: number;
    aceitoEm: string | Date | null;
    status: ContratoDaPagina['status'];
    motivoCancelamento: ContratoDaPagina['motivoCancelamento'];
    email: string;
  }>(db, abrirPorToken([tokenHash, now.toISOString()]));
  if (!row) return undefined;
  return {
    contrato: {
      id: row.id,
      titulo: row.titulo,
      versao: row.versao,
      texto: row.texto,
      valorTotal: Number(row.valorTotal),
      parcelas: row.parcelas,
      valorParcela: Number(row.valorParcela),
      valorUltimaParcela: Number(row.valorUltimaParcela),
      multaCancelamentoPct: row.multaCancelamentoPct,
      aceitoEm: instante(row.aceitoEm),
    },
    status: row.status,
    motivoCancelamento: row.motivoCancelamento,
    email: row.email,
  };
}

/** A contract by its id (right after Efetivar froze it, to send its link). */
export async function findContratoPorId(db: Executor, id: string) {
  const [row] = await contratoComMatricula(db).where(eq(contratos.id, id)).limit(1);
  return row;
}

/** The contract of a matrícula in the caller's scope (out of scope: none), locked for a change when asked. */
export async function findContratoNoEscopo(db: Executor, actor: Actor, matriculaId: string, paraAlterar = false) {
  const query = contratoComMatricula(db)
    .where(and(eq(contratos.matriculaId, matriculaId), matriculasVisibleTo(actor)))
    .limit(1);
  const [row] = await (paraAlterar ? query.for('update', { of: contratos }) : query);
  return row;
}

/** A new link: its token's hash and expiry; the previous link, its opening and any code stop counting. */
export async function setLink(db: Executor, contratoId: string, tokenHash: string, expiraEm: Date) {
  await db
    .update(contratos)
    .set({
      tokenHash,
      tokenExpiraEm: expiraEm,
      tokenAbertoEm: null,
      codigoHash: null,
      codigoExpiraEm: null,
      codigoTentativas: 0,
    })
    .where(eq(contratos.id, contratoId));
}

/** A new code: its hash and expiry, with no try spent. */
export async function setCodigo(db: Executor, contratoId: string, codigoHash: string, expiraEm: Date) {
  await db
    .update(contratos)
    .set({ codigoHash, codigoExpiraEm: expiraEm, codigoTentativas: 0 })
    .where(eq(contratos.id, contratoId));
}

/** A wrong try on the current code; at the last one allowed, the code is gone and a new one is needed. */
export async function registrarTentativa(db: Executor, contratoId: string, maxTentativas: number) {
  await db
    .update(contratos)
    .set({
      codigoTentativas: sql`${contratos.codigoTentativas} + 1`,
      codigoHash: sql`case when ${contratos.codigoTentativas} + 1 >= ${maxTentativas} then null else ${contratos.codigoHash} end`,
    })
    .where(and(eq(contratos.id, contratoId), isNotNull(contratos.codigoHash)));
}

/** The acceptance's record; the code is spent with it (`registrarAceiteEAtivar`). */
export interface RegistroDoAceite {
  aceitoEm: Date;
  aceiteIp: string | null;
  aceiteUserAgent: string | null;
  aceiteVersao: number;
  aceiteCanal: string;
  pdfSha256: string;
  tokenExpiraEm: Date;
  /** Issue 43: the day of the month the family chose for its parcelas. */
  diaVencimento: number;
}

/**
 * The acceptance's writes in one statement (issue 42's bench: one round trip where six took one each): the
 * acceptance's record (`registrarAceite`'s), the matrícula 'ativa' (`ativarMatricula`'s) only once the record was
 * written, and -- only once both were -- the timeline's 'aceito' and what `depois(ativou)` writes under `ativou`
 * (the billing plan's job, the audit row, the e-mail's job). Answers which of the two guarded updates happened;
 * the caller refuses (and so rolls back) unless both did.
 */
export async function registrarAceiteEAtivar(
  db: Executor,
  ids: { contratoId: string; matriculaId: string },
  values: RegistroDoAceite,
  now: Date,
  depois: (ativou: SQL) => SQL[],
): Promise<{ registrado: boolean; ativada: boolean }> {
  const aceite = db
    .update(contratos)
    .set({ ...values, codigoHash: null, codigoExpiraEm: null, codigoTentativas: 0 })
    .where(and(eq(contratos.id, ids.contratoId), isNull(contratos.aceitoEm)))
    .returning({ id: contratos.id });
  const ativa = db
    .update(matriculas)
    .set({ status: 'ativa' })
    .where(
      and(
        eq(matriculas.id, ids.matriculaId),
        eq(matriculas.status, 'aguardando_aceite'),
        sql`exists (select 1 from aceite)`,
      ),
    )
    .returning({ id: matriculas.id });
  const ativou = sql`exists (select 1 from ativa)`;
  const evento = sql`insert into ${contratoEventos} (contrato_id, tipo, em)
    select ${ids.contratoId}::uuid, 'aceito'::contrato_evento_tipo, ${now.toISOString()}::timestamptz from ativa`;
  const escritas = [evento, ...depois(ativou)].map((escrita, i) => sql`, ${sql.raw(`d${i}`)} as (${escrita})`);
  const [row] = await executeRows<{ registrado: boolean; ativada: boolean }>(
    db,
    sql`with aceite as (${aceite.getSQL()}), ativa as (${ativa.getSQL()})${sql.join(escritas, sql``)}
      select exists (select 1 from aceite) as registrado, ${ativou} as ativada`,
  );
  return { registrado: row?.registrado === true, ativada: row?.ativada === true };
}

/** The code is spent (a withdrawal used it). */
export async function gastarCodigo(db: Executor, contratoId: string) {
  await db
    .update(contratos)
    .set({ codigoHash: null, codigoExpiraEm: null, codigoTentativas: 0 })
    .where(eq(contratos.id, contratoId));
}

/** A withdrawal within 7 days: 'cancelada' as 'arrependimento', with no fee (only from 'ativa'). */
export async function cancelarPorArrependimento(db: Executor, matriculaId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(matriculas)
    .set({ status: 'cancelada', motivoCancelamento: 'arrependimento', canceladaEm: now, multaCancelamento: 0 })
    .where(and(eq(matriculas.id, matriculaId), eq(matriculas.status, 'ativa')))
    .returning({ id: matriculas.id });
  return rows.length > 0;
}

/** A matrícula cancelled because its link expired waits for acceptance again, with the new link staff send. */
export async function reabrirMatriculaExpirada(db: Executor, matriculaId: string): Promise<boolean> {
  const rows = await db
    .update(matriculas)
    .set({ status: 'aguardando_aceite', motivoCancelamento: null, canceladaEm: null, multaCancelamento: null })
    .where(
      and(
        eq(matriculas.id, matriculaId),
        eq(matriculas.status, 'cancelada'),
        eq(matriculas.motivoCancelamento, 'contrato_expirado'),
      ),
    )
    .returning({ id: matriculas.id });
  return rows.length > 0;
}

export async function insertEvento(db: Executor, contratoId: string, tipo: ContratoEventoTipo, em: Date) {
  await db.insert(contratoEventos).values({ contratoId, tipo, em });
}

/** A contract's timeline, oldest first. */
export async function listEventos(db: Executor, contratoId: string) {
  return db
    .select({ tipo: contratoEventos.tipo, em: contratoEventos.em })
    .from(contratoEventos)
    .where(eq(contratoEventos.contratoId, contratoId))
    .orderBy(asc(contratoEventos.em), asc(contratoEventos.id))
    .limit(200);
}

/** The accepted contracts whose code (12 characters of their id) is `codigo`: a range on the primary key. */
export async function findContratosVerificados(db: Executor, codigo: string) {
  const hex = codigo.toLowerCase();
  const prefix = `${hex.slice(0, 8)}-${hex.slice(8, 12)}`;
  return contratoComMatricula(db)
    .where(
      and(
        gte(contratos.id, `${prefix}-0000-0000-000000000000`),
        lte(contratos.id, `${prefix}-ffff-ffff-ffffffffffff`),
        isNotNull(contratos.aceitoEm),
      ),
    )
    .orderBy(asc(contratos.createdAt))
    .limit(5);
}

/** The network of a matrícula, as SQL that selects it: its e-mails' owner on 'Envios'. */
export const redeDaMatricula = (id: string): SQL =>
  sql`select franqueador_id from ${matriculas} where id = ${id}::uuid`;
