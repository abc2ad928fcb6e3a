import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { makeCnpj, makeCpf } from '../../../shared/brazil-ids';
import { todayInBrasilia } from '../../../shared/brasilia';
import type { Departamento, TicketPrioridade, TicketStatus } from '../../../shared/enums';
import type { LeadStatus, MotivoPerda } from '../../../shared/schemas/acompanhamento';
import type { PedidoStatus, PedidoTipo } from '../../../shared/schemas/lgpd';
import { deadlines } from '../../modules/sac/sla';
import { type Database, type Executor, executeRows } from '../connect';
import { DEMO_ACCOUNTS } from './demo-network';
import { fillMatriculaCursoSnapshots } from './matricula-curso';
import { contratoDeDemo, matriculaMaisRecente } from './demo-contratos';
import { diferencaNaDemo, faturarDemo, renegociarNaDemo } from './demo-parcelas';
import { comissoesDaDemo } from './demo-comissoes';
import { royaltiesDaDemo } from './demo-royalties';
import { checkInOfflineDaDemo } from './demo-check-in';
import { importacoesDaDemo } from './demo-importacoes';
// The tables through the namespace: this file's rows are named as they are (`users`, `eventos`, `leads`...).
import * as schema from '../schema';

/**
 * A year of activity for the demo network (issue 40, ADR 052): eight more schools under the demo's three
 * micro-franquias, three more vendedores, 48 events over the past twelve months and the next weeks, some
 * thousands of families with their follow-up, presences, pré-matrículas, matrículas, tickets in every state, audit
 * rows, LGPD requests and the e-mails sent -- every date relative to `now`, every name drawn from a seeded
 * generator, so two loads on the same day are the same network.
 *
 * It is loaded in bulk: each table in ONE statement (`jsonb_to_recordset` of the rows built here, or an INSERT ...
 * SELECT from what is already inserted), inside one transaction. The counters (scope_counts, lead_status_counts,
 * funnel_dia/funnel_mes, evento_vagas) are kept by the tables' own triggers, as for any write, and the pending
 * sign-ups and presences are folded at the end, as the demo network's own load does (ADR 043).
 *
 * None of it touches the demo network's named records: every row is older than the demo's own (which the e2e
 * suite finds first on newest-first lists), in other cities, under other schools, named otherwise. The API tests'
 * base (tests/setup/global-setup.ts) loads only the demo network; `npm start` on an empty DATA_DIR loads both.
 */

/** Rows the loader wrote, per kind (the server logs them; the tests check them against the tables). */
export interface DemoActivityCounts {
  clientes: number;
  eventos: number;
  leads: number;
  presencas: number;
  preMatriculas: number;
  matriculas: number;
  tickets: number;
  pedidosLgpd: number;
  auditoria: number;
  emails: number;
  /** Issue 43: the parcelas billed on the simulated gateway. */
  parcelas: number;
  /** Issue 44 (ADR 082): the commission lines the year's paid parcelas wrote. */
  comissoes: number;
  royalties: number;
}

/** The schools' CNPJs start here; the first one also marks a network that already has its activity. */
const CNPJ_BASE = 600_100_000;
/** Colégio Horizonte's CNPJ (the demo network's, demo-network.ts): the cliente account's school. */
const HORIZONTE_CNPJ = '770524890001';

/**
 * Colégio Horizonte as a school of the year (issue 43, ADR 077): two past events of its own, so the demo's cliente
 * account finds a year's families -- and their parcelas in Financeiro -- beside its demo records (all older).
 */
const HORIZONTE: Escola = {
  nome: 'Colégio Horizonte',
  micro: 'campinas',
  vendedor: 'marcos',
  cidade: 'Campinas',
  estado: 'SP',
  cep: '13024001',
  ddd: '19',
  tipo: 'privada',
  produto: 'todos_pela_educacao',
  kit: 'premium',
  repLegal: 'Helena Martins',
  email: 'horizonte',
  cursos: [],
};

