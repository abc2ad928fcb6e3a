import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { injectAs } from '../../../../tests/support/inject-as';
import { queryRows } from '../../../../tests/support/database-digest';
import { IMPORTACAO_MESSAGES as M, type Importacao } from '../../../shared/schemas/importacao';

/**
 * The import's analysis (issue 50's follow-ups): read a page at a time -- with pages of 100 rows, the repeats the file
 * holds across pages are still found, named with all their lines, refused and counted, in the preview and by the job
 * -- and kept with the import at the upload and at each mapping, so that GET answers it without reading the rows.
 */

const PAGINA = 100;
let ctx: TestContext;
let eventoId: string;

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.handle.db, query);

const ver = async (id: string) => {
  const response = await injectAs(ctx.app, 'micro_franquia', { method: 'GET', url: `/api/importacoes/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Importacao>();
};

function multipart(fields: Record<string, string>, arquivo: { nome: string; bytes: Uint8Array }) {
  const boundary = '----importacao-paginas';
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

beforeAll(async () => {
  ctx = await createTestApp({ IMPORTACAO_PAGINA_LINHAS: String(PAGINA) });
  const [row] = await rows<{ id: string }>(sql`
    select e.id from eventos e join users u on u.micro_franquia_id = e.micro_franquia_id
    where u.email = 'micro@demo.com.br' order by e.created_at limit 1`);
  eventoId = row!.id;
});
afterAll(() => ctx.close());

describe('a file read a page at a time', () => {
  it('finds the repeats that sit on different pages, in the preview and in the job, and counts them right', async () => {
    expect(ctx.config.importacao.paginaLinhas).toBe(PAGINA);
    // 1,250 rows (lines 2 to 1,251): line 1,203 repeats line 3's student and e-mail, twelve pages apart; lines 650
    // and 1,250 repeat line 50's student and phone, with other e-mails.
    const familias = Array.from({ length: 1_250 }, (_, i) => {
      const linha = i + 2;
      return [
        `Aluno Pagina ${linha}`,
        'Resp Pagina',
        `pagina${linha}@teste.com.br`,
        `1998${String(linha).padStart(7, '0')}`,
      ];
    });
    const naLinha = (linha: number) => familias[linha - 2]!;
    naLinha(1_203)[0] = 'ALUNO PÁGINA 3';
    naLinha(1_203)[2] = 'PAGINA3@teste.com.br';
    for (const linha of [650, 1_250]) {
      naLinha(linha)[0] = naLinha(50)[0]!;
      naLinha(linha)[3] = naLinha(50)[3]!;
    }
    const csv = [['Nome do aluno', 'Responsável', 'E-mail', 'Celular'], ...familias]
      .map((l) => l.join(';'))
      .join('\r\n');
    const upload = await injectAs(ctx.app, 'micro_franquia', {
      method: 'POST',
      url: '/api/importacoes',
      ...multipart({ tipo: 'leads', eventoId }, { nome: 'paginas.csv', bytes: new TextEncoder().encode(csv) }),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const enviada = upload.json<Importacao>();
    const repeticoes = [
      M.repetidoNoArquivo('Aluno', [50, 650, 1_250]),
      M.repetidoNoArquivo('Aluno', [50, 650, 1_250]),
      M.repetidoNoArquivo('Aluno', [3, 1_203]),
    ];
    expect(enviada.linhasTotal).toBe(1_250);
    expect(enviada.erros.map((e) => e.mensagem)).toEqual([repeticoes[0], repeticoes[2], repeticoes[1]]);
    expect(enviada.erros.map((e) => e.linha)).toEqual([650, 1_203, 1_250]);
    expect(enviada.errosTotal).toBe(3);
    expect(enviada.previsao!.ignorar).toEqual({ criar: 1_247, atualizar: 0, ignorar: 0, erros: 3 });
    expect(enviada.previa).toHaveLength(20);
    expect(enviada.colunas[0]!.exemplos).toEqual(['Aluno Pagina 2', 'Aluno Pagina 3', 'Aluno Pagina 4']);

    const confirmada = await injectAs(ctx.app, 'micro_franquia', {
      method: 'POST',
      url: `/api/importacoes/${enviada.id}/confirmar`,
      payload: { duplicados: 'ignorar', baseLegal: 'consentimento' },
    });
    expect(confirmada.statusCode, confirmada.body).toBe(202);
    await ctx.app.background.drain();
    const feita = (
      await injectAs(ctx.app, 'micro_franquia', { method: 'GET', url: `/api/importacoes/${enviada.id}` })
    ).json<Importacao>();
    expect(feita).toMatchObject({
      status: 'concluida',
      resultado: { criar: 1_247, atualizar: 0, ignorar: 0, erros: 3 },
      errosTotal: 3,
      progresso: { processadas: 1_250, total: 1_250, percentual: 100 },
    });
    expect(feita.erros.map((e) => e.mensagem)).toEqual([repeticoes[0], repeticoes[2], repeticoes[1]]);
    const [criados] = await rows<{ n: number }>(
      sql`select count(*)::int as n from leads where evento_id = ${eventoId} and email like 'pagina%@teste.com.br'`,
    );
    expect(Number(criados!.n)).toBe(1_247);
    const linhasDosLeads = await rows<{ linha: number }>(
      sql`select linha from importacao_linhas where importacao_id = ${enviada.id} and resultado = 'erro' order by linha`,
    );
    expect(linhasDosLeads.map((l) => l.linha)).toEqual([650, 1_203, 1_250]);

    const erros = await injectAs(ctx.app, 'micro_franquia', {
      method: 'GET',
      url: `/api/importacoes/${enviada.id}/erros.csv`,
    });
    expect(erros.statusCode).toBe(200);
    const linhas = erros.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(linhas).toHaveLength(4);
    expect(linhas[2]).toBe(`"ALUNO PÁGINA 3";"Resp Pagina";"PAGINA3@teste.com.br";"19980001203";"${repeticoes[2]}"`);
  }, 60_000);
});

describe('the analysis kept with the import', () => {
  const csv = [
    'Nome do aluno;Responsável;E-mail;Celular;Observação',
    'Lia Guarda;Rui Guarda;lia.guarda@teste.com.br;19970000001;primeira',
    'Lia Guarda;Rui Guarda;LIA.GUARDA@teste.com.br;19970000002;',
    'Max Guarda;Rui Guarda;max@;19970000003;terceira',
  ].join('\n');

  async function enviar(): Promise<Importacao> {
    const response = await injectAs(ctx.app, 'micro_franquia', {
      method: 'POST',
      url: '/api/importacoes',
      ...multipart({ tipo: 'leads', eventoId }, { nome: 'guarda.csv', bytes: new TextEncoder().encode(csv) }),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Importacao>();
  }

  it("answers GET with the upload's analysis without reading the rows, and a new mapping's once it is saved", async () => {
    const enviada = await enviar();
    expect(enviada.previsao!.ignorar).toEqual({ criar: 1, atualizar: 0, ignorar: 0, erros: 2 });
    expect(enviada.colunas[4]).toEqual({ nome: 'Observação', campo: null, exemplos: ['primeira', 'terceira'] });
    // The fields in the form's order, as before they were kept.
    expect(Object.keys(enviada.previa[0]!.valores)).toEqual(['nomeAluno', 'nomeResponsavel', 'email', 'telefone']);
    // The rows are not read again: GET answers the same with them out of reach.
    const linhas = await rows<{ linha: number; valores: string }>(
      sql`select linha, valores::text from importacao_linhas where importacao_id = ${enviada.id} order by linha`,
    );
    await ctx.handle.db.execute(sql`delete from importacao_linhas where importacao_id = ${enviada.id}`);
    expect(await ver(enviada.id)).toEqual(enviada);
    for (const l of linhas) {
      await ctx.handle.db.execute(sql`insert into importacao_linhas (importacao_id, linha, valores)
        values (${enviada.id}, ${l.linha}, ${l.valores}::jsonb)`);
    }

    // Without the e-mail's column every row lacks it: the new mapping's analysis is answered, and kept.
    const mapeada = await injectAs(ctx.app, 'micro_franquia', {
      method: 'PUT',
      url: `/api/importacoes/${enviada.id}/mapeamento`,
      payload: { campos: ['nomeAluno', 'nomeResponsavel', null, 'telefone', null] },
    });
    expect(mapeada.statusCode, mapeada.body).toBe(200);
    const semEmail = mapeada.json<Importacao>();
    expect(semEmail.mapeamentoCompleto).toBe(false);
    expect(semEmail.errosTotal).toBe(3);
    expect(semEmail.previsao!.criar).toEqual({ criar: 0, atualizar: 0, ignorar: 0, erros: 3 });
    expect(await ver(enviada.id)).toEqual(semEmail);

    const [guardada] = await rows<{ previa: number; erros: number }>(
      sql`select jsonb_array_length(analise->'previa') as previa, (analise->>'errosTotal')::int as erros
        from importacoes where id = ${enviada.id}`,
    );
    expect(guardada).toEqual({ previa: 3, erros: 3 });
  });

  it('analyses once and keeps it for an import that had no analysis kept (uploaded before it was kept)', async () => {
    const enviada = await enviar();
    await ctx.handle.db.execute(sql`update importacoes set analise = null where id = ${enviada.id}`);
    expect(await ver(enviada.id)).toEqual(enviada);
    const [guardada] = await rows<{ errosTotal: number }>(
      sql`select (analise->>'errosTotal')::int as "errosTotal" from importacoes where id = ${enviada.id}`,
    );
    expect(guardada).toEqual({ errosTotal: 2 });
  });

  it('keeps the problems and counts the job left, which GET answers after the job without counting the rows', async () => {
    const enviada = await enviar();
    const confirmada = await injectAs(ctx.app, 'micro_franquia', {
      method: 'POST',
      url: `/api/importacoes/${enviada.id}/confirmar`,
      payload: { duplicados: 'ignorar', baseLegal: 'consentimento' },
    });
    expect(confirmada.statusCode, confirmada.body).toBe(202);
    await ctx.app.background.drain();
    const feita = await ver(enviada.id);
    expect(feita).toMatchObject({
      status: 'concluida',
      resultado: { criar: 1, atualizar: 0, ignorar: 0, erros: 2 },
      errosTotal: 2,
      duplicadosTotal: 0,
      previsao: null,
    });
    expect(feita.erros.map((e) => e.linha)).toEqual([3, 4]);
    const [guardada] = await rows<{ chaves: string[] }>(
      sql`select array(select jsonb_object_keys(analise) order by 1) as chaves from importacoes where id = ${enviada.id}`,
    );
    // Only problems and counts: no row's values.
    expect(guardada!.chaves).toEqual(['duplicadosTotal', 'erros', 'errosTotal']);
  });
});
