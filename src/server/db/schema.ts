import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  DEPARTAMENTOS,
  EVENTO_STATUSES,
  KITS,
  LOCAIS_EVENTO,
  PRE_MATRICULA_STATUSES,
  PRODUTOS,
  TICKET_PRIORIDADES,
  TICKET_STATUSES,
  TIPOS_ESCOLA,
} from '../../shared/enums';
import { ROLES } from '../../shared/roles';
import { HISTORICO_TIPOS_GRAVADOS, LEAD_STATUSES, MOTIVOS_PERDA } from '../../shared/schemas/acompanhamento';
import { PEDIDO_STATUSES, PEDIDO_TIPOS } from '../../shared/schemas/lgpd';
import { MATRICULA_STATUSES, MOTIVOS_CANCELAMENTO } from '../../shared/schemas/matricula';
import { CONTRATO_EVENTO_TIPOS } from '../../shared/contrato/aceite';
import { PARCELA_STATUSES } from '../../shared/cobranca/parcelas';
import { WHATSAPP_MODELO_CHAVES, WHATSAPP_TEXTO_MAX } from '../../shared/schemas/whatsapp';
import { WHATSAPP_CATEGORIAS, WHATSAPP_MOMENTOS, WHATSAPP_STATUS } from '../../shared/schemas/whatsapp-cloud';
import {
  CODIGO_INDICACAO_TAMANHO,
  CUSTO_CATEGORIAS,
  META_ETAPAS,
  META_NIVEIS,
  UTM_MAX,
} from '../../shared/metas/enums';
import { PRESENCA_LOTE_RESULTADOS } from '../../shared/schemas/check-in-offline';
import { VISITA_RESULTADOS, VISITA_STATUSES } from '../../shared/schemas/visita';
import { DISTRIBUICAO_MODOS } from '../../shared/schemas/distribuicao';
import { DUPLICADOS_POLITICAS, IMPORTACAO_STATUSES, IMPORTACAO_TIPOS } from '../../shared/schemas/importacao';

/**
 * The whole database of SPEC §3 plus DESIGN's additions. Columns are camelCase here and snake_case in
 * PostgreSQL (drizzle `casing: 'snake_case'`). Every foreign key and every list sort key has an index.
 */

export const userRole = pgEnum('user_role', ROLES);
export const ticketStatus = pgEnum('ticket_status', TICKET_STATUSES);
export const departamento = pgEnum('departamento', DEPARTAMENTOS);
export const ticketPriority = pgEnum('ticket_priority', TICKET_PRIORIDADES);
export const localEvento = pgEnum('local_evento', LOCAIS_EVENTO);
export const tipoEscola = pgEnum('tipo_escola', TIPOS_ESCOLA);
export const eventStatus = pgEnum('event_status', EVENTO_STATUSES);
export const produto = pgEnum('produto', PRODUTOS);
export const kit = pgEnum('kit', KITS);
export const preMatriculaStatus = pgEnum('pre_matricula_status', PRE_MATRICULA_STATUSES);
export const leadStatus = pgEnum('lead_status', LEAD_STATUSES);
export const motivoPerda = pgEnum('motivo_perda', MOTIVOS_PERDA);
export const leadHistoricoTipo = pgEnum('lead_historico_tipo', HISTORICO_TIPOS_GRAVADOS);
export const lgpdPedidoTipo = pgEnum('lgpd_pedido_tipo', PEDIDO_TIPOS);
export const lgpdPedidoStatus = pgEnum('lgpd_pedido_status', PEDIDO_STATUSES);
export const matriculaStatus = pgEnum('matricula_status', MATRICULA_STATUSES);
export const motivoCancelamento = pgEnum('motivo_cancelamento', MOTIVOS_CANCELAMENTO);
export const contratoEventoTipo = pgEnum('contrato_evento_tipo', CONTRATO_EVENTO_TIPOS);
export const parcelaStatus = pgEnum('parcela_status', PARCELA_STATUSES);
export const metaEtapa = pgEnum('meta_etapa', META_ETAPAS);
export const metaNivel = pgEnum('meta_nivel', META_NIVEIS);
export const custoCategoria = pgEnum('custo_categoria', CUSTO_CATEGORIAS);
export const presencaLoteResultado = pgEnum('presenca_lote_resultado', PRESENCA_LOTE_RESULTADOS);
export const visitaStatus = pgEnum('visita_status', VISITA_STATUSES);
export const visitaResultado = pgEnum('visita_resultado', VISITA_RESULTADOS);

const id = () => uuid().primaryKey().defaultRandom();
const textIn = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const at = () => timestamp({ withTimezone: true });
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** Reais with cents: numeric(10,2) in the database, a number in TypeScript and on the wire (DESIGN §4.3). */
const money = () => numeric({ precision: 10, scale: 2, mode: 'number' });
const dateOnly = () => date({ mode: 'string' });

/**
 * The titular's rights (issue 18, ADR 026) on a row of the funnel: when the consent was revoked (the row leaves
 * exports, lists hide its contact) and when it was anonymised (irreversible; retention skips it).
 */
const lgpdColumns = () => ({
  consentimentoRevogadoEm: timestamp({ withTimezone: true }),
  anonimizadoEm: timestamp({ withTimezone: true }),
});

/**
 * The scope path a row sits under, copied from its event by triggers (migration 0001) so a role's rows are one
 * indexed comparison away: never set by the application, kept right when an event or a company moves.
 */
const scopePath = () => ({
  clienteId: uuid(),
  vendedorId: uuid(),
  microFranquiaId: uuid(),
  franquiaId: uuid(),
  franqueadorId: uuid(),
});

const SCOPE_INDEX_NAMES = {
  clienteId: 'cliente',
  vendedorId: 'vendedor',
  microFranquiaId: 'micro_franquia',
  franquiaId: 'franquia',
  franqueadorId: 'franqueador',
} as const;

/**
 * The waiting list's page indexes (issue 46), one per scope column: partial on `lista_espera`, so a sign-up with a
 * seat adds no entry, and the filter's page and count read a scope's few waiting rows alone.
 */
function scopeWaitingListIndexes(
  t: Record<keyof typeof SCOPE_INDEX_NAMES | 'listaEspera' | 'createdAt' | 'id', AnyPgColumn>,
) {
  return (Object.keys(SCOPE_INDEX_NAMES) as (keyof typeof SCOPE_INDEX_NAMES)[]).map((scope) =>
    index(`leads_${SCOPE_INDEX_NAMES[scope]}_espera_idx`)
      .on(t[scope], t.createdAt, t.id)
      .where(sql`${t.listaEspera}`),
  );
}

/** Newest-first page indexes, one per scope column a role filters on. */
function scopePageIndexes(
  table: string,
  t: Record<
    'clienteId' | 'vendedorId' | 'microFranquiaId' | 'franquiaId' | 'franqueadorId' | 'createdAt' | 'id',
    AnyPgColumn
  >,
  scopes: readonly ('clienteId' | 'vendedorId' | 'microFranquiaId' | 'franquiaId' | 'franqueadorId')[],
) {
  return scopes.map((scope) =>
    // Scanned backwards for newest first.
    index(`${table}_${SCOPE_INDEX_NAMES[scope]}_page_idx`).on(t[scope], t.createdAt, t.id),
  );
}

/**
 * A funnel table's rows of one state, and of one city (its event's, copied on the row: ADR 158, 165, 166), for the
 * network and a franquia, newest first: a list filtered by a place reads its page, its deep pages and its count
 * from here, as the scope's page index serves the list without one. Below the franquia a place holds tens of
 * events, read by their own index.
 */
function scopePlaceIndexes(
  table: string,
  t: Record<'franquiaId' | 'franqueadorId' | 'eventoEstado' | 'eventoCidade' | 'createdAt' | 'id', AnyPgColumn>,
) {
  // Partial on a condition every row meets (the trigger writes the place), which only a place's filter implies: no
  // other query of the scope plans on it instead of the scope's own indexes. The city's key is the filter's,
  // `lower(evento_cidade)`; migration 0098 INCLUDEs the city and the state (schema.dump.txt), so its page's keys and
  // its count, with or without the state, are read from the index alone.
  return (['franquiaId', 'franqueadorId'] as const).flatMap((scope) => [
    index(`${table}_${SCOPE_INDEX_NAMES[scope]}_estado_idx`)
      .on(t[scope], t.eventoEstado, t.createdAt, t.id)
      .where(sql`${t.eventoEstado} is not null`),
    index(`${table}_${SCOPE_INDEX_NAMES[scope]}_cidade_idx`)
      .on(t[scope], sql`lower(${t.eventoCidade})`, t.createdAt, t.id)
      .where(sql`${t.eventoCidade} is not null`),
  ]);
}

/**
 * What a search for a person compares (ADR 138): the name and the e-mail as one lower-case text without accents, like
 * the leads' `busca` (ADR 133). Stored, so a trigram candidate is confirmed without unaccenting its name again.
 */
const USERS_BUSCA = sql`f_unaccent(lower(coalesce(nome, '') || ' ' || email))`;

/**
 * The key the Usuários list sorts a person by name (issue 23: ignoring case and accents), stored on the row
 * (ADR 167) as the schools' is (ADR 164): computed at each sort, a franqueador's 7,500 people were unaccented before
 * the page was cut, twice on a deep page. An aluno is sorted by the name its network's links give it (ADR 019),
 * which no row of `users` can hold; the list reads this key for everyone else.
 */
const USERS_NOME_ORDEM = sql`lower(f_unaccent(nome))`;

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text().notNull(),
    password: text().notNull(),
    role: userRole().notNull(),
    nome: text(),
    cpf: varchar({ length: 14 }),
    dataNascimento: dateOnly(),
    endereco: text(),
    telefone: varchar({ length: 20 }),
    /**
     * Issue 44 (ADR 082): the PIX key a commission is paid to (CPF, CNPJ, e-mail, +55 phone or random key), checked
     * by src/shared/schemas/chave-pix.ts. A unit's or a vendedor's is its login's: one key per payee.
     */
    chavePix: varchar({ length: 77 }),
    franqueadorId: uuid().references((): AnyPgColumn => franqueadores.id),
    franquiaId: uuid().references((): AnyPgColumn => franquias.id),
    microFranquiaId: uuid().references((): AnyPgColumn => microFranquias.id),
    clienteId: uuid().references((): AnyPgColumn => clientes.id),
    /**
     * ADR 162: the franqueador whose network this person works in -- a franqueador's own, else its franquia's,
     * cliente's, vendedor record's or micro-franquia's franqueador; null for an aluno, whom each network sees by its
     * own links. Written by PostgreSQL (users_rede), and again when a unit above the person moves (users_rede_seguir).
     */
    redeFranqueadorId: uuid().references((): AnyPgColumn => franqueadores.id),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The text a search for a person reads (USERS_BUSCA, ADR 138), written by PostgreSQL with the row. */
    busca: text().generatedAlwaysAs(USERS_BUSCA),
    /** The name as the Usuários list sorts it (USERS_NOME_ORDEM, ADR 167), written by PostgreSQL with the row. */
    nomeOrdem: text().generatedAlwaysAs(USERS_NOME_ORDEM),
  },
  (t) => [
    // E-mail is unique without regard to case (DESIGN §4.2).
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_franqueador_id_idx').on(t.franqueadorId),
    index('users_franquia_id_idx').on(t.franquiaId),
    index('users_micro_franquia_id_idx').on(t.microFranquiaId),
    index('users_cliente_id_idx').on(t.clienteId),
    // The franqueador's Usuários and SAC people (ADR 162): its network's staff by one key, newest first.
    index('users_rede_created_at_idx').on(t.redeFranqueadorId, t.createdAt, t.id),
    index('users_role_created_at_idx').on(t.role, t.createdAt),
    index('users_created_at_idx').on(t.createdAt),
    // A titular's search by CPF or phone (issue 18): the aluno accounts carry both.
    index('users_cpf_idx')
      .on(t.cpf)
      .where(sql`${t.cpf} is not null`),
    index('users_telefone_idx')
      .on(t.telefone)
      .where(sql`${t.telefone} is not null`),
    // A person by name or e-mail: the audit trail's 'who acted' (issue 23), the Usuários and SAC searches (ADR 138).
    index('users_busca_trgm_idx').using('gin', sql`${t.busca} gin_trgm_ops`),
  ],
);

/** Only the SHA-256 of the cookie token is stored: a database leak hands out no live session. */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Idle expiry, pushed forward on use. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Hard limit however active the session is. */
    absoluteExpiresAt: timestamp({ withTimezone: true }).notNull(),
    userAgent: text(),
    /** The address the session was opened from (Minha conta shows it). */
    ip: text(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/**
 * `token` holds the SHA-256 of the token that was e-mailed, never the token itself. A token with `newEmail` is an
 * e-mail change waiting for its confirmation from the new mailbox, never a password reset.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    used: boolean().notNull().default(false),
    newEmail: text(),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

export const franqueadores = pgTable(
  'franqueadores',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references((): AnyPgColumn => users.id),
    razaoSocial: text().notNull(),
    /** Optional: the bootstrap account from the environment has none until it is filled in. */
    cnpj: varchar({ length: 18 }).unique(),
    /**
     * ADR 079: the largest discount a renegotiation may give, in percent of the open balance renegotiated (0: none).
     * The franqueador's setting for its network (GET/PUT /api/cobranca/configuracao).
     */
    descontoMaximoRenegociacaoPct: integer().notNull().default(10),
    /** ADR 082: whether a franquia may close its own subtree's commission months (the franqueador always may). */
    comissaoFranquiaFecha: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('franqueadores_user_id_idx').on(t.userId),
    check('franqueadores_desconto_renegociacao_check', sql`${t.descontoMaximoRenegociacaoPct} between 0 and 100`),
  ],
);

export const franquias = pgTable(
  'franquias',
  {
    id: id(),
    franqueadorId: uuid()
      .notNull()
      .references(() => franqueadores.id),
    userId: uuid()
      .notNull()
      .references((): AnyPgColumn => users.id),
    razaoSocial: text().notNull(),
    cnpj: varchar({ length: 18 }).notNull().unique(),
    repLegal: text().notNull(),
    cep: varchar({ length: 10 }),
    cidade: text(),
    estado: varchar({ length: 2 }),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('franquias_franqueador_id_created_at_idx').on(t.franqueadorId, t.createdAt),
    index('franquias_user_id_idx').on(t.userId),
    index('franquias_created_at_idx').on(t.createdAt),
  ],
);

export const microFranquias = pgTable(
  'micro_franquias',
  {
    id: id(),
    franquiaId: uuid()
      .notNull()
      .references(() => franquias.id),
    userId: uuid()
      .notNull()
      .references((): AnyPgColumn => users.id),
    razaoSocial: text().notNull(),
    cnpj: varchar({ length: 18 }).notNull().unique(),
    repLegal: text().notNull(),
    cep: varchar({ length: 10 }),
    cidade: text(),
    estado: varchar({ length: 2 }),
    isActive: boolean().notNull().default(true),
    /**
     * Issue 50 (ADR 106): how its new leads get a vendedor responsável (DISTRIBUICAO_MODOS), applied by the trigger
     * `leads_distribuir`; `rodizioSeq` counts the turns given, so concurrent sign-ups take consecutive turns.
     */
    distribuicaoModo: text().notNull().default('nenhuma'),
    rodizioSeq: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('micro_franquias_distribuicao_modo_check', sql`${t.distribuicaoModo} in (${textIn(DISTRIBUICAO_MODOS)})`),
    index('micro_franquias_franquia_id_created_at_idx').on(t.franquiaId, t.createdAt),
    index('micro_franquias_user_id_idx').on(t.userId),
    index('micro_franquias_created_at_idx').on(t.createdAt),
  ],
);

