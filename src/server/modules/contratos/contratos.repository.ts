import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../access/actor';
import { contratoModelosVisibleTo } from '../../access/scope';
import { type Executor, executeRows } from '../../db/connect';
import type { DadosDoContrato } from '../../../shared/contrato/modelo';
import {
  clientes,
  contratoModelos,
  contratos,
  cursoModulos,
  eventos,
  franqueadores,
  franquias,
  matriculas,
  preMatriculas,
  users,
} from '../../db/schema';
import type { ModeloView } from '../../../shared/schemas/contrato';

/** Modelos de contrato (issue 42, ADR 064): every read passes the caller's scope (access/scope.ts). */

const publicador = sql<
  string | null
>`(select coalesce(${users.nome}, ${users.email}) from ${users} where ${users.id} = ${contratoModelos.publicadoPorId})`;
/**
 * The newest published version of the row's network. Written out whole: inside a selection drizzle names a column
 * without its table, which the subquery's own `contrato_modelos` would then answer.
 */
const vigente = sql<boolean>`(contrato_modelos.versao is not null and not exists (select 1 from ${contratoModelos} v
  where v.franqueador_id = contrato_modelos.franqueador_id and v.versao > contrato_modelos.versao))`;

const selection = {
  id: contratoModelos.id,
  franqueadorId: contratoModelos.franqueadorId,
  titulo: contratoModelos.titulo,
  texto: contratoModelos.texto,
  multaCancelamentoPct: contratoModelos.multaCancelamentoPct,
  versao: contratoModelos.versao,
  vigente,
  publicadoEm: contratoModelos.publicadoEm,
  publicadoPor: publicador,
  createdAt: contratoModelos.createdAt,
  updatedAt: contratoModelos.updatedAt,
};

