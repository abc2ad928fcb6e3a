/**
 * `npm run bench:data`: fills a PostgreSQL database with a national-scale network, deterministic from a seed.
 * Rows are generated inside PostgreSQL (INSERT ... SELECT over generate_series), so nothing crosses the wire
 * but the statements. Ids are derived from names (md5(kind-n)::uuid), which makes linking rows set-based.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench:data
 */
import { CAMPANHAS, metasSteps } from './metas';
import { visitasSteps } from './check-in';
import pg from 'pg';
import { hashPassword } from '../src/server/lib/password';
import { migratePostgres } from '../src/server/db/postgres';
import { BENCH_PASSWORD } from './accounts';
import { MODELO_INICIAL, matriculaDeExemplo, preencherModelo, valoresDosCampos } from '../src/shared/contrato/modelo';
import { DINHEIRO_TABLES, dinheiroSteps } from './dinheiro';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
const seed = Number(process.env.BENCH_SEED ?? 42);

/**
 * `BENCH_SCALE=0.02`: every size times the factor (at least 1), for a small data set that proves the scenarios run
 * (ADR 084); the national scale is 1.
 */
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const scaled = (n: number) => Math.max(1, Math.round(n * SCALE));

/**
 * `BENCH_LEADS_SCALE=10`: the leads alone times the factor, on the same network -- issue 46's scale table, 1,000,000
 * leads against 10,000,000. Every account's own leads grow with it (the busiest cliente's from about 20,000 to
 * 200,000), so what one user reads grows tenfold; the rest of the data stays as it is (a whole network ten times
 * over would not fit on the machine's disk, ADR 120).
 */
const LEADS_SCALE = Number(process.env.BENCH_LEADS_SCALE ?? 1);

/** Issue 17: the audit trail the franqueador's first page is measured over. */
const AUDIT_ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? scaled(5_000_000));
/** Issue 46: the network's delivered e-mails Envios lists (half a million: one for every second lead). */
const ENVIOS = scaled(500_000);

/**
 * Issue 43 (ADR 084): the parcelas billing is measured over -- every plan of a matrícula billed (the school year's
 * 10 to 12 monthly parcelas; a cancelled one's too, closed at its cancellation), at least this many.
 */
export const PARCELAS_MINIMAS = scaled(1_000_000);

/** Issue 45: the statement job's second network -- 500 franquias, a million receita lines in one month. */
const REDE_DE_ROYALTIES = { franquias: scaled(500), linhas: scaled(1_000_000) };

/**
 * `BENCH_DATA_ONLY=dinheiro`: on a database bench:data loaded before the money ledgers existed, only they are
 * (re)written -- the commission and royalty rules, lines and closings, and the royalties network -- in minutes.
 */
const ONLY = process.env.BENCH_DATA_ONLY;

export const SIZES = Object.fromEntries(
  Object.entries({
    franquias: 50,
    microFranquias: 500,
    vendedores: 2_000,
    clientes: 5_000,
    cursos: 20_000,
    eventos: 50_000,
    leads: 1_000_000,
    preMatriculas: 300_000,
    matriculas: 100_000,
    tickets: 5_000,
    ticketMessages: 50_000,
  }).map(([k, n]) => [k, k === 'leads' ? scaled(n * LEADS_SCALE) : scaled(n)]),
) as Record<
  | 'franquias'
  | 'microFranquias'
  | 'vendedores'
  | 'clientes'
  | 'cursos'
  | 'eventos'
  | 'leads'
  | 'preMatriculas'
  | 'matriculas'
  | 'tickets'
  | 'ticketMessages',
  number
>;

const FIRST_NAMES = [
  'Ana',
  'Beatriz',
  'Bruno',
  'Camila',
  'Carlos',
  'Daniela',
  'Eduardo',
  'Fernanda',
  'Gabriel',
  'Gabriela',
  'Gustavo',
  'Helena',
  'Igor',
  'Isabela',
  'João',
  'Juliana',
  'Larissa',
  'Leonardo',
  'Letícia',
  'Lucas',
  'Luiza',
  'Marcos',
  'Mariana',
  'Matheus',
  'Natália',
  'Otávio',
  'Patrícia',
  'Pedro',
  'Rafael',
  'Rafaela',
  'Renata',
  'Rodrigo',
  'Sabrina',
  'Samuel',
  'Thiago',
  'Valentina',
  'Vinícius',
  'Vitória',
  'Yasmin',
  'Wellington',
];
const SURNAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
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
  'Pinto',
  'Moura',
  'Cavalcanti',
  'Monteiro',
];
/** One capital and its area code per state: events are spread over all 27. */
const STATES: [string, string, string][] = [
  ['AC', 'Rio Branco', '68'],
  ['AL', 'Maceió', '82'],
  ['AP', 'Macapá', '96'],
  ['AM', 'Manaus', '92'],
  ['BA', 'Salvador', '71'],
  ['CE', 'Fortaleza', '85'],
  ['DF', 'Brasília', '61'],
  ['ES', 'Vitória', '27'],
  ['GO', 'Goiânia', '62'],
  ['MA', 'São Luís', '98'],
  ['MT', 'Cuiabá', '65'],
  ['MS', 'Campo Grande', '67'],
  ['MG', 'Belo Horizonte', '31'],
  ['PA', 'Belém', '91'],
  ['PB', 'João Pessoa', '83'],
  ['PR', 'Curitiba', '41'],
  ['PE', 'Recife', '81'],
  ['PI', 'Teresina', '86'],
  ['RJ', 'Rio de Janeiro', '21'],
  ['RN', 'Natal', '84'],
  ['RS', 'Porto Alegre', '51'],
  ['RO', 'Porto Velho', '69'],
  ['RR', 'Boa Vista', '95'],
  ['SC', 'Florianópolis', '48'],
  ['SP', 'São Paulo', '11'],
  ['SE', 'Aracaju', '79'],
  ['TO', 'Palmas', '63'],
];
const COURSES = [
  'Técnico em Administração',
  'Inglês Intensivo',
  'Preparatório ENEM',
  'Informática Básica',
  'Técnico em Enfermagem',
  'Gestão de Pessoas',
  'Marketing Digital',
  'Logística',
];