export const vendedores = pgTable(
  'vendedores',
  {
    id: id(),
    microFranquiaId: uuid()
      .notNull()
      .references(() => microFranquias.id),
    userId: uuid()
      .notNull()
      .unique()
      .references((): AnyPgColumn => users.id),
    isActive: boolean().notNull().default(true),
    /** Issue 50: away (vacation, leave): skipped by the automatic distribution, still sees its leads. */
    ausente: boolean().notNull().default(false),
    /** The share link's code (issue 48): `/credito-estudantil?v=<código>`. */
    codigoIndicacao: varchar({ length: CODIGO_INDICACAO_TAMANHO })
      .notNull()
      .unique()
      .default(sql`codigo_indicacao_novo()`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('vendedores_micro_franquia_id_idx').on(t.microFranquiaId)],
);

/**
 * The key the Clientes list sorts by name (issue 23: ignoring case and accents, 'Ângela' beside 'Andre'), stored on
 * the row (ADR 164): computed at each sort, it was unaccented for every school of a network before the page was cut
 * (a franqueador's 5,000: 28 ms of PostgreSQL for the first page). The very expression `networkOrder` sorts the
 * other lists by, so a cursor's value is the same either way.
 */
const CLIENTES_NOME_ORDEM = sql`lower(f_unaccent(nome_fantasia))`;

/**
 * What the Clientes search box compares (SPEC §5: the name, the legal representative, the CNPJ), lower case and
 * without accents, one line each so no match spans two (ADR 164), like the leads' `busca` (ADR 133). Stored and
 * indexed by trigram: compared column by column, each school of a franqueador's 5,000 was unaccented three times
 * for the count and again for the page (55-68 ms of CPU a search).
 */
const CLIENTES_BUSCA = sql`f_unaccent(lower(nome_fantasia || chr(10) || rep_legal || chr(10) || cnpj))`;

export const clientes = pgTable(
  'clientes',
  {
    id: id(),
    microFranquiaId: uuid()
      .notNull()
      .references(() => microFranquias.id),
    vendedorId: uuid().references(() => vendedores.id),
    userId: uuid()
      .notNull()
      .references((): AnyPgColumn => users.id),
    nomeFantasia: text().notNull(),
    cnpj: varchar({ length: 18 }).notNull().unique(),
    repLegal: text().notNull(),
    produto: produto().notNull().default('todos_pela_educacao'),
    kit: kit().notNull().default('essencial'),
    cep: varchar({ length: 10 }),
    cidade: text(),
    estado: varchar({ length: 2 }),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * Issue 46 (ADR 164): the school's place above its micro-franquia -- that one's franquia and franqueador --
     * written by PostgreSQL with the row (clientes_fill_scope) and again when the micro-franquia moves to another
     * franquia or that one to another franqueador (clientes_seguem_caminho), as a visit's (migration 0094). A
     * franqueador's or a franquia's clientes are one indexed comparison, not every micro-franquia of its network.
     */
    franquiaId: uuid(),
    franqueadorId: uuid(),
    /** The name as the list sorts it (CLIENTES_NOME_ORDEM, ADR 164), written by PostgreSQL with the row. */
    nomeOrdem: text().generatedAlwaysAs(CLIENTES_NOME_ORDEM),
    /** The text the search box reads (CLIENTES_BUSCA, ADR 164), written by PostgreSQL with the row. */
    busca: text().generatedAlwaysAs(CLIENTES_BUSCA),
  },
  (t) => [
    index('clientes_micro_franquia_id_created_at_idx').on(t.microFranquiaId, t.createdAt),
    index('clientes_vendedor_id_idx').on(t.vendedorId),
    index('clientes_user_id_idx').on(t.userId),
    index('clientes_created_at_idx').on(t.createdAt),
    // A franquia's and a franqueador's list, newest first and by name (ADR 164): the page read in the index's order.
    ...(['franquiaId', 'franqueadorId'] as const).flatMap((scope) => [
      index(`clientes_${SCOPE_INDEX_NAMES[scope]}_page_idx`).on(t[scope], t.createdAt, t.id),
      index(`clientes_${SCOPE_INDEX_NAMES[scope]}_nome_idx`).on(t[scope], t.nomeOrdem, t.id),
    ]),
    // The search box (ADR 164): the schools found by trigram, the scope checked on those only.
    index('clientes_busca_trgm_idx').using('gin', sql`${t.busca} gin_trgm_ops`),
  ],
);

/** A course's title as the Cursos search compares it (ADR 138): lower-case, without accents, stored. */
const CURSOS_BUSCA = sql`f_unaccent(lower(titulo))`;

export const cursos = pgTable(
  'cursos',
  {
    id: id(),
    clienteId: uuid()
      .notNull()
      .references(() => clientes.id),
    titulo: text().notNull(),
    descricao: text(),
    // The default as the first migration wrote it ('0'), so the schema and the migrations agree.
    valor: money()
      .notNull()
      .default(sql`'0'`),
    valorComDesconto: money(),
    parcelas: integer().notNull().default(1),
    ordem: integer().notNull().default(1),
    isActive: boolean().notNull().default(true),
    /**
     * The cliente's scope path, copied by a trigger from the cliente and moved with it (migration 0075): never set by
     * the app. A role's courses are one indexed comparison, as its events are (issue 46).
     */
    vendedorId: uuid(),
    microFranquiaId: uuid(),
    franquiaId: uuid(),
    franqueadorId: uuid(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The title as the Cursos search compares it (CURSOS_BUSCA, ADR 138), written by PostgreSQL with the row. */
    busca: text().generatedAlwaysAs(CURSOS_BUSCA),
  },
  (t) => [
    index('cursos_cliente_id_created_at_idx').on(t.clienteId, t.createdAt),
    ...scopePageIndexes('cursos', t, ['vendedorId', 'microFranquiaId', 'franquiaId', 'franqueadorId']),
    // By title for the scopes of thousands of courses (sort=nome): the page read in the index's order.
    ...(['franquiaId', 'franqueadorId'] as const).map((scope) =>
      index(`cursos_${SCOPE_INDEX_NAMES[scope]}_nome_idx`).on(t[scope], sql`lower(f_unaccent(${t.titulo}))`, t.id),
    ),
    // The Cursos search (issue 46, migration 0073): the titles found by trigram, the scope checked on those only.
    index('cursos_busca_trgm_idx').using('gin', sql`${t.busca} gin_trgm_ops`),
    check('cursos_valor_check', sql`${t.valor} >= 0`),
    check('cursos_parcelas_check', sql`${t.parcelas} >= 1`),
  ],
);

export const cursoModulos = pgTable(
  'curso_modulos',
  {
    id: id(),
    cursoId: uuid()
      .notNull()
      .references(() => cursos.id, { onDelete: 'cascade' }),
    titulo: text().notNull(),
    modulo: text().notNull(),
    cargaHoraria: integer().notNull(),
    ordem: integer().notNull().default(1),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('curso_modulos_curso_id_ordem_idx').on(t.cursoId, t.ordem),
    check('curso_modulos_carga_horaria_check', sql`${t.cargaHoraria} >= 1`),
  ],
);

export const eventos = pgTable(
  'eventos',
  {
    id: id(),
    clienteId: uuid().references(() => clientes.id),
    microFranquiaId: uuid().references(() => microFranquias.id),
    nomeEscola: text().notNull(),
    tipoEscola: tipoEscola().notNull(),
    cep: varchar({ length: 10 }),
    /** The street address (issue 51, ADR 090), for the voucher, its e-mail and the .ics; null keeps 'Na Escola - cidade - UF'. */
    logradouro: text(),
    numero: varchar({ length: 20 }),
    complemento: text(),
    bairro: text(),
    cidade: text().notNull(),
    estado: varchar({ length: 2 }).notNull(),
    dataDistribuicao: dateOnly().notNull(),
    dataEvento: dateOnly().notNull(),
    horario: text().notNull(),
    local: localEvento().notNull(),
    qtdAlunos: integer().notNull(),
    valorTotalDesconto: money(),
    observacao: text(),
    status: eventStatus().notNull().default('agendado'),
    isActive: boolean().notNull().default(true),
    /** Seats for sign-ups (issue 20); null is unlimited. The waiting list is not counted. */
    vagas: integer(),
    /** Sign-ups close at this instant (issue 20); null keeps them open through the event's day. */
    inscricoesAte: timestamp({ withTimezone: true }),
    /** The event's share link's code (issue 48): `/credito-estudantil?v=<código>` opens the form on this event. */
    codigoIndicacao: varchar({ length: CODIGO_INDICACAO_TAMANHO })
      .notNull()
      .unique()
      .default(sql`codigo_indicacao_novo()`),
    /** Copied by triggers from the cliente and the micro-franquia (migration 0001); never set by the app. */
    vendedorId: uuid(),
    franquiaId: uuid(),
    franqueadorId: uuid(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('eventos_cliente_id_created_at_idx').on(t.clienteId, t.createdAt),
    index('eventos_micro_franquia_id_created_at_idx').on(t.microFranquiaId, t.createdAt),
    index('eventos_vendedor_id_created_at_idx').on(t.vendedorId, t.createdAt),
    index('eventos_franquia_id_created_at_idx').on(t.franquiaId, t.createdAt),
    index('eventos_franqueador_id_created_at_idx').on(t.franqueadorId, t.createdAt),
    index('eventos_created_at_idx').on(t.createdAt),
    // The 'proximos' order of a scope (issue 46): its upcoming events nearest first read in this order from the
    // index alone, its past ones latest first backwards by day -- a deep page skips index entries instead of
    // sorting every upcoming event of the network (16 ms at page 200 of a franqueador's).
    ...(['clienteId', 'microFranquiaId', 'vendedorId', 'franquiaId', 'franqueadorId'] as const).map((scope) =>
      index(`eventos_${SCOPE_INDEX_NAMES[scope]}_data_evento_idx`).on(
        t[scope],
        t.dataEvento,
        t.createdAt.desc().nullsFirst(),
        t.id,
      ),
    ),
    // The funnel lists' date filter finds the day's events first (issue 21).
    index('eventos_data_evento_idx').on(t.dataEvento),
    // Relatórios and the lists filtered by a place find the place's events first (migration 0024), from the index
    // alone (migration 0081: INCLUDE the id and the network's levels, in schema.dump.txt).
    index('eventos_cidade_lower_idx').on(sql`lower(${t.cidade})`),
    index('eventos_estado_idx').on(t.estado),
    // The searches of events (migration 0024).
    index('eventos_busca_trgm_idx').using('gin', sql`${eventosSearchText(t)} gin_trgm_ops`),
    index('eventos_opcao_busca_trgm_idx').using('gin', sql`${eventosOptionSearchText(t)} gin_trgm_ops`),
    // The public pages list open events by city from today on.
    index('eventos_open_cidade_data_idx')
      .on(t.cidade, t.dataEvento)
      .where(sql`${t.isActive} and ${t.status} = 'agendado'`),
    check('eventos_owner_check', sql`${t.clienteId} is not null or ${t.microFranquiaId} is not null`),
    check('eventos_qtd_alunos_check', sql`${t.qtdAlunos} >= 1`),
    check('eventos_vagas_check', sql`${t.vagas} is null or ${t.vagas} >= 1`),
  ],
);

/**
 * The seated families of each event with seats (migration 0030, ADR 045): kept by the leads' statement triggers,
 * read under the event's lock by a sign-up; recounted from the leads until `recontarAte` after the event got seats.
 */
export const eventoVagas = pgTable(
  'evento_vagas',
  {
    eventoId: uuid().primaryKey(),
    sentados: integer().notNull(),
    recontarAte: timestamp({ withTimezone: true }),
  },
  // Named as migration 0030 made it (an inline REFERENCES). Storage: fillfactor 70 (migration 0031), which
  // drizzle cannot declare; schema.dump.txt holds it (ADR 061).
  (t) => [
    foreignKey({ name: 'evento_vagas_evento_id_fkey', columns: [t.eventoId], foreignColumns: [eventos.id] }).onDelete(
      'cascade',
    ),
  ],
);

export const eventosCursos = pgTable(
  'eventos_cursos',
  {
    eventoId: uuid()
      .notNull()
      .references(() => eventos.id, { onDelete: 'cascade' }),
    cursoId: uuid()
      .notNull()
      .references(() => cursos.id),
  },
  (t) => [primaryKey({ columns: [t.eventoId, t.cursoId] }), index('eventos_cursos_curso_id_idx').on(t.cursoId)],
);

/**
 * An event's search text (the Eventos screen's box: school, city, state), lower-case and without accents, and
 * the funnel's event combobox's, which also reads the date as the screens write it (DD/MM/YYYY, from immutable
 * functions: to_char is only stable). Each trigram index below is built on exactly its expression (migration
 * 0024), so the searches must use these.
 */
export function eventosSearchText(t: { nomeEscola: AnyPgColumn; cidade: AnyPgColumn; estado: AnyPgColumn }) {
  return sql`f_unaccent(lower(${t.nomeEscola} || ' ' || ${t.cidade} || ' ' || ${t.estado}))`;
}
export function eventosOptionSearchText(t: {
  nomeEscola: AnyPgColumn;
  cidade: AnyPgColumn;
  estado: AnyPgColumn;
  dataEvento: AnyPgColumn;
}) {
  const two = (part: 'day' | 'month') => sql`lpad(extract(${sql.raw(part)} from ${t.dataEvento})::int::text, 2, '0')`;
  const year = sql`extract(year from ${t.dataEvento})::int::text`;
  return sql`f_unaccent(lower(${t.nomeEscola} || ' ' || ${t.cidade} || ' ' || ${t.estado} || ' ' || ${two('day')} || '/' || ${two('month')} || '/' || ${year}))`;
}

/**
 * What q= searches in a lead (SPEC §5: the student's and guardian's names, the e-mail, the phone), as one lower-case
 * text without accents (issue 23: 'conceicao' finds 'Conceição'), stored on the row as `busca` (ADR 133) and indexed
 * by trigram. A search reads the stored text: computed at each row it tested, `f_unaccent` was over half the cost of
 * a broad search's walk (ADR 131). PostgreSQL writes it with the row -- a sign-up, a correction, an anonymisation --
 * so it never disagrees with the names. f_unaccent is unaccent() declared immutable (migration 0013), which a
 * generated column needs. Written with the columns' own names: a generated column's expression takes no table name.
 */
const LEADS_BUSCA = sql`f_unaccent(lower(nome_aluno || ' ' || nome_responsavel || ' ' || email || ' ' || telefone))`;

/**
 * What q= searches in a pré-matrícula (SPEC §5: the names, the e-mail, the course of interest, the phone) and in a
 * matrícula, as one lower-case text without accents, like the leads' (issue 39, item 13: each column compared on
 * its own read every row of the scope, seconds at 300,000 pré-matrículas), stored as `busca` (ADR 133). The optional
 * columns count as empty.
 */
const PRE_MATRICULAS_BUSCA = sql`f_unaccent(lower(nome || ' ' || coalesce(nome_aluno, '') || ' ' || coalesce(nome_responsavel, '') || ' ' || email || ' ' || coalesce(curso_interesse, '') || ' ' || coalesce(telefone, '')))`;
const MATRICULAS_BUSCA = sql`f_unaccent(lower(nome || ' ' || email || ' ' || coalesce(curso_interesse, '') || ' ' || coalesce(telefone, '')))`;

/**
 * Where a family came from (issue 48, ADR 104): the UTM fields the public pages kept through the flow and the share
 * link's code (`?v=`), with the vendedor it names. Written once by the public sign-up or activation, never by a
 * staff route; null when the family came with none.
 */
function origemColumns() {
  return {
    utmSource: varchar({ length: UTM_MAX }),
    utmMedium: varchar({ length: UTM_MAX }),
    utmCampaign: varchar({ length: UTM_MAX }),
    utmContent: varchar({ length: UTM_MAX }),
    utmTerm: varchar({ length: UTM_MAX }),
    linkCodigo: varchar({ length: CODIGO_INDICACAO_TAMANHO }),
    linkVendedorId: uuid().references(() => vendedores.id),
  };
}

/** The attributed rows of a scope by day: Relatórios' origem, campanha and vendedor_link groups read these alone. */
function origemIndexes(
  table: string,
  t: Record<
    | 'franqueadorId'
    | 'franquiaId'
    | 'microFranquiaId'
    | 'createdAt'
    | 'utmSource'
    | 'utmMedium'
    | 'utmCampaign'
    | 'utmContent'
    | 'utmTerm'
    | 'linkCodigo',
    AnyPgColumn
  >,
) {
  const attributed = sql`coalesce(${t.utmSource}, ${t.utmMedium}, ${t.utmCampaign}, ${t.utmContent}, ${t.utmTerm}, ${t.linkCodigo}) is not null`;
  return [
    index(`${table}_franqueador_origem_idx`).on(t.franqueadorId, t.createdAt).where(attributed),
    index(`${table}_franquia_origem_idx`).on(t.franquiaId, t.createdAt).where(attributed),
    index(`${table}_micro_franquia_origem_idx`).on(t.microFranquiaId, t.createdAt).where(attributed),
  ];
}

export const leads = pgTable(
  'leads',
  {
    id: id(),
    eventoId: uuid()
      .notNull()
      .references(() => eventos.id),
    nomeAluno: text().notNull(),
    nomeResponsavel: text().notNull(),
    email: text().notNull(),
    /** Null only once anonymised (issue 18). */
    telefone: varchar({ length: 20 }),
    /** When the guardian consented to the use of the data (LGPD). */
    consentidoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // The follow-up (issue 16). A sign-up writes none of them: 'novo' and nulls are the defaults.
    status: leadStatus().notNull().default('novo'),
    responsavelId: uuid().references(() => vendedores.id),
    /**
     * Issue 50 (ADR 106): the vendedor was given by the micro-franquia's distribution as the lead was written
     * (`leads_distribuir`), not by whoever wrote it; `leads_distribuido` then writes its history entry.
     */
    responsavelAutomatico: boolean().notNull().default(false),
    proximoContatoEm: dateOnly(),
    motivoPerda: motivoPerda(),
    primeiroContatoEm: timestamp({ withTimezone: true }),
    ...lgpdColumns(),
    // The event's seats (issue 20, ADR 025): a sign-up past the seats waits; the family may cancel; the school
    // records who came.
    listaEspera: boolean().notNull().default(false),
    canceladoEm: timestamp({ withTimezone: true }),
    presenteEm: timestamp({ withTimezone: true }),
    /**
     * The voucher's short code (issue 51, ADR 090): 6 characters of VOUCHER_CODIGO_ALFABETO, typed at the door when
     * the QR code cannot be read. Drawn by its default; the trigger `leads_codigo_voucher` draws again while
     * another lead of the same event holds it.
     */
    codigoVoucher: varchar({ length: 6 })
      .notNull()
      .default(sql`voucher_codigo_novo()`),
    ...origemColumns(),
    ...scopePath(),
    /**
     * The event's place (issue 46, ADR 158), written with the row from its event as the path is
     * (`leads_fill_scope_e_lugar`) and followed when the event's place is edited (`eventos_lugar_dos_leads`): the
     * network's follow-up by state or city reads it from the status index instead of joining 50,000 events; the
     * network's and a franquia's lists of a state read it from their own index (ADR 165).
     */
    eventoEstado: varchar({ length: 2 }),
    eventoCidade: text(),
    createdAt: createdAt(),
    /** The text q= searches (LEADS_BUSCA, ADR 133), written by PostgreSQL with the row. */
    busca: text().generatedAlwaysAs(LEADS_BUSCA),
  },
  (t) => [
    // An event's rows newest first; with `id`, a place's page and count read this index alone (issue 46).
    index('leads_evento_id_created_at_idx').on(t.eventoId, t.createdAt, t.id),
    // One event's codes are unique: the check-in finds a family by (event, code).
    uniqueIndex('leads_evento_codigo_voucher_key').on(t.eventoId, t.codigoVoucher),
    // The seats taken, counted under the event's lock; the waiting list, first come first served.
    index('leads_evento_vagas_idx')
      .on(t.eventoId)
      .where(sql`not ${t.listaEspera} and ${t.canceladoEm} is null`),
    index('leads_evento_espera_idx')
      .on(t.eventoId, t.createdAt, t.id)
      .where(sql`${t.listaEspera} and ${t.canceladoEm} is null`),
    // The waiting list of a scope newest first (listaEspera=sim, issue 46): a few rows of a network, each scope's
    // page and count read from its own small index instead of every lead of the scope (seconds for a franqueador).
    ...scopeWaitingListIndexes(t),
    // No index reads presente_em: a check-in then changes no indexed column and updates the row in place (a HOT
    // update; migration 0025, which also leaves each page room for it). The event's presences are counted from
    // funnel_mes.
    ...scopePageIndexes('leads', t, ['clienteId', 'vendedorId', 'microFranquiaId', 'franquiaId', 'franqueadorId']),
    ...scopePlaceIndexes('leads', t),
    // Follow-up filters: partial indexes a sign-up ('novo', no date, no owner) never touches (ADR 022).
    ...followUpIndexes(t),
    index('leads_responsavel_page_idx')
      .on(t.responsavelId, t.createdAt, t.id)
      .where(sql`${t.responsavelId} is not null`),
    // q= searches names, e-mail and phone as one lower-case text (SPEC §5), by trigram.
    index('leads_busca_trgm_idx').using('gin', sql`${t.busca} gin_trgm_ops`),
    // The same student signing up twice for one event is one lead (DESIGN §4.4).
    uniqueIndex('leads_evento_email_aluno_key').on(t.eventoId, sql`lower(${t.email})`, sql`lower(${t.nomeAluno})`),
    // A titular's records by e-mail or phone (issue 18), and retention's oldest leads not yet anonymised.
    index('leads_email_lower_idx').on(sql`lower(${t.email})`),
    index('leads_telefone_idx').on(t.telefone),
    index('leads_retencao_idx')
      .on(t.createdAt)
      .where(sql`${t.anonimizadoEm} is null`),
    ...origemIndexes('leads', t),
  ],
);

/**
 * Per scope column: the leads past 'novo' by status (a status filter's page and count, and Relatórios' follow-up
 * report, which reads it alone: migration 0036 gives it INCLUDE of the other levels, the event, the first contact
 * and the loss reason, which drizzle cannot declare -- schema.dump.txt holds it, ADR 061), and the open leads with a
 * return date by that date (retorno=hoje / atrasados, the dashboard's counts).
 */
function followUpIndexes(
  t: Record<keyof typeof SCOPE_INDEX_NAMES | 'status' | 'proximoContatoEm' | 'createdAt' | 'id', AnyPgColumn>,
) {
  return (Object.keys(SCOPE_INDEX_NAMES) as (keyof typeof SCOPE_INDEX_NAMES)[]).flatMap((scope) => [
    index(`leads_${SCOPE_INDEX_NAMES[scope]}_status_idx`)
      .on(t[scope], t.status, t.createdAt, t.id)
      .where(sql`${t.status} <> 'novo'`),
    index(`leads_${SCOPE_INDEX_NAMES[scope]}_retorno_idx`)
      .on(t[scope], t.proximoContatoEm, t.createdAt, t.id)
      .where(sql`${t.proximoContatoEm} is not null and ${t.status} in ('novo', 'em_contato', 'interessado')`),
  ]);
}

/**
 * The sign-up's voucher (issue 20): `tokenHash` is the SHA-256 of the token e-mailed to the family, never the
 * token. A lead may hold several (the promotion from the waiting list sends a new one); each is good until
 * `expiraEm`, 7 days after the event.
 */
export const leadVouchers = pgTable(
  'lead_vouchers',
  {
    id: id(),
    leadId: uuid()
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    expiraEm: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lead_vouchers_lead_id_idx').on(t.leadId)],
);

/**
 * What happened to a lead that only staff and repeat sign-ups write (issue 16): contacts, status and owner
 * changes, notes, repeat sign-ups. The sign-up, pré-matrículas and matrículas are read from their own rows, so
 * the history of every lead, old ones included, starts with its sign-up without a row per lead (ADR 022).
 */
export const leadHistorico = pgTable(
  'lead_historico',
  {
    id: id(),
    leadId: uuid()
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    tipo: leadHistoricoTipo().notNull(),
    em: timestamp({ withTimezone: true }).notNull().defaultNow(),
    autorId: uuid().references(() => users.id),
    dados: jsonb().notNull().default({}),
  },
  (t) => [index('lead_historico_lead_id_em_idx').on(t.leadId, t.em)],
);

export const preMatriculas = pgTable(
  'pre_matriculas',
  {
    id: id(),
    eventoId: uuid()
      .notNull()
      .references(() => eventos.id),
    leadId: uuid().references(() => leads.id),
    nome: text().notNull(),
    email: text().notNull(),
    telefone: varchar({ length: 20 }),
    cursoInteresse: text(),
    nomeAluno: text(),
    cpfAluno: varchar({ length: 14 }),
    nomeResponsavel: text(),
    cpfResponsavel: varchar({ length: 14 }),
    status: preMatriculaStatus().notNull().default('pendente'),
    consentidoEm: timestamp({ withTimezone: true }),
    ...lgpdColumns(),
    ...origemColumns(),
    ...scopePath(),
    /** The event's place, as a lead keeps it (ADR 158, 165): written with the row, followed when the event's changes. */
    eventoEstado: varchar({ length: 2 }),
    eventoCidade: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The text q= searches (PRE_MATRICULAS_BUSCA, ADR 133), written by PostgreSQL with the row. */
    busca: text().generatedAlwaysAs(PRE_MATRICULAS_BUSCA),
  },
  (t) => [
    index('pre_matriculas_evento_id_created_at_idx').on(t.eventoId, t.createdAt, t.id),
    index('pre_matriculas_lead_id_idx').on(t.leadId),
    ...scopePageIndexes('pre_matriculas', t, [
      'clienteId',
      'vendedorId',
      'microFranquiaId',
      'franquiaId',
      'franqueadorId',
    ]),
    ...scopePlaceIndexes('pre_matriculas', t),
    // One activation per student and event; a repeat with other data is a conflict (pre_matricula_conflitos).
    uniqueIndex('pre_matriculas_evento_cpf_aluno_key')
      .on(t.eventoId, t.cpfAluno)
      .where(sql`${t.cpfAluno} is not null`),
    // A titular's records by e-mail, CPF or phone (issue 18).
    index('pre_matriculas_email_lower_idx').on(sql`lower(${t.email})`),
    index('pre_matriculas_cpf_aluno_idx')
      .on(t.cpfAluno)
      .where(sql`${t.cpfAluno} is not null`),
    index('pre_matriculas_cpf_responsavel_idx')
      .on(t.cpfResponsavel)
      .where(sql`${t.cpfResponsavel} is not null`),
    index('pre_matriculas_telefone_idx')
      .on(t.telefone)
      .where(sql`${t.telefone} is not null`),
    // q= on names, e-mail, course and phone as one lower-case text, by trigram (issue 39, item 13).
    index('pre_matriculas_busca_trgm_idx').using('gin', sql`${t.busca} gin_trgm_ops`),
    ...origemIndexes('pre_matriculas', t),
  ],
);

/**
 * Another activation of a student already activated at the event, with another guardian's CPF or another
 * e-mail (issue "Trust, second round", finding 6; ADR 020): kept for the staff to decide, never shown to the
 * visitor, never overwriting the activation on record. One row per guardian's CPF and e-mail.
 */
export const preMatriculaConflitos = pgTable(
  'pre_matricula_conflitos',
  {
    id: id(),
    preMatriculaId: uuid()
      .notNull()
      .references(() => preMatriculas.id),
    nomeAluno: text().notNull(),
    nomeResponsavel: text().notNull(),
    /** Null only once anonymised (issue 18). */
    cpfResponsavel: varchar({ length: 14 }),
    email: text().notNull(),
    telefone: varchar({ length: 20 }),
    consentidoEm: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pre_matricula_conflitos_claim_key').on(t.preMatriculaId, t.cpfResponsavel, sql`lower(${t.email})`),
    index('pre_matricula_conflitos_email_lower_idx').on(sql`lower(${t.email})`),
    index('pre_matricula_conflitos_cpf_responsavel_idx').on(t.cpfResponsavel),
  ],
);

export const matriculas = pgTable(
  'matriculas',
  {
    id: id(),
    preMatriculaId: uuid()
      .unique()
      .references(() => preMatriculas.id),
    eventoId: uuid()
      .notNull()
      .references(() => eventos.id),
    leadId: uuid().references(() => leads.id),
    nome: text().notNull(),
    email: text().notNull(),
    telefone: varchar({ length: 20 }),
    cursoInteresse: text(),
    efetivadaEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /*
     * The course and its price as they were at Efetivar (issue 42, ADR 063): a snapshot, never read again from
     * the course. Null only on matrículas made before it whose course could not be known (migration 0037).
     */
    cursoId: uuid().references(() => cursos.id),
    cursoTitulo: text(),
    /** Hours: the sum of the course's active modules. */
    cursoCargaHoraria: integer(),
    valor: money(),
    valorComDesconto: money(),
    parcelas: integer(),
    /** What the family pays: valorComDesconto when the course had one, else valor. */
    valorTotal: money(),
    /** Each parcela but the last; the last takes the rounding (src/shared/money/parcelas.ts). */
    valorParcela: money(),
    valorUltimaParcela: money(),
    /*
     * Issue 42, second slice (ADR 064): the family accepts its contract (aguardando_aceite -> ativa), and a
     * matrícula may end cancelled with its reason. Those made before contracts existed are 'ativa' (migration 0038).
     */
    status: matriculaStatus().notNull().default('aguardando_aceite'),
    motivoCancelamento: motivoCancelamento(),
    canceladaEm: timestamp({ withTimezone: true }),
    /**
     * Issue 42: the fee a staff cancellation charged (a percentage of what was left to pay, capped by the contract);
     * zero for a withdrawal within 7 days; null while not cancelled, or when cancelled by expiry.
     */
    multaCancelamento: money(),
    ...lgpdColumns(),
    ...scopePath(),
    /** The event's place, as a lead keeps it (ADR 158, 165): written with the row, followed when the event's changes. */
    eventoEstado: varchar({ length: 2 }),
    eventoCidade: text(),
    createdAt: createdAt(),
    /** The text q= searches (MATRICULAS_BUSCA, ADR 133), written by PostgreSQL with the row. */
    busca: text().generatedAlwaysAs(MATRICULAS_BUSCA),
  },
  (t) => [
    // A cancelled matrícula says why and since when; no other status has either.
    check(
      'matriculas_cancelamento_check',
      sql`(${t.status} = 'cancelada') = (${t.motivoCancelamento} is not null) and (${t.status} = 'cancelada') = (${t.canceladaEm} is not null)`,
    ),
    // The snapshot is whole or absent: a price without its course, or a course without its price, never.
    check(
      'matriculas_curso_snapshot_check',
      sql`(${t.cursoTitulo} is null and ${t.cursoCargaHoraria} is null and ${t.valor} is null and ${t.parcelas} is null and ${t.valorTotal} is null and ${t.valorParcela} is null and ${t.valorUltimaParcela} is null) or (${t.cursoTitulo} is not null and ${t.cursoCargaHoraria} is not null and ${t.valor} is not null and ${t.parcelas} >= 1 and ${t.valorTotal} is not null and ${t.valorParcela} is not null and ${t.valorUltimaParcela} is not null)`,
    ),
    index('matriculas_curso_id_idx').on(t.cursoId),
    index('matriculas_evento_id_created_at_idx').on(t.eventoId, t.createdAt, t.id),
    index('matriculas_lead_id_idx').on(t.leadId),
    // The vendedor does not see matrículas (DESIGN §4.1), but the staff above filter theirs by one (ADR 128: a node
    // below the caller's own reads that node's rows): a vendedor page index too (migration 0078).
    ...scopePageIndexes('matriculas', t, ['clienteId', 'vendedorId', 'microFranquiaId', 'franquiaId', 'franqueadorId']),
    ...scopePlaceIndexes('matriculas', t),
    // Issue 42: the list filtered by status, newest first, and its capped count, read as a range per scope (the
    // status is not in the scope's counters; without these, 1 in 20 of the franqueador's 100,000 was a scan).
    ...(['clienteId', 'microFranquiaId', 'franquiaId', 'franqueadorId'] as const).map((scope) =>
      index(`matriculas_${SCOPE_INDEX_NAMES[scope]}_status_page_idx`).on(t[scope], t.status, t.createdAt, t.id),
    ),
    // Relatórios' matrículas by status for the network (ADR 144): the period's rows by their date, with what the report
    // counts, read from the index alone (migration 0086: INCLUDE in schema.dump.txt).
    index('matriculas_franqueador_efetivada_idx').on(t.franqueadorId, t.efetivadaEm),
    index('matriculas_email_lower_idx').on(sql`lower(${t.email})`),
    index('matriculas_telefone_idx')
      .on(t.telefone)
      .where(sql`${t.telefone} is not null`),
    index('matriculas_busca_trgm_idx').using('gin', sql`${t.busca} gin_trgm_ops`),
  ],
);

/**
 * Modelos de contrato (issue 42, ADR 064): a network's contract template. A draft has no version and changes; publishing
 * gives it the network's next version (1, 2, ...) and it never changes again. The newest version is the current one,
 * which Efetivar fills for each matrícula. At most one draft per network.
 */
export const contratoModelos = pgTable(
  'contrato_modelos',
  {
    id: id(),
    franqueadorId: uuid()
      .notNull()
      .references(() => franqueadores.id),
    versao: integer(),
    titulo: text().notNull(),
    /** Markdown with `{{placeholders}}` (src/shared/contrato/modelo.ts). */
    texto: text().notNull(),
    /** The cancellation fee, % of the remaining value; at most CANCELAMENTO_MULTA_MAX_PCT when saved. */
    multaCancelamentoPct: integer().notNull(),
    criadoPorId: uuid().references(() => users.id),
    publicadoEm: timestamp({ withTimezone: true }),
    publicadoPorId: uuid().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'contrato_modelos_publicacao_check',
      sql`(${t.versao} is null) = (${t.publicadoEm} is null) and (${t.versao} is null or ${t.versao} >= 1)`,
    ),
    check('contrato_modelos_multa_check', sql`${t.multaCancelamentoPct} between 0 and 100`),
    uniqueIndex('contrato_modelos_versao_key').on(t.franqueadorId, t.versao),
    uniqueIndex('contrato_modelos_um_rascunho_key')
      .on(t.franqueadorId)
      .where(sql`${t.versao} is null`),
    index('contrato_modelos_criado_por_id_idx').on(t.criadoPorId),
    index('contrato_modelos_publicado_por_id_idx').on(t.publicadoPorId),
  ],
);

/**
 * A matrícula's contract (issue 42, ADR 064), frozen at Efetivar from the network's current template: the text
 * filled for the family, the version and the price. Nothing about it changes when the template or the course does.
 */
export const contratos = pgTable(
  'contratos',
  {
    id: id(),
    matriculaId: uuid()
      .notNull()
      .unique()
      .references(() => matriculas.id),
    modeloId: uuid()
      .notNull()
      .references(() => contratoModelos.id),
    versao: integer().notNull(),
    titulo: text().notNull(),
    /** The filled template and the required blocks, in Markdown. */
    texto: text().notNull(),
    valorTotal: money().notNull(),
    parcelas: integer().notNull(),
    valorParcela: money().notNull(),
    valorUltimaParcela: money().notNull(),
    multaCancelamentoPct: integer().notNull(),
    /** When the responsável accepted it (the 7-day withdrawal window counts from here); null until then. */
    aceitoEm: timestamp({ withTimezone: true }),
    /*
     * Issue 42, third slice (ADR 066). The link `APP_URL/contrato/<token>` e-mailed to the responsável: only the
     * SHA-256 of its token is kept, valid until `tokenExpiraEm`; a new link replaces it (the old one stops working).
     * `tokenAbertoEm`: when this link was first opened (the timeline's 'aberto', once per link).
     */
    tokenHash: text(),
    tokenExpiraEm: timestamp({ withTimezone: true }),
    tokenAbertoEm: timestamp({ withTimezone: true }),
    /** The 6-digit code last e-mailed (its SHA-256 with the contract's id), its expiry and the wrong tries on it. */
    codigoHash: text(),
    codigoExpiraEm: timestamp({ withTimezone: true }),
    codigoTentativas: integer().notNull().default(0),
    /** The acceptance's record: where from, the template version accepted, the code's channel, the PDF's SHA-256. */
    aceiteIp: text(),
    aceiteUserAgent: text(),
    aceiteVersao: integer(),
    aceiteCanal: text(),
    pdfSha256: text(),
    /**
     * Issue 43 (ADR 071): the day of the month (5, 10, 15, 20 or 25) the family chose on the contract page for its
     * parcelas, recorded at acceptance; the first is due on that day of the next month.
     */
    diaVencimento: smallint(),
    createdAt: createdAt(),
  },
  (t) => [
    check('contratos_dia_vencimento_check', sql`${t.diaVencimento} in (5, 10, 15, 20, 25)`),
    index('contratos_modelo_id_idx').on(t.modeloId),
    uniqueIndex('contratos_token_hash_key')
      .on(t.tokenHash)
      .where(sql`${t.tokenHash} is not null`),
    // Accepted means the whole record is there; not accepted, none of it.
    check(
      'contratos_aceite_check',
      sql`(${t.aceitoEm} is null) = (${t.aceiteVersao} is null) and (${t.aceitoEm} is null) = (${t.aceiteCanal} is null) and (${t.aceitoEm} is null) = (${t.pdfSha256} is null)`,
    ),
  ],
);

/**
 * A contract's timeline (issue 42, ADR 066): the link sent, opened, a code sent, accepted, withdrawn, a new link.
 * Written in the transaction of what it records; read by the staff's matrícula record.
 */
export const contratoEventos = pgTable(
  'contrato_eventos',
  {
    id: id(),
    contratoId: uuid()
      .notNull()
      .references(() => contratos.id),
    tipo: contratoEventoTipo().notNull(),
    em: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('contrato_eventos_contrato_id_em_idx').on(t.contratoId, t.em)],
);

/**
 * Cobrança (issue 43, ADR 071): a matrícula's parcelas, each one payment at the payment gateway (its id, the
 * links the family pays by, the PIX copy-and-paste code), created by a durable job after the contract's acceptance
 * and settled by the gateway's webhook. Money in whole centavos. The scope path and the event, course and
 * vendedor are copied from the matrícula when the parcela is written, so the list scopes as the matrículas do.
 */
export const parcelas = pgTable(
  'parcelas',
  {
    id: id(),
    matriculaId: uuid()
      .notNull()
      .references(() => matriculas.id),
    numero: integer().notNull(),
    valorCentavos: integer().notNull(),
    vencimento: dateOnly().notNull(),
    status: parcelaStatus().notNull().default('aberta'),
    /** `asaas` or `simulado`: the gateway that holds the payment (COBRANCA_PROVEDOR when it was created). */
    provedor: text().notNull(),
    gatewayId: text().notNull(),
    invoiceUrl: text(),
    bankSlipUrl: text(),
    pixCopiaECola: text(),
    /** The day the gateway says the family paid, and what the network receives after its fee. */
    pagaEm: dateOnly(),
    valorLiquidoCentavos: integer(),
    /**
     * ADR 076: `mensalidade` (a parcela of the contract's plan) or `taxa_cancelamento` (the fee of a cancellation
     * after the 7 days, one charge, at most one per matrícula).
     */
    tipo: text().notNull().default('mensalidade'),
    /**
     * ADR 076: a baixa manual -- paid at the school (cash), marked by staff with a note: when, by whom. Its payment
     * is cancelled at the gateway by a job, and no later event of the gateway changes it.
     */
    baixaEm: timestamp({ withTimezone: true }),
    baixaPorId: uuid().references(() => users.id),
    baixaObservacao: text(),
    /** ADR 079: the renegotiation that cancelled this parcela and replaced it with a new plan. */
    renegociacaoId: uuid().references((): AnyPgColumn => renegociacoes.id),
    /**
     * ADR 084: the renegotiation whose plan this parcela is (null: the contract's plan). A family reads each plan
     * numbered on its own: 'Parcela 2 de 6 da renegociação', the old plan's paid parcelas keeping 'Parcela 3 de 10'.
     */
    planoRenegociacaoId: uuid().references((): AnyPgColumn => renegociacoes.id),
    /**
     * ADR 089: the franqueador's share (royalty + fundo, in hundredths of a percent) this payment's `split` asks the
     * gateway to retain from its net value; null: the payment carries no split (the franquia pays by fatura).
     */
    royaltySplitCentesimos: integer(),
    /**
     * ADR 093: the day the gateway reported a chargeback on this paid parcela (it is then `estornada`), while the
     * dispute is open; cleared when the dispute is won (the parcela paid again) or the refund is final.
     */
    chargebackEm: dateOnly(),
    eventoId: uuid().notNull(),
    cursoId: uuid(),
    ...scopePath(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('parcelas_valor_check', sql`${t.valorCentavos} > 0 and ${t.numero} >= 1`),
    check('parcelas_provedor_check', sql`${t.provedor} in ('asaas', 'simulado')`),
    // Paid means the day is known; a parcela never paid has none.
    check('parcelas_paga_check', sql`(${t.status} = 'paga') <= (${t.pagaEm} is not null)`),
    check('parcelas_tipo_check', sql`${t.tipo} in ('mensalidade', 'taxa_cancelamento')`),
    // A baixa has its date and note together, and is a payment (refunded afterwards when the family withdraws).
    check(
      'parcelas_baixa_check',
      sql`(${t.baixaEm} is null) = (${t.baixaObservacao} is null) and (${t.baixaEm} is null or ${t.status} in ('paga', 'estornada'))`,
    ),
    // One cancellation fee per matrícula: the fee's job, run again, finds it.
    uniqueIndex('parcelas_taxa_cancelamento_key')
      .on(t.matriculaId)
      .where(sql`${t.tipo} = 'taxa_cancelamento'`),
    index('parcelas_baixa_por_id_idx').on(t.baixaPorId),
    index('parcelas_renegociacao_id_idx').on(t.renegociacaoId),
    index('parcelas_plano_renegociacao_id_idx').on(t.planoRenegociacaoId),
    uniqueIndex('parcelas_matricula_numero_key').on(t.matriculaId, t.numero),
    uniqueIndex('parcelas_gateway_key').on(t.provedor, t.gatewayId),
    // An event's parcelas in the list's order (issue 46, migration 0077): filtered by an event whose parcelas fall
    // due years back, the franqueador's list walked its whole scope's index newest first looking for them (1.8 s).
    index('parcelas_evento_vencimento_idx').on(t.eventoId, t.vencimento, t.id),
    index('parcelas_curso_id_idx').on(t.cursoId),
    // The list: by due date, newest first, per scope the list is read by (the vendedor reads no matrícula).
    ...(['microFranquiaId', 'franquiaId', 'franqueadorId'] as const).map((scope) =>
      index(`parcelas_${SCOPE_INDEX_NAMES[scope]}_vencimento_idx`).on(t[scope], t.vencimento, t.id),
    ),
    // The same, one status at a time (migration 0077 for the two scopes of hundreds of thousands: 'Vencida' or
    // 'Paga' walked past every open parcela still to fall due before its first row, 1.3-1.6 s for the franqueador;
    // migration 0085 for the micro-franquia's, whose count of one status read its every parcela: ADR 142).
    // A status change writes every index of the row already (`status` is in the cliente's), so these add no
    // rewrite of their own to a webhook, only their own entries.
    ...(['microFranquiaId', 'franquiaId', 'franqueadorId'] as const).map((scope) =>
      index(`parcelas_${SCOPE_INDEX_NAMES[scope]}_status_vencimento_idx`).on(t[scope], t.status, t.vencimento, t.id),
    ),
    // The cliente's, in the same order, carrying what Inadimplência sums per event (issue 43, migration 0069): a
    // school's year of parcelas by event is read from the index alone, not from its thousands of heap pages.
    index('parcelas_cliente_vencimento_contado_idx').on(
      t.clienteId,
      t.vencimento,
      t.id,
      t.eventoId,
      t.status,
      t.valorCentavos,
    ),
    index('parcelas_vendedor_id_idx').on(t.vendedorId),
    // The régua's daily run (ADR 078): the parcelas still to be paid, by due date.
    index('parcelas_a_pagar_vencimento_idx')
      .on(t.vencimento)
      .where(sql`${t.status} in ('aberta', 'vencida')`),
    // 'Minhas comissões'' prevista (issue 44): a seller's (or micro-franquia's) mensalidades still to be paid, a few
    // thousand, found without combining its every parcela with the network's half million open ones.
    index('parcelas_vendedor_a_pagar_idx')
      .on(t.vendedorId)
      .where(sql`${t.status} in ('aberta', 'vencida') and ${t.tipo} = 'mensalidade'`),
    index('parcelas_micro_franquia_a_pagar_idx')
      .on(t.microFranquiaId)
      .where(sql`${t.status} in ('aberta', 'vencida') and ${t.tipo} = 'mensalidade'`),
  ],
);

/**
 * Renegociação (issue 43, ADR 079): a matrícula's open parcelas replaced by a new plan -- who, when, the open balance
 * it replaced, the discount, and the new plan (its parcelas' numbers, values and due dates), which a durable job
 * bills at the gateway and marks done (`concluidaEm`). Money in whole centavos.
 */
export const renegociacoes = pgTable(
  'renegociacoes',
  {
    id: id(),
    matriculaId: uuid()
      .notNull()
      .references(() => matriculas.id),
    porId: uuid().references(() => users.id),
    em: timestamp({ withTimezone: true }).notNull(),
    parcelasAnteriores: integer().notNull(),
    valorAnteriorCentavos: integer().notNull(),
    descontoCentavos: integer().notNull(),
    novoTotalCentavos: integer().notNull(),
    novasParcelas: integer().notNull(),
    primeiroVencimento: dateOnly().notNull(),
    /** ADR 084: the matrícula's number of the new plan's first parcela (its 'Parcela 1 de N'). */
    primeiroNumero: integer().notNull(),
    /** The new plan: `[{ numero, valorCentavos, vencimento }]`, summing to `novoTotalCentavos`. */
    plano: jsonb().notNull(),
    concluidaEm: timestamp({ withTimezone: true }),
  },
  (t) => [
    check(
      'renegociacoes_valores_check',
      sql`${t.descontoCentavos} >= 0 and ${t.novoTotalCentavos} = ${t.valorAnteriorCentavos} - ${t.descontoCentavos} and ${t.novoTotalCentavos} >= ${t.novasParcelas} and ${t.novasParcelas} between 1 and 24`,
    ),
    index('renegociacoes_matricula_id_em_idx').on(t.matriculaId, t.em),
    index('renegociacoes_por_id_idx').on(t.porId),
  ],
);

/** The gateway's customer of a responsável (by CPF) in a network: found again, never created twice (ADR 071). */
export const cobrancaClientes = pgTable(
  'cobranca_clientes',
  {
    id: id(),
    franqueadorId: uuid()
      .notNull()
      .references(() => franqueadores.id),
    provedor: text().notNull(),
    cpf: varchar({ length: 14 }).notNull(),
    gatewayId: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cobranca_clientes_cpf_key').on(t.franqueadorId, t.provedor, t.cpf)],
);

/**
 * Every event the gateway's webhook delivered (ADR 071): its id once (a redelivery finds it and changes nothing),
 * the whole payload, and what it did -- applied to a parcela, ignored (a kind of event, or a change the parcela
 * does not take), or about a payment no parcela holds (kept for the reconciliation).
 */
export const cobrancaEventos = pgTable(
  'cobranca_eventos',
  {
    id: id(),
    provedor: text().notNull(),
    eventoId: text().notNull(),
    tipo: text().notNull(),
    gatewayPagamentoId: text(),
    parcelaId: uuid().references(() => parcelas.id),
    payload: jsonb().notNull(),
    resultado: text().notNull(),
    recebidoEm: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    check(
      'cobranca_eventos_resultado_check',
      sql`${t.resultado} in ('aplicado', 'ignorado', 'pagamento_desconhecido')`,
    ),
    uniqueIndex('cobranca_eventos_evento_key').on(t.eventoId),
    index('cobranca_eventos_parcela_id_idx').on(t.parcelaId),
    index('cobranca_eventos_desconhecidos_idx')
      .on(t.recebidoEm)
      .where(sql`${t.resultado} = 'pagamento_desconhecido'`),
  ],
);

/**
 * Régua de cobrança (issue 43, ADR 078): the steps a franquia switched on or off. No row: every step on.
 */
export const cobrancaReguas = pgTable(
  'cobranca_reguas',
  {
    id: id(),
    franquiaId: uuid()
      .notNull()
      .references(() => franquias.id),
    antes3: boolean().notNull().default(true),
    vencimento: boolean().notNull().default(true),
    depois1: boolean().notNull().default(true),
    depois7: boolean().notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('cobranca_reguas_franquia_key').on(t.franquiaId)],
);

/**
 * Each step of the régua sent for a parcela (ADR 078): once per parcela and step, written in the transaction of
 * the e-mail's job -- a second run of the day, or a retry, finds it and sends nothing.
 */
export const cobrancaReguaEnvios = pgTable(
  'cobranca_regua_envios',
  {
    id: id(),
    parcelaId: uuid()
      .notNull()
      .references(() => parcelas.id),
    etapa: text().notNull(),
    dia: dateOnly().notNull(),
    enviadoEm: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    check('cobranca_regua_envios_etapa_check', sql`${t.etapa} in ('antes3', 'vencimento', 'depois1', 'depois7')`),
    uniqueIndex('cobranca_regua_envios_parcela_etapa_key').on(t.parcelaId, t.etapa),
  ],
);

/**
 * The responsável's link to its parcelas (ADR 078): only its token's SHA-256 kept, valid until `expiraEm`. It names
 * the matrícula it was sent for; the page shows every matrícula of the same responsável (CPF) in the network.
 */
export const cobrancaLinks = pgTable(
  'cobranca_links',
  {
    id: id(),
    matriculaId: uuid()
      .notNull()
      .references(() => matriculas.id),
    tokenHash: text().notNull(),
    expiraEm: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cobranca_links_token_hash_key').on(t.tokenHash),
    index('cobranca_links_matricula_id_idx').on(t.matriculaId),
    index('cobranca_links_expira_em_idx').on(t.expiraEm),
  ],
);

/**
 * The reconciliation with the gateway (issue 43, ADR 080): each run -- the daily job's or one asked for on
 * 'Conciliação' -- with when it ran, the window it compared and its counts. One run at a time (the partial unique
 * index); a run left unfinished by a crash is closed as interrupted by the next.
 */
export const cobrancaConciliacoes = pgTable(
  'cobranca_conciliacoes',
  {
    id: id(),
    provedor: text().notNull(),
    /** `diaria` (the daily job) or `manual` ('Conciliar agora'). */
    origem: text().notNull(),
    solicitadaPorId: uuid().references(() => users.id),
    /** The first day compared (90 days before the run). */
    desde: dateOnly().notNull(),
    iniciadaEm: timestamp({ withTimezone: true }).notNull(),
    concluidaEm: timestamp({ withTimezone: true }),
    /** Why it did not finish (the gateway out, a crash), or null. */
    falha: text(),
    pagamentosNoGateway: integer().notNull().default(0),
    parcelasComparadas: integer().notNull().default(0),
    corrigidas: integer().notNull().default(0),
    pendentes: integer().notNull().default(0),
  },
  (t) => [
    check('cobranca_conciliacoes_origem_check', sql`${t.origem} in ('diaria', 'manual')`),
    uniqueIndex('cobranca_conciliacoes_em_andamento_key')
      .on(t.provedor)
      .where(sql`${t.concluidaEm} is null and ${t.falha} is null`),
    index('cobranca_conciliacoes_iniciada_em_idx').on(t.iniciadaEm),
  ],
);

/**
 * A difference a run found between the gateway and the parcelas (ADR 080): what kind, each side's status and value,
 * and whether the run fixed it (through the webhook's own path) or left it to be looked at. It sits under the
 * matrícula's scope path (copied when written) so each unit reads its own; a payment no matrícula of ours holds has
 * none, or only the network its customer belongs to.
 */
export const cobrancaConciliacaoDiferencas = pgTable(
  'cobranca_conciliacao_diferencas',
  {
    id: id(),
    conciliacaoId: uuid()
      .notNull()
      .references(() => cobrancaConciliacoes.id),
    tipo: text().notNull(),
    situacao: text().notNull(),
    parcelaId: uuid().references(() => parcelas.id),
    matriculaId: uuid().references(() => matriculas.id),
    gatewayId: text(),
    referencia: text(),
    statusLocal: text(),
    statusGateway: text(),
    valorLocalCentavos: integer(),
    valorGatewayCentavos: integer(),
    vencimento: dateOnly(),
    ...scopePath(),
  },
  (t) => [
    check(
      'cobranca_conciliacao_diferencas_tipo_check',
      sql`${t.tipo} in ('ausente_local', 'ausente_gateway', 'status_diverge', 'valor_diverge')`,
    ),
    check('cobranca_conciliacao_diferencas_situacao_check', sql`${t.situacao} in ('corrigida', 'pendente')`),
    index('cobranca_conciliacao_diferencas_conciliacao_id_idx').on(t.conciliacaoId),
    index('cobranca_conciliacao_diferencas_parcela_id_idx').on(t.parcelaId),
    index('cobranca_conciliacao_diferencas_matricula_id_idx').on(t.matriculaId),
  ],
);

/**
 * ADR 084: the payments a run under way has compared -- listed by the gateway, or asked for one by one -- so a run
 * reads the gateway's listing and the window's parcelas a page at a time (its memory a page's, whatever the account's
 * size) and still finds the window's parcelas the listing lacked. A run's rows go when it ends (finished, failed, or
 * undone with it).
 */
export const cobrancaConciliacaoPagamentos = pgTable(
  'cobranca_conciliacao_pagamentos',
  {
    conciliacaoId: uuid()
      .notNull()
      .references(() => cobrancaConciliacoes.id, { onDelete: 'cascade' }),
    gatewayId: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.conciliacaoId, t.gatewayId] })],
);

export const alunos = pgTable(
  'alunos',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    preMatriculaId: uuid().references(() => preMatriculas.id),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('alunos_user_id_idx').on(t.userId), index('alunos_pre_matricula_id_idx').on(t.preMatriculaId)],
);

/**
 * Exact row counts per scope (an event, a cliente, a vendedor, a micro-franquia, a franquia, a franqueador),
 * kept by triggers in the same transaction as every write (migration 0001), so a total over a million rows is a
 * sum of a few rows. Each database connection adds to its own stripe, so concurrent sign-ups never wait on one
 * hot row; a total is the sum over the stripes.
 */
export const scopeCounts = pgTable(
  'scope_counts',
  {
    scopeId: uuid().notNull(),
    stripe: smallint().notNull(),
    clientes: integer().notNull().default(0),
    eventos: integer().notNull().default(0),
    eventosAtivos: integer().notNull().default(0),
    leads: integer().notNull().default(0),
    preMatriculas: integer().notNull().default(0),
    matriculas: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scopeId, t.stripe] })],
);

