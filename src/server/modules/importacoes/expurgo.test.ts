import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { type Caller, injectAs } from '../../../../tests/support/inject-as';
import { queryRows } from '../../../../tests/support/database-digest';
import { IMPORTACAO_MESSAGES as M, type Importacao } from '../../../shared/schemas/importacao';
import { enfileirar } from '../../jobs';

/**
 * The imported files' rows do not outlive their use (LGPD, issue 50's follow-up): the daily job deletes them 7 days
 * after the import ended (concluded, failed or undone) or was uploaded and never confirmed, the import keeping its
 * counts and listed problems, erros.csv answering 410; and an anonymised titular's records take the rows that made
 * or matched them.
 */

let ctx: TestContext;
let eventoId: string;

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.handle.db, query);
const linhasDe = async (id: string) =>
  Number(
    (await rows<{ n: number }>(sql`select count(*)::int as n from importacao_linhas where importacao_id = ${id}`))[0]!
      .n,
  );

function multipart(fields: Record<string, string>, arquivo: { nome: string; bytes: Uint8Array }) {
  const boundary = '----importacao-expurgo';
  const partes = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: Buffer.concat([
      Buffer.from(partes.join('')),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="${arquivo.nome}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      Buffer.from(arquivo.bytes),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const ver = async (id: string) => {
  const response = await injectAs(ctx.app, 'micro_franquia', { method: 'GET', url: `/api/importacoes/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Importacao>();
};

/** An upload of leads into the Campinas event: the header and one row per family. */
async function enviar(nome: string, familias: string[][]): Promise<Importacao> {
  const csv = [['Nome do aluno', 'Responsável', 'E-mail', 'Celular'], ...familias].map((l) => l.join(';')).join('\n');
  const response = await injectAs(ctx.app, 'micro_franquia', {
    method: 'POST',
    url: '/api/importacoes',
    ...multipart({ tipo: 'leads', eventoId }, { nome, bytes: new TextEncoder().encode(csv) }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Importacao>();
}

/** The upload, 'Importar' and its job run to the end. */
async function importar(nome: string, familias: string[][]): Promise<Importacao> {
  const enviada = await enviar(nome, familias);
  const response = await injectAs(ctx.app, 'micro_franquia', {
    method: 'POST',
    url: `/api/importacoes/${enviada.id}/confirmar`,
    payload: { duplicados: 'ignorar', baseLegal: 'consentimento' },
  });
  expect(response.statusCode, response.body).toBe(202);
  await ctx.app.background.drain();
  const feita = await ver(enviada.id);
  expect(feita.status).toBe('concluida');
  return feita;
}

/** The daily job, as the worker runs it once a day. */
async function expurgoDiario() {
  await enfileirar(ctx.handle.db, { tipo: 'importacao_expurgo', payload: {} }, ctx.clock.now());
  await ctx.app.background.drain();
}

const pedir = (caller: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  injectAs(ctx.app, caller, { method, url, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ctx = await createTestApp();
  const [row] = await rows<{ id: string }>(sql`
    select e.id from eventos e join users u on u.micro_franquia_id = e.micro_franquia_id
    where u.email = 'micro@demo.com.br' order by e.created_at limit 1`);
  eventoId = row!.id;
});
afterAll(() => ctx.close());

describe("the daily deletion of the files' rows", () => {
  it('deletes them 7 days after the import ended or was uploaded, keeping the counts; erros.csv answers 410', async () => {
    const familias = (prefixo: string) => [
      [`${prefixo} Um`, 'Resp Expurgo', `${prefixo.toLowerCase()}.um@teste.com.br`, '19960000001'],
      [`${prefixo} Dois`, 'Resp Expurgo', `${prefixo.toLowerCase()}.dois@teste.com.br`, '19960000002'],
      [`${prefixo} Erro`, 'Resp Expurgo', 'sem-arroba', '19960000003'],
    ];
    const antiga = await importar('antiga.csv', familias('Antiga'));
    const recente = await importar('recente.csv', familias('Recente'));
    const desfeita = await importar('desfeita.csv', familias('Desfeita'));
    expect((await pedir('micro_franquia', 'POST', `/api/importacoes/${desfeita.id}/desfazer`)).statusCode).toBe(202);
    await ctx.app.background.drain();
    const falhou = await importar('falhou.csv', familias('Falhou'));
    const esquecida = await enviar('esquecida.csv', familias('Esquecida'));
    const pendente = await enviar('pendente.csv', familias('Pendente'));
    // Ended (or uploaded) 7 days and a minute ago; the others within their 7 days.
    for (const id of [antiga.id, desfeita.id, falhou.id]) {
      await ctx.handle.db.execute(sql`update importacoes set concluida_em = now() - interval '7 days 1 minute'
        where id = ${id}`);
    }
    await ctx.handle.db.execute(sql`update importacoes set status = 'falhou' where id = ${falhou.id}`);
    await ctx.handle.db.execute(sql`update importacoes set created_at = now() - interval '7 days 1 minute'
      where id = ${esquecida.id}`);
    await ctx.handle.db.execute(sql`update importacoes set created_at = now() - interval '6 days'
      where id = ${pendente.id}`);
    const antes = await ver(antiga.id);
    expect(antes).toMatchObject({
      resultado: { criar: 2, atualizar: 0, ignorar: 0, erros: 1 },
      errosTotal: 1,
      linhasDisponiveis: true,
    });
    expect(antes.erros).toEqual([{ linha: 4, mensagem: 'Email inválido na linha 4' }]);

    await expurgoDiario();

    for (const id of [antiga.id, desfeita.id, falhou.id, esquecida.id]) expect(await linhasDe(id), id).toBe(0);
    for (const id of [recente.id, pendente.id]) expect(await linhasDe(id), id).toBe(3);
    // The counts and the problems listed stay; the rows' values are gone.
    const depois = await ver(antiga.id);
    expect(depois).toEqual({ ...antes, linhasDisponiveis: false, previa: [], colunas: expect.any(Array) });
    expect(depois.colunas.map((c) => c.exemplos)).toEqual([[], [], [], []]);
    expect((await ver(desfeita.id)).desfeita).toMatchObject({ removidos: 2, mantidos: 0 });
    expect(await ver(recente.id)).toMatchObject({ linhasDisponiveis: true, errosTotal: 1 });

    const csv = await pedir('micro_franquia', 'GET', `/api/importacoes/${antiga.id}/erros.csv`);
    expect(csv.statusCode).toBe(410);
    expect(csv.json()).toMatchObject({ message: M.linhasExpurgadas });
    expect((await pedir('micro_franquia', 'GET', `/api/importacoes/${recente.id}/erros.csv`)).statusCode).toBe(200);
    const desfazer = await pedir('micro_franquia', 'POST', `/api/importacoes/${antiga.id}/desfazer`);
    expect(desfazer.statusCode).toBe(409);
    expect(desfazer.json()).toMatchObject({ message: M.prazoDesfazer });

    // The upload never confirmed: its analysis' counts stay, its values go, and nothing is left to map or import.
    const velha = await ver(esquecida.id);
    expect(velha).toMatchObject({
      status: 'mapeamento',
      linhasDisponiveis: false,
      previa: [],
      errosTotal: 1,
      previsao: { ignorar: { criar: 2, atualizar: 0, ignorar: 0, erros: 1 } },
    });
    expect(velha.colunas.every((c) => c.exemplos.length === 0)).toBe(true);
    const [guardada] = await rows<{ analise: string }>(
      sql`select analise::text from importacoes where id = ${esquecida.id}`,
    );
    expect(guardada!.analise).not.toContain('Esquecida');
    for (const [method, url, payload] of [
      ['PUT', `/api/importacoes/${esquecida.id}/mapeamento`, { campos: ['nomeAluno', null, null, null] }],
      ['POST', `/api/importacoes/${esquecida.id}/confirmar`, { duplicados: 'ignorar', baseLegal: 'consentimento' }],
    ] as const) {
      const response = await pedir('micro_franquia', method, url, payload);
      expect(response.statusCode, url).toBe(410);
      expect(response.json()).toMatchObject({ message: M.linhasExpurgadas });
    }
    const lista = await pedir('micro_franquia', 'GET', '/api/importacoes');
    expect(lista.json<{ id: string; resultado: unknown }[]>().find((i) => i.id === antiga.id)?.resultado).toEqual(
      antes.resultado,
    );

    // Marked once: a second run finds nothing more.
    const [marcadas] = await rows<{ n: number }>(
      sql`select count(*)::int as n from importacoes where linhas_expurgadas_em is not null`,
    );
    await expurgoDiario();
    const [denovo] = await rows<{ n: number }>(
      sql`select count(*)::int as n from importacoes where linhas_expurgadas_em is not null`,
    );
    expect(denovo).toEqual(marcadas);
    expect(Number(marcadas!.n)).toBe(4);
  });
});

describe('an anonymised titular', () => {
  it('takes the imported rows that created or matched its records, the imports keeping their counts', async () => {
    const titular = ['Titular Anon', 'Resp Anon', 'titular.anon@teste.com.br', '19950000001'];
    const primeira = await importar('titular.csv', [
      titular,
      ['Outro Anon', 'Resp Outro', 'outro.anon@teste.com.br', '19950000002'],
      ['Erro Anon', 'Resp Erro', 'erro-anon', '19950000003'],
    ]);
    // A second file with the same family: skipped as a duplicate of the lead the first one created.
    const segunda = await importar('titular-2.csv', [titular]);
    expect(segunda).toMatchObject({ resultado: { criar: 0, atualizar: 0, ignorar: 1, erros: 0 }, duplicadosTotal: 1 });
    const [lead] = await rows<{ id: string }>(
      sql`select registro_id as id from importacao_linhas where importacao_id = ${primeira.id} and linha = 2`,
    );
    const antes = [await ver(primeira.id), await ver(segunda.id)];

    const response = await pedir('franquia', 'POST', '/api/lgpd/titulares/anonimizar', { email: titular[2] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ anonimizados: { leads: 1 } });

    expect(await rows(sql`select linha from importacao_linhas where registro_id = ${lead!.id}`)).toEqual([]);
    const restantes = await rows<{ importacao_id: string; linha: number }>(
      sql`select importacao_id, linha from importacao_linhas
        where importacao_id in (${primeira.id}, ${segunda.id}) order by importacao_id = ${segunda.id}, linha`,
    );
    expect(restantes).toEqual([
      { importacao_id: primeira.id, linha: 3 },
      { importacao_id: primeira.id, linha: 4 },
    ]);
    const [valores] = await rows<{ n: number }>(
      sql`select count(*)::int as n from importacao_linhas where valores::text like '%titular.anon@%'`,
    );
    expect(Number(valores!.n)).toBe(0);
    // What the imports show stays: their counts, their problems, their errors' file.
    const depois = [await ver(primeira.id), await ver(segunda.id)];
    for (const [i, importacao] of depois.entries()) {
      expect(importacao).toMatchObject({
        resultado: antes[i]!.resultado,
        errosTotal: antes[i]!.errosTotal,
        duplicadosTotal: antes[i]!.duplicadosTotal,
        erros: antes[i]!.erros,
        linhasDisponiveis: true,
      });
    }
    const csv = await pedir('micro_franquia', 'GET', `/api/importacoes/${primeira.id}/erros.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('erro-anon');
  });
});