/**
 * When a family signs up: in the three weeks before its event, up to two days after it, as a school's campaign
 * runs; for an event still ahead, some time in the last 30 days. A million leads over two years of events.
 */
const LEAD_SIGNED_UP_AT = `least(now() - interval '1 minute',
  case when e.data_evento <= current_date
    then e.data_evento + time '08:00' + (pg_temp.rnd('lead-at', g) * 23 - 21) * interval '1 day'
    else now() - pg_temp.rnd('lead-at', g) * interval '30 days' end)`;

const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;
/** The network's contract as the demo publishes it, and as a matrícula freezes it (the example family's values). */
const CONTRACT_TEMPLATE = MODELO_INICIAL;
const CONTRACT_TEXT = preencherModelo(MODELO_INICIAL, valoresDosCampos(matriculaDeExemplo('2026-01-15')), 10);

const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;
/** Issue 48: which lead came by which campaign or vendedor's link (the leads' insert, `g` its number). */
const ORIGEM_DOS_LEADS = `
      case when g % 10 = 0 then (array['instagram','facebook','google','whatsapp'])[1 + g / 10 % 4] end,
      case when g % 10 = 0 then (array['social','cpc','social','mensagem'])[1 + g / 10 % 4] end,
      case when g % 10 = 0 then (${sqlArray(CAMPANHAS)})[1 + g / 40 % ${CAMPANHAS.length}] end,
      case when g % 20 = 5 and e.vendedor_id is not null then (select v.codigo_indicacao from vendedores v where v.id = e.vendedor_id) end,
      case when g % 20 = 5 then e.vendedor_id end`;

/** The helpers below live in pg_temp: they vanish with the session and touch nothing of the app's. */
const HELPERS = `
-- md5-derived, shaped as a version-4 UUID (version and variant nibbles set), as the API's validation expects.
create or replace function pg_temp.uid(kind text, n bigint) returns uuid language sql immutable as
  $$ select (substr(h, 1, 12) || '4' || substr(h, 14, 3) || '8' || substr(h, 18))::uuid
     from (select md5(kind || '-' || n) as h) hashed $$;
-- A deterministic pseudo-random number in [0, 1) from a seed, a stream name and a row number.
create or replace function pg_temp.rnd(stream text, n bigint) returns double precision language sql immutable as
  $$ select ('x' || substr(md5('${seed}-' || stream || '-' || n), 1, 12))::bit(48)::bigint / 281474976710656.0 $$;
create or replace function pg_temp.pick(items text[], stream text, n bigint) returns text language sql immutable as
  $$ select items[1 + floor(pg_temp.rnd(stream, n) * array_length(items, 1))::int] $$;
create or replace function pg_temp.person(stream text, n bigint) returns text language sql immutable as
  $$ select pg_temp.pick(${sqlArray(FIRST_NAMES)}, stream || 'f', n) || ' ' ||
            pg_temp.pick(${sqlArray(SURNAMES)}, stream || 's', n) || ' ' ||
            pg_temp.pick(${sqlArray(SURNAMES)}, stream || 't', n) $$;
-- Skewed choice of 1..total: a few parents get most children, as real networks do.
create or replace function pg_temp.skewed(stream text, n bigint, total int, power double precision) returns int
  language sql immutable as $$ select 1 + floor(power(pg_temp.rnd(stream, n), power) * total)::int $$;
create or replace function pg_temp.cpf(n bigint) returns text language plpgsql immutable as $$
declare base text := lpad(((n * 7919) % 999999998 + 1)::text, 9, '0'); s int := 0; d1 int; d2 int;
begin
  for i in 1..9 loop s := s + substr(base, i, 1)::int * (11 - i); end loop;
  d1 := (s * 10) % 11; if d1 = 10 then d1 := 0; end if;
  s := 0; for i in 1..9 loop s := s + substr(base, i, 1)::int * (12 - i); end loop; s := s + d1 * 2;
  d2 := (s * 10) % 11; if d2 = 10 then d2 := 0; end if;
  return base || d1 || d2;
end $$;
create or replace function pg_temp.cnpj(n bigint) returns text language plpgsql immutable as $$
declare base text := lpad((n % 99999999)::text, 8, '0') || '0001'; s int; d1 int; d2 int;
  w1 int[] := array[5,4,3,2,9,8,7,6,5,4,3,2]; w2 int[] := array[6,5,4,3,2,9,8,7,6,5,4,3,2];
begin
  s := 0; for i in 1..12 loop s := s + substr(base, i, 1)::int * w1[i]; end loop;
  d1 := case when s % 11 < 2 then 0 else 11 - s % 11 end;
  s := 0; for i in 1..12 loop s := s + substr(base, i, 1)::int * w2[i]; end loop; s := s + d1 * 2;
  d2 := case when s % 11 < 2 then 0 else 11 - s % 11 end;
  return base || d1 || d2;
end $$;
create temp table states(i int primary key, uf text, cidade text, ddd text);
insert into states values ${STATES.map(([uf, cidade, ddd], i) => `(${i + 1}, '${uf}', '${cidade}', '${ddd}')`).join(',')};
`;