/**
 * How many leads of each scope node are past 'novo', per status (issue 16, ADR 022), kept by triggers like
 * scope_counts and striped the same way. A sign-up ('novo') writes nothing here; 'novo' is the node's leads less
 * these. A status filter's total is a sum of a few rows, however many leads it counts.
 */
export const leadStatusCounts = pgTable(
  'lead_status_counts',
  {
    scopeId: uuid().notNull(),
    status: leadStatus().notNull(),
    stripe: smallint().notNull(),
    n: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scopeId, t.status, t.stripe] })],
);

/** The columns of funnel_dia and funnel_mes: a path node's counts over one period (a day or a month). */
function funnelPeriodColumns() {
  return {
    chave: uuid().notNull(),
    nivel: smallint().notNull(),
    franqueadorId: uuid(),
    franquiaId: uuid(),
    microFranquiaId: uuid(),
    vendedorId: uuid(),
    clienteId: uuid(),
    eventoId: uuid(),
    stripe: smallint().notNull(),
    leads: integer().notNull().default(0),
    preMatriculas: integer().notNull().default(0),
    matriculas: integer().notNull().default(0),
    /** Leads of the day checked in at their event (issue 20, migration 0015), counted on the lead's own day. */
    presencas: integer().notNull().default(0),
  };
}

