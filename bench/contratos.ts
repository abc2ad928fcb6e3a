/**
 * Issue 42's scenarios for `npm run bench`: the family's contract page (`GET /api/public/contratos/:token`) and its
 * acceptance with the e-mailed code and the CPF's first digits (`POST .../aceitar`), over the contracts bench:data
 * leaves awaiting acceptance (one matrícula in twenty: `abs(hashtext(id)) % 20 = 0`). Each run gives them links and
 * codes it knows -- the token `bench-contrato-<matrícula>`, the code 123456 -- and sets back what a previous run
 * accepted, so every acceptance measured is a first one: the contract locked, the PDF drawn and hashed, the
 * acceptance, the matrícula, the timeline and the audit row written. Target: p99 <= 50 ms (issue 42).
 */
import { sql } from 'drizzle-orm';
import { type Database, executeRows } from '../src/server/db/connect';

export interface ContratoNaEspera {
  token: string;
  cpfInicio: string;
}

export interface ContratoScenario {
  name: string;
  method?: 'POST';
  path: string;
  connections: number;
  target: { p99: number };
  pathFor: (n: number) => string;
  body?: (n: number) => unknown;
  storedIn?: string;
}

const CODIGO = '123456';
const NA_ESPERA = sql`abs(hashtext(m.id::text)) % 20 = 0 and m.curso_id is not null`;

/** The awaiting contracts, reset to awaiting with known links and codes (what a run before accepted, too). */
export async function contratosNaEspera(db: Database, limit: number): Promise<ContratoNaEspera[]> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from contrato_eventos e using contratos c, matriculas m
      where e.contrato_id = c.id and c.matricula_id = m.id and ${NA_ESPERA}`);
    await tx.execute(sql`update matriculas m set status = 'aguardando_aceite', motivo_cancelamento = null,
      cancelada_em = null, multa_cancelamento = null where ${NA_ESPERA} and m.status <> 'aguardando_aceite'`);
    await tx.execute(sql`update contratos c set aceito_em = null, aceite_ip = null, aceite_user_agent = null,
        aceite_versao = null, aceite_canal = null, pdf_sha256 = null,
        token_hash = encode(sha256(convert_to('bench-contrato-' || c.matricula_id, 'UTF8')), 'hex'),
        token_expira_em = now() + interval '30 days', token_aberto_em = null,
        codigo_hash = encode(sha256(convert_to(c.id || ${`:${CODIGO}`}, 'UTF8')), 'hex'),
        codigo_expira_em = now() + interval '1 day', codigo_tentativas = 0
      from matriculas m where m.id = c.matricula_id and ${NA_ESPERA}`);
  });
  const rows = await executeRows<{ matricula_id: string; cpf: string }>(
    db,
    sql`select m.id as matricula_id, p.cpf_responsavel as cpf from matriculas m
      join pre_matriculas p on p.id = m.pre_matricula_id where ${NA_ESPERA} order by m.id limit ${limit}`,
  );
  if (rows.length === 0) throw new Error('no contract awaiting acceptance: run npm run bench:data first');
  return rows.map((r) => ({
    token: `bench-contrato-${r.matricula_id}`,
    cpfInicio: r.cpf.replace(/\D/g, '').slice(0, 3),
  }));
}

export function contratoScenarios(naEspera: ContratoNaEspera[]): ContratoScenario[] {
  const contrato = (n: number) => naEspera[n % naEspera.length]!;
  return [
    {
      // The whole contract and its summary, as the family's phone opens the e-mailed link.
      name: 'GET /api/public/contratos/:token (public)',
      path: '/api/public/contratos/:token',
      connections: 16,
      target: { p99: 50 },
      pathFor: (n) => `/api/public/contratos/${contrato(n).token}`,
    },
    {
      // Each request a contract not yet accepted (the list is longer than a run takes).
      name: 'POST /api/public/contratos/:token/aceitar (public)',
      method: 'POST',
      path: '/api/public/contratos/:token/aceitar',
      connections: 16,
      target: { p99: 50 },
      pathFor: (n) => `/api/public/contratos/${contrato(n).token}/aceitar`,
      body: (n) => ({ codigo: CODIGO, cpfInicio: contrato(n).cpfInicio }),
      storedIn: 'contrato_eventos',
    },
  ];
}
