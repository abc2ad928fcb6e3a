import { sql, and, isNull } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { eventos, leads } from '../src/server/db/schema';
import { jobInsert, jsonObject } from '../src/server/jobs';
import { beforeDeadline, voucherInsert } from '../src/server/modules/inscricoes/inscricoes.repository';
import { entregasInsert } from '../src/server/modules/webhooks';
import { openOn } from '../src/server/modules/public/public.repository';
const dialect = new PgDialect();
const app = { config: { jobs: { maxTentativas: 6 }, appUrl: 'http://x' }, clock: { now: () => new Date() } } as never;
function build() {
  const now = new Date();
  const voucher = { token: 'abc', tokenHash: 'def', expiraEm: now };
  const novo = sql`novo`;
  const junto = [
    voucherInsert(voucher, sql`novo.id`, novo),
    jobInsert({ tipo: 'email', payload: { to: 'a@b.c', modelo: 'voucher', dados: { kind: 'confirmada', primeiroNome: 'Ana', evento: { id: 'x', nomeEscola: 'Escola', dataEvento: '2026-12-01', horario: '19:00', local: 'escola', cidade: 'SP', estado: 'SP' }, token: 'abc', em: now.toISOString() } }, resumo: 'Inscrição confirmada', destino: 'a***', franqueadorId: sql`novo.franqueador_id`, maxTentativas: 6 }, now, novo),
    entregasInsert(app, 'lead.criado', sql`select franqueador_id, franquia_id from novo`, jsonObject({ id: sql`novo.id`, eventoId: 'x', nomeAluno: 'Ana Souza', nomeResponsavel: 'Maria', email: 'a@b.c', telefone: '11999999999', listaEspera: false, criadoEm: sql`novo.created_at` }), now, novo),
  ];
  const condicao = and(isNull(eventos.vagas), beforeDeadline(now));
  return sql`with novo as (
        insert into ${leads} (evento_id, nome_aluno, nome_responsavel, email, telefone, consentido_em, lista_espera)
        select ${'x'}::uuid, ${'a'}, ${'b'}, ${'c'}, ${'d'}, ${now.toISOString()}::timestamptz, ${false}
        where exists (select 1 from ${eventos} where ${and(openOn('2026-11-25'), condicao)})
        on conflict do nothing returning id
      ), consentido as (insert into consentimentos (lead_id) select id from novo)${sql.join(junto.map((s, i) => sql`, ${sql.raw(`junto${i}`)} as (${s})`), sql``)}
      select id from novo`;
}
for (let k = 0; k < 3; k++) {
  let t = performance.now();
  for (let i = 0; i < 10000; i++) build();
  const tb = (performance.now() - t) / 10000;
  const s = build();
  t = performance.now();
  for (let i = 0; i < 10000; i++) dialect.sqlToQuery(build());
  const tt = (performance.now() - t) / 10000;
  console.log('compose us', (tb * 1000).toFixed(1), 'compose+toQuery us', (tt * 1000).toFixed(1), 'params', dialect.sqlToQuery(s).params.length);
}