/**
 * The funnel per day (issue 15, migration 0007). For every node of the tree -- franqueador, franquia,
 * micro-franquia, vendedor (or none), cliente, evento: `nivel` 0..5 -- reached by a path from the top: how many
 * leads signed up, pré-matrículas were created and matrículas took effect on each day in Brasília. A row's key
 * is its path prefix (`chave`, a hash of it), so a row never changes its path: a company or event that moves
 * subtracts from the old path's rows and adds to the new one's, in the writing transaction, through the same
 * triggers as scope_counts, striped the same way. A report groups the rows of one level under one ancestor with
 * one indexed range, whatever the size of the network; the event's place is read from the event.
 */
export const funnelDia = pgTable(
  'funnel_dia',
  { ...funnelPeriodColumns(), dia: date({ mode: 'string' }).notNull() },
  (t) => [
    primaryKey({ columns: [t.chave, t.dia, t.stripe] }),
    index('funnel_dia_franqueador_idx').on(t.franqueadorId, t.nivel, t.dia),
    index('funnel_dia_franquia_idx').on(t.franquiaId, t.nivel, t.dia),
    index('funnel_dia_micro_franquia_idx').on(t.microFranquiaId, t.nivel, t.dia),
    index('funnel_dia_vendedor_idx').on(t.vendedorId, t.nivel, t.dia),
    index('funnel_dia_cliente_idx').on(t.clienteId, t.nivel, t.dia),
    index('funnel_dia_evento_idx').on(t.eventoId, t.dia),
  ],
);