// ---- a seeded generator --------------------------------------------------------------------------------------

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Gerador {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  real() {
    return this.next();
  }
  int(min: number, max: number) {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  chance(p: number) {
    return this.next() < p;
  }
  /** A version-4-shaped UUID from the generator: the same network gets the same ids. */
  uuid() {
    const hex = Array.from({ length: 32 }, () => Math.floor(this.next() * 16).toString(16));
    hex[12] = '4';
    hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
    const s = hex.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }
}

// ---- names and places ------------------------------------------------------------------------------------------

// None of these makes a name the demo network's records carry (the e2e suite finds 'Lucas Oliveira' by name).
const ALUNAS = [
  'Ana Clara',
  'Alice',
  'Camila',
  'Carolina',
  'Clara',
  'Eduarda',
  'Giovanna',
  'Heloísa',
  'Isabela',
  'Júlia',
  'Larissa',
  'Laura',
  'Letícia',
  'Lívia',
  'Lorena',
  'Luana',
  'Manuela',
  'Maria Clara',
  'Maria Eduarda',
  'Melissa',
  'Natália',
  'Nicole',
  'Sofia',
  'Valentina',
  'Vitória',
  'Yasmin',
  'Emanuelly',
  'Isadora',
  'Cecília',
  'Lara',
] as const;
const ALUNOS = [
  'Arthur',
  'Bernardo',
  'Bruno',
  'Caio',
  'Daniel',
  'Davi',
  'Enzo',
  'Felipe',
  'Gabriel',
  'Guilherme',
  'Gustavo',
  'Heitor',
  'Henrique',
  'Kauã',
  'Leonardo',
  'Matheus',
  'Miguel',
  'Murilo',
  'Nicolas',
  'Otávio',
  'Samuel',
  'Theo',
  'Vinícius',
  'Vitor',
  'Igor',
  'Lorenzo',
  'Benício',
  'Ryan',
  'Emanuel',
  'Joaquim',
] as const;
const MAES = [
  'Alessandra',
  'Cristiane',
  'Daniela',
  'Eliane',
  'Fabiana',
  'Luciana',
  'Priscila',
  'Simone',
  'Tatiane',
  'Vanessa',
  'Aparecida',
  'Rosângela',
  'Kátia',
  'Viviane',
  'Michele',
  'Elaine',
  'Denise',
  'Silvana',
] as const;
const PAIS = [
  'Alexandre',
  'André',
  'Anderson',
  'Fábio',
  'Fernando',
  'Leandro',
  'Marcelo',
  'Ricardo',
  'Rodrigo',
  'Sérgio',
  'Wagner',
  'Adriano',
  'Roberto',
  'Júlio',
  'Márcio',
  'Renato',
  'Edson',
  'Cláudio',
] as const;
const SOBRENOMES = [
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Gomes',
  'Martins',
  'Carvalho',
  'Lopes',
  'Soares',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
  'Cardoso',
  'Ramos',
  'Gonçalves',
  'Santana',
  'Teixeira',
  'Araújo',
  'Castro',
  'Pinto',
  'Correia',
  'Cavalcanti',
  'Monteiro',
  'Batista',
  'Campos',
  'Rezende',
  'Duarte',
  'Fonseca',
  'Tavares',
  'Brandão',
] as const;

const semAcento = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

type MicroKey = 'campinas' | 'santos' | 'contagem';
type VendedorKey = 'marcos' | 'aline' | 'diego' | 'larissa';

interface Escola {
  nome: string;
  micro: MicroKey;
  vendedor: VendedorKey | null;
  cidade: string;
  estado: 'SP' | 'MG';
  cep: string;
  ddd: string;
  tipo: 'publica' | 'privada';
  produto: 'todos_pela_educacao' | 'start_universitario' | 'especializa_mais' | 'collab_educacao' | 'church_educacao';
  kit: 'essencial' | 'premium' | 'card' | 'padrao' | 'digital';
  repLegal: string;
  email: string;
  cursos: readonly (readonly [titulo: string, valor: number, desconto: number | null, parcelas: number])[];
}

// Other cities than the demo's (Campinas, Valinhos, Contagem): the public pages' lists of those stay as they are.
const ESCOLAS: readonly Escola[] = [
  {
    nome: 'Colégio Nova Geração',
    micro: 'campinas',
    vendedor: 'marcos',
    cidade: 'Sumaré',
    estado: 'SP',
    cep: '13170000',
    ddd: '19',
    tipo: 'privada',
    produto: 'todos_pela_educacao',
    kit: 'premium',
    repLegal: 'Sílvia Regina Prado',
    email: 'novageracao',
    cursos: [
      ['Técnico em Enfermagem', 6200, 4960, 18],
      ['Inglês para Adolescentes', 1500, null, 6],
    ],
  },
  {
    nome: 'Escola Estadual Prof. Hélio Penteado',
    micro: 'campinas',
    vendedor: 'aline',
    cidade: 'Hortolândia',
    estado: 'SP',
    cep: '13183000',
    ddd: '19',
    tipo: 'publica',
    produto: 'start_universitario',
    kit: 'digital',
    repLegal: 'Antônio Carlos Leme',
    email: 'heliopenteado',
    cursos: [
      ['Preparatório Vestibular', 1400, 1120, 4],
      ['Técnico em Logística', 4200, 3570, 12],
    ],
  },
  {
    nome: 'Instituto Educar Paulínia',
    micro: 'campinas',
    vendedor: 'marcos',
    cidade: 'Paulínia',
    estado: 'SP',
    cep: '13140000',
    ddd: '19',
    tipo: 'privada',
    produto: 'especializa_mais',
    kit: 'padrao',
    repLegal: 'Márcia Helena Toledo',
    email: 'educarpaulinia',
    cursos: [
      ['Técnico em Química', 5400, 4320, 15],
      ['Robótica Educacional', 900, null, 3],
    ],
  },
  {
    nome: 'Colégio Atlântico',
    micro: 'santos',
    vendedor: 'diego',
    cidade: 'São Vicente',
    estado: 'SP',
    cep: '11310000',
    ddd: '13',
    tipo: 'privada',
    produto: 'collab_educacao',
    kit: 'premium',
    repLegal: 'Ronaldo Bastos',
    email: 'atlantico',
    cursos: [
      ['Técnico em Portos', 5800, 4930, 15],
      ['Espanhol Básico', 1200, null, 6],
    ],
  },
  {
    nome: 'Escola Estadual Maré Alta',
    micro: 'santos',
    vendedor: 'diego',
    cidade: 'Guarujá',
    estado: 'SP',
    cep: '11410000',
    ddd: '13',
    tipo: 'publica',
    produto: 'start_universitario',
    kit: 'card',
    repLegal: 'Denise Aparecida Farias',
    email: 'marealta',
    cursos: [
      ['Preparatório ENEM Intensivo', 1100, 880, 4],
      ['Técnico em Turismo', 3900, null, 12],
    ],
  },
  {
    nome: 'Colégio Padre Eustáquio',
    micro: 'contagem',
    vendedor: 'larissa',
    cidade: 'Betim',
    estado: 'MG',
    cep: '32600000',
    ddd: '31',
    tipo: 'privada',
    produto: 'church_educacao',
    kit: 'essencial',
    repLegal: 'Geraldo Magela Reis',
    email: 'padreeustaquio',
    cursos: [
      ['Técnico em Mecânica', 5200, 4420, 15],
      ['Informática para o Trabalho', 750, null, 3],
    ],
  },
  {
    nome: 'Escola Estadual Inconfidentes',
    micro: 'contagem',
    vendedor: 'larissa',
    cidade: 'Ibirité',
    estado: 'MG',
    cep: '32400000',
    ddd: '31',
    tipo: 'publica',
    produto: 'todos_pela_educacao',
    kit: 'digital',
    repLegal: 'Lúcia Helena Prates',
    email: 'inconfidentes',
    cursos: [
      ['Técnico em Administração Pública', 3600, 3060, 12],
      ['Redação Nota Mil', 600, null, 2],
    ],
  },
  {
    nome: 'Centro Educacional Serra Verde',
    micro: 'contagem',
    vendedor: null,
    cidade: 'Sete Lagoas',
    estado: 'MG',
    cep: '35700000',
    ddd: '31',
    tipo: 'privada',
    produto: 'especializa_mais',
    kit: 'padrao',
    repLegal: 'Otávio Guimarães',
    email: 'serraverde',
    cursos: [
      ['Técnico em Segurança do Trabalho', 4600, 3910, 12],
      ['Libras Básico', 800, null, 4],
    ],
  },
];

const NOVOS_VENDEDORES: readonly {
  key: Exclude<VendedorKey, 'marcos'>;
  nome: string;
  micro: MicroKey;
  ddd: string;
}[] = [
  { key: 'aline', nome: 'Aline Cristina Barbosa', micro: 'campinas', ddd: '19' },
  { key: 'diego', nome: 'Diego Henrique Ramos', micro: 'santos', ddd: '13' },
  { key: 'larissa', nome: 'Larissa Mendes Queiroz', micro: 'contagem', ddd: '31' },
];

const LOCAIS = ['escola', 'escola', 'comercial', 'igreja', 'hotel', 'outros'] as const;
const MOTIVOS: readonly MotivoPerda[] = [
  'preco',
  'preco',
  'preco',
  'distancia',
  'sem_resposta',
  'sem_resposta',
  'escolheu_outra_escola',
  'sem_perfil',
  'outro',
];
const CANAIS = ['telefone', 'telefone', 'whatsapp', 'whatsapp', 'whatsapp', 'email', 'presencial'] as const;
const NOTAS_CONTATO = [
  'Mãe pediu para retornar depois do pagamento.',
  'Pai quer comparar com o curso de outra escola.',
  'Aluno muito interessado; família vai decidir no fim de semana.',
  'Pediu a tabela de parcelas por WhatsApp.',
  'Não atendeu; deixei recado.',
  'Quer saber se o curso tem estágio.',
  'Vai passar na escola para conhecer a sala.',
  null,
  null,
];
const NOTAS = [
  'Família prefere contato à noite, depois das 19h.',
  'Irmão mais velho já fez o curso técnico conosco.',
  'Pediu desconto para pagamento à vista.',
  'Aluno tem 16 anos; precisa da assinatura do responsável.',
];

const TICKETS: readonly [titulo: string, descricao: string, departamento: Departamento][] = [
  [
    'Kits do evento chegaram incompletos',
    'Faltaram 40 kits do evento de sábado. Precisamos da reposição.',
    'logistica',
  ],
  ['Banner com a data errada', 'O banner do evento saiu com a data do mês passado. Podem refazer a arte?', 'marketing'],
  ['Acesso de vendedor bloqueado', 'O vendedor não consegue entrar desde ontem; a senha foi redefinida.', 'ti'],
  ['Relatório de conversão por escola', 'Gostaríamos do relatório de conversão por escola do trimestre.', 'comercial'],
  ['Nota fiscal dos kits', 'A nota fiscal dos kits do último pedido não chegou ao financeiro.', 'administrativo'],
  [
    'Dúvida sobre comissão de matrícula',
    'Como é calculada a comissão de uma matrícula parcelada em 12 vezes?',
    'comercial',
  ],
  ['Material para redes sociais', 'Precisamos de artes para Instagram do evento do próximo mês.', 'marketing'],
  ['Leitor de QR Code não abre', 'No celular da escola a câmera não abre na tela de check-in.', 'ti'],
  ['Atraso na entrega dos folhetos', 'Os folhetos previstos para segunda ainda não saíram da gráfica.', 'logistica'],
  ['Contrato da nova escola', 'Segue a minuta do contrato da nova escola para revisão jurídica.', 'administrativo'],
  ['Treinamento de vendedores', 'Podemos agendar um treinamento do funil para os vendedores novos?', 'comercial'],
  ['Erro ao exportar pré-matrículas', 'A exportação de pré-matrículas ficou parada em 80%.', 'ti'],
];
const RESPOSTAS = [
  'Verificamos e já encaminhamos a solução. Qualquer coisa, respondam por aqui.',
  'Reposição despachada hoje; o código de rastreio segue no e-mail da franquia.',
  'Arte corrigida e enviada. Confirmem se está tudo certo.',
  'Acesso liberado. Peçam ao vendedor que entre de novo.',
];

const LGPD_DETALHES: Record<PedidoTipo, string> = {
  correcao: 'O telefone cadastrado está errado. Por favor, corrijam.',
  anonimizacao: 'Não quero mais receber contato. Peço a exclusão dos meus dados.',
  revogacao: 'Revogo o consentimento para contato por WhatsApp.',
  revogacao_whatsapp: 'Não quero mais avisos pelo WhatsApp; o e-mail basta.',
};

// ---- dates ---------------------------------------------------------------------------------------------------

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** YYYY-MM-DD in Brasília, `days` from `now`. */
const dia = (now: Date, days: number) => todayInBrasilia(new Date(now.getTime() + days * DAY));
/** That Brasília day at hh:mm (Brasília keeps UTC-3 all year). */
const em = (day: string, hour: number, minute = 0) =>
  new Date(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00-03:00`);
const iso = (d: Date) => d.toISOString();
const min = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);

// ---- bulk writes ---------------------------------------------------------------------------------------------

/**
 * Inserts `rows` into `table` in one statement: the rows travel as one JSON document, read back by
 * jsonb_to_recordset with each column's type (an enum's too), so a batch of thousands is parsed and planned once.
 */
async function insertRows(
  db: Executor,
  table: PgTable,
  columns: Record<string, string>,
  rows: readonly object[],
  { doEvento = false } = {},
): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(columns);
  const definition = sql.raw(names.map((n) => `"${n}" ${columns[n]}`).join(', '));
  // A lead, pré-matrícula or matrícula takes its event's path and place, as the funnel_fill_scope trigger gives them
  // (ADR 158, 165).
  const fromEvento = doEvento ? [...SCOPE_PATH, ...LUGAR_DO_EVENTO] : [];
  const into = [...names, ...fromEvento.map(([column]) => column)].map((n) => `"${n}"`).join(', ');
  const values = [...names.map((n) => `x."${n}"`), ...fromEvento.map(([, source]) => `e."${source}"`)];
  const from = fromEvento.length > 0 ? sql` join ${schema.eventos} e on e.id = x.evento_id` : sql``;
  await db.execute(sql`insert into ${table} (${sql.raw(into)})
    select ${sql.raw(values.join(', '))}
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${definition})${from}`);
}

/**
 * Drops `table`'s plain indexes (not its keys nor its unique ones) and answers how to build them again, from their
 * definitions as the catalog holds them (so always the migrations' own): a bulk insert and one sorted build of each
 * index cost a fraction of thousands of insertions into each of its twenty-odd indexes (a trigram one among them).
 */
async function setIndexesAside(db: Executor, table: PgTable): Promise<() => Promise<void>> {
  const defs = await executeRows<{ name: string; def: string }>(
    db,
    sql`select c.relname as name, pg_get_indexdef(i.indexrelid) as def from pg_index i
      join pg_class c on c.oid = i.indexrelid
      where i.indrelid = ${getTableName(table)}::regclass and not i.indisunique and not i.indisprimary`,
  );
  for (const { name } of defs) await db.execute(sql`drop index ${sql.identifier(name)}`);
  return async () => {
    for (const { def } of defs) await db.execute(sql.raw(def));
  };
}

/** The scope path columns (migration 0001), copied from the event: each row's column and the event's. */
const SCOPE_PATH = (['cliente_id', 'vendedor_id', 'micro_franquia_id', 'franquia_id', 'franqueador_id'] as const).map(
  (column) => [column, column] as const,
);
/** A funnel row's copy of its event's place (migrations 0090, 0097). */
const LUGAR_DO_EVENTO = [
  ['evento_estado', 'estado'],
  ['evento_cidade', 'cidade'],
] as const;

// ---- the loader ----------------------------------------------------------------------------------------------

interface Demo {
  franqueadorId: string;
  franqueadorUser: string;
  password: string;
  franquias: Record<'sp' | 'mg', { id: string; user: string }>;
  micros: Record<MicroKey, { id: string; user: string; franquia: 'sp' | 'mg' }>;
  marcos: { id: string; user: string };
  /** The demo's cliente account's school (Colégio Horizonte), with its courses: it gets two past events. */
  horizonte: { id: string; user: string; cursos: { id: string; titulo: string }[] } | null;
}

async function readDemo(db: Executor): Promise<Demo | null> {
  const rows = await executeRows<{ k: string; id: string; user_id: string; password: string | null }>(
    db,
    sql`select 'franqueador' as k, f.id, f.user_id, u.password from ${schema.franqueadores} f join ${schema.users} u on u.id = f.user_id
        where lower(u.email) = ${DEMO_ACCOUNTS.franqueador}
      union all select 'franquia:' || f.cnpj, f.id, f.user_id, null from ${schema.franquias} f
      union all select 'micro:' || m.cnpj, m.id, m.user_id, null from ${schema.microFranquias} m
      union all select 'vendedor', v.id, v.user_id, null from ${schema.vendedores} v join ${schema.users} u on u.id = v.user_id
        where lower(u.email) = ${DEMO_ACCOUNTS.vendedor}
      union all select 'marca', c.id, c.user_id, null from ${schema.clientes} c where c.cnpj = ${makeCnpj(String(CNPJ_BASE) + '001')}
      union all select 'horizonte', c.id, c.user_id, null from ${schema.clientes} c where c.cnpj = ${makeCnpj(HORIZONTE_CNPJ)}`,
  );
  const get = (k: string) => rows.find((r) => r.k === k);
  const franqueador = get('franqueador');
  const sp = get(`franquia:${makeCnpj('215846370001')}`);
  const mg = get(`franquia:${makeCnpj('336915480001')}`);
  const campinas = get(`micro:${makeCnpj('447291560001')}`);
  const santos = get(`micro:${makeCnpj('558302670001')}`);
  const contagem = get(`micro:${makeCnpj('669413780001')}`);
  const marcos = get('vendedor');
  const horizonte = get('horizonte');
  if (get('marca') || !franqueador || !sp || !mg || !campinas || !santos || !contagem || !marcos) return null;
  const horizonteCursos = horizonte
    ? await executeRows<{ id: string; titulo: string }>(
        db,
        sql`select id, titulo from ${schema.cursos} where cliente_id = ${horizonte.id} order by titulo`,
      )
    : [];
  return {
    franqueadorId: franqueador.id,
    franqueadorUser: franqueador.user_id,
    password: franqueador.password!,
    franquias: { sp: { id: sp.id, user: sp.user_id }, mg: { id: mg.id, user: mg.user_id } },
    micros: {
      campinas: { id: campinas.id, user: campinas.user_id, franquia: 'sp' },
      santos: { id: santos.id, user: santos.user_id, franquia: 'sp' },
      contagem: { id: contagem.id, user: contagem.user_id, franquia: 'mg' },
    },
    marcos: { id: marcos.id, user: marcos.user_id },
    horizonte: horizonte ? { id: horizonte.id, user: horizonte.user_id, cursos: horizonteCursos } : null,
  };
}

/**
 * Loads the year of activity into a database holding the demo network (loadDemoNetwork), in one transaction.
 * Answers what it wrote, or null when the demo network is not there or already has its activity.
 */
export async function loadDemoActivity(db: Database, now = new Date()): Promise<DemoActivityCounts | null> {
  return db.transaction(async (tx) => {
    const demo = await readDemo(tx);
    if (!demo) return null;
    // The row triggers (the paths, the counters, the foreign keys' checks) are set aside for this transaction where
    // the role may (a superuser: the embedded database's, a test's): the rows carry their paths already, and the
    // counters are rebuilt from them below. Elsewhere the triggers run, and the rebuild finds what they counted.
    const [role] = await executeRows<{ su: string }>(tx, sql`select current_setting('is_superuser') as su`);
    if (role?.su === 'on') await tx.execute(sql`set local session_replication_role = replica`);
    const counts = await insertActivity(tx, demo, now);
    // Issue 49 (ADR 105): Colégio Horizonte's last event, its door run partly without a signal, with its conflicts.
    if (demo.horizonte) {
      const ids = { horizonteClienteId: demo.horizonte.id, horizonteUserId: demo.horizonte.user };
      await checkInOfflineDaDemo(tx, { ...ids, microUserId: demo.micros.campinas.user }, now);
      // Issue 50 (ADR 106): every staff account's 'Importações' holds the school's paper sign-up sheets.
      await importacoesDaDemo(
        tx,
        {
          franqueadorId: demo.franqueadorId,
          horizonteClienteId: demo.horizonte.id,
          usuarios: [
            demo.franqueadorUser,
            demo.franquias.sp.user,
            demo.micros.campinas.user,
            demo.marcos.user,
            demo.horizonte.user,
          ],
        },
        now,
      );
    }
    // Issue 42, third slice (ADR 066): the newest matrícula of the year waits for its family's acceptance.
    const aguardando = await matriculaMaisRecente(tx, demo.franqueadorId);
    if (aguardando) await contratoDeDemo(tx, aguardando);
    // Issue 43 (ADR 077): the year's parcelas on the simulated gateway, paid, overdue and open.
    counts.parcelas = await faturarDemo(tx, now);
    // Issue 43 (ADR 079): one of the year's overdue families renegotiated.
    counts.parcelas += await renegociarNaDemo(tx, now);
    // Issue 43 (ADR 080): the morning's reconciliation found one value to look at in the franquia's billing.
    await diferencaNaDemo(tx);
    // Issue 44 (ADR 082): the year's commission lines, the month before last closed and paid.
    counts.comissoes = await comissoesDaDemo(tx, demo.franqueadorId, now);
    // Issue 45 (ADR 089): each franquia's royalties agreement, the year's lines, the month before last closed.
    counts.royalties = await royaltiesDaDemo(tx, demo.franqueadorId, now);
    await rebuildCounters(tx);
    if (role?.su === 'on') await tx.execute(sql`set local session_replication_role = origin`);
    return counts;
  });
}

/**
 * Every counter a screen reads, recounted from the rows by the migrations' own rebuild functions (each folds what
 * is pending first): scope_counts (totals), funnel_dia/funnel_mes (Relatórios, the funnel), lead_status_counts
 * (the follow-up filters), and the seated families of the events with seats (evento_vagas). The public pages are
 * told their events changed, as the statement triggers on eventos would.
 */
async function rebuildCounters(tx: Executor): Promise<void> {
  await tx.execute(sql`select scope_counts_rebuild()`);
  await tx.execute(sql`select funnel_periodo_rebuild()`);
  await tx.execute(sql`select lead_status_counts_rebuild()`);
  await tx.execute(sql`insert into ${schema.eventoVagas} (evento_id, sentados)
    select e.id, evento_sentados_contados(e.id) from ${schema.eventos} e where e.vagas is not null
    on conflict (evento_id) do update set sentados = excluded.sentados`);
  await tx.execute(sql`select pg_notify('eventos_publicos', '')`);
}

interface LeadRow {
  id: string;
  evento_id: string;
  nome_aluno: string;
  nome_responsavel: string;
  email: string;
  telefone: string;
  consentido_em: string;
  created_at: string;
  status: LeadStatus;
  responsavel_id: string | null;
  proximo_contato_em: string | null;
  motivo_perda: MotivoPerda | null;
  primeiro_contato_em: string | null;
  presente_em: string | null;
  lista_espera: boolean;
  /** Issue 48: where the family came from (a campaign, the vendedor's link), null for most. */
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  link_vendedor_id: string | null;
}

/**
 * Issue 48: where a demo family came from, by its place in the load (no draw of the generator, so the rest of the
 * network is the same): a campaign on Instagram or Google now and then, the school's vendedor's link, or nothing.
 */
function origemDemo(seq: number, vendedorId: string | null, criado: Date) {
  const campanha = criado.getUTCMonth() < 6 ? 'volta-as-aulas' : 'matriculas-abertas';
  switch (seq % 10) {
    case 1:
    case 4:
      return { utm_source: 'instagram', utm_medium: 'social', utm_campaign: campanha, link_vendedor_id: null };
    case 7:
      return { utm_source: 'google', utm_medium: 'cpc', utm_campaign: campanha, link_vendedor_id: null };
    case 2:
    case 8:
      return { utm_source: null, utm_medium: null, utm_campaign: null, link_vendedor_id: vendedorId };
    default:
      return { utm_source: null, utm_medium: null, utm_campaign: null, link_vendedor_id: null };
  }
}

async function insertActivity(tx: Executor, demo: Demo, now: Date): Promise<DemoActivityCounts> {
  const g = new Gerador(40);
  const today = dia(now, 0);
  // Every row is older than the demo network's own (its leads are 1 to 8 hours old).
  const latest = new Date(now.getTime() - 9 * HOUR);
  const yearAgo = new Date(now.getTime() - 380 * DAY);

  // People: three vendedores and the schools' accounts, with the demo's password (its hash, read back).
  const users: Record<string, unknown>[] = [];
  const vendedores: Record<string, unknown>[] = [];
  const vendedor: Record<VendedorKey, { id: string; user: string; nome: string }> = {
    marcos: { ...demo.marcos, nome: 'Marcos Vinícius Costa' },
  } as Record<VendedorKey, { id: string; user: string; nome: string }>;
  let cpfSeq = 700_000_000;
  const nextCpf = () => makeCpf(String(cpfSeq++));
  NOVOS_VENDEDORES.forEach((v, i) => {
    const user = g.uuid();
    const id = g.uuid();
    const criado = iso(new Date(yearAgo.getTime() + (20 + i * 9) * DAY));
    const micro = demo.micros[v.micro];
    const [first, ...rest] = v.nome.split(' ');
    users.push({
      id: user,
      email: `${semAcento(first!)}.${semAcento(rest.at(-1)!)}@exemplo.com.br`,
      password: demo.password,
      role: 'vendedor',
      nome: v.nome,
      cpf: nextCpf(),
      telefone: `${v.ddd}9${g.int(7000, 9999)}${g.int(1000, 9999)}`,
      micro_franquia_id: micro.id,
      created_at: criado,
      updated_at: criado,
    });
    vendedores.push({ id, micro_franquia_id: micro.id, user_id: user, created_at: criado, updated_at: criado });
    vendedor[v.key] = { id, user, nome: v.nome };
  });

  const clientes: Record<string, unknown>[] = [];
  const escolaIds: { id: string; user: string; escola: Escola; criado: Date }[] = [];
  ESCOLAS.forEach((e, i) => {
    const id = g.uuid();
    const user = g.uuid();
    const criado = new Date(yearAgo.getTime() + (5 + i * 4) * DAY);
    const micro = demo.micros[e.micro];
    users.push({
      id: user,
      email: `contato@${e.email}.exemplo.com.br`,
      password: demo.password,
      role: 'cliente',
      nome: e.nome,
      cpf: nextCpf(),
      telefone: `${e.ddd}3${g.int(100, 999)}${g.int(1000, 9999)}`,
      micro_franquia_id: micro.id,
      created_at: iso(criado),
      updated_at: iso(criado),
    });
    clientes.push({
      id,
      micro_franquia_id: micro.id,
      vendedor_id: e.vendedor ? vendedor[e.vendedor].id : null,
      user_id: user,
      nome_fantasia: e.nome,
      // The first school's CNPJ is the mark readDemo looks for.
      cnpj: makeCnpj(`${CNPJ_BASE + i * 10}001`),
      rep_legal: e.repLegal,
      produto: e.produto,
      kit: e.kit,
      cep: e.cep,
      cidade: e.cidade,
      estado: e.estado,
      created_at: iso(criado),
      updated_at: iso(criado),
    });
    escolaIds.push({ id, user, escola: e, criado });
  });

  await insertRows(
    tx,
    schema.users,
    {
      id: 'uuid',
      email: 'text',
      password: 'text',
      role: 'user_role',
      nome: 'text',
      cpf: 'text',
      telefone: 'text',
      micro_franquia_id: 'uuid',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    users,
  );
  await insertRows(
    tx,
    schema.vendedores,
    { id: 'uuid', micro_franquia_id: 'uuid', user_id: 'uuid', created_at: 'timestamptz', updated_at: 'timestamptz' },
    vendedores,
  );
  await insertRows(
    tx,
    schema.clientes,
    {
      id: 'uuid',
      micro_franquia_id: 'uuid',
      vendedor_id: 'uuid',
      user_id: 'uuid',
      nome_fantasia: 'text',
      cnpj: 'text',
      rep_legal: 'text',
      produto: 'produto',
      kit: 'kit',
      cep: 'text',
      cidade: 'text',
      estado: 'text',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    clientes,
  );
  // The schools' accounts point at their schools (users and clientes name each other).
  await tx.execute(sql`update ${schema.users} u set cliente_id = c.id from ${schema.clientes} c
    where c.user_id = u.id and u.cliente_id is null and u.role = 'cliente'
      and c.id in (select (x->>'id')::uuid from jsonb_array_elements(${JSON.stringify(clientes)}::jsonb) x)`);

  // Courses with a module or two.
  const cursos: Record<string, unknown>[] = [];
  const modulos: Record<string, unknown>[] = [];
  const cursosDe = new Map<string, { id: string; titulo: string }[]>();
  for (const { id: clienteId, escola, criado } of escolaIds) {
    const lista: { id: string; titulo: string }[] = [];
    escola.cursos.forEach(([titulo, valor, desconto, parcelas], k) => {
      const id = g.uuid();
      cursos.push({
        id,
        cliente_id: clienteId,
        titulo,
        descricao: `${titulo}: turmas à noite e aos sábados.`,
        valor,
        valor_com_desconto: desconto,
        parcelas,
        ordem: k + 1,
        created_at: iso(criado),
        updated_at: iso(criado),
      });
      ['Fundamentos', 'Prática orientada'].slice(0, 1 + (k % 2 === 0 ? 1 : 0)).forEach((t, m) => {
        modulos.push({
          id: g.uuid(),
          curso_id: id,
          titulo: t,
          modulo: String(m + 1),
          carga_horaria: 40 + 20 * m,
          ordem: m + 1,
          created_at: iso(criado),
          updated_at: iso(criado),
        });
      });
      lista.push({ id, titulo });
    });
    cursosDe.set(clienteId, lista);
  }
  const stamps = { created_at: 'timestamptz', updated_at: 'timestamptz' };
  await insertRows(
    tx,
    schema.cursos,
    {
      id: 'uuid',
      cliente_id: 'uuid',
      titulo: 'text',
      descricao: 'text',
      valor: 'numeric',
      valor_com_desconto: 'numeric',
      parcelas: 'int',
      ordem: 'int',
      ...stamps,
    },
    cursos,
  );
  await insertRows(
    tx,
    schema.cursoModulos,
    { id: 'uuid', curso_id: 'uuid', titulo: 'text', modulo: 'text', carga_horaria: 'int', ordem: 'int', ...stamps },
    modulos,
  );

  // Events: five past ones per school over the year, and one in the next weeks.
  interface Evento {
    id: string;
    clienteId: string;
    escola: Escola;
    dataEvento: string;
    dataDistribuicao: string;
    passado: boolean;
    cancelado: boolean;
    qtdAlunos: number;
    vagas: number | null;
    microUser: string;
    vendedorId: string | null;
    vendedorUser: string | null;
    clienteUser: string;
    micro: MicroKey;
  }
  const eventos: Evento[] = [];
  const eventoRows: Record<string, unknown>[] = [];
  const eventosCursos: Record<string, unknown>[] = [];
  escolaIds.forEach(({ id: clienteId, user: clienteUser, escola }, s) => {
    const offsets = [0, 1, 2, 3, 4].map((j) => -(12 + j * 71 + s * 7 + g.int(0, 4)));
    offsets.push(3 + s * 3);
    offsets.forEach((offset, j) => {
      const passado = offset < 0;
      const id = g.uuid();
      const dataEvento = dia(now, offset);
      const dataDistribuicao = dia(now, offset - g.int(7, 12));
      const cancelado = s === 7 && j === 2;
      const qtdAlunos = g.int(14, 40) * 10;
      // The first school's next event has seats, and a waiting list.
      const vagas = !passado && s === 0 ? 30 : null;
      const criado = em(dia(now, Math.min(offset - 25, -10)), 10, g.int(0, 59));
      const v = escola.vendedor ? vendedor[escola.vendedor] : null;
      eventos.push({
        id,
        clienteId,
        escola,
        dataEvento,
        dataDistribuicao,
        passado,
        cancelado,
        qtdAlunos,
        vagas,
        microUser: demo.micros[escola.micro].user,
        vendedorId: v?.id ?? null,
        vendedorUser: v?.user ?? null,
        clienteUser,
        micro: escola.micro,
      });
      eventoRows.push({
        id,
        cliente_id: clienteId,
        micro_franquia_id: demo.micros[escola.micro].id,
        // The path eventos_fill_scope would give it.
        vendedor_id: v?.id ?? null,
        franquia_id: demo.franquias[demo.micros[escola.micro].franquia].id,
        franqueador_id: demo.franqueadorId,
        nome_escola: escola.nome,
        tipo_escola: escola.tipo,
        cep: escola.cep,
        cidade: escola.cidade,
        estado: escola.estado,
        data_distribuicao: dataDistribuicao,
        data_evento: dataEvento,
        horario: g.pick(['09:00', '10:00', '14:00', '19:00', '19:30']),
        local: g.pick(LOCAIS),
        qtd_alunos: qtdAlunos,
        valor_total_desconto: g.int(8, 30) * 100,
        status: cancelado ? 'cancelado' : passado ? 'concluido' : 'agendado',
        vagas,
        created_at: iso(criado),
        updated_at: iso(criado),
      });
      for (const c of cursosDe.get(clienteId)!) eventosCursos.push({ evento_id: id, curso_id: c.id });
    });
  });
  // Issue 43 (ADR 077): Colégio Horizonte's two past events of the year, drawn after every other school's (their
  // draws unchanged), offering its own courses.
  if (demo.horizonte && demo.horizonte.cursos.length > 0) {
    const h = demo.horizonte;
    cursosDe.set(h.id, h.cursos);
    for (const offset of [-(120 + g.int(0, 6)), -(250 + g.int(0, 6))]) {
      const id = g.uuid();
      const dataEvento = dia(now, offset);
      const criado = em(dia(now, offset - 25), 10, g.int(0, 59));
      const v = vendedor.marcos;
      const qtdAlunos = g.int(20, 30) * 10;
      eventos.push({
        id,
        clienteId: h.id,
        escola: HORIZONTE,
        dataEvento,
        dataDistribuicao: dia(now, offset - 10),
        passado: true,
        cancelado: false,
        qtdAlunos,
        vagas: null,
        microUser: demo.micros.campinas.user,
        vendedorId: v.id,
        vendedorUser: v.user,
        clienteUser: h.user,
        micro: 'campinas',
      });
      eventoRows.push({
        id,
        cliente_id: h.id,
        micro_franquia_id: demo.micros.campinas.id,
        vendedor_id: v.id,
        franquia_id: demo.franquias.sp.id,
        franqueador_id: demo.franqueadorId,
        nome_escola: HORIZONTE.nome,
        tipo_escola: HORIZONTE.tipo,
        cep: HORIZONTE.cep,
        cidade: HORIZONTE.cidade,
        estado: HORIZONTE.estado,
        data_distribuicao: dia(now, offset - 10),
        data_evento: dataEvento,
        horario: '19:00',
        local: 'escola',
        qtd_alunos: qtdAlunos,
        valor_total_desconto: 1000,
        status: 'concluido',
        vagas: null,
        created_at: iso(criado),
        updated_at: iso(criado),
      });
      for (const c of h.cursos) eventosCursos.push({ evento_id: id, curso_id: c.id });
    }
  }
  await insertRows(
    tx,
    schema.eventos,
    {
      id: 'uuid',
      cliente_id: 'uuid',
      micro_franquia_id: 'uuid',
      vendedor_id: 'uuid',
      franquia_id: 'uuid',
      franqueador_id: 'uuid',
      nome_escola: 'text',
      tipo_escola: 'tipo_escola',
      cep: 'text',
      cidade: 'text',
      estado: 'text',
      data_distribuicao: 'date',
      data_evento: 'date',
      horario: 'text',
      local: 'local_evento',
      qtd_alunos: 'int',
      valor_total_desconto: 'numeric',
      status: 'event_status',
      vagas: 'int',
      ...stamps,
    },
    eventoRows,
  );
  await insertRows(tx, schema.eventosCursos, { evento_id: 'uuid', curso_id: 'uuid' }, eventosCursos);

  // Families: signed up in the weeks before each event, followed up by the school's vendedor.
  const leads: LeadRow[] = [];
  const historico: Record<string, unknown>[] = [];
  const pres: Record<string, unknown>[] = [];
  const mats: Record<string, unknown>[] = [];
  const usados = new Set<string>();
  let emailSeq = 0;
  for (const ev of eventos) {
    if (ev.cancelado) continue;
    const n = ev.passado ? Math.round(ev.qtdAlunos * (0.15 + g.real() * 0.12)) : g.int(22, 36);
    const dayOfEvent = em(ev.dataEvento, 19);
    const signUpFrom = em(ev.dataDistribuicao, 8).getTime();
    const signUpTo = Math.min(em(ev.dataEvento, 21).getTime(), latest.getTime());
    const idade = (now.getTime() - dayOfEvent.getTime()) / DAY;
    const cursos = cursosDe.get(ev.clienteId)!;
    for (let k = 0; k < n; k++) {
      const menina = g.chance(0.52);
      const sobrenome = g.pick(SOBRENOMES);
      const segundo = g.pick(SOBRENOMES);
      const nomeAluno = `${g.pick(menina ? ALUNAS : ALUNOS)} ${segundo === sobrenome ? '' : segundo + ' '}${sobrenome}`;
      const nomeResponsavel = `${g.chance(0.7) ? g.pick(MAES) : g.pick(PAIS)} ${sobrenome}`;
      const key = `${ev.id}|${nomeAluno}`;
      if (usados.has(key)) continue;
      usados.add(key);
      const email = `${semAcento(nomeResponsavel).replace(/ /g, '.')}${++emailSeq}@exemplo.com.br`;
      const telefone = `${ev.escola.ddd}9${g.int(8100, 9999)}${g.int(1000, 9999)}`;
      // Sign-ups spread over the distribution, a fifth on the event's day.
      let created =
        ev.passado && g.chance(0.2)
          ? em(ev.dataEvento, g.int(8, 18), g.int(0, 59))
          : new Date(signUpFrom + g.real() * Math.max(signUpTo - signUpFrom, HOUR));
      created = min(created, latest);
      const id = g.uuid();
      const presente =
        ev.passado && g.chance(0.62)
          ? new Date(Math.max(dayOfEvent.getTime(), created.getTime()) + g.int(1, 90) * 60_000)
          : null;
      const listaEspera = ev.vagas !== null && k >= ev.vagas;

      // The follow-up: older events are mostly closed; the last weeks' still open.
      let status: LeadStatus = 'novo';
      const r = g.real();
      if (ev.passado) {
        const fechado = idade > 45;
        if (r < (presente ? 0.2 : 0.05)) status = 'convertido';
        else if (r < 0.42) status = 'sem_interesse';
        else if (r < (fechado ? 0.5 : 0.58)) status = 'interessado';
        else if (r < (fechado ? 0.56 : 0.76)) status = 'em_contato';
      } else if (r < 0.3) {
        status = r < 0.18 ? 'em_contato' : 'interessado';
      }
      const v = ev.vendedorId ? { id: ev.vendedorId, user: ev.vendedorUser! } : null;
      const acompanhado = status !== 'novo';
      const responsavel = v && (acompanhado || g.chance(0.15)) ? v : null;
      const autor = v?.user ?? ev.microUser;
      let primeiro: Date | null = null;
      if (acompanhado) {
        primeiro = min(new Date(created.getTime() + g.int(1, 70) * HOUR), new Date(now.getTime() - HOUR));
        if (primeiro <= created) primeiro = new Date(created.getTime() + 5 * 60_000);
      }
      let proximo: string | null = null;
      if (status === 'em_contato' || status === 'interessado') {
        const q = g.real();
        proximo = q < 0.3 ? today : q < 0.65 ? dia(now, -g.int(1, 20)) : dia(now, g.int(1, 14));
      }
      const motivo = status === 'sem_interesse' ? g.pick(MOTIVOS) : null;
      leads.push({
        id,
        evento_id: ev.id,
        nome_aluno: nomeAluno,
        nome_responsavel: nomeResponsavel,
        email,
        telefone,
        consentido_em: iso(created),
        created_at: iso(created),
        status,
        responsavel_id: responsavel?.id ?? null,
        proximo_contato_em: proximo,
        motivo_perda: motivo,
        primeiro_contato_em: primeiro ? iso(primeiro) : null,
        presente_em: presente ? iso(min(presente, latest)) : null,
        lista_espera: listaEspera,
        ...origemDemo(emailSeq, v?.id ?? null, created),
      });

      // Its history: who took it, the first contact and what it changed, a note now and then.
      if (responsavel) {
        historico.push({
          id: g.uuid(),
          lead_id: id,
          tipo: 'responsavel',
          em: iso(new Date(created.getTime() + 20 * 60_000)),
          autor_id: ev.microUser,
          dados: { de: null, para: { id: responsavel.id, nome: vendedorNome(vendedor, responsavel.id) } },
        });
      }
      if (primeiro) {
        const canal = g.pick(CANAIS);
        historico.push({
          id: g.uuid(),
          lead_id: id,
          tipo: 'contato',
          em: iso(primeiro),
          autor_id: autor,
          dados: {
            canal,
            resultado:
              canal === 'whatsapp' || canal === 'email'
                ? 'mensagem_enviada'
                : g.pick(['atendeu', 'atendeu', 'nao_atendeu', 'visita_agendada']),
            nota: g.pick(NOTAS_CONTATO),
          },
        });
        const fim = status === 'convertido' ? 'interessado' : status;
        const dados: Record<string, unknown> = { status: ['novo', fim] };
        if (motivo) dados.motivoPerda = [null, motivo];
        if (proximo) dados.proximoContatoEm = [null, proximo];
        historico.push({
          id: g.uuid(),
          lead_id: id,
          tipo: 'status',
          em: iso(new Date(primeiro.getTime() + 60_000)),
          autor_id: autor,
          dados,
        });
        if (g.chance(0.12)) {
          historico.push({
            id: g.uuid(),
            lead_id: id,
            tipo: 'nota',
            em: iso(new Date(primeiro.getTime() + 2 * 60_000)),
            autor_id: autor,
            dados: { texto: g.pick(NOTAS) },
          });
        }
      }

      // The activation (pré-matrícula) after the event, and the matrícula of the converted ones.
      const ativa = ev.passado && (status === 'convertido' || (status === 'interessado' && g.chance(0.4)));
      if (ativa) {
        const base = Math.max(created.getTime(), presente?.getTime() ?? dayOfEvent.getTime());
        const preEm = min(new Date(base + g.int(1, 96) * HOUR), new Date(now.getTime() - 10 * HOUR));
        const preId = g.uuid();
        const curso = g.pick(cursos).titulo;
        pres.push({
          id: preId,
          evento_id: ev.id,
          lead_id: id,
          nome: nomeAluno,
          nome_aluno: nomeAluno,
          cpf_aluno: nextCpf(),
          nome_responsavel: nomeResponsavel,
          cpf_responsavel: nextCpf(),
          email,
          telefone,
          curso_interesse: curso,
          status: status === 'convertido' ? 'efetivada' : 'pendente',
          consentido_em: iso(preEm),
          created_at: iso(preEm),
          updated_at: iso(preEm),
        });
        if (status === 'convertido') {
          const efetivada = min(new Date(preEm.getTime() + g.int(2, 200) * HOUR), new Date(now.getTime() - 9 * HOUR));
          mats.push({
            id: g.uuid(),
            pre_matricula_id: preId,
            evento_id: ev.id,
            lead_id: id,
            nome: nomeAluno,
            email,
            telefone,
            curso_interesse: curso,
            efetivada_em: iso(efetivada),
            // The year before contracts (issue 42): its families count as having accepted theirs.
            status: 'ativa',
            created_at: iso(efetivada),
          });
          historico.push({
            id: g.uuid(),
            lead_id: id,
            tipo: 'status',
            em: iso(efetivada),
            autor_id: ev.microUser,
            dados: { status: ['interessado', 'convertido'] },
          });
        }
      }
    }
  }

  const rebuildIndexes = await setIndexesAside(tx, schema.leads);
  await insertRows(
    tx,
    schema.leads,
    {
      id: 'uuid',
      evento_id: 'uuid',
      nome_aluno: 'text',
      nome_responsavel: 'text',
      email: 'text',
      telefone: 'text',
      consentido_em: 'timestamptz',
      created_at: 'timestamptz',
      status: 'lead_status',
      responsavel_id: 'uuid',
      proximo_contato_em: 'date',
      motivo_perda: 'motivo_perda',
      primeiro_contato_em: 'timestamptz',
      presente_em: 'timestamptz',
      lista_espera: 'boolean',
      utm_source: 'text',
      utm_medium: 'text',
      utm_campaign: 'text',
      link_vendedor_id: 'uuid',
    },
    leads,
    { doEvento: true },
  );
  await rebuildIndexes();
  await insertRows(
    tx,
    schema.leadHistorico,
    { id: 'uuid', lead_id: 'uuid', tipo: 'lead_historico_tipo', em: 'timestamptz', autor_id: 'uuid', dados: 'jsonb' },
    historico,
  );
  await insertRows(
    tx,
    schema.preMatriculas,
    {
      id: 'uuid',
      evento_id: 'uuid',
      lead_id: 'uuid',
      nome: 'text',
      nome_aluno: 'text',
      cpf_aluno: 'text',
      nome_responsavel: 'text',
      cpf_responsavel: 'text',
      email: 'text',
      telefone: 'text',
      curso_interesse: 'text',
      status: 'pre_matricula_status',
      consentido_em: 'timestamptz',
      ...stamps,
    },
    pres,
    { doEvento: true },
  );
  // Issue 48: the vendedor's link's code beside its id, and each activation with its lead's origin (as the public
  // activation copies it).
  await executeRows(
    tx,
    sql`update ${schema.leads} l set link_codigo = v.codigo_indicacao from ${schema.vendedores} v
      where l.link_vendedor_id = v.id and l.link_codigo is null`,
  );
  await executeRows(
    tx,
    sql`update ${schema.preMatriculas} p set utm_source = l.utm_source, utm_medium = l.utm_medium,
      utm_campaign = l.utm_campaign, link_codigo = l.link_codigo, link_vendedor_id = l.link_vendedor_id
      from ${schema.leads} l
      where p.lead_id = l.id and coalesce(l.utm_source, l.link_codigo) is not null`,
  );
  await insertRows(
    tx,
    schema.matriculas,
    {
      id: 'uuid',
      pre_matricula_id: 'uuid',
      evento_id: 'uuid',
      lead_id: 'uuid',
      nome: 'text',
      email: 'text',
      telefone: 'text',
      curso_interesse: 'text',
      efetivada_em: 'timestamptz',
      status: 'matricula_status',
      created_at: 'timestamptz',
    },
    mats,
    { doEvento: true },
  );
  // The course and price each matrícula keeps (issue 42): the one its pré-matrícula named, offered by its event.
  await fillMatriculaCursoSnapshots(tx);

  const tickets = await insertTickets(tx, g, demo, now);
  const pedidos = await insertPedidos(tx, g, demo, leads, now);
  const auditIndexes = await setIndexesAside(tx, schema.auditLog);
  const auditoria = await insertAudit(
    tx,
    demo,
    eventos.map((e) => e.id),
    now,
  );
  await auditIndexes();
  const emails = await insertEmails(tx, demo, now);
  await insertWebhook(tx, g, demo, now);

  return {
    clientes: clientes.length,
    eventos: eventos.length,
    leads: leads.length,
    presencas: leads.filter((l) => l.presente_em !== null).length,
    preMatriculas: pres.length,
    matriculas: mats.length,
    tickets,
    pedidosLgpd: pedidos,
    auditoria,
    emails,
    parcelas: 0,
    comissoes: 0,
    royalties: 0,
  };
}

function vendedorNome(vendedor: Record<VendedorKey, { id: string; nome: string }>, id: string): string {
  return Object.values(vendedor).find((v) => v.id === id)?.nome ?? '';
}

/** SAC: tickets of the franquias and micro-franquias over the year, in every state, with their conversations. */
async function insertTickets(tx: Executor, g: Gerador, demo: Demo, now: Date): Promise<number> {
  const tickets: Record<string, unknown>[] = [];
  const mensagens: Record<string, unknown>[] = [];
  const solicitantes = [
    { user: demo.micros.campinas.user, micro: demo.micros.campinas.id, franquia: demo.franquias.sp.id },
    { user: demo.micros.santos.user, micro: demo.micros.santos.id, franquia: demo.franquias.sp.id },
    { user: demo.micros.contagem.user, micro: demo.micros.contagem.id, franquia: demo.franquias.mg.id },
    { user: demo.franquias.sp.user, micro: null, franquia: demo.franquias.sp.id },
    { user: demo.franquias.mg.user, micro: null, franquia: demo.franquias.mg.id },
  ];
  const PRIORIDADES: readonly TicketPrioridade[] = ['baixa', 'media', 'media', 'alta', 'critica'];
  const total = 36;
  for (let i = 0; i < total; i++) {
    const [titulo, descricao, departamento] = TICKETS[i % TICKETS.length]!;
    const quem = solicitantes[i % solicitantes.length]!;
    // Spread over the year, the newest a day old; the last ones still open.
    const diasAtras = Math.round(1 + ((total - 1 - i) * 360) / total) + g.int(0, 3);
    const criado = em(dia(now, -diasAtras), g.int(8, 17), g.int(0, 59));
    const prioridade = g.pick(PRIORIDADES);
    const prazos = deadlines({ prioridade, inicio: criado, pausaMs: 0 });
    let status: TicketStatus;
    if (diasAtras > 30) status = g.chance(0.85) ? 'concluido' : 'cancelado';
    else status = (['em_andamento', 'em_andamento', 'aguardando_solicitante', 'concluido'] as const)[i % 4]!;
    const id = g.uuid();
    const respondeu = status !== 'em_andamento' || g.chance(0.5);
    const primeiraResposta = respondeu ? new Date(criado.getTime() + g.int(1, 20) * HOUR) : null;
    const resolvido =
      status === 'concluido' || status === 'cancelado'
        ? min(new Date(criado.getTime() + g.int(1, 6) * DAY), new Date(now.getTime() - 2 * HOUR))
        : null;
    const avaliado = status === 'concluido' && g.chance(0.7) ? resolvido : null;
    tickets.push({
      id,
      solicitante_id: quem.user,
      responsavel_id: respondeu ? demo.franqueadorUser : null,
      franquia_id: quem.franquia,
      micro_franquia_id: quem.micro,
      franqueador_id: demo.franqueadorId,
      titulo: `${titulo}${i >= TICKETS.length ? ` (${Math.floor(i / TICKETS.length) + 1}ª vez)` : ''}`,
      descricao,
      departamento,
      status,
      prioridade,
      resolucao:
        status === 'concluido' ? g.pick(RESPOSTAS) : status === 'cancelado' ? 'Resolvido pela própria franquia.' : null,
      resolved_at: resolvido ? iso(resolvido) : null,
      primeira_resposta_em: primeiraResposta ? iso(primeiraResposta) : null,
      primeira_resposta_ate: iso(prazos.primeiraRespostaAte),
      resolucao_ate: iso(prazos.resolucaoAte),
      avaliacao_nota: avaliado ? g.pick([3, 4, 4, 5, 5, 5]) : null,
      avaliacao_comentario: avaliado ? g.pick(['Resolvido rápido.', 'Atendimento muito bom.', null]) : null,
      avaliado_em: avaliado ? iso(new Date(avaliado.getTime() + HOUR)) : null,
      created_at: iso(criado),
      updated_at: iso(resolvido ?? primeiraResposta ?? criado),
    });
    if (primeiraResposta) {
      mensagens.push({
        id: g.uuid(),
        ticket_id: id,
        autor_id: demo.franqueadorUser,
        texto: status === 'aguardando_solicitante' ? 'Podem enviar uma foto ou o número do pedido?' : g.pick(RESPOSTAS),
        interna: false,
        created_at: iso(primeiraResposta),
      });
      if (g.chance(0.4)) {
        mensagens.push({
          id: g.uuid(),
          ticket_id: id,
          autor_id: demo.franqueadorUser,
          texto: 'Conferido com a logística; prazo confirmado com o fornecedor.',
          interna: true,
          created_at: iso(new Date(primeiraResposta.getTime() + 5 * 60_000)),
        });
      }
      if (status !== 'aguardando_solicitante' && g.chance(0.6)) {
        mensagens.push({
          id: g.uuid(),
          ticket_id: id,
          autor_id: quem.user,
          texto: 'Obrigado pelo retorno!',
          interna: false,
          created_at: iso(new Date(primeiraResposta.getTime() + 30 * 60_000)),
        });
      }
    }
  }
  await insertRows(
    tx,
    schema.sacTickets,
    {
      id: 'uuid',
      solicitante_id: 'uuid',
      responsavel_id: 'uuid',
      franquia_id: 'uuid',
      micro_franquia_id: 'uuid',
      franqueador_id: 'uuid',
      titulo: 'text',
      descricao: 'text',
      departamento: 'departamento',
      status: 'ticket_status',
      prioridade: 'ticket_priority',
      resolucao: 'text',
      resolved_at: 'timestamptz',
      primeira_resposta_em: 'timestamptz',
      primeira_resposta_ate: 'timestamptz',
      resolucao_ate: 'timestamptz',
      avaliacao_nota: 'smallint',
      avaliacao_comentario: 'text',
      avaliado_em: 'timestamptz',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    tickets,
  );
  await insertRows(
    tx,
    schema.sacMensagens,
    { id: 'uuid', ticket_id: 'uuid', autor_id: 'uuid', texto: 'text', interna: 'boolean', created_at: 'timestamptz' },
    mensagens,
  );
  return tickets.length;
}

/** LGPD: the titulares' requests of the last months, in each state, some past their 15 days. */
async function insertPedidos(
  tx: Executor,
  g: Gerador,
  demo: Demo,
  leads: readonly LeadRow[],
  now: Date,
): Promise<number> {
  const plano: [PedidoTipo, PedidoStatus, diasAtras: number][] = [
    ['correcao', 'aberto', 2],
    ['revogacao', 'aberto', 6],
    ['anonimizacao', 'aberto', 19],
    ['correcao', 'em_analise', 9],
    ['anonimizacao', 'em_analise', 13],
    ['correcao', 'concluido', 40],
    ['revogacao', 'concluido', 75],
    ['anonimizacao', 'recusado', 120],
    ['correcao', 'concluido', 200],
    ['revogacao', 'recusado', 260],
  ];
  const rows = plano.map(([tipo, status, diasAtras], i) => {
    const lead = leads[(i * 277 + 13) % leads.length]!;
    const criado = em(dia(now, -diasAtras), g.int(8, 20), g.int(0, 59));
    const fechado = status === 'concluido' || status === 'recusado';
    const concluido = fechado ? new Date(criado.getTime() + g.int(2, 12) * DAY) : null;
    // The request goes to the franquia of the titular's event (as the portal routes it).
    const franquia = i % 3 === 2 ? demo.franquias.mg : demo.franquias.sp;
    return {
      id: g.uuid(),
      tipo,
      status,
      email: lead.email,
      detalhe: LGPD_DETALHES[tipo],
      resposta: fechado
        ? status === 'concluido'
          ? 'Pedido atendido. Os dados foram atualizados.'
          : 'Não localizamos registros com este e-mail além dos exigidos por lei.'
        : status === 'em_analise'
          ? 'Estamos conferindo os registros do titular.'
          : null,
      prazo: iso(new Date(criado.getTime() + 15 * DAY)),
      concluido_em: concluido ? iso(concluido) : null,
      atualizado_por_id: status === 'aberto' ? null : i % 2 ? demo.franqueadorUser : franquia.user,
      franqueador_id: demo.franqueadorId,
      franquia_id: franquia.id,
      created_at: iso(criado),
      updated_at: iso(concluido ?? criado),
    };
  });
  await insertRows(
    tx,
    schema.lgpdPedidos,
    {
      id: 'uuid',
      tipo: 'lgpd_pedido_tipo',
      status: 'lgpd_pedido_status',
      email: 'text',
      detalhe: 'text',
      resposta: 'text',
      prazo: 'timestamptz',
      concluido_em: 'timestamptz',
      atualizado_por_id: 'uuid',
      franqueador_id: 'uuid',
      franquia_id: 'uuid',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    rows,
  );
  return rows.length;
}

/**
 * The audit trail of that year, set-based from the rows just written: each event's creation, each follow-up
 * step, each check-in and matrícula, and the staff's sign-ins of the last weeks.
 */
async function insertAudit(tx: Executor, demo: Demo, eventoIds: readonly string[], now: Date): Promise<number> {
  const ids = JSON.stringify(eventoIds);
  const [row] = await executeRows<{ n: number }>(
    tx,
    sql`with ev as (
        select e.* from ${schema.eventos} e where e.id in (select (x #>> '{}')::uuid from jsonb_array_elements(${ids}::jsonb) x)
      ), ld as (select l.* from ${schema.leads} l where l.evento_id in (select id from ev)),
      novas as (
        select e.created_at as em, m.user_id as usuario_id, 'micro_franquia'::user_role as papel, 'evento.criar' as acao,
          'evento' as entidade, e.id as entidade_id, null::jsonb as alteracoes, null::jsonb as detalhes,
          e.franqueador_id, e.franquia_id, e.micro_franquia_id
        from ev e join ${schema.microFranquias} m on m.id = e.micro_franquia_id
        union all
        select h.em, h.autor_id, u.role, case h.tipo when 'contato' then 'lead.contato' when 'nota' then 'lead.nota'
            else 'lead.editar' end, 'lead', l.id,
          case h.tipo when 'status' then jsonb_build_object('status', h.dados->'status')
            when 'responsavel' then jsonb_build_object('responsavelId', jsonb_build_array(null, h.dados#>'{para,id}'))
            else null end,
          case h.tipo when 'contato' then jsonb_build_object('canal', h.dados->'canal', 'resultado',
            h.dados->'resultado', 'historicoId', h.id) when 'nota' then jsonb_build_object('historicoId', h.id)
            else null end,
          l.franqueador_id, l.franquia_id, l.micro_franquia_id
        from ${schema.leadHistorico} h join ld l on l.id = h.lead_id join ${schema.users} u on u.id = h.autor_id
        union all
        select l.presente_em, c.user_id, 'cliente', 'lead.presenca', 'lead', l.id,
          jsonb_build_object('presenteEm', jsonb_build_array(null, 'registrada')), null,
          l.franqueador_id, l.franquia_id, l.micro_franquia_id
        from ld l join ${schema.clientes} c on c.id = l.cliente_id where l.presente_em is not null
        union all
        select mt.efetivada_em, m.user_id, 'micro_franquia', 'matricula.efetivar', 'matricula', mt.id, null, null,
          mt.franqueador_id, mt.franquia_id, mt.micro_franquia_id
        from ${schema.matriculas} mt join ${schema.microFranquias} m on m.id = mt.micro_franquia_id where mt.evento_id in (select id from ev)
        union all
        select ${now.toISOString()}::timestamptz - make_interval(days => d.n, hours => 3 + (d.n * 7 + s.k) % 9),
          s.user_id, s.role, 'auth.login', 'usuario', s.user_id, null, null, s.franqueador_id, s.franquia_id,
          s.micro_franquia_id
        from generate_series(1, 30) as d(n)
        cross join (
          select row_number() over (order by u.email)::int as k, u.id as user_id, u.role,
            ${demo.franqueadorId}::uuid as franqueador_id, coalesce(u.franquia_id, m.franquia_id) as franquia_id,
            coalesce(u.micro_franquia_id, c.micro_franquia_id) as micro_franquia_id
          from ${schema.users} u left join ${schema.clientes} c on c.id = u.cliente_id
            left join ${schema.microFranquias} m on m.id = coalesce(u.micro_franquia_id, c.micro_franquia_id)
          where u.role in ('franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente')
        ) s
        where extract(isodow from ${now.toISOString()}::timestamptz - make_interval(days => d.n)) < 6
          and (d.n + s.k) % 3 <> 0
      ), gravadas as (
        insert into ${schema.auditLog} (id, em, usuario_id, papel, acao, entidade, entidade_id, alteracoes, detalhes, ip,
          user_agent, franqueador_id, franquia_id, micro_franquia_id)
        select md5('demo-auditoria:' || n.acao || n.em::text || coalesce(n.entidade_id::text, ''))::uuid, n.em,
          n.usuario_id, n.papel, n.acao, n.entidade, n.entidade_id, n.alteracoes, n.detalhes,
          '198.51.100.' || (1 + abs(hashtext(n.usuario_id::text)) % 200),
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
          n.franqueador_id, n.franquia_id, n.micro_franquia_id
        from novas n where n.em is not null order by n.em
        returning 1
      )
      select count(*)::int as n from gravadas`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Envios: the confirmation e-mail of each sign-up of the last two months, delivered, and a few that bounced --
 * history only (no payload: nothing for the worker to send, nothing to resend). Each keeps its recipient's hash, as
 * `chaveDoDestinatario` writes it (issue 51): Envios' 'Destinatário' finds a family's e-mails by the whole address.
 */
async function insertEmails(tx: Executor, demo: Demo, now: Date): Promise<number> {
  const [row] = await executeRows<{ n: number }>(
    tx,
    sql`with gravados as (
        insert into ${schema.jobs} (tipo, payload, status, tentativas, max_tentativas, executar_em, ultimo_erro, resumo, destino,
          destino_chave, franqueador_id, created_at, updated_at, concluido_em)
        select 'email', null, case when x.k % 97 = 0 then 'falhou' else 'concluido' end,
          case when x.k % 97 = 0 then 6 else 1 end, 6, x.created_at,
          case when x.k % 97 = 0 then '550 5.1.1 caixa postal inexistente' end,
          'Inscrição confirmada', x.email, encode(sha256(convert_to(lower(trim(x.email)), 'UTF8')), 'hex'),
          ${demo.franqueadorId}::uuid, x.created_at,
          x.created_at + interval '4 seconds', x.created_at + interval '4 seconds'
        from (select l.created_at, l.email, row_number() over (order by l.created_at, l.id) as k from ${schema.leads} l
          where l.created_at between ${now.toISOString()}::timestamptz - interval '60 days'
            and ${now.toISOString()}::timestamptz - interval '9 hours'
            and l.email like '%@exemplo.com.br') x
        order by x.created_at
        returning 1
      )
      select count(*)::int as n from gravados`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Integrações: the CRM webhook the network used until last month, switched off since (no delivery goes out from
 * the demo), with its deliveries of the new leads before that.
 */
async function insertWebhook(tx: Executor, g: Gerador, demo: Demo, now: Date): Promise<void> {
  const id = g.uuid();
  const segredo = `whsec_${g.uuid().replace(/-/g, '')}`;
  const criado = new Date(now.getTime() - 200 * DAY);
  const desligado = new Date(now.getTime() - 35 * DAY);
  await tx.execute(sql`insert into ${schema.webhookEndpoints} (id, franqueador_id, url, segredo, eventos, ativo, created_at,
      updated_at)
    values (${id}::uuid, ${demo.franqueadorId}::uuid, 'https://crm.exemplo.com.br/webhooks/rede', ${segredo},
      array['lead.criado', 'matricula.efetivada'], false, ${iso(criado)}::timestamptz, ${iso(desligado)}::timestamptz)`);
  await tx.execute(sql`insert into ${schema.webhookEntregas} (id, endpoint_id, entrega_id, evento, tentativa, codigo, duracao_ms,
      erro, em)
    select md5('demo-entrega:' || l.id)::uuid, ${id}::uuid, md5('demo-entrega-id:' || l.id)::uuid, 'lead.criado', 1,
      case when row_number() over (order by l.created_at) % 41 = 0 then 503 else 200 end,
      80 + abs(hashtext(l.id::text)) % 400, null, l.created_at + interval '2 seconds'
    from ${schema.leads} l
    where l.created_at between ${iso(new Date(desligado.getTime() - 45 * DAY))}::timestamptz
      and ${iso(desligado)}::timestamptz and l.email like '%@exemplo.com.br'`);
}