type ModeloRow = {
  id: string;
  franqueadorId: string;
  titulo: string;
  texto: string;
  multaCancelamentoPct: number;
  versao: number | null;
  vigente: boolean;
  publicadoEm: Date | null;
  publicadoPor: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export function toModeloView(row: ModeloRow): ModeloView {
  return {
    id: row.id,
    titulo: row.titulo,
    texto: row.texto,
    multaCancelamentoPct: row.multaCancelamentoPct,
    status: row.versao === null ? 'rascunho' : 'publicado',
    versao: row.versao,
    vigente: Boolean(row.vigente),
    publicadoEm: row.publicadoEm ? iso(row.publicadoEm) : null,
    publicadoPor: row.publicadoPor,
    criadoEm: iso(row.createdAt),
    atualizadoEm: iso(row.updatedAt),
  };
}

/** The caller's templates: the draft first, then the versions, newest first. */
export async function listModelos(db: Executor, actor: Actor): Promise<ModeloView[]> {
  const rows = await db
    .select(selection)
    .from(contratoModelos)
    .where(contratoModelosVisibleTo(actor))
    .orderBy(sql`${contratoModelos.versao} desc nulls first`, desc(contratoModelos.createdAt))
    .limit(500);
  return rows.map(toModeloView);
}

/** One template in the caller's scope, locked for the change when `paraAlterar`. */
export async function findModelo(db: Executor, actor: Actor, id: string, paraAlterar = false) {
  const query = db
    .select(selection)
    .from(contratoModelos)
    .where(and(eq(contratoModelos.id, id), contratoModelosVisibleTo(actor)))
    .limit(1);
  const [row] = await (paraAlterar ? query.for('update', { of: contratoModelos }) : query);
  return row;
}

export async function insertRascunho(
  db: Executor,
  values: {
    franqueadorId: string;
    titulo: string;
    texto: string;
    multaCancelamentoPct: number;
    criadoPorId: string;
    now: Date;
  },
): Promise<string | null> {
  const [row] = await db
    .insert(contratoModelos)
    .values({
      franqueadorId: values.franqueadorId,
      titulo: values.titulo,
      texto: values.texto,
      multaCancelamentoPct: values.multaCancelamentoPct,
      criadoPorId: values.criadoPorId,
      createdAt: values.now,
      updatedAt: values.now,
    })
    // One draft per network (contrato_modelos_um_rascunho_key): a second answers nothing.
    .onConflictDoNothing()
    .returning({ id: contratoModelos.id });
  return row?.id ?? null;
}

/** Changes a draft; a published version (versao set) is never touched: false. */
export async function updateRascunho(
  db: Executor,
  id: string,
  values: { titulo?: string; texto?: string; multaCancelamentoPct?: number },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(contratoModelos)
    .set({ ...values, updatedAt: now })
    .where(and(eq(contratoModelos.id, id), isNull(contratoModelos.versao)))
    .returning({ id: contratoModelos.id });
  return rows.length > 0;
}

/**
 * Publishes a draft as its network's next version. The network's row is locked first, so two publications of one
 * network take their numbers one after the other; the draft is only published while it is one.
 */
export async function publicarRascunho(
  db: Executor,
  franqueadorId: string,
  id: string,
  publicadoPorId: string,
  now: Date,
): Promise<number | null> {
  await db
    .select({ id: franqueadores.id })
    .from(franqueadores)
    .where(eq(franqueadores.id, franqueadorId))
    .for('update');
  const [proxima] = await db
    .select({ versao: sql<number>`coalesce(max(${contratoModelos.versao}), 0)::int + 1` })
    .from(contratoModelos)
    .where(eq(contratoModelos.franqueadorId, franqueadorId));
  const versao = Number(proxima!.versao);
  const rows = await db
    .update(contratoModelos)
    .set({ versao, publicadoEm: now, publicadoPorId, updatedAt: now })
    .where(and(eq(contratoModelos.id, id), isNull(contratoModelos.versao)))
    .returning({ versao: contratoModelos.versao });
  return rows.length > 0 ? versao : null;
}

/** The network's current version (the newest published), or none: what Efetivar fills. */
export async function modeloVigente(db: Executor, franqueadorId: string) {
  const [row] = await db
    .select({
      id: contratoModelos.id,
      versao: contratoModelos.versao,
      titulo: contratoModelos.titulo,
      texto: contratoModelos.texto,
      multaCancelamentoPct: contratoModelos.multaCancelamentoPct,
    })
    .from(contratoModelos)
    .where(and(eq(contratoModelos.franqueadorId, franqueadorId), sql`${contratoModelos.versao} is not null`))
    .orderBy(desc(contratoModelos.versao))
    .limit(1);
  return row ? { ...row, versao: row.versao! } : undefined;
}

export async function insertContrato(db: Executor, values: typeof contratos.$inferInsert) {
  const [row] = await db.insert(contratos).values(values).returning();
  return row!;
}

/** A matrícula's contract; the caller has already found the matrícula in its scope. */
export async function findContratoDaMatricula(db: Executor, matriculaId: string) {
  const [row] = await db.select().from(contratos).where(eq(contratos.matriculaId, matriculaId)).limit(1);
  return row;
}

interface DadosRow {
  aluno_nome: string;
  responsavel_nome: string | null;
  responsavel_cpf: string | null;
  curso_titulo: string;
  curso_carga_horaria: number;
  modulos: { titulo: string; cargaHoraria: number }[] | null;
  valor: string;
  valor_com_desconto: string | null;
  valor_total: string;
  parcelas: number;
  valor_parcela: string;
  valor_ultima_parcela: string;
  escola_nome: string | null;
  evento_escola: string;
  evento_cidade: string;
  evento_estado: string;
  evento_data: string;
  franquia_razao_social: string | null;
  franquia_cnpj: string | null;
}

/** Everything a contract names, read from the matrícula (its snapshot), its pré-matrícula, event and tree. */
export async function findDadosDoContrato(
  db: Executor,
  matriculaId: string,
  hoje: string,
): Promise<DadosDoContrato | null> {
  const [row] = await executeRows<DadosRow>(
    db,
    sql`
    select coalesce(p.nome_aluno, m.nome) as aluno_nome, p.nome_responsavel as responsavel_nome,
      p.cpf_responsavel as responsavel_cpf, m.curso_titulo, m.curso_carga_horaria,
      (select json_agg(json_build_object('titulo', concat('Módulo ', cm.modulo, ': ', cm.titulo), 'cargaHoraria', cm.carga_horaria)
         order by cm.ordem, cm.created_at)
       from ${cursoModulos} cm where cm.curso_id = m.curso_id and cm.is_active) as modulos,
      m.valor, m.valor_com_desconto, m.valor_total, m.parcelas, m.valor_parcela, m.valor_ultima_parcela,
      c.nome_fantasia as escola_nome, e.nome_escola as evento_escola, e.cidade as evento_cidade,
      e.estado as evento_estado, e.data_evento::text as evento_data,
      f.razao_social as franquia_razao_social, f.cnpj as franquia_cnpj
    from ${matriculas} m
    join ${eventos} e on e.id = m.evento_id
    left join ${preMatriculas} p on p.id = m.pre_matricula_id
    left join ${clientes} c on c.id = e.cliente_id
    left join ${franquias} f on f.id = m.franquia_id
    where m.id = ${matriculaId}::uuid and m.curso_titulo is not null`,
  );
  if (!row) return null;
  return {
    alunoNome: row.aluno_nome,
    responsavelNome: row.responsavel_nome,
    responsavelCpf: row.responsavel_cpf,
    cursoTitulo: row.curso_titulo,
    cursoCargaHoraria: Number(row.curso_carga_horaria),
    modulos: (row.modulos ?? []).map((m) => ({ titulo: m.titulo, cargaHoraria: Number(m.cargaHoraria) })),
    valor: Number(row.valor),
    valorComDesconto: row.valor_com_desconto === null ? null : Number(row.valor_com_desconto),
    valorTotal: Number(row.valor_total),
    parcelas: Number(row.parcelas),
    valorParcela: Number(row.valor_parcela),
    valorUltimaParcela: Number(row.valor_ultima_parcela),
    escolaNome: row.escola_nome,
    eventoEscola: row.evento_escola,
    eventoCidade: row.evento_cidade,
    eventoEstado: row.evento_estado,
    eventoData: row.evento_data,
    franquiaRazaoSocial: row.franquia_razao_social,
    franquiaCnpj: row.franquia_cnpj,
    data: hoje,
  };
}