/** The same per month (`mes` is its 1st): a year is 12 rows of a node, not 365. */
export const funnelMes = pgTable(
  'funnel_mes',
  { ...funnelPeriodColumns(), mes: date({ mode: 'string' }).notNull() },
  (t) => [
    primaryKey({ columns: [t.chave, t.mes, t.stripe] }),
    index('funnel_mes_franqueador_idx').on(t.franqueadorId, t.nivel, t.mes),
    index('funnel_mes_franquia_idx').on(t.franquiaId, t.nivel, t.mes),
    index('funnel_mes_micro_franquia_idx').on(t.microFranquiaId, t.nivel, t.mes),
    index('funnel_mes_vendedor_idx').on(t.vendedorId, t.nivel, t.mes),
    index('funnel_mes_cliente_idx').on(t.clienteId, t.nivel, t.mes),
    index('funnel_mes_evento_idx').on(t.eventoId, t.mes),
    // The events with someone present (issue 46, ADR 132): the attendance filter of a franqueador's or a franquia's
    // leads reads them first. Only an event's own rows with presences are in them; a node below reads its few
    // thousand rows by its own index above.
    index('funnel_mes_presencas_franqueador_idx')
      .on(t.franqueadorId)
      .where(sql`${t.nivel} = 5 and ${t.presencas} <> 0`),
    index('funnel_mes_presencas_franquia_idx')
      .on(t.franquiaId)
      .where(sql`${t.nivel} = 5 and ${t.presencas} <> 0`),
  ],
);

/**
 * What a row of the funnel counts under in the counters per source (issue 48, migration 0066): its `utm_source`, its
 * `utm_campaign`, whether it came by a share link (`link`: `link_codigo` set) and the link's vendedor -- all that
 * Relatórios' origem, campanha and vendedor_link groups and filters read of a row's origin.
 */
function fonteColumns() {
  return {
    utmSource: varchar({ length: UTM_MAX }),
    utmCampaign: varchar({ length: UTM_MAX }),
    link: boolean().notNull().default(false),
    linkVendedorId: uuid(),
  };
}

/**
 * The funnel per source and day (issue 48, migration 0066): funnel_dia's twin for the attributed rows only (a lead,
 * pré-matrícula or matrícula that came with any origin, a matrícula by its pré-matrícula's), one row per path prefix,
 * source (`fonteColumns`), day and stripe, written by the same triggers and fold as funnel_dia. The rows with no
 * origin are the funnel's totals less these.
 */
export const funnelOrigemDia = pgTable(
  'funnel_origem_dia',
  { ...funnelPeriodColumns(), ...fonteColumns(), dia: date({ mode: 'string' }).notNull() },
  (t) => [
    unique('funnel_origem_dia_key')
      .on(t.chave, t.utmSource, t.utmCampaign, t.link, t.linkVendedorId, t.dia, t.stripe)
      .nullsNotDistinct(),
    index('funnel_origem_dia_franqueador_idx').on(t.franqueadorId, t.nivel, t.dia),
    index('funnel_origem_dia_franquia_idx').on(t.franquiaId, t.nivel, t.dia),
    index('funnel_origem_dia_micro_franquia_idx').on(t.microFranquiaId, t.nivel, t.dia),
    index('funnel_origem_dia_vendedor_idx').on(t.vendedorId, t.nivel, t.dia),
    index('funnel_origem_dia_cliente_idx').on(t.clienteId, t.nivel, t.dia),
    index('funnel_origem_dia_evento_idx').on(t.eventoId, t.dia),
  ],
);

/** The same per month (`mes` is its 1st), funnel_mes' twin: a year of a node's sources is 12 rows per source. */
export const funnelOrigemMes = pgTable(
  'funnel_origem_mes',
  { ...funnelPeriodColumns(), ...fonteColumns(), mes: date({ mode: 'string' }).notNull() },
  (t) => [
    unique('funnel_origem_mes_key')
      .on(t.chave, t.utmSource, t.utmCampaign, t.link, t.linkVendedorId, t.mes, t.stripe)
      .nullsNotDistinct(),
    index('funnel_origem_mes_franqueador_idx').on(t.franqueadorId, t.nivel, t.mes),
    index('funnel_origem_mes_franquia_idx').on(t.franquiaId, t.nivel, t.mes),
    index('funnel_origem_mes_micro_franquia_idx').on(t.microFranquiaId, t.nivel, t.mes),
    index('funnel_origem_mes_vendedor_idx').on(t.vendedorId, t.nivel, t.mes),
    index('funnel_origem_mes_cliente_idx').on(t.clienteId, t.nivel, t.mes),
    index('funnel_origem_mes_evento_idx').on(t.eventoId, t.mes),
  ],
);

/**
 * The parcelas paid per node and month (issue 48, migration 0066): for every prefix of a parcela's own scope path
 * -- franqueador, franquia, micro-franquia, vendedor (or none), cliente: `nivel` 0..4, keyed by `chave` as
 * funnel_mes is --, the sum in centavos (and number) of the parcelas paid (`status` 'paga') in the month of `paga_em`.
 * A trigger on parcelas adds a payment and takes away a refund, a chargeback or a paid parcela removed, on the
 * connection's stripe. Goals of stage `parcelas_pagas` read a month's few rows instead of its parcelas.
 */
export const parcelasPagasMes = pgTable(
  'parcelas_pagas_mes',
  {
    chave: uuid().notNull(),
    nivel: smallint().notNull(),
    franqueadorId: uuid(),
    franquiaId: uuid(),
    microFranquiaId: uuid(),
    vendedorId: uuid(),
    clienteId: uuid(),
    mes: date({ mode: 'string' }).notNull(),
    stripe: smallint().notNull(),
    valorCentavos: bigint({ mode: 'number' }).notNull().default(0),
    parcelas: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.chave, t.mes, t.stripe] }),
    index('parcelas_pagas_mes_franqueador_idx').on(t.franqueadorId, t.nivel, t.mes),
    index('parcelas_pagas_mes_franquia_idx').on(t.franquiaId, t.nivel, t.mes),
    index('parcelas_pagas_mes_micro_franquia_idx').on(t.microFranquiaId, t.nivel, t.mes),
    index('parcelas_pagas_mes_vendedor_idx').on(t.vendedorId, t.nivel, t.mes),
    index('parcelas_pagas_mes_cliente_idx').on(t.clienteId, t.nivel, t.mes),
  ],
);

/**
 * The open parcelas per beneficiary (issue 44, migration 0070): for the vendedor -- the lead's responsável, else the
 * event's vendedor -- and the micro-franquia of every mensalidade still to be paid (`aberta`, `vencida`), how many
 * there are per network, franquia, curso and value, on the connection's stripe. 'Minhas comissões'' prevista is a
 * percentage rounded per parcela, so a group of equal values gives its count times one parcela's: it reads these
 * few rows instead of the beneficiary's thousands of parcelas. Kept by triggers on parcelas (a new plan, a payment,
 * a refund, a cancellation, any change of value or place), on leads (a new responsável) and on matrículas (a new
 * lead); `parcelas_abertas_rebuild()` counts them again from the rows.
 */