/** bench:data's accounts: a user row of `kind` n (`g`), its e-mail `<kind>g@bench.com.br`. */
const userCols = 'id, email, password, role, nome, cpf, data_nascimento, endereco, telefone, created_at, updated_at';
function userRowWith(password: string) {
  return (kind: string, role: string) => `
    pg_temp.uid('user-${kind}', g), '${kind.replace('_', '.')}' || g || '@bench.com.br', '${password}', '${role}',
    pg_temp.person('${kind}', g), pg_temp.cpf(g * 13 + ${kind.length}), date '1970-01-01' + (g % 12000),
    'Rua ' || pg_temp.pick(${sqlArray(SURNAMES)}, '${kind}-rua', g) || ', ' || (g % 2000 + 1),
    '11' || lpad((900000000 + g)::text, 9, '0'), now() - (g || ' minutes')::interval, now()`;
}

/** The money ledgers alone, over a database loaded before them (BENCH_DATA_ONLY=dinheiro). */
async function onlyDinheiro() {
  const started = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(HELPERS);
  const password = (await hashPassword(BENCH_PASSWORD)).replace(/'/g, "''");
  await client.query('begin');
  await client.query("set local session_replication_role = 'replica'");
  // What an earlier load wrote (the ledgers refuse a delete through their triggers, which are off here).
  await client.query(`
    delete from royalty_contestacoes; delete from royalty_faturas; delete from royalty_fechamentos;
    delete from royalty_lancamentos; delete from royalty_acordos;
    delete from comissao_fechamentos; delete from comissao_lancamentos; delete from comissao_regras;
    delete from franquias where franqueador_id = pg_temp.uid('franqueador', 2);
    delete from users where franqueador_id = pg_temp.uid('franqueador', 2) or email like 'franquia.royalties%@bench.com.br';
    delete from franqueadores where id = pg_temp.uid('franqueador', 2);`);
  for (const [label, text] of dinheiroSteps(userCols, userRowWith(password), REDE_DE_ROYALTIES)) {
    const t = performance.now();
    const result = await client.query(text);
    const rows = Array.isArray(result) ? result.reduce((n, r) => n + (r.rowCount ?? 0), 0) : (result.rowCount ?? 0);
    console.log(
      `${label.padEnd(28)} ${String(rows).padStart(9)} rows  ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
  }
  await client.query('select ledger_somas_rebuild()');
  await client.query('commit');
  await client.query(`vacuum analyze ${DINHEIRO_TABLES.join(', ')}, comissao_somas, royalty_somas, comissao_fechamentos, royalty_acordos,
    royalty_fechamentos, royalty_faturas, franquias, users`);
  await client.end();
  console.log(`\nthe money ledgers written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function main() {
  if (ONLY === 'dinheiro') return onlyDinheiro();
  const started = performance.now();
  const target = new URL(url);
  const dbName = target.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`drop database if exists "${dbName}" with (force)`);
  await admin.query(`create database "${dbName}"`);
  await admin.end();
  await migratePostgres(url);

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const step = async (label: string, sql: string) => {
    const t = performance.now();
    const result = await client.query(sql);
    const rows = Array.isArray(result) ? result.reduce((n, r) => n + (r.rowCount ?? 0), 0) : (result.rowCount ?? 0);
    console.log(
      `${label.padEnd(28)} ${String(rows).padStart(9)} rows  ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
  };
  const password = (await hashPassword(BENCH_PASSWORD)).replace(/'/g, "''");
  const userRow = userRowWith(password);
  await client.query(HELPERS);
  await client.query('set max_parallel_workers_per_gather = 0');
  await client.query("set maintenance_work_mem = '512MB'");
  // Bulk load: secondary indexes of the big tables are built once at the end, and foreign keys (correct by
  // construction here) are not checked row by row. Needs a superuser, as the local PostgreSQL's is.
  const BULK_TABLES = [
    'leads',
    'pre_matriculas',
    'matriculas',
    'eventos',
    'sac_tickets',
    'sac_mensagens',
    'audit_log',
    'parcelas',
    ...DINHEIRO_TABLES,
  ];
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
     where i.schemaname = 'public' and i.tablename = any($1)
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [BULK_TABLES],
  );
  await client.query('begin');
  await client.query("set local session_replication_role = 'replica'");
  for (const index of indexes) await client.query(`drop index "${index.name}"`);

  const S = SIZES;
  // The scope path the triggers would have copied (migration 0001), written directly while they are off.
  const SCOPE_PATH = 'cliente_id, vendedor_id, micro_franquia_id, franquia_id, franqueador_id';
  const scopePathOf = (alias: string) =>
    SCOPE_PATH.split(', ')
      .map((column) => `${alias}.${column}`)
      .join(', ');

  await step(
    'franqueador',
    `
    insert into users (${userCols}) select ${userRow('franqueador', 'franqueador')} from generate_series(1, 1) g;
    insert into franqueadores (id, user_id, razao_social, cnpj) values
      (pg_temp.uid('franqueador', 1), pg_temp.uid('user-franqueador', 1), 'Rede Nacional Crédito Educacional S.A.', pg_temp.cnpj(1));
    update users set franqueador_id = pg_temp.uid('franqueador', 1) where id = pg_temp.uid('user-franqueador', 1);`,
  );

  await step(
    'franquias',
    `
    insert into users (${userCols}) select ${userRow('franquia', 'franquia')} from generate_series(1, ${S.franquias}) g;
    insert into franquias (id, franqueador_id, user_id, razao_social, cnpj, rep_legal, cep, cidade, estado, created_at)
    select pg_temp.uid('franquia', g), pg_temp.uid('franqueador', 1), pg_temp.uid('user-franquia', g),
      'Franquia ' || s.cidade || ' ' || g || ' Ltda', pg_temp.cnpj(1000 + g), pg_temp.person('franquia', g),
      lpad((g * 1237 % 99999999)::text, 8, '0'), s.cidade, s.uf, now() - (g || ' days')::interval
    from generate_series(1, ${S.franquias}) g join states s on s.i = 1 + (g % 27);
    update users u set franquia_id = pg_temp.uid('franquia', g) from generate_series(1, ${S.franquias}) g
      where u.id = pg_temp.uid('user-franquia', g);`,
  );

  await step(
    'micro-franquias',
    `
    insert into users (${userCols}) select ${userRow('micro_franquia', 'micro_franquia')} from generate_series(1, ${S.microFranquias}) g;
    insert into micro_franquias (id, franquia_id, user_id, razao_social, cnpj, rep_legal, cep, cidade, estado, created_at)
    select pg_temp.uid('micro', g), pg_temp.uid('franquia', pg_temp.skewed('micro', g, ${S.franquias}, 2.0)),
      pg_temp.uid('user-micro_franquia', g), 'Micro ' || s.cidade || ' ' || g || ' ME', pg_temp.cnpj(100000 + g),
      pg_temp.person('micro', g), lpad((g * 7411 % 99999999)::text, 8, '0'), s.cidade, s.uf, now() - (g || ' hours')::interval
    from generate_series(1, ${S.microFranquias}) g join states s on s.i = 1 + (g % 27);
    update users u set micro_franquia_id = pg_temp.uid('micro', g) from generate_series(1, ${S.microFranquias}) g
      where u.id = pg_temp.uid('user-micro_franquia', g);`,
  );

  await step(
    'vendedores',
    `
    insert into users (${userCols}, micro_franquia_id)
    select ${userRow('vendedor', 'vendedor')}, pg_temp.uid('micro', pg_temp.skewed('vend', g, ${S.microFranquias}, 1.5))
    from generate_series(1, ${S.vendedores}) g;
    insert into vendedores (id, micro_franquia_id, user_id)
    select pg_temp.uid('vendedor', g), u.micro_franquia_id, u.id
    from generate_series(1, ${S.vendedores}) g join users u on u.id = pg_temp.uid('user-vendedor', g);`,
  );

  await step(
    'clientes',
    `
    insert into users (${userCols}) select ${userRow('cliente', 'cliente')} from generate_series(1, ${S.clientes}) g;
    insert into clientes (id, micro_franquia_id, vendedor_id, user_id, nome_fantasia, cnpj, rep_legal, produto, kit, cep, cidade, estado, created_at,
      franquia_id, franqueador_id)
    select pg_temp.uid('cliente', g), v.micro_franquia_id, case when g % 3 = 0 then null else v.id end,
      pg_temp.uid('user-cliente', g),
      (case when g % 2 = 0 then 'Colégio ' else 'Escola Estadual ' end) || pg_temp.pick(${sqlArray(SURNAMES)}, 'escola', g) || ' ' || g,
      pg_temp.cnpj(200000 + g), pg_temp.person('cliente', g),
      (array['todos_pela_educacao','church_educacao','start_universitario','especializa_mais','collab_educacao'])[1 + g % 5]::produto,
      (array['essencial','premium','card','padrao','digital'])[1 + g % 5]::kit,
      lpad((g * 3163 % 99999999)::text, 8, '0'), s.cidade, s.uf, now() - (g || ' minutes')::interval,
      -- The school's place above its micro-franquia (migration 0095), which the triggers would have written.
      m.franquia_id, f.franqueador_id
    from generate_series(1, ${S.clientes}) g
    join vendedores v on v.id = pg_temp.uid('vendedor', pg_temp.skewed('cli', g, ${S.vendedores}, 1.7))
    join micro_franquias m on m.id = v.micro_franquia_id
    join franquias f on f.id = m.franquia_id
    join states s on s.i = 1 + (g % 27);
    update users u set cliente_id = c.id, micro_franquia_id = c.micro_franquia_id
      from clientes c where u.id = c.user_id;`,
  );

  await step(
    'cursos and módulos',
    `
    insert into cursos (id, cliente_id, titulo, descricao, valor, valor_com_desconto, parcelas)
    select pg_temp.uid('curso', g), pg_temp.uid('cliente', 1 + (g - 1) % ${S.clientes}),
      pg_temp.pick(${sqlArray(COURSES)}, 'curso', g), 'Curso gerado para medição de desempenho.',
      (500 + g % 40 * 100)::numeric(10,2), case when g % 2 = 0 then (400 + g % 40 * 80)::numeric(10,2) end, 10 + g % 3
    from generate_series(1, ${S.cursos}) g;
    insert into curso_modulos (curso_id, titulo, modulo, carga_horaria, ordem)
    select pg_temp.uid('curso', g), 'Módulo ' || m, m::text, 20 + (g + m) % 60, m
    from generate_series(1, ${S.cursos}) g, generate_series(1, 2) m;`,
  );

  await step(
    'eventos',
    `
    insert into eventos (id, cliente_id, micro_franquia_id, vendedor_id, franquia_id, franqueador_id, nome_escola,
      tipo_escola, cep, cidade, estado, data_distribuicao, data_evento, horario, local, qtd_alunos,
      valor_total_desconto, status, created_at)
    select pg_temp.uid('evento', g), c.id, c.micro_franquia_id, c.vendedor_id, m.franquia_id, f.franqueador_id,
      c.nome_fantasia,
      (case when g % 2 = 0 then 'privada' else 'publica' end)::tipo_escola, c.cep, s.cidade, s.uf,
      d - 7, d, lpad((8 + g % 12)::text, 2, '0') || ':00',
      (array['escola','comercial','igreja','hotel','outros'])[1 + g % 5]::local_evento, 50 + g % 450,
      (500 + g % 30 * 100)::numeric(10,2),
      (case when d < current_date then 'concluido' else 'agendado' end)::event_status,
      now() - ((${S.eventos} - g) || ' minutes')::interval
    from generate_series(1, ${S.eventos}) g
    cross join lateral (select current_date - 540 + (g * 37 % 720) as d) dates
    join clientes c on c.id = pg_temp.uid('cliente', pg_temp.skewed('ev', g, ${S.clientes}, 2.2))
    join micro_franquias m on m.id = c.micro_franquia_id join franquias f on f.id = m.franquia_id
    join states s on s.i = 1 + (g % 27);
    -- Each event offers one or two of its cliente's courses (a matrícula takes one of them, issue 42).
    insert into eventos_cursos (evento_id, curso_id)
    select e.id, k.id from eventos e
    cross join lateral (select id from cursos where cliente_id = e.cliente_id order by id
      limit 1 + (hashtext(e.id::text) & 1)) k
    on conflict do nothing;`,
  );

  await step(
    'leads',
    `
    insert into leads (id, evento_id, nome_aluno, nome_responsavel, email, telefone, consentido_em, created_at,
      codigo_voucher, utm_source, utm_medium, utm_campaign, link_codigo, link_vendedor_id, evento_estado, evento_cidade,
      ${SCOPE_PATH})
    select pg_temp.uid('lead', g), e.id,
      pg_temp.person('aluno', g), pg_temp.person('resp', g),
      'aluno' || g || '@email.com.br', s.ddd || '9' || lpad((g % 100000000)::text, 8, '0'),
      ${LEAD_SIGNED_UP_AT}, ${LEAD_SIGNED_UP_AT},
      -- The voucher's code is the lead's number in the code's own alphabet: unique in the whole set. Drawn at random
      -- (the column's default, with the triggers off during the load), the busiest events' tens of thousands of
      -- leads drew the same code twice, and the unique index refused the set.
      (select string_agg(substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + ((g >> (5 * i)) & 31), 1), '' order by i)
        from generate_series(0, 5) i),
      -- Issue 48: one family in ten came by a campaign's link, one in twenty by its event's vendedor's link.
      ${ORIGEM_DOS_LEADS},
      -- The event's place, as the trigger the load sets aside writes it (ADR 158).
      e.estado, e.cidade,
      ${scopePathOf('e')}
    from generate_series(1, ${S.leads}) g join states s on s.i = 1 + (g % 27)
    join eventos e on e.id = pg_temp.uid('evento', pg_temp.skewed('lead', g, ${S.eventos}, 1.8))
    -- In the order of their sign-up, as a network's table is written (ADR 135): drawn in the order of their number,
    -- the table's physical order had nothing to do with created_at, and a walk of the newest leads read a block a row.
    order by ${LEAD_SIGNED_UP_AT}, g;`,
  );

  await step(
    'pré-matrículas',
    `
    insert into pre_matriculas (id, evento_id, lead_id, nome, email, telefone, curso_interesse, nome_aluno, cpf_aluno,
      nome_responsavel, cpf_responsavel, status, consentido_em, created_at, utm_source, utm_medium, utm_campaign,
      link_codigo, link_vendedor_id, evento_estado, evento_cidade, ${SCOPE_PATH})
    select pg_temp.uid('pre', g), l.evento_id, l.id, l.nome_aluno, l.email, l.telefone,
      pg_temp.pick(${sqlArray(COURSES)}, 'interesse', g), l.nome_aluno, pg_temp.cpf(g * 2),
      l.nome_responsavel, pg_temp.cpf(g * 2 + 1),
      (case when g <= ${S.matriculas} then 'efetivada' else 'pendente' end)::pre_matricula_status,
      l.created_at + interval '1 hour', l.created_at + interval '1 hour', l.utm_source, l.utm_medium, l.utm_campaign,
      l.link_codigo, l.link_vendedor_id, l.evento_estado, l.evento_cidade, ${scopePathOf('l')}
    from generate_series(1, ${S.preMatriculas}) g join leads l on l.id = pg_temp.uid('lead', g * 3)
    order by l.created_at, g;`,
  );

  await step(
    'matrículas',
    `
    insert into matriculas (pre_matricula_id, evento_id, lead_id, nome, email, telefone, curso_interesse, efetivada_em,
      created_at, evento_estado, evento_cidade, ${SCOPE_PATH})
    select p.id, p.evento_id, p.lead_id, p.nome, p.email, p.telefone, p.curso_interesse,
      p.created_at + interval '2 days', p.created_at + interval '2 days', p.evento_estado, p.evento_cidade,
      ${scopePathOf('p')}
    from generate_series(1, ${S.matriculas}) g join pre_matriculas p on p.id = pg_temp.uid('pre', g)
    order by p.created_at, g;`,
  );

  // The contracts (issue 42): the network's published template, and each matrícula with its course, its price
  // frozen to the cent (the last parcela takes the rounding, src/shared/money/parcelas.ts) and its contract. Nine in
  // ten accepted two days after Efetivar (with the acceptance's record whole, as contratos_aceite_check asks), one in
  // twenty awaiting acceptance, one in twenty cancelled.
  await step(
    'contratos',
    `
    insert into contrato_modelos (id, franqueador_id, versao, titulo, texto, multa_cancelamento_pct, publicado_em)
    select pg_temp.uid('modelo', 1), id, 1, 'Contrato de prestação de serviços educacionais', ${sqlText(CONTRACT_TEMPLATE)},
      10, now() - interval '600 days'
    from franqueadores limit 1;
    update matriculas m set curso_id = k.id, curso_titulo = k.titulo, curso_carga_horaria = k.horas, valor = k.valor,
      valor_com_desconto = k.valor_com_desconto, parcelas = k.parcelas, valor_total = k.total,
      valor_parcela = trunc(k.total / k.parcelas, 2),
      valor_ultima_parcela = k.total - trunc(k.total / k.parcelas, 2) * (k.parcelas - 1),
      status = (case when abs(hashtext(m.id::text)) % 20 = 0 then 'aguardando_aceite'
        when abs(hashtext(m.id::text)) % 20 = 1 then 'cancelada' else 'ativa' end)::matricula_status,
      motivo_cancelamento = (case when abs(hashtext(m.id::text)) % 20 = 1 then 'cancelamento' end)::motivo_cancelamento,
      cancelada_em = case when abs(hashtext(m.id::text)) % 20 = 1 then m.efetivada_em + interval '40 days' end
    from (select distinct on (ec.evento_id) ec.evento_id, c.id, c.titulo, c.valor, c.valor_com_desconto, c.parcelas,
        coalesce(c.valor_com_desconto, c.valor) as total,
        (select sum(cm.carga_horaria)::int from curso_modulos cm where cm.curso_id = c.id) as horas
      from eventos_cursos ec join cursos c on c.id = ec.curso_id order by ec.evento_id, c.id) k
    where k.evento_id = m.evento_id;
    update matriculas set multa_cancelamento = trunc((valor_total - valor_parcela) * 0.10, 2) where status = 'cancelada';
    insert into contratos (matricula_id, modelo_id, versao, titulo, texto, valor_total, parcelas, valor_parcela,
      valor_ultima_parcela, multa_cancelamento_pct, aceito_em, aceite_versao, aceite_canal, aceite_ip, pdf_sha256,
      created_at)
    select m.id, pg_temp.uid('modelo', 1), 1, 'Contrato de prestação de serviços educacionais',
      ${sqlText(CONTRACT_TEXT)}, m.valor_total, m.parcelas, m.valor_parcela, m.valor_ultima_parcela, 10,
      a.em, case when a.em is not null then 1 end, case when a.em is not null then 'email' end,
      case when a.em is not null then '198.51.100.7' end, case when a.em is not null then md5(m.id::text) || md5(m.id::text) end,
      m.efetivada_em
    from matriculas m
    cross join lateral (select case when m.status <> 'aguardando_aceite' then m.efetivada_em + interval '2 days' end as em) a
    where m.curso_id is not null;`,
  );

  // The parcelas (issue 43, ADR 077, 084): every accepted matrícula billed through the gateway (Asaas: the bench's
  // server bills with COBRANCA_PROVEDOR=asaas against bench/cobranca.ts's gateway), monthly from the day the family
  // chose (5, 10, 15, 20 or 25, drawn from the id) of the month after Efetivar, each plan its frozen price to the cent (the last takes the rounding) -- the school year's 10
  // to 12 parcelas. What is due was paid (the day before the due date), but one family in eight stopped paying at a
  // parcela of its plan and is overdue since ('vencida'); what is not due is open. A cancelled matrícula's plan was
  // billed too: paid up to its cancellation, the rest cancelled. At least a million rows at the national scale.
  await step(
    'parcelas',
    `
    insert into parcelas (matricula_id, numero, valor_centavos, vencimento, status, provedor, gateway_id, paga_em,
      valor_liquido_centavos, evento_id, curso_id, ${SCOPE_PATH}, created_at, updated_at)
    select m.id, k, x.valor, x.venc, x.status::parcela_status, 'asaas', 'pay_bench_' || m.id || '_' || k,
      case when x.status = 'paga' then x.venc - 1 end, case when x.status = 'paga' then x.valor end,
      m.evento_id, m.curso_id, ${scopePathOf('m')}, m.efetivada_em + interval '2 days', m.efetivada_em + interval '2 days'
    from matriculas m
    cross join generate_series(1, m.parcelas) k
    cross join lateral (
      select v.venc, v.valor, case
          when m.status = 'cancelada' and v.venc >= m.cancelada_em::date then 'cancelada'
          when v.venc >= current_date then 'aberta'
          when abs(hashtext(m.id::text || ':inadimplente')) % 8 = 0
            and k >= 1 + abs(hashtext(m.id::text || ':desde')) % m.parcelas then 'vencida'
          else 'paga' end as status
      from (select (date_trunc('month', m.efetivada_em) + k * interval '1 month'
          + ((array[5, 10, 15, 20, 25])[1 + abs(hashtext(m.id::text || ':dia')) % 5] - 1) * interval '1 day')::date as venc,
        round((case when k = m.parcelas then m.valor_ultima_parcela else m.valor_parcela end) * 100)::int as valor) v
    ) x
    where m.status in ('ativa', 'cancelada') and m.curso_id is not null and m.valor_total > 0;`,
  );
  {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from parcelas');
    const n = Number(rows[0]!.n);
    if (n < PARCELAS_MINIMAS) throw new Error(`bench:data built ${n} parcelas, fewer than ${PARCELAS_MINIMAS}`);
  }

  // The follow-up (issue 16): enrolled families converted; of the others, one in seven followed by the
  // cliente's vendedor -- em contato or interessado with a return from three days ago to three days ahead,
  // or lost for a reason -- each with its first contact two hours after the sign-up, and its history entry.
  await step(
    'follow-up',
    `
    update leads l set status = 'convertido' from matriculas m where m.lead_id = l.id;
    update leads l set
      status = (case when f.h < 8 then 'em_contato' when f.h < 11 then 'interessado' else 'sem_interesse' end)::lead_status,
      motivo_perda = (case when f.h >= 11
        then (array['preco','distancia','sem_resposta','escolheu_outra_escola','sem_perfil','outro'])[1 + f.g % 6]
      end)::motivo_perda,
      responsavel_id = case when f.h < 11 then l.vendedor_id end,
      proximo_contato_em = case when f.h < 11 then current_date + (f.g % 7 - 3) end,
      primeiro_contato_em = l.created_at + interval '2 hours'
    from (select id, abs(hashtext(id::text)) % 100 as h, abs(hashtext(id::text || 'g')) as g from leads) f
    where f.id = l.id and f.h < 15 and l.status = 'novo';
    insert into lead_historico (lead_id, tipo, em, autor_id, dados)
    select l.id, 'contato', l.primeiro_contato_em, v.user_id,
      jsonb_build_object('canal', 'telefone', 'resultado', 'atendeu', 'nota', 'Conversou com a família.')
    from leads l left join vendedores v on v.id = l.vendedor_id where l.primeiro_contato_em is not null;`,
  );

  await step(
    'tickets',
    `
    insert into sac_tickets (solicitante_id, franquia_id, micro_franquia_id, titulo, descricao, departamento, prioridade,
      status, resolucao, resolved_at, responsavel_id, created_at, primeira_resposta_ate, resolucao_ate,
      primeira_resposta_em, franqueador_id)
    select m.user_id, m.franquia_id, m.id, 'Solicitação ' || g, 'Descrição detalhada da solicitação número ' || g || '.',
      (array['comercial','marketing','administrativo','ti','logistica'])[1 + g % 5]::departamento,
      (array['baixa','media','alta','critica'])[1 + g % 4]::ticket_priority,
      (case when g % 3 = 0 then 'concluido' else 'em_andamento' end)::ticket_status,
      case when g % 3 = 0 then 'Resolvido pela equipe.' end, case when g % 3 = 0 then now() end,
      case when g % 3 = 0 then pg_temp.uid('user-franqueador', 1) end, now() - (g || ' minutes')::interval,
      -- Issue 19: deadlines from the opening (calendar hours here); about a third of the open ones are late.
      now() - (g || ' minutes')::interval + ((1 + g % 4) * 8 || ' hours')::interval,
      now() - (g || ' minutes')::interval + ((1 + g % 4) * 24 || ' hours')::interval,
      case when g % 2 = 0 then now() - (g || ' minutes')::interval + interval '30 minutes' end,
      -- The network the insert trigger of migration 0021 would have named (the triggers are off).
      (select f.franqueador_id from franquias f where f.id = m.franquia_id)
    from generate_series(1, ${S.tickets}) g join micro_franquias m on m.id = pg_temp.uid('micro', 1 + g % ${S.microFranquias});`,
  );

  // Issue 19: the conversation -- ten messages a ticket, the requester and the franqueador in turn, every fifth an
  // internal note.
  await step(
    'ticket messages',
    `
    insert into sac_mensagens (ticket_id, autor_id, texto, interna, created_at)
    select t.id, case when k % 2 = 0 then t.solicitante_id else pg_temp.uid('user-franqueador', 1) end,
      'Mensagem ' || k || ' da conversa sobre a solicitação.', k % 5 = 4, t.created_at + (k || ' minutes')::interval
    from sac_tickets t cross join generate_series(0, ${S.ticketMessages / S.tickets - 1}) k;`,
  );

  // The audit trail (issue 17): five million rows over four years, written by the micro-franquias (the busiest
  // writers), on their clientes, with a change on every fifth row.
  await step(
    'audit trail',
    `
    insert into audit_log (em, usuario_id, papel, acao, entidade, entidade_id, alteracoes, detalhes, ip, user_agent,
      request_id, franqueador_id, franquia_id, micro_franquia_id)
    select now() - pg_temp.rnd('audit-at', g) * interval '1400 days', m.user_id, 'micro_franquia',
      (array['auth.login','cliente.editar','lead.visualizar','lead.editar','matricula.efetivar','leads.exportar'])[1 + g % 6],
      (array['usuario','cliente','lead','lead','matricula','lead'])[1 + g % 6],
      case when g % 6 = 5 then null when g % 6 = 0 then m.user_id else pg_temp.uid('cliente', 1 + g % ${S.clientes}) end,
      case when g % 5 = 0 then jsonb_build_object('nomeFantasia', jsonb_build_array('Escola ' || g, 'Colégio ' || g)) end,
      case when g % 6 = 5 then jsonb_build_object('linhas', g % 5000, 'completo', true) end,
      '10.' || (g % 250) || '.' || (g % 200) || '.' || (g % 100),
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
      pg_temp.uid('request', g)::text, f.franqueador_id, m.franquia_id, m.id
    from generate_series(1, ${AUDIT_ROWS}) g
    join micro_franquias m on m.id = pg_temp.uid('micro', 1 + g % ${S.microFranquias})
    join franquias f on f.id = m.franquia_id;`,
  );

  // Issue 46: what Envios lists -- a year of the network's delivered e-mails, one for every second lead (their
  // vouchers and reminders), newest a minute ago. Its total counts up to the lists' limit, not the whole year.
  await step(
    'envios (e-mails sent)',
    `
    insert into jobs (tipo, status, resumo, destino, franqueador_id, tentativas, executar_em, created_at, updated_at,
      concluido_em)
    select 'email', 'concluido', 'Seu voucher do crédito educacional ' || g, 'f***' || (g % 97) || '@e***.com.br',
      pg_temp.uid('franqueador', 1), 1, t, t, t, t
    from generate_series(1, ${ENVIOS}) g,
      lateral (select now() - interval '1 minute' - pg_temp.rnd('envio-at', g) * interval '365 days' as t) m;`,
  );

  // Issue 48: the goals of this month and the last for every node, and the events' and campaigns' costs.
  for (const [label, text] of metasSteps(S)) await step(label, text);
  // Issue 49: the vendedores' visits to their schools, done and to come.
  for (const [label, text] of visitasSteps()) await step(label, text);

  // Issues 44 and 45: the commission and royalty ledgers, from what the families paid (bench/dinheiro.ts).
  for (const [label, text] of dinheiroSteps(userCols, userRow, REDE_DE_ROYALTIES)) await step(label, text);

  // Each person's network (migration 0093, ADR 162), which the triggers would have written, once every account of
  // both networks is in: without it the franqueador's Usuários and the help desk's people held the franqueador alone.
  await step(
    "people's networks",
    'update users set rede_franqueador_id = rede_do_usuario(franqueador_id, franquia_id, micro_franquia_id, cliente_id, id)',
  );
  await step(`indexes (${indexes.length})`, indexes.map((i) => `${i.def};`).join('\n'));
  // The triggers that keep the counters were off during the load: count once from the rows.
  await step('scope counters', 'select scope_counts_rebuild()');
  await step('funnel days and months', 'select funnel_periodo_rebuild()');
  await step('lead status counters', 'select lead_status_counts_rebuild()');
  await step('ledger sums', 'select ledger_somas_rebuild()');
  await client.query('commit');
  // Statistics for the planner and a visibility map for index-only scans, as autovacuum would do in time.
  await step('vacuum analyze', 'vacuum analyze');

  const accounts = await client.query<{ role: string; email: string; scope: string }>(`
    select 'franqueador' role, u.email, 'the whole network' scope from users u where u.role = 'franqueador'
    union all (select 'franquia', u.email, count(distinct m.id) || ' micro-franquias' from users u
      join micro_franquias m on m.franquia_id = u.franquia_id where u.role = 'franquia' group by u.email order by count(distinct m.id) desc limit 1)
    union all (select 'franquia (small)', u.email, count(distinct m.id) || ' micro-franquias' from users u
      join micro_franquias m on m.franquia_id = u.franquia_id where u.role = 'franquia' group by u.email order by count(distinct m.id) asc limit 1)
    union all (select 'micro_franquia', u.email, count(c.id) || ' clientes' from users u
      join clientes c on c.micro_franquia_id = u.micro_franquia_id where u.role = 'micro_franquia' group by u.email order by count(c.id) desc limit 1)
    union all (select 'vendedor', u.email, count(c.id) || ' clientes' from users u join vendedores v on v.user_id = u.id
      join clientes c on c.vendedor_id = v.id group by u.email order by count(c.id) desc limit 1)
    union all (select 'cliente', u.email, count(l.id) || ' leads' from users u join eventos e on e.cliente_id = u.cliente_id
      join leads l on l.evento_id = e.id where u.role = 'cliente' group by u.email order by count(l.id) desc limit 1)
    union all (select 'cliente (small)', u.email, count(e.id) || ' eventos' from users u join eventos e on e.cliente_id = u.cliente_id
      where u.role = 'cliente' group by u.email order by count(e.id) asc limit 1)`);
  await client.end();
  console.log(
    `\nloaded in ${((performance.now() - started) / 1000).toFixed(1)} s; every account's password is ${BENCH_PASSWORD}`,
  );
  console.table(accounts.rows);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