export const parcelasAbertasPorBeneficiario = pgTable(
  'parcelas_abertas_por_beneficiario',
  {
    beneficiario: text().notNull(),
    beneficiarioId: uuid().notNull(),
    franqueadorId: uuid(),
    franquiaId: uuid(),
    cursoId: uuid(),
    valorCentavos: integer().notNull(),
    stripe: smallint().notNull(),
    parcelas: integer().notNull(),
  },
  (t) => [
    uniqueIndex('parcelas_abertas_por_beneficiario_key').on(
      t.beneficiarioId,
      t.beneficiario,
      sql`coalesce(${t.franqueadorId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`coalesce(${t.franquiaId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`coalesce(${t.cursoId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.valorCentavos,
      t.stripe,
    ),
  ],
);

/**
 * The events' costs per node and day (issue 48, migration 0068): for every prefix of an event's path -- franqueador,
 * franquia, micro-franquia, vendedor (or none), cliente (or none), evento: `nivel` 0..5, keyed by `chave` as
 * funnel_dia is --, the sum in centavos of the costs of the events dated that day (`data_evento`: an event's costs
 * count on its own day). Triggers on evento_custos add a cost and take a removed one away; one on eventos moves an
 * event's costs when its day or its place in the tree changes; on the connection's stripe. Relatórios' cost totals
 * read a period's few rows instead of joining its events to their costs.
 */
export const eventoCustosDia = pgTable(
  'evento_custos_dia',
  {
    chave: uuid().notNull(),
    nivel: smallint().notNull(),
    franqueadorId: uuid(),
    franquiaId: uuid(),
    microFranquiaId: uuid(),
    vendedorId: uuid(),
    clienteId: uuid(),
    eventoId: uuid(),
    dia: date({ mode: 'string' }).notNull(),
    stripe: smallint().notNull(),
    valorCentavos: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.chave, t.dia, t.stripe] }),
    index('evento_custos_dia_franqueador_idx').on(t.franqueadorId, t.nivel, t.dia),
    index('evento_custos_dia_franquia_idx').on(t.franquiaId, t.nivel, t.dia),
    index('evento_custos_dia_micro_franquia_idx').on(t.microFranquiaId, t.nivel, t.dia),
    index('evento_custos_dia_vendedor_idx').on(t.vendedorId, t.nivel, t.dia),
    index('evento_custos_dia_cliente_idx').on(t.clienteId, t.nivel, t.dia),
    index('evento_custos_dia_evento_idx').on(t.eventoId, t.dia),
  ],
);

/** The same per month (`mes` is its 1st): a year is 12 rows of a node, not 365. */
export const eventoCustosMes = pgTable(
  'evento_custos_mes',
  {
    chave: uuid().notNull(),
    nivel: smallint().notNull(),
    franqueadorId: uuid(),
    franquiaId: uuid(),
    microFranquiaId: uuid(),
    vendedorId: uuid(),
    clienteId: uuid(),
    eventoId: uuid(),
    mes: date({ mode: 'string' }).notNull(),
    stripe: smallint().notNull(),
    valorCentavos: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.chave, t.mes, t.stripe] }),
    index('evento_custos_mes_franqueador_idx').on(t.franqueadorId, t.nivel, t.mes),
    index('evento_custos_mes_franquia_idx').on(t.franquiaId, t.nivel, t.mes),
    index('evento_custos_mes_micro_franquia_idx').on(t.microFranquiaId, t.nivel, t.mes),
    index('evento_custos_mes_vendedor_idx').on(t.vendedorId, t.nivel, t.mes),
    index('evento_custos_mes_cliente_idx').on(t.clienteId, t.nivel, t.mes),
    index('evento_custos_mes_evento_idx').on(t.eventoId, t.mes),
  ],
);

/** The columns of parcelas_vencimento_dia and _mes, as `funnelPeriodColumns` are funnel_dia's and _mes': a path node's parcelas in one status. */
function parcelasVencimentoColumns() {
  return {
    chave: uuid().notNull(),
    nivel: smallint().notNull(),
    franqueadorId: uuid(),
    franquiaId: uuid(),
    microFranquiaId: uuid(),
    vendedorId: uuid(),
    clienteId: uuid(),
    status: parcelaStatus().notNull(),
    stripe: smallint().notNull(),
    valorCentavos: bigint({ mode: 'number' }).notNull().default(0),
    parcelas: integer().notNull().default(0),
  };
}

/**
 * The parcelas per node, due day and status (issue 43, migration 0069): for every prefix of a parcela's own path --
 * franqueador, franquia, micro-franquia, vendedor (or none), cliente: `nivel` 0..4, keyed by `chave` as funnel_dia
 * is; not the event, whose few parcelas the report reads themselves --, the centavos and the number of the parcelas due that day (`vencimento`) in that status, of the
 * statuses someone owes ('aberta', 'paga', 'vencida'). Kept by a trigger on parcelas (a new parcela, a payment, an
 * overdue, a refund, a cancellation, a new value, day or path moves it), on the connection's stripe. Inadimplência
 * reads a period's few rows of a node: what is due, overdue and how late all follow from the due day and the status.
 */
export const parcelasVencimentoDia = pgTable(
  'parcelas_vencimento_dia',
  { ...parcelasVencimentoColumns(), dia: date({ mode: 'string' }).notNull() },
  (t) => [
    primaryKey({ columns: [t.chave, t.dia, t.status, t.stripe] }),
    index('parcelas_vencimento_dia_franqueador_idx').on(t.franqueadorId, t.nivel, t.dia),
    index('parcelas_vencimento_dia_franquia_idx').on(t.franquiaId, t.nivel, t.dia),
    index('parcelas_vencimento_dia_micro_franquia_idx').on(t.microFranquiaId, t.nivel, t.dia),
    index('parcelas_vencimento_dia_vendedor_idx').on(t.vendedorId, t.nivel, t.dia),
    index('parcelas_vencimento_dia_cliente_idx').on(t.clienteId, t.nivel, t.dia),
  ],
);

/** The same per month of the due day (`mes` is its 1st): a year is 12 rows of a node and status, not 365. */
export const parcelasVencimentoMes = pgTable(
  'parcelas_vencimento_mes',
  { ...parcelasVencimentoColumns(), mes: date({ mode: 'string' }).notNull() },
  (t) => [
    primaryKey({ columns: [t.chave, t.mes, t.status, t.stripe] }),
    index('parcelas_vencimento_mes_franqueador_idx').on(t.franqueadorId, t.nivel, t.mes),
    index('parcelas_vencimento_mes_franquia_idx').on(t.franquiaId, t.nivel, t.mes),
    index('parcelas_vencimento_mes_micro_franquia_idx').on(t.microFranquiaId, t.nivel, t.mes),
    index('parcelas_vencimento_mes_vendedor_idx').on(t.vendedorId, t.nivel, t.mes),
    index('parcelas_vencimento_mes_cliente_idx').on(t.clienteId, t.nivel, t.mes),
  ],
);

/**
 * Sign-ups and presences not yet folded into the counters (migrations 0027 and 0028, ADRs 042 and 043): the path
 * of the lead (franqueador ... evento), its day, and +1 lead (`dl`) or +1/-1 presence (`dx`), written by the
 * leads' triggers, taken by the fold. Issue 48 (migration 0066): whether the lead came with any origin
 * (`atribuida`) and its source (`fonteColumns`), for the counters per source.
 */
export const contagensPendentes = pgTable(
  'contagens_pendentes',
  {
    p: uuid().array().notNull(),
    d: date({ mode: 'string' }).notNull(),
    dx: integer().default(0).notNull(),
    eventoId: uuid().notNull(),
    dl: integer().default(0).notNull(),
    atribuida: boolean().notNull().default(false),
    ...fonteColumns(),
  },
  // The event's card adds its pending presences.
  (t) => [index('contagens_pendentes_evento_idx').on(t.eventoId)],
);

/**
 * What the help desk's search compares (SPEC §2: the title; ADR 141): the title lower-case and without accents, like
 * the leads' `busca` (ADR 133). Stored, so no ticket's title is unaccented again at each search.
 */
const SAC_TICKETS_BUSCA = sql`f_unaccent(lower(titulo))`;

export const sacTickets = pgTable(
  'sac_tickets',
  {
    id: id(),
    solicitanteId: uuid()
      .notNull()
      .references(() => users.id),
    responsavelId: uuid().references(() => users.id),
    franquiaId: uuid().references(() => franquias.id),
    microFranquiaId: uuid().references(() => microFranquias.id),
    // The network the ticket belongs to, set on insert by a trigger (migration 0021) from its franquia or else
    // its requester: the franqueador's scope is this one equality.
    franqueadorId: uuid(),
    titulo: text().notNull(),
    descricao: text().notNull(),
    departamento: departamento().notNull(),
    status: ticketStatus().notNull().default('em_andamento'),
    prioridade: ticketPriority().notNull().default('media'),
    resolucao: text(),
    resolvedAt: timestamp({ withTimezone: true }),
    // Issue 19: deadlines in business time (modules/sac/sla.ts), the clock's pauses, the reopening and the rating.
    primeiraRespostaEm: timestamp({ withTimezone: true }),
    primeiraRespostaAte: timestamp({ withTimezone: true }),
    resolucaoAte: timestamp({ withTimezone: true }),
    // The earliest deadline still pending (migration 0023): late is open and past it.
    prazoAte: timestamp({ withTimezone: true }).generatedAlwaysAs(
      sql`case when primeira_resposta_em is null then least(primeira_resposta_ate, resolucao_ate) else resolucao_ate end`,
    ),
    reabertoEm: timestamp({ withTimezone: true }),
    slaPausaMs: bigint({ mode: 'number' }).notNull().default(0),
    slaPausadoEm: timestamp({ withTimezone: true }),
    avaliacaoNota: smallint(),
    avaliacaoComentario: text(),
    avaliadoEm: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The text the help desk's search reads (SAC_TICKETS_BUSCA, ADR 141), written by PostgreSQL with the row. */
    busca: text().generatedAlwaysAs(SAC_TICKETS_BUSCA),
  },
  (t) => [
    // The search box (ADR 141): a trigram candidate is confirmed on the stored text, not unaccented again.
    index('sac_tickets_busca_trgm_idx').using('gin', sql`${t.busca} gin_trgm_ops`),
    // The late tickets (atrasados=true): open ones past their pending deadline.
    index('sac_tickets_prazo_ate_idx')
      .on(t.prazoAte)
      .where(sql`${t.status} = 'em_andamento'`),
    check('sac_tickets_avaliacao_nota_check', sql`${t.avaliacaoNota} between 1 and 5`),
    index('sac_tickets_solicitante_id_created_at_idx').on(t.solicitanteId, t.createdAt),
    index('sac_tickets_responsavel_id_idx').on(t.responsavelId),
    index('sac_tickets_franquia_id_idx').on(t.franquiaId),
    index('sac_tickets_micro_franquia_id_idx').on(t.microFranquiaId),
    index('sac_tickets_created_at_idx').on(t.createdAt),
    // Named as migration 0021 made it (an inline REFERENCES).
    foreignKey({
      name: 'sac_tickets_franqueador_id_fkey',
      columns: [t.franqueadorId],
      foreignColumns: [franqueadores.id],
    }),
    index('sac_tickets_franqueador_id_created_at_idx').on(
      t.franqueadorId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The late list walks the open tickets in order and counts them from the index, which carries each one's
    // pending deadline: INCLUDE ("prazo_ate") in migration 0023, which drizzle cannot declare (schema.dump.txt
    // holds it, ADR 061).
    index('sac_tickets_franqueador_abertos_idx')
      .on(t.franqueadorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'em_andamento'`),
  ],
);

/**
 * A ticket's conversation (issue 19): the requester's and the franqueador's messages, and the franqueador's
 * internal notes (`interna`), which only the franqueador reads.
 */
export const sacMensagens = pgTable(
  'sac_mensagens',
  {
    id: id(),
    ticketId: uuid()
      .notNull()
      .references(() => sacTickets.id, { onDelete: 'cascade' }),
    autorId: uuid()
      .notNull()
      .references(() => users.id),
    texto: text().notNull(),
    interna: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('sac_mensagens_ticket_id_created_at_idx').on(t.ticketId, t.createdAt),
    index('sac_mensagens_autor_id_idx').on(t.autorId),
  ],
);

/** A message's files, kept under DATA_DIR/anexos as one file named by the row's id (issue 19). */
export const sacAnexos = pgTable(
  'sac_anexos',
  {
    id: id(),
    mensagemId: uuid()
      .notNull()
      .references(() => sacMensagens.id, { onDelete: 'cascade' }),
    nome: text().notNull(),
    tipo: text().notNull(),
    tamanho: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sac_anexos_mensagem_id_idx').on(t.mensagemId)],
);

/**
 * The audit trail (issue 17, ADR 023): one row per write, export and sign-in, written in the same transaction as
 * what it records. Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE, except `audit_log_purgar(dias)`,
 * the retention purge (migration 0011). `franqueador_id`, `franquia_id` and `micro_franquia_id` are the path of
 * the record it is about (or of the actor when there is none), so each level reads its subtree's rows with one
 * indexed comparison. No foreign keys: a row outlives what it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    em: timestamp({ withTimezone: true }).notNull().defaultNow(),
    usuarioId: uuid(),
    papel: userRole(),
    acao: text().notNull(),
    entidade: text().notNull(),
    entidadeId: uuid(),
    /** `{campo: [antes, depois]}`, personal data masked, secrets never (lib/mask.ts). */
    alteracoes: jsonb(),
    /** What else the row needs to be read: an export's filters and rows, a session ended, a refused sign-in. */
    detalhes: jsonb(),
    ip: text(),
    userAgent: text(),
    requestId: text(),
    franqueadorId: uuid(),
    franquiaId: uuid(),
    microFranquiaId: uuid(),
  },
  (t) => [
    // Newest first per level (scanned backwards), the filters' own, and the purge's. Each level's carries the action
    // and the entity, so a filter by either is read from the index alone (migration 0092, ADR 161: INCLUDE in
    // schema.dump.txt).
    index('audit_log_franqueador_em_idx').on(t.franqueadorId, t.em, t.id),
    index('audit_log_franquia_em_idx')
      .on(t.franquiaId, t.em, t.id)
      .where(sql`${t.franquiaId} is not null`),
    index('audit_log_micro_franquia_em_idx')
      .on(t.microFranquiaId, t.em, t.id)
      .where(sql`${t.microFranquiaId} is not null`),
    index('audit_log_entidade_id_em_idx')
      .on(t.entidadeId, t.em)
      .where(sql`${t.entidadeId} is not null`),
    // A person's rows newest first; with what the trail's filters and the callers' levels compare, a search by who
    // acted is read from the index alone (migration 0083, ADR 139: INCLUDE in schema.dump.txt).
    index('audit_log_usuario_id_em_idx').on(t.usuarioId, t.em, t.id),
    index('audit_log_acao_em_idx').on(t.acao, t.em),
    index('audit_log_em_idx').on(t.em),
  ],
);

/**
 * Each consent given on a public form (issue 18, ADR 026): the notice version and the checkbox text the visitor
 * saw, when, and from which address and browser. Linked to the lead or the pre-matrícula it authorised.
 */
export const consentimentos = pgTable(
  'consentimentos',
  {
    id: id(),
    leadId: uuid().references(() => leads.id, { onDelete: 'cascade' }),
    preMatriculaId: uuid().references(() => preMatriculas.id, { onDelete: 'cascade' }),
    avisoVersao: text().notNull(),
    texto: text().notNull(),
    em: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ip: text(),
    userAgent: text(),
    revogadoEm: timestamp({ withTimezone: true }),
    /**
     * What the consent is for (issue 47): 'tratamento', the notice the forms require; 'whatsapp', the option
     * 'Quero receber avisos pelo WhatsApp', withdrawable on its own.
     */
    finalidade: text().notNull().default('tratamento'),
  },
  (t) => [
    check('consentimentos_finalidade_check', sql`${t.finalidade} in ('tratamento', 'whatsapp')`),
    index('consentimentos_lead_id_idx')
      .on(t.leadId)
      .where(sql`${t.leadId} is not null`),
    index('consentimentos_pre_matricula_id_idx')
      .on(t.preMatriculaId)
      .where(sql`${t.preMatriculaId} is not null`),
    check('consentimentos_registro_check', sql`${t.leadId} is not null or ${t.preMatriculaId} is not null`),
  ],
);

/**
 * The titular portal's links (issue 18): the SHA-256 of the token only, bound to the e-mail it was sent to,
 * valid 24 h, spent by the request it opens.
 */
export const titularTokens = pgTable(
  'titular_tokens',
  {
    id: id(),
    token: text().notNull().unique(),
    email: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usadoEm: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('titular_tokens_email_lower_idx').on(sql`lower(${t.email})`)],
);

/**
 * A titular's request (LGPD art. 18), one per network branch (franqueador and franquia) that holds the e-mail's
 * records, so each level answers for its own rows: the franquia sees its subtree's, the franqueador all.
 */
export const lgpdPedidos = pgTable(
  'lgpd_pedidos',
  {
    id: id(),
    tipo: lgpdPedidoTipo().notNull(),
    status: lgpdPedidoStatus().notNull().default('aberto'),
    email: text().notNull(),
    detalhe: text(),
    resposta: text(),
    /** Art. 19: 15 days from the request. */
    prazo: timestamp({ withTimezone: true }).notNull(),
    concluidoEm: timestamp({ withTimezone: true }),
    atualizadoPorId: uuid().references(() => users.id),
    franqueadorId: uuid()
      .notNull()
      .references(() => franqueadores.id),
    franquiaId: uuid().references(() => franquias.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('lgpd_pedidos_franqueador_idx').on(t.franqueadorId, t.createdAt, t.id),
    index('lgpd_pedidos_franquia_idx')
      .on(t.franquiaId, t.createdAt, t.id)
      .where(sql`${t.franquiaId} is not null`),
    index('lgpd_pedidos_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

/** Each run of the retention job (issue 18): what it anonymised, and what the next run is expected to. */
export const lgpdRetencaoExecucoes = pgTable(
  'lgpd_retencao_execucoes',
  {
    id: id(),
    em: timestamp({ withTimezone: true }).notNull().defaultNow(),
    anonimizados: integer().notNull(),
    proximaEm: timestamp({ withTimezone: true }).notNull(),
    previstos: integer().notNull(),
  },
  (t) => [index('lgpd_retencao_execucoes_em_idx').on(t.em)],
);

/*
 * Background work, webhooks and exports (issue 22, ADR 028; migrations 0018-0020). Read and written with SQL by
 * src/server/jobs, modules/envios, modules/webhooks and modules/exportacoes; declared here so the schema is
 * whole (ADR 061). Their timestamps are set by those statements: no defaults.
 */
const JOB_STATUSES = ['pendente', 'executando', 'concluido', 'falhou', 'cancelado'] as const;
const EXPORTACAO_STATUSES = ['pendente', 'executando', 'concluido', 'cancelado', 'falhou'] as const;

/**
 * What Envios' free-text search compares (issue 46, ADR 155): the job's summary and its recipient as shown, lower-case
 * and without accents, one line each. Stored, so a search reads a trigram index instead of unaccenting every envio
 * the network ever sent; a search without a line break cannot match across the two, and one with a line break is
 * checked column by column as well (buscaEnvios).
 */
const JOBS_BUSCA = sql`f_unaccent(lower(coalesce(resumo, '') || chr(10) || coalesce(destino, '')))`;

/** The durable queue (a transactional outbox): e-mails, webhook deliveries, exports and recurring work. */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    tipo: text().notNull(),
    payload: jsonb(),
    status: text().default('pendente').notNull(),
    tentativas: integer().default(0).notNull(),
    maxTentativas: integer().default(6).notNull(),
    executarEm: at().notNull(),
    bloqueadoAte: at(),
    ultimoErro: text(),
    resumo: text(),
    destino: text(),
    franqueadorId: uuid(),
    chave: text(),
    createdAt: at().notNull(),
    updatedAt: at().notNull(),
    concluidoEm: at(),
    // The record that caused the job, and the networks besides franqueadorId whose Envios list it (migration 0034).
    registroId: uuid(),
    outrasRedes: uuid().array(),
    // An e-mail's recipient as the SHA-256 of its trimmed, lower-case address (migration 0050, issue 51): what
    // Envios' exact search compares; the address itself is never kept once the e-mail is delivered.
    destinoChave: text(),
    /** The text Envios' q= searches (JOBS_BUSCA, ADR 155), written by PostgreSQL with the row. */
    busca: text().generatedAlwaysAs(JOBS_BUSCA),
  },
  (t) => [
    check('jobs_status_check', sql`${t.status} in (${textIn(JOB_STATUSES)})`),
    uniqueIndex('jobs_chave_idx').on(t.chave),
    // The worker's claim: jobs due.
    index('jobs_vencidos_idx')
      .on(t.executarEm)
      .where(sql`${t.status} in ('pendente', 'executando')`),
    // The Envios screen, all and by status.
    index('jobs_envios_idx')
      .on(t.franqueadorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.tipo} in ('email', 'webhook', 'whatsapp')`),
    index('jobs_envios_status_idx')
      .on(t.franqueadorId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.tipo} in ('email', 'webhook', 'whatsapp')`),
    // ... by type (ADR 155: a network's few webhooks were found by walking all its e-mails).
    index('jobs_envios_tipo_idx')
      .on(t.franqueadorId, t.tipo, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.tipo} in ('email', 'webhook', 'whatsapp')`),
    // ... and by its free-text search (ADR 155).
    index('jobs_busca_trgm_idx')
      .using('gin', sql`${t.busca} gin_trgm_ops`)
      .where(sql`${t.tipo} in ('email', 'webhook', 'whatsapp')`),
    // Envios' search by exact recipient (issue 51).
    index('jobs_destino_chave_idx')
      .on(t.destinoChave)
      .where(sql`${t.destinoChave} is not null`),
    // The retention purge of finished jobs.
    index('jobs_concluidos_idx')
      .on(t.concluidoEm)
      .where(sql`${t.concluidoEm} is not null`),
    // An anonymisation's undelivered e-mails and webhook bodies (migration 0019).
    index('jobs_email_para_idx')
      .on(sql`lower(${t.payload}->>'to')`)
      .where(sql`${t.tipo} = 'email' and ${t.payload} is not null`),
    index('jobs_webhook_pendentes_idx')
      .on(t.id)
      .where(sql`${t.tipo} = 'webhook' and ${t.payload} is not null`),
    // /metrics' dead letters per type (migration 0032).
    index('jobs_falhos_idx')
      .on(t.tipo)
      .where(sql`${t.status} = 'falhou'`),
    // An anonymisation's jobs, found by the record that caused them (migration 0034).
    index('jobs_registro_idx')
      .on(t.registroId)
      .where(sql`${t.payload} is not null and ${t.registroId} is not null`),
    // Envios' branch of the jobs a network shares with another (migration 0087: WhatsApp's too).
    index('jobs_outras_redes_idx')
      .using('gin', t.outrasRedes)
      .where(sql`${t.tipo} in ('email', 'webhook', 'whatsapp') and ${t.outrasRedes} is not null`),
  ],
);

/** Rate-limit counters pushed out of a process's memory by a flood, read back when their key comes again (0033). */
export const rateCounters = pgTable(
  'rate_counters',
  {
    chave: text().primaryKey(),
    contagem: integer().notNull(),
    ultimoEm: bigint({ mode: 'number' }).notNull(),
    expiraEm: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [index('rate_counters_expira_idx').on(t.expiraEm)],
);

/** A network's (or one franquia's) webhook subscriptions. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    franqueadorId: uuid().notNull(),
    franquiaId: uuid(),
    url: text().notNull(),
    segredo: text().notNull(),
    eventos: text().array().notNull(),
    ativo: boolean().default(true).notNull(),
    createdAt: at().notNull(),
    updatedAt: at().notNull(),
  },
  (t) => [
    foreignKey({
      name: 'webhook_endpoints_franqueador_id_fkey',
      columns: [t.franqueadorId],
      foreignColumns: [franqueadores.id],
    }),
    foreignKey({ name: 'webhook_endpoints_franquia_id_fkey', columns: [t.franquiaId], foreignColumns: [franquias.id] }),
    index('webhook_endpoints_franqueador_idx').on(
      t.franqueadorId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** Each try of each delivery to an endpoint. */
export const webhookEntregas = pgTable(
  'webhook_entregas',
  {
    id: id(),
    endpointId: uuid().notNull(),
    jobId: uuid(),
    entregaId: uuid().notNull(),
    evento: text().notNull(),
    tentativa: integer().notNull(),
    codigo: integer(),
    duracaoMs: integer().notNull(),
    erro: text(),
    em: at().notNull(),
  },
  (t) => [
    foreignKey({
      name: 'webhook_entregas_endpoint_id_fkey',
      columns: [t.endpointId],
      foreignColumns: [webhookEndpoints.id],
    }).onDelete('cascade'),
    index('webhook_entregas_endpoint_idx').on(t.endpointId, t.em.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('webhook_entregas_em_idx').on(t.em),
  ],
);

/** A list exported in the background, with its progress; the file is kept in parts until it expires. */
export const exportacoes = pgTable(
  'exportacoes',
  {
    id: id(),
    usuarioId: uuid().notNull(),
    lista: text().notNull(),
    filtros: jsonb().notNull(),
    status: text().default('pendente').notNull(),
    linhas: integer().default(0).notNull(),
    total: integer().default(0).notNull(),
    erro: text(),
    createdAt: at().notNull(),
    updatedAt: at().notNull(),
    concluidoEm: at(),
    expiraEm: at().notNull(),
    nomeArquivo: text().default('exportacao.csv').notNull(),
  },
  (t) => [
    foreignKey({ name: 'exportacoes_usuario_id_fkey', columns: [t.usuarioId], foreignColumns: [users.id] }).onDelete(
      'cascade',
    ),
    check('exportacoes_status_check', sql`${t.status} in (${textIn(EXPORTACAO_STATUSES)})`),
    index('exportacoes_usuario_idx').on(t.usuarioId, t.createdAt.desc().nullsFirst()),
    index('exportacoes_expira_idx').on(t.expiraEm),
  ],
);

export const exportacaoPartes = pgTable(
  'exportacao_partes',
  {
    exportacaoId: uuid().notNull(),
    n: integer().notNull(),
    conteudo: text().notNull(),
  },
  (t) => [
    primaryKey({ name: 'exportacao_partes_pkey', columns: [t.exportacaoId, t.n] }),
    foreignKey({
      name: 'exportacao_partes_exportacao_id_fkey',
      columns: [t.exportacaoId],
      foreignColumns: [exportacoes.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Modelos de mensagem de WhatsApp (issue 51, ADR 091): a network's own text for one of the product's templates
 * (src/shared/schemas/whatsapp.ts). A network without a row for a template uses the product's text; a row is the
 * franqueador's edit, one per template, changed in place (audited: `whatsapp_modelo.editar`).
 */
export const whatsappModelos = pgTable(
  'whatsapp_modelos',
  {
    franqueadorId: uuid().notNull(),
    chave: text().notNull(),
    texto: text().notNull(),
    atualizadoPorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.franqueadorId, t.chave] }),
    foreignKey({
      name: 'whatsapp_modelos_franqueador_id_fkey',
      columns: [t.franqueadorId],
      foreignColumns: [franqueadores.id],
    }).onDelete('cascade'),
    check('whatsapp_modelos_chave_check', sql`${t.chave} in (${textIn(WHATSAPP_MODELO_CHAVES)})`),
    check(
      'whatsapp_modelos_texto_check',
      sql`char_length(${t.texto}) between 1 and ${sql.raw(String(WHATSAPP_TEXTO_MAX))}`,
    ),
    index('whatsapp_modelos_atualizado_por_id_idx').on(t.atualizadoPorId),
  ],
);

/**
 * Comissões (issue 44, ADR 081): a rule of what a beneficiary earns -- the lead's vendedor responsável, the event's
 * micro-franquia or the franquia -- for one curso or every curso: a percentage of each paid parcela (in hundredths of
 * a percent: 550 = 5,50 %) or a fixed amount on the matrícula's first paid parcela, from `inicio` (to `fim`). The
 * franqueador's rule for the network (`franquiaId` null) or for one franquia; a franquia's rule for its subtree.
 * Two rules of the same specificity (network, franquia, curso) for the same beneficiary never overlap in time (the
 * service refuses them, in a transaction holding the network's rules).
 */
export const comissaoRegras = pgTable(
  'comissao_regras',
  {
    id: id(),
    franqueadorId: uuid()
      .notNull()
      .references(() => franqueadores.id),
    franquiaId: uuid().references(() => franquias.id),
    cursoId: uuid().references(() => cursos.id),
    beneficiario: text().notNull(),
    tipo: text().notNull(),
    percentualCentesimos: integer(),
    valorCentavos: integer(),
    inicio: dateOnly().notNull(),
    fim: dateOnly(),
    criadoPorId: uuid().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('comissao_regras_beneficiario_check', sql`${t.beneficiario} in ('vendedor', 'micro_franquia', 'franquia')`),
    check(
      'comissao_regras_valor_check',
      sql`(${t.tipo} = 'percentual' and ${t.percentualCentesimos} between 1 and 10000 and ${t.valorCentavos} is null)
        or (${t.tipo} = 'fixo' and ${t.valorCentavos} > 0 and ${t.percentualCentesimos} is null)`,
    ),
    check('comissao_regras_periodo_check', sql`${t.fim} is null or ${t.fim} >= ${t.inicio}`),
    index('comissao_regras_franqueador_id_idx').on(t.franqueadorId, t.beneficiario),
    index('comissao_regras_franquia_id_idx').on(t.franquiaId),
    index('comissao_regras_curso_id_idx').on(t.cursoId),
    index('comissao_regras_criado_por_id_idx').on(t.criadoPorId),
  ],
);

/**
 * Comissões (issue 44, ADR 082): the ledger. Append-only -- a trigger refuses UPDATE and DELETE (a line goes only
 * with its parcela, which the application never deletes) and a line for a closed period. Each paid parcela writes
 * one `credito` per beneficiary whose rule applies, in the payment's transaction; a refund or withdrawal writes its
 * `estorno` (the credit's amount, negative). `periodo` (AAAA-MM) is the month the event landed (Brasília), or the
 * next open one when that month is closed. The scope path is the parcela's; `beneficiarioId` the vendedor's,
 * micro-franquia's or franquia's id.
 */
export const comissaoLancamentos = pgTable(
  'comissao_lancamentos',
  {
    id: id(),
    franqueadorId: uuid()
      .notNull()
      .references(() => franqueadores.id),
    franquiaId: uuid(),
    microFranquiaId: uuid(),
    vendedorId: uuid(),
    beneficiario: text().notNull(),
    beneficiarioId: uuid().notNull(),
    regraId: uuid()
      .notNull()
      .references(() => comissaoRegras.id),
    /** The rule's kind when the line was written: a fixed amount is paid once per matrícula and beneficiary. */
    regraTipo: text().notNull(),
    parcelaId: uuid()
      .notNull()
      .references(() => parcelas.id, { onDelete: 'cascade' }),
    matriculaId: uuid()
      .notNull()
      .references(() => matriculas.id),
    tipo: text().notNull(),
    /** The parcela's value the line was computed on, and the line's own amount (negative for an estorno). */
    baseCentavos: integer().notNull(),
    valorCentavos: integer().notNull(),
    periodo: varchar({ length: 7 }).notNull(),
    /** The day the payment (or its refund) landed, Brasília. */
    ocorridoEm: dateOnly().notNull(),
    /**
     * ADR 093: the parcela's payment round -- 0 for its payment; a chargeback reverses a round and a dispute won
     * credits the next one, so each round holds one credit and at most one reversal per beneficiary.
     */
    ciclo: smallint().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'comissao_lancamentos_beneficiario_check',
      sql`${t.beneficiario} in ('vendedor', 'micro_franquia', 'franquia')`,
    ),
    check('comissao_lancamentos_regra_tipo_check', sql`${t.regraTipo} in ('percentual', 'fixo')`),
    check(
      'comissao_lancamentos_valor_check',
      sql`(${t.tipo} = 'credito' and ${t.valorCentavos} > 0) or (${t.tipo} = 'estorno' and ${t.valorCentavos} < 0)`,
    ),
    check('comissao_lancamentos_periodo_check', sql`${t.periodo} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    // A webhook delivered twice, a job run again: one credit and one reversal per parcela, beneficiary and payment
    // round (ADR 093: a dispute won after a chargeback credits the next round).
    uniqueIndex('comissao_lancamentos_parcela_key').on(t.parcelaId, t.beneficiario, t.tipo, t.ciclo),
    // A fixed amount is paid on the matrícula's first paid parcela, once (per payment round of that parcela).
    uniqueIndex('comissao_lancamentos_fixo_key')
      .on(t.matriculaId, t.beneficiario, t.ciclo)
      .where(sql`${t.tipo} = 'credito' and ${t.regraTipo} = 'fixo'`),
    index('comissao_lancamentos_franqueador_periodo_idx').on(t.franqueadorId, t.periodo, t.createdAt, t.id),
    index('comissao_lancamentos_franquia_periodo_idx').on(t.franquiaId, t.periodo, t.createdAt, t.id),
    index('comissao_lancamentos_beneficiario_idx').on(t.beneficiarioId, t.beneficiario, t.periodo, t.createdAt),
    index('comissao_lancamentos_matricula_id_idx').on(t.matriculaId),
    index('comissao_lancamentos_regra_id_idx').on(t.regraId),
  ],
);

/**
 * Comissões (issue 44, ADR 082): a closed month. The franqueador closes its network's (`franquiaId` null), a
 * franquia its subtree's when the network allows it; a closed month's lines never change, and an event landing
 * later goes to the next open month. `pagoEm`: the payout was confirmed (its lines are 'paga').
 */
export const comissaoFechamentos = pgTable(
  'comissao_fechamentos',
  {
    id: id(),
    franqueadorId: uuid()
      .notNull()
      .references(() => franqueadores.id),
    franquiaId: uuid().references(() => franquias.id),
    periodo: varchar({ length: 7 }).notNull(),
    totalCentavos: integer().notNull(),
    lancamentos: integer().notNull(),
    fechadoEm: timestamp({ withTimezone: true }).notNull(),
    fechadoPorId: uuid().references(() => users.id),
    pagoEm: timestamp({ withTimezone: true }),
    pagoPorId: uuid().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('comissao_fechamentos_periodo_check', sql`${t.periodo} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('comissao_fechamentos_pago_check', sql`(${t.pagoEm} is null) = (${t.pagoPorId} is null)`),
    uniqueIndex('comissao_fechamentos_key').on(
      t.franqueadorId,
      sql`coalesce(${t.franquiaId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.periodo,
    ),
    index('comissao_fechamentos_franquia_id_idx').on(t.franquiaId),
    index('comissao_fechamentos_fechado_por_id_idx').on(t.fechadoPorId),
    index('comissao_fechamentos_pago_por_id_idx').on(t.pagoPorId),
  ],
);

/**
 * Royalties e fundo de propaganda (issue 45, ADR 089): a franquia's fee agreement, one row per version -- the
 * royalty and the fundo in hundredths of a percent (550 = 5,50 %) of what its subtree receives, an optional monthly
 * minimum of royalty in centavos, and the mode: `fatura` (a monthly charge to the franquia) or `split` (each
 * family's charge carries the franqueador's share). A version is in force from `inicio` until the next one starts;
 * versions are only added (a change is a new version), by the franqueador.
 */
export const royaltyAcordos = pgTable(
  'royalty_acordos',
  {
    id: id(),
    franqueadorId: uuid()
      .notNull()
      .references(() => franqueadores.id),
    franquiaId: uuid()
      .notNull()
      .references(() => franquias.id),
    royaltyCentesimos: integer().notNull(),
    fundoCentesimos: integer().notNull(),
    minimoCentavos: integer(),
    inicio: dateOnly().notNull(),
    modo: text().notNull(),
    criadoPorId: uuid().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'royalty_acordos_percentuais_check',
      sql`${t.royaltyCentesimos} between 0 and 10000 and ${t.fundoCentesimos} between 0 and 10000 and ${t.royaltyCentesimos} + ${t.fundoCentesimos} <= 10000`,
    ),
    check('royalty_acordos_minimo_check', sql`${t.minimoCentavos} is null or ${t.minimoCentavos} > 0`),
    check('royalty_acordos_modo_check', sql`${t.modo} in ('fatura', 'split')`),
    uniqueIndex('royalty_acordos_franquia_inicio_key').on(t.franquiaId, t.inicio),
    index('royalty_acordos_franqueador_id_idx').on(t.franqueadorId),
    index('royalty_acordos_criado_por_id_idx').on(t.criadoPorId),
  ],
);

/**
 * Royalties (issue 45, ADR 089): the ledger, sharing the commissions' design (ADR 082). Append-only -- a trigger
 * refuses UPDATE and DELETE (a line goes only with its parcela) and a line in a franquia's closed month. Each paid
 * parcela of a franquia's subtree writes one `receita` line in the payment's transaction, under the agreement in
 * force on the day paid: its value (the base), the royalty and the fundo (each rounded once), and what the
 * gateway's split retained from its net value; a refund writes its `estorno` (the same figures, negated).
 * `periodo` (AAAA-MM) is the month the event landed (Brasília), or the franquia's next open month.
 */
export const royaltyLancamentos = pgTable(
  'royalty_lancamentos',
  {
    id: id(),
    franqueadorId: uuid()
      .notNull()
      .references(() => franqueadores.id),
    franquiaId: uuid()
      .notNull()
      .references(() => franquias.id),
    parcelaId: uuid()
      .notNull()
      .references(() => parcelas.id, { onDelete: 'cascade' }),
    acordoId: uuid()
      .notNull()
      .references(() => royaltyAcordos.id),
    tipo: text().notNull(),
    baseCentavos: integer().notNull(),
    royaltyCentavos: integer().notNull(),
    fundoCentavos: integer().notNull(),
    /** The split the payment carried (hundredths of a percent of its net value), and what it retained. */
    splitCentesimos: integer(),
    retidoCentavos: integer().notNull(),
    periodo: varchar({ length: 7 }).notNull(),
    /** The day the payment (or its refund) landed, Brasília. */
    ocorridoEm: dateOnly().notNull(),
    /** ADR 093: the parcela's payment round, as in `comissao_lancamentos` (a dispute won credits the next). */
    ciclo: smallint().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'royalty_lancamentos_valor_check',
      sql`(${t.tipo} = 'receita' and ${t.baseCentavos} > 0 and ${t.royaltyCentavos} >= 0 and ${t.fundoCentavos} >= 0 and ${t.retidoCentavos} >= 0)
        or (${t.tipo} = 'estorno' and ${t.baseCentavos} < 0 and ${t.royaltyCentavos} <= 0 and ${t.fundoCentavos} <= 0 and ${t.retidoCentavos} <= 0)`,
    ),
    check('royalty_lancamentos_periodo_check', sql`${t.periodo} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    // A webhook delivered twice, a job run again: one receita and one estorno per parcela and payment round (ADR 093).
    uniqueIndex('royalty_lancamentos_parcela_key').on(t.parcelaId, t.tipo, t.ciclo),
    // 'Meu extrato' pages a month's lines by payment day (ADR 097): its first page reads 20 index entries, not the
    // month's thousands.
    index('royalty_lancamentos_franquia_periodo_idx').on(t.franquiaId, t.periodo, t.ocorridoEm, t.createdAt, t.id),
    index('royalty_lancamentos_franqueador_periodo_idx').on(t.franqueadorId, t.periodo),
    index('royalty_lancamentos_acordo_id_idx').on(t.acordoId),
  ],
);

/**
 * Royalties (issue 45, ADR 089): a franquia's closed month -- its statement's figures as they were when it closed,
 * by hand or by the job on the 1st. Never changed (a trigger refuses UPDATE and DELETE); a later event lands in the
 * next open month. `saldo` = royalty + fundo + the minimum's adjustment - what the split retained.
 */
export const royaltyFechamentos = pgTable(
  'royalty_fechamentos',
  {
    id: id(),
    franqueadorId: uuid()
      .notNull()
      .references(() => franqueadores.id),
    franquiaId: uuid()
      .notNull()
      .references(() => franquias.id),
    periodo: varchar({ length: 7 }).notNull(),
    /** The agreement in force on the month's last day: its mode and minimum. */
    acordoId: uuid()
      .notNull()
      .references(() => royaltyAcordos.id),
    modo: text().notNull(),
    brutoCentavos: integer().notNull(),
    estornosCentavos: integer().notNull(),
    baseCentavos: integer().notNull(),
    royaltyCentavos: integer().notNull(),
    fundoCentavos: integer().notNull(),
    minimoCentavos: integer(),
    ajusteMinimoCentavos: integer().notNull(),
    retidoCentavos: integer().notNull(),
    saldoCentavos: integer().notNull(),
    linhas: integer().notNull(),
    fechadoEm: timestamp({ withTimezone: true }).notNull(),
    /** Null: closed by the job on the 1st. */
    fechadoPorId: uuid().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('royalty_fechamentos_periodo_check', sql`${t.periodo} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('royalty_fechamentos_modo_check', sql`${t.modo} in ('fatura', 'split')`),
    check(
      'royalty_fechamentos_soma_check',
      sql`${t.baseCentavos} = ${t.brutoCentavos} + ${t.estornosCentavos}
        and ${t.saldoCentavos} = ${t.royaltyCentavos} + ${t.fundoCentavos} + ${t.ajusteMinimoCentavos} - ${t.retidoCentavos}`,
    ),
    uniqueIndex('royalty_fechamentos_key').on(t.franquiaId, t.periodo),
    index('royalty_fechamentos_franqueador_periodo_idx').on(t.franqueadorId, t.periodo),
    index('royalty_fechamentos_acordo_id_idx').on(t.acordoId),
    index('royalty_fechamentos_fechado_por_id_idx').on(t.fechadoPorId),
  ],
);

/**
 * Royalties (issue 45, ADR 089): a closed month's positive balance charged to the franquia (customer: its CNPJ)
 * through the billing's gateway, due on day 10. Written with the closing (`pendente`); a job creates the payment
 * (`aberta`), and the gateway's webhook moves it on (`vencida`, `paga`, `estornada`, `cancelada`).
 */
export const royaltyFaturas = pgTable(
  'royalty_faturas',
  {
    id: id(),
    fechamentoId: uuid()
      .notNull()
      .references(() => royaltyFechamentos.id),
    franqueadorId: uuid()
      .notNull()
      .references(() => franqueadores.id),
    franquiaId: uuid()
      .notNull()
      .references(() => franquias.id),
    valorCentavos: integer().notNull(),
    vencimento: dateOnly().notNull(),
    status: text().notNull().default('pendente'),
    provedor: text(),
    gatewayId: text(),
    invoiceUrl: text(),
    pagaEm: dateOnly(),
    /** ADR 095: the reminder steps already e-mailed to the franquia (the régua's steps: antes3, vencimento, ...). */
    lembretes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The day the franquia's payment was charged back; set while the chargeback is open (ADR 093's rule). */
    chargebackEm: dateOnly(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('royalty_faturas_valor_check', sql`${t.valorCentavos} > 0`),
    check(
      'royalty_faturas_status_check',
      sql`${t.status} in ('pendente', 'aberta', 'vencida', 'paga', 'estornada', 'cancelada')`,
    ),
    check('royalty_faturas_gateway_check', sql`(${t.status} = 'pendente') = (${t.gatewayId} is null)`),
    uniqueIndex('royalty_faturas_fechamento_key').on(t.fechamentoId),
    uniqueIndex('royalty_faturas_gateway_key').on(t.provedor, t.gatewayId),
    index('royalty_faturas_franquia_id_idx').on(t.franquiaId),
    index('royalty_faturas_franqueador_id_idx').on(t.franqueadorId),
  ],
);

/**
 * The ledgers' sums (issues 44 and 45, ADR 097), kept by statement triggers on the lines (migration 0058): what a
 * statement shows is the sum of a few rows, however many lines it sums. The lines are append-only, so a sum only
 * grows by what each insert adds. Striped like scope_counts: payments of one franquia at once add to different rows.
 * Commissions: per beneficiary, network, franquia, month and reversed-or-not (a group's state comes from its closing).
 */
export const comissaoSomas = pgTable(
  'comissao_somas',
  {
    franqueadorId: uuid().notNull(),
    franquiaId: uuid(),
    periodo: varchar({ length: 7 }).notNull(),
    beneficiario: text().notNull(),
    beneficiarioId: uuid().notNull(),
    estorno: boolean().notNull(),
    stripe: smallint().notNull(),
    valorCentavos: bigint({ mode: 'number' }).notNull(),
    linhas: integer().notNull(),
  },
  (t) => [
    uniqueIndex('comissao_somas_key').on(
      t.beneficiarioId,
      t.beneficiario,
      t.periodo,
      t.franqueadorId,
      sql`coalesce(${t.franquiaId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.estorno,
      t.stripe,
    ),
    index('comissao_somas_franqueador_periodo_idx').on(t.franqueadorId, t.periodo),
    index('comissao_somas_franquia_periodo_idx').on(t.franquiaId, t.periodo),
  ],
);

/** Royalties: per franquia, month and kind of line (receita, estorno), its figures' sums (ADR 097). */
export const royaltySomas = pgTable(
  'royalty_somas',
  {
    franquiaId: uuid().notNull(),
    periodo: varchar({ length: 7 }).notNull(),
    tipo: text().notNull(),
    stripe: smallint().notNull(),
    franqueadorId: uuid().notNull(),
    baseCentavos: bigint({ mode: 'number' }).notNull(),
    royaltyCentavos: bigint({ mode: 'number' }).notNull(),
    fundoCentavos: bigint({ mode: 'number' }).notNull(),
    retidoCentavos: bigint({ mode: 'number' }).notNull(),
    linhas: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.franquiaId, t.periodo, t.tipo, t.stripe] }),
    index('royalty_somas_franqueador_periodo_idx').on(t.franqueadorId, t.periodo),
  ],
);

/**
 * Royalties (issue 45, ADR 089): a franquia's contest of a statement line -- the SAC ticket it opened, whose status
 * is the contest's outcome. One per line.
 */
export const royaltyContestacoes = pgTable(
  'royalty_contestacoes',
  {
    id: id(),
    linhaId: uuid()
      .notNull()
      .references(() => royaltyLancamentos.id, { onDelete: 'cascade' }),
    franquiaId: uuid()
      .notNull()
      .references(() => franquias.id),
    ticketId: uuid()
      .notNull()
      .references(() => sacTickets.id),
    motivo: text().notNull(),
    criadoPorId: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('royalty_contestacoes_linha_key').on(t.linhaId),
    index('royalty_contestacoes_franquia_id_idx').on(t.franquiaId),
    index('royalty_contestacoes_ticket_id_idx').on(t.ticketId),
    index('royalty_contestacoes_criado_por_id_idx').on(t.criadoPorId),
  ],
);

/**
 * WhatsApp oficial (issue 47, ADR 103): a template approved in the network's WhatsApp Manager, with each variable
 * mapped to a field the product fills (`variaveis`: `WhatsappVariavel[]`, src/shared/schemas/whatsapp-cloud.ts).
 */
export const whatsappCloudModelos = pgTable(
  'whatsapp_cloud_modelos',
  {
    id: id(),
    franqueadorId: uuid()
      .notNull()
      .references(() => franqueadores.id, { onDelete: 'cascade' }),
    nome: text().notNull(),
    idioma: text().notNull(),
    categoria: text().notNull(),
    variaveis: jsonb().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('whatsapp_cloud_modelos_nome_idx').on(t.franqueadorId, t.nome, t.idioma),
    check('whatsapp_cloud_modelos_categoria_check', sql`${t.categoria} in (${textIn(WHATSAPP_CATEGORIAS)})`),
  ],
);

/** Which template serves each moment of a network (no row, or none: that moment goes by e-mail). */
export const whatsappMomentos = pgTable(
  'whatsapp_momentos',
  {
    franqueadorId: uuid()
      .notNull()
      .references(() => franqueadores.id, { onDelete: 'cascade' }),
    momento: text().notNull(),
    modeloId: uuid()
      .notNull()
      .references(() => whatsappCloudModelos.id, { onDelete: 'restrict' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.franqueadorId, t.momento] }),
    check('whatsapp_momentos_momento_check', sql`${t.momento} in (${textIn(WHATSAPP_MOMENTOS)})`),
    index('whatsapp_momentos_modelo_id_idx').on(t.modeloId),
  ],
);

/** The network's estimated price of a message, by template category, in centavos (Envios' cost column). */
export const whatsappCustos = pgTable(
  'whatsapp_custos',
  {
    franqueadorId: uuid()
      .notNull()
      .references(() => franqueadores.id, { onDelete: 'cascade' }),
    categoria: text().notNull(),
    centavos: integer().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.franqueadorId, t.categoria] }),
    check('whatsapp_custos_categoria_check', sql`${t.categoria} in (${textIn(WHATSAPP_CATEGORIAS)})`),
    check('whatsapp_custos_centavos_check', sql`${t.centavos} between 0 and 10000`),
  ],
);

/**
 * A WhatsApp notice (issue 47): one per `whatsapp` job, written when the job runs. `wamid` is Meta's id of the
 * message, by which the status webhooks find it; `waId` the number WhatsApp answered for (what a reply comes
 * from). `email` holds the notice's e-mail until it is delivered or read, for the one fallback a `failed` status
 * sends; it is dropped then.
 */
export const whatsappMensagens = pgTable(
  'whatsapp_mensagens',
  {
    id: id(),
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    franqueadorId: uuid(),
    leadId: uuid().references(() => leads.id, { onDelete: 'set null' }),
    momento: text().notNull(),
    modeloNome: text(),
    categoria: text(),
    waId: text(),
    wamid: text(),
    status: text().notNull().default('pendente'),
    statusEm: at(),
    entregueEm: at(),
    lidaEm: at(),
    erro: text(),
    motivoEmail: text(),
    custoCentavos: integer(),
    email: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('whatsapp_mensagens_job_id_idx').on(t.jobId),
    uniqueIndex('whatsapp_mensagens_wamid_idx').on(t.wamid),
    index('whatsapp_mensagens_wa_id_idx')
      .on(t.waId, t.createdAt.desc().nullsFirst())
      .where(sql`${t.waId} is not null`),
    index('whatsapp_mensagens_lead_id_idx')
      .on(t.leadId)
      .where(sql`${t.leadId} is not null`),
    check('whatsapp_mensagens_status_check', sql`${t.status} in (${textIn(WHATSAPP_STATUS)})`),
    check('whatsapp_mensagens_momento_check', sql`${t.momento} in (${textIn([...WHATSAPP_MOMENTOS, 'sair'])})`),
  ],
);

/** An incoming WhatsApp message, by Meta's id: a webhook delivered again finds it and changes nothing. */
export const whatsappRecebidas = pgTable('whatsapp_recebidas', {
  wamid: text().primaryKey(),
  leadId: uuid().references(() => leads.id, { onDelete: 'set null' }),
  em: at().notNull(),
});

/**
 * A goal (issue 48, ADR 104): a number for a month (`mes` is its 1st), a stage and one node of the tree (`alvoId`
 * is the franqueador's id for `rede`, else the franquia's, micro-franquia's, vendedor's or cliente's). Children's
 * goals sum to their parent's; a `travada` goal keeps its value when a sibling is edited by hand. `parcelas_pagas`
 * counts centavos.
 */
export const metas = pgTable(
  'metas',
  {
    id: id(),
    franqueadorId: uuid()
      .notNull()
      .references(() => franqueadores.id),
    mes: dateOnly().notNull(),
    etapa: metaEtapa().notNull(),
    nivel: metaNivel().notNull(),
    alvoId: uuid().notNull(),
    valor: bigint({ mode: 'number' }).notNull(),
    travada: boolean().notNull().default(false),
    atualizadoPorId: uuid().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('metas_alvo_mes_etapa_key').on(t.alvoId, t.mes, t.etapa),
    index('metas_franqueador_mes_idx').on(t.franqueadorId, t.mes, t.etapa),
    check('metas_valor_check', sql`${t.valor} >= 0`),
    check('metas_mes_check', sql`extract(day from ${t.mes}) = 1`),
  ],
);

/** An event's cost (issue 48): by category, in centavos, entered by the roles that manage the event. */
export const eventoCustos = pgTable(
  'evento_custos',
  {
    id: id(),
    eventoId: uuid()
      .notNull()
      .references(() => eventos.id),
    categoria: custoCategoria().notNull(),
    descricao: text(),
    valorCentavos: integer().notNull(),
    criadoPorId: uuid().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('evento_custos_evento_id_idx').on(t.eventoId),
    check('evento_custos_valor_check', sql`${t.valorCentavos} > 0`),
  ],
);

/**
 * A campaign's cost (issue 48): spent on a day for a `utm_campaign`, entered by the franqueador (`franquiaId`
 * null: the network's) or a franquia (its own).
 */
export const campanhaCustos = pgTable(
  'campanha_custos',
  {
    id: id(),
    franqueadorId: uuid()
      .notNull()
      .references(() => franqueadores.id),
    franquiaId: uuid().references(() => franquias.id),
    utmCampaign: varchar({ length: UTM_MAX }).notNull(),
    data: dateOnly().notNull(),
    categoria: custoCategoria().notNull(),
    descricao: text(),
    valorCentavos: integer().notNull(),
    criadoPorId: uuid().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('campanha_custos_franqueador_idx').on(t.franqueadorId, t.utmCampaign, t.data),
    index('campanha_custos_franquia_idx')
      .on(t.franquiaId, t.utmCampaign, t.data)
      .where(sql`${t.franquiaId} is not null`),
    check('campanha_custos_valor_check', sql`${t.valorCentavos} > 0`),
  ],
);

/**
 * A check-in made on a device without a signal (issue 49, ADR 105), as its batch delivered it: `idCliente` is the
 * id the device drew for it, so a batch sent twice finds its rows and creates nothing twice. `resultado` is what the
 * upload answered; a `conflito` names the check-in whose presence counts (`conflitoCom`, null when the online screen
 * had it first). Kept with the event; the lead's own presence stays on `leads.presente_em`.
 */
export const presencasLote = pgTable(
  'presencas_lote',
  {
    idCliente: uuid().primaryKey(),
    eventoId: uuid()
      .notNull()
      .references(() => eventos.id),
    leadId: uuid().references(() => leads.id, { onDelete: 'cascade' }),
    dispositivo: varchar({ length: 64 }).notNull(),
    dispositivoNome: varchar({ length: 80 }),
    usuarioId: uuid().references(() => users.id),
    /** When the device registered it (its clock). */
    em: timestamp({ withTimezone: true }).notNull(),
    recebidaEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    resultado: presencaLoteResultado().notNull(),
    conflitoCom: uuid(),
    motivo: text(),
  },
  (t) => [
    index('presencas_lote_lead_idx').on(t.leadId),
    index('presencas_lote_conflitos_idx')
      .on(t.eventoId, t.recebidaEm)
      .where(sql`${t.resultado} = 'conflito'`),
  ],
);

/** The visits' scope columns (ADR 163) and their indexes' names: the school's vendedor, then the tree above it. */
const VISITA_SCOPE_INDEX_NAMES = {
  clienteVendedorId: 'cliente_vendedor',
  microFranquiaId: 'micro_franquia',
  franquiaId: 'franquia',
  franqueadorId: 'franqueador',
} as const;

/**
 * A vendedor's visit to a school (issue 49, ADR 105): scheduled, then 'realizada' with its result or 'não
 * realizada'. Seen by whoever sees the cliente; `eventoId` is the event the visit scheduled.
 */
export const visitas = pgTable(
  'visitas',
  {
    id: id(),
    clienteId: uuid()
      .notNull()
      .references(() => clientes.id),
    vendedorId: uuid().references(() => vendedores.id),
    agendadaPara: timestamp({ withTimezone: true }).notNull(),
    objetivo: text(),
    notas: text(),
    status: visitaStatus().notNull().default('agendada'),
    resultado: visitaResultado(),
    motivo: text(),
    registradaEm: timestamp({ withTimezone: true }),
    eventoId: uuid().references(() => eventos.id),
    criadoPorId: uuid().references(() => users.id),
    /**
     * The school's place in the tree, copied by a trigger from the cliente and moved with it (migration 0094, ADR
     * 163): its own vendedor (not the one sent, `vendedorId`), micro-franquia, franquia and franqueador. Never set by
     * the app: a role's visits are one indexed comparison, as its courses are.
     */
    clienteVendedorId: uuid(),
    microFranquiaId: uuid(),
    franquiaId: uuid(),
    franqueadorId: uuid(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('visitas_vendedor_agenda_idx').on(t.vendedorId, t.agendadaPara),
    index('visitas_cliente_agenda_idx').on(t.clienteId, t.agendadaPara),
    // The list's order (ADR 160): a page walks it and stops at its last visit the caller sees.
    index('visitas_agenda_idx').on(t.agendadaPara, t.createdAt, t.id),
    // Each scope's visits in the list's order (ADR 163): a page, its count and a period read one scope's entries.
    ...(['clienteVendedorId', 'microFranquiaId', 'franquiaId', 'franqueadorId'] as const).map((scope) =>
      index(`visitas_${VISITA_SCOPE_INDEX_NAMES[scope]}_agenda_idx`).on(t[scope], t.agendadaPara, t.createdAt, t.id),
    ),
    index('visitas_evento_idx')
      .on(t.eventoId)
      .where(sql`${t.eventoId} is not null`),
    check('visitas_resultado_check', sql`(${t.status} = 'realizada') = (${t.resultado} is not null)`),
  ],
);

/** Issue 50: the city table of a micro-franquia distributing by city (the event's city and state -> a vendedor). */
export const distribuicaoCidades = pgTable(
  'distribuicao_cidades',
  {
    microFranquiaId: uuid()
      .notNull()
      .references(() => microFranquias.id, { onDelete: 'cascade' }),
    /** f_unaccent(lower(trim(cidade))): what the trigger compares with the event's city. */
    cidadeChave: text().notNull(),
    cidade: text().notNull(),
    estado: varchar({ length: 2 }).notNull(),
    vendedorId: uuid()
      .notNull()
      .references(() => vendedores.id),
  },
  (t) => [primaryKey({ name: 'distribuicao_cidades_pkey', columns: [t.microFranquiaId, t.estado, t.cidadeChave] })],
);

/**
 * Issue 50 (ADR 106): an import of clientes, leads or vendedores -- the file as read (its rows in
 * importacao_linhas), its mapping, the policy for duplicates, the job's progress and what it did, and its undo.
 * Seen by the user who made it.
 */
export const importacoes = pgTable(
  'importacoes',
  {
    id: id(),
    franqueadorId: uuid()
      .notNull()
      .references(() => franqueadores.id),
    usuarioId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tipo: text().notNull(),
    /** Leads: the event they are imported into. */
    eventoId: uuid().references(() => eventos.id),
    nomeArquivo: text().notNull(),
    formato: text().notNull(),
    codificacao: text(),
    separador: text(),
    /** The header's cells, in order. */
    colunas: jsonb().notNull(),
    /** One field name (or null) per column. */
    campos: jsonb().notNull(),
    /** The header's shape (normalised names, in order), whose mapping is remembered per network and tipo. */
    assinatura: text().notNull(),
    linhasTotal: integer().notNull(),
    status: text().notNull().default('mapeamento'),
    duplicados: text(),
    baseLegal: text(),
    enviarConvite: boolean().notNull().default(false),
    processadas: integer().notNull().default(0),
    /** After the job: {criar, atualizar, ignorar, erros} as done. */
    resultado: jsonb(),
    erro: text(),
    desfeitaEm: at(),
    /** After the undo: {removidos, mantidos, restaurados}. */
    desfazerResumo: jsonb(),
    /**
     * What GET shows of the rows without reading them again: while the import waits, the preview's analysis as of
     * the upload or the last mapping (its counts, the first problems, the first rows, each column's examples);
     * after the job, the problems and counts it left (which outlive the rows).
     */
    analise: jsonb(),
    /** When the file's rows (`importacao_linhas`) were deleted (LGPD): 7 days after their last use. */
    linhasExpurgadasEm: at(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    concluidaEm: at(),
  },
  (t) => [
    check('importacoes_tipo_check', sql`${t.tipo} in (${textIn(IMPORTACAO_TIPOS)})`),
    check('importacoes_status_check', sql`${t.status} in (${textIn(IMPORTACAO_STATUSES)})`),
    check('importacoes_formato_check', sql`${t.formato} in ('csv', 'xlsx')`),
    check(
      'importacoes_duplicados_check',
      sql`${t.duplicados} is null or ${t.duplicados} in (${textIn(DUPLICADOS_POLITICAS)})`,
    ),
    index('importacoes_usuario_idx').on(t.usuarioId, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * One row of an imported file: its cells as read (`valores`, by column), then what the job did with it
 * (`resultado`: criado | atualizado | ignorado | erro, with `erro`), the record it created or updated, and for an
 * update the fields' values before it (`anteriores`), which the undo restores.
 */
export const importacaoLinhas = pgTable(
  'importacao_linhas',
  {
    importacaoId: uuid()
      .notNull()
      .references(() => importacoes.id, { onDelete: 'cascade' }),
    /** The row's number in the file (the header is 1). */
    linha: integer().notNull(),
    valores: jsonb().notNull(),
    resultado: text(),
    erro: text(),
    registroId: uuid(),
    anteriores: jsonb(),
  },
  (t) => [
    primaryKey({ name: 'importacao_linhas_pkey', columns: [t.importacaoId, t.linha] }),
    // An anonymised titular's records take the rows that created or changed them (LGPD).
    index('importacao_linhas_registro_idx')
      .on(t.registroId)
      .where(sql`${t.registroId} is not null`),
    check(
      'importacao_linhas_resultado_check',
      sql`${t.resultado} is null or ${t.resultado} in ('criado', 'atualizado', 'ignorado', 'erro')`,
    ),
  ],
);

/** The mapping last confirmed for a file of the same shape (issue 50): offered again for the next one. */
export const importacaoMapeamentos = pgTable(
  'importacao_mapeamentos',
  {
    franqueadorId: uuid()
      .notNull()
      .references(() => franqueadores.id),
    tipo: text().notNull(),
    assinatura: text().notNull(),
    campos: jsonb().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: 'importacao_mapeamentos_pkey', columns: [t.franqueadorId, t.tipo, t.assinatura] })],
);
