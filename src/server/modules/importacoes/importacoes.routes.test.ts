import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/setup/test-app';
import { type Caller, injectAs } from '../../../../tests/support/inject-as';
import { queryRows } from '../../../../tests/support/database-digest';
import { uniqueCnpj, uniqueCpf, uniqueEmail } from '../../../../tests/support/network-payloads';
import {
  BASE_LEGAL_LABELS,
  IMPORTACAO_MESSAGES as M,
  type Importacao,
  type ImportacaoResumo,
} from '../../../shared/schemas/importacao';
import { TOTAL_COUNT_HEADER } from '../../../shared/schemas/list-query';
import { USUARIO_MESSAGES } from '../../../shared/schemas/usuario';

/**
 * Importação (issue 50) through the API: upload (CSV in its encodings and separators, XLSX), the mapping proposed
 * and remembered, the preview's row problems, every duplicate policy with its prediction equal to what the database
 * holds after, the job, erros.csv, the undo's exactness, the consent 'importado', and the scope of every route.
 */

let ctx: TestContext;
const ids = {} as Record<'campinas' | 'eventoCampinas' | 'eventoSantos' | 'clienteCampinas', string>;

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.handle.db, query);
const count = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(query))[0]!.n);

function multipart(fields: Record<string, string>, arquivo?: { nome: string; bytes: Uint8Array }) {
  const boundary = '----importacao-test';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (arquivo) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="${arquivo.nome}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      Buffer.from(arquivo.bytes),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const utf8Bom = (text: string) => new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
const cp1252 = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0)));

function enviar(caller: Caller, fields: Record<string, string>, arquivo?: { nome: string; bytes: Uint8Array }) {
  const body = multipart(fields, arquivo);
  return injectAs(ctx.app, caller, { method: 'POST', url: '/api/importacoes', ...body });
}

async function enviarOk(caller: Caller, fields: Record<string, string>, nome: string, bytes: Uint8Array) {
  const response = await enviar(caller, fields, { nome, bytes });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Importacao>();
}

const ver = async (caller: Caller, id: string) => {
  const response = await injectAs(ctx.app, caller, { method: 'GET', url: `/api/importacoes/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Importacao>();
};

/** 'Importar', the job run to its end, and the import as it is then. */
async function importar(caller: Caller, id: string, body: Record<string, unknown>): Promise<Importacao> {
  const response = await injectAs(ctx.app, caller, {
    method: 'POST',
    url: `/api/importacoes/${id}/confirmar`,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(202);
  expect(response.json<Importacao>().status).toBe('importando');
  await ctx.app.background.drain();
  const feita = await ver(caller, id);
  expect(feita.status, JSON.stringify(feita)).toBe('concluida');
  return feita;
}

async function desfazer(caller: Caller, id: string) {
  return injectAs(ctx.app, caller, { method: 'POST', url: `/api/importacoes/${id}/desfazer` });
}

/** 'Desfazer' (202, the import 'desfazendo'), its job run to its end, and the import as it is then. */
async function desfazerAteOFim(caller: Caller, id: string): Promise<Importacao> {
  const response = await desfazer(caller, id);
  expect(response.statusCode, response.body).toBe(202);
  expect(response.json<Importacao>().status).toBe('desfazendo');
  await ctx.app.background.drain();
  const desfeita = await ver(caller, id);
  expect(desfeita.status, JSON.stringify(desfeita)).toBe('desfeita');
  return desfeita;
}

const leadsCsv = (linhas: string[][], cabecalho = ['Nome do aluno', 'Responsável', 'E-mail', 'Celular']) =>
  [cabecalho, ...linhas].map((l) => l.join(';')).join('\r\n');

const leadsTotal = async () => {
  const response = await injectAs(ctx.app, 'micro_franquia', { method: 'GET', url: '/api/leads?pageSize=1' });
  expect(response.statusCode, response.body).toBe(200);
  return Number(response.headers[TOTAL_COUNT_HEADER.toLowerCase()]);
};

beforeAll(async () => {
  ctx = await createTestApp();
  const [row] = await rows<typeof ids>(sql`
    select u.micro_franquia_id as campinas,
      (select id from eventos where micro_franquia_id = u.micro_franquia_id order by created_at limit 1)
        as "eventoCampinas",
      (select id from eventos where micro_franquia_id <> u.micro_franquia_id limit 1) as "eventoSantos",
      (select id from clientes where micro_franquia_id = u.micro_franquia_id order by created_at limit 1)
        as "clienteCampinas"
    from users u where u.email = 'micro@demo.com.br'`);
  Object.assign(ids, row);
  expect(ids).toEqual({
    campinas: expect.any(String),
    eventoCampinas: expect.any(String),
    eventoSantos: expect.any(String),
    clienteCampinas: expect.any(String),
  });
});
afterAll(() => ctx.close());

describe('POST /api/importacoes: reading the file', () => {
  it('reads UTF-8 with a BOM and ";", proposes the mapping by name and lists every row problem with its line', async () => {
    const csv = leadsCsv([
      ['Ana Beatriz Lima', 'Rita Lima', 'ana.lima@teste.com.br', '(19) 98765-4321'],
      ['Bruno', 'Carla Dias', 'carla@', '19987654321'],
      ['', 'Sem Aluno', 'sem@teste.com.br', '19987654322'],
      ['Ana Beatriz Lima', 'Outra Pessoa', 'ANA.LIMA@teste.com.br', '19911112222'],
    ]);
    const importacao = await enviarOk(
      'micro_franquia',
      { tipo: 'leads', eventoId: ids.eventoCampinas },
      'inscricoes.csv',
      utf8Bom(csv),
    );
    expect(importacao).toMatchObject({ status: 'mapeamento', formato: 'csv', codificacao: 'utf-8', separador: ';' });
    expect(importacao.colunas.map((c) => c.campo)).toEqual(['nomeAluno', 'nomeResponsavel', 'email', 'telefone']);
    expect(importacao.colunas[0]!.exemplos).toContain('Ana Beatriz Lima');
    expect(importacao.mapeamentoCompleto).toBe(true);
    expect(importacao.previa[0]).toEqual({
      linha: 2,
      valores: {
        nomeAluno: 'Ana Beatriz Lima',
        nomeResponsavel: 'Rita Lima',
        email: 'ana.lima@teste.com.br',
        telefone: '19987654321',
      },
      erros: [],
      duplicado: false,
    });
    expect(importacao.erros.map((e) => e.mensagem)).toEqual([
      'Email inválido na linha 3',
      'Nome do aluno é obrigatório na linha 4',
      M.repetidoNoArquivo('Aluno', [2, 5]),
    ]);
    expect(importacao.errosTotal).toBe(3);
    expect(importacao.previsao!.ignorar).toEqual({ criar: 1, atualizar: 0, ignorar: 0, erros: 3 });
  });

  it('reads Windows-1252 with "," and its accented names right', async () => {
    const csv = 'Aluno,Responsável,Email,Telefone\r\nJosé Araújo,Márcia Gonçalves,jose@teste.com.br,19987650000\r\n';
    const importacao = await enviarOk(
      'micro_franquia',
      { tipo: 'leads', eventoId: ids.eventoCampinas },
      'planilha.csv',
      cp1252(csv),
    );
    expect(importacao).toMatchObject({ codificacao: 'windows-1252', separador: ',' });
    expect(importacao.colunas.map((c) => c.nome)).toEqual(['Aluno', 'Responsável', 'Email', 'Telefone']);
    expect(importacao.previa[0]!.valores).toMatchObject({
      nomeAluno: 'José Araújo',
      nomeResponsavel: 'Márcia Gonçalves',
    });
  });

  it('answers every unreadable file with a 400 in Portuguese', async () => {
    const campos = { tipo: 'leads', eventoId: ids.eventoCampinas };
    const casos: [Uint8Array, string, string][] = [
      [utf8Bom('ana@x.com;19987654321\n'), 'a.csv', M.semCabecalho],
      [utf8Bom('Aluno;Email\n'), 'a.csv', M.arquivoVazio],
      [new Uint8Array([0x50, 0x4b, 0x03, 0x04, 9, 9, 9]), 'a.xlsx', M.arquivoIlegivel],
      [utf8Bom('%PDF'), 'a.pdf', M.formatoInvalido],
    ];
    for (const [bytes, nome, mensagem] of casos) {
      const response = await enviar('micro_franquia', campos, { nome, bytes });
      expect(response.statusCode, nome).toBe(400);
      expect(response.json()).toMatchObject({ message: mensagem });
    }
    const semArquivo = await enviar('micro_franquia', campos);
    expect(semArquivo.statusCode).toBe(400);
    expect(semArquivo.json()).toMatchObject({ message: M.arquivoObrigatorio });
    const semTipo = await enviar('micro_franquia', { tipo: 'escolas' }, { nome: 'a.csv', bytes: utf8Bom('a\n1') });
    expect(semTipo.statusCode).toBe(400);
    const semEvento = await enviar('micro_franquia', { tipo: 'leads' }, { nome: 'a.csv', bytes: utf8Bom('a\n1') });
    expect(semEvento.json()).toMatchObject({ message: M.eventoObrigatorio });
  });

  it('reads an XLSX of vendedores (dates as dd/mm/aaaa) and remembers its confirmed mapping for the same header', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Equipe');
    sheet.addRow(['Vendedor', 'Login', 'Documento', 'Nascimento', 'Fone', 'Rua']);
    const email = uniqueEmail('xlsx');
    sheet.addRow(['Paula Reis', email, uniqueCpf(), new Date(Date.UTC(1991, 2, 9)), 19988887777, 'Rua X, 1']);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const primeira = await enviarOk('micro_franquia', { tipo: 'vendedores' }, 'equipe.xlsx', bytes);
    expect(primeira.formato).toBe('xlsx');
    expect(primeira.colunas.map((c) => c.campo)).toEqual([
      'nome',
      null,
      null,
      'dataNascimento',
      'telefone',
      'endereco',
    ]);
    expect(primeira.mapeamentoCompleto).toBe(false);
    const confirmarIncompleto = await injectAs(ctx.app, 'micro_franquia', {
      method: 'POST',
      url: `/api/importacoes/${primeira.id}/confirmar`,
      payload: { duplicados: 'ignorar' },
    });
    expect(confirmarIncompleto.statusCode).toBe(400);
    expect(confirmarIncompleto.json()).toMatchObject({ message: M.naoConfirmavel });

    const campos = ['nome', 'email', 'cpf', 'dataNascimento', 'telefone', 'endereco'];
    const mal = await injectAs(ctx.app, 'micro_franquia', {
      method: 'PUT',
      url: `/api/importacoes/${primeira.id}/mapeamento`,
      payload: { campos: ['nome', 'nome', null, null, null, null] },
    });
    expect(mal.statusCode).toBe(400);
    expect(mal.json()).toMatchObject({ message: M.campoRepetido('Nome') });
    const curto = await injectAs(ctx.app, 'micro_franquia', {
      method: 'PUT',
      url: `/api/importacoes/${primeira.id}/mapeamento`,
      payload: { campos: ['nome'] },
    });
    expect(curto.json()).toMatchObject({ message: M.mapeamentoColunas });
    const mapeada = await injectAs(ctx.app, 'micro_franquia', {
      method: 'PUT',
      url: `/api/importacoes/${primeira.id}/mapeamento`,
      payload: { campos },
    });
    expect(mapeada.statusCode, mapeada.body).toBe(200);
    expect(mapeada.json<Importacao>().previa[0]!.valores).toMatchObject({
      dataNascimento: '1991-03-09',
      telefone: '19988887777',
    });
    const feita = await importar('micro_franquia', primeira.id, { duplicados: 'ignorar' });
    expect(feita.resultado).toEqual({ criar: 1, atualizar: 0, ignorar: 0, erros: 0 });
    const [conta] = await rows<{ password: string; micro: string; data: string }>(
      sql`select u.password, v.micro_franquia_id as micro, u.data_nascimento::text as data
        from users u join vendedores v on v.user_id = u.id where u.email = ${email}`,
    );
    // No password hashed per row: an unusable one until the invite is used.
    expect(conta).toEqual({ password: expect.stringMatching(/^!unusable:/), micro: ids.campinas, data: '1991-03-09' });

    const segunda = await enviarOk('micro_franquia', { tipo: 'vendedores' }, 'equipe-2.xlsx', bytes);
    expect(segunda.colunas.map((c) => c.campo)).toEqual(campos);
  });
});

describe('scope', () => {
  it("refuses another micro-franquia's event (404), vendedores to a vendedor (403), another user's import (404)", async () => {
    const csv = utf8Bom(leadsCsv([['Ana Souza', 'Rita Souza', 'ana.s@teste.com.br', '19987654321']]));
    const fora = await enviar(
      'micro_franquia',
      { tipo: 'leads', eventoId: ids.eventoSantos },
      { nome: 'a.csv', bytes: csv },
    );
    expect(fora.statusCode).toBe(404);
    expect(fora.json()).toMatchObject({ message: M.eventoNaoEncontrado });
    const vendedor = await enviar('vendedor', { tipo: 'vendedores' }, { nome: 'a.csv', bytes: csv });
    expect(vendedor.statusCode).toBe(403);
    expect(vendedor.json()).toMatchObject({ message: M.semPermissaoTipo });
    const franquia = await enviar('franquia', { tipo: 'clientes' }, { nome: 'a.csv', bytes: csv });
    expect(franquia.statusCode).toBe(403);

    const minha = await enviarOk('micro_franquia', { tipo: 'leads', eventoId: ids.eventoCampinas }, 'a.csv', csv);
    for (const caller of ['franquia', 'franqueador', 'vendedor', { email: 'micro.santos@demo.com.br' }] as Caller[]) {
      for (const [method, url, payload] of [
        ['GET', `/api/importacoes/${minha.id}`, undefined],
        ['PUT', `/api/importacoes/${minha.id}/mapeamento`, { campos: [null, null, null, null] }],
        ['POST', `/api/importacoes/${minha.id}/confirmar`, { duplicados: 'ignorar', baseLegal: 'consentimento' }],
        ['GET', `/api/importacoes/${minha.id}/erros.csv`, undefined],
        ['POST', `/api/importacoes/${minha.id}/desfazer`, undefined],
      ] as const) {
        const response = await injectAs(ctx.app, caller, { method, url, ...(payload ? { payload } : {}) });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
      const lista = await injectAs(ctx.app, caller, { method: 'GET', url: '/api/importacoes' });
      expect(lista.json<ImportacaoResumo[]>().map((i) => i.id)).not.toContain(minha.id);
    }
    const minhas = await injectAs(ctx.app, 'micro_franquia', { method: 'GET', url: '/api/importacoes' });
    expect(minhas.json<ImportacaoResumo[]>()[0]!.id).toBe(minha.id);
    // The franquia imports leads into an event of its subtree.
    const daFranquia = await enviar(
      'franquia',
      { tipo: 'leads', eventoId: ids.eventoCampinas },
      { nome: 'a.csv', bytes: csv },
    );
    expect(daFranquia.statusCode, daFranquia.body).toBe(201);
  });
});

describe('leads: the import, its consent, its counts and its undo', () => {
  it('imports into the event with the consent "importado", no message to the families, and the lists counting them', async () => {
    const antes = await leadsTotal();
    const mensagensAntes = await count(sql`select count(*)::int as n from jobs where tipo in ('email', 'whatsapp')`);
    const csv = leadsCsv([
      ['Caio Prado', 'Lia Prado', 'lia.prado@teste.com.br', '19911110001'],
      ['Duda Prado', 'Lia Prado', 'lia.prado@teste.com.br', '19911110001'],
      ['Erro', 'Lia', 'x', '1'],
    ]);
    const enviada = await enviarOk(
      'micro_franquia',
      { tipo: 'leads', eventoId: ids.eventoCampinas },
      'feira.csv',
      utf8Bom(csv),
    );
    const semBase = await injectAs(ctx.app, 'micro_franquia', {
      method: 'POST',
      url: `/api/importacoes/${enviada.id}/confirmar`,
      payload: { duplicados: 'ignorar' },
    });
    expect(semBase.statusCode).toBe(400);
    expect(semBase.json()).toMatchObject({ message: M.baseLegalObrigatoria });
    const antesDoFim = await injectAs(ctx.app, 'micro_franquia', {
      method: 'GET',
      url: `/api/importacoes/${enviada.id}/erros.csv`,
    });
    expect(antesDoFim.statusCode).toBe(409);
    expect(antesDoFim.json()).toMatchObject({ message: M.errosIndisponiveis });

    const feita = await importar('micro_franquia', enviada.id, {
      duplicados: 'ignorar',
      baseLegal: 'legitimo_interesse',
    });
    expect(feita.resultado).toEqual({ criar: 2, atualizar: 0, ignorar: 0, erros: 1 });
    expect(feita.progresso).toEqual({ processadas: 3, total: 3, percentual: 100 });
    const criados = await rows<{ id: string; aviso: string; texto: string; finalidade: string; micro: string }>(
      sql`select l.id, c.aviso_versao as aviso, c.texto, c.finalidade, l.micro_franquia_id as micro
        from leads l join consentimentos c on c.lead_id = l.id
        where l.evento_id = ${ids.eventoCampinas} and l.email = 'lia.prado@teste.com.br'`,
    );
    expect(criados).toHaveLength(2);
    for (const c of criados) {
      expect(c).toMatchObject({ aviso: 'importado', finalidade: 'tratamento', micro: ids.campinas });
      expect(c.texto).toContain(BASE_LEGAL_LABELS.legitimo_interesse);
      expect(c.texto).toContain('feira.csv');
      expect(c.texto).toContain('Importado por');
    }
    expect(await count(sql`select count(*)::int as n from jobs where tipo in ('email', 'whatsapp')`)).toBe(
      mensagensAntes,
    );
    expect(await leadsTotal()).toBe(antes + 2);

    const erros = await injectAs(ctx.app, 'micro_franquia', {
      method: 'GET',
      url: `/api/importacoes/${enviada.id}/erros.csv`,
    });
    expect(erros.statusCode).toBe(200);
    expect(erros.headers['content-type']).toMatch(/^text\/csv/);
    const linhas = erros.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(linhas[0]).toBe('"Nome do aluno";"Responsável";"E-mail";"Celular";"Erro"');
    expect(linhas).toHaveLength(2);
    expect(linhas[1]).toBe('"Erro";"Lia";"x";"1";"Email inválido na linha 4"');

    const desfeita = await desfazerAteOFim('micro_franquia', enviada.id);
    expect(desfeita).toMatchObject({ status: 'desfeita', desfeita: { removidos: 2, mantidos: 0, restaurados: 0 } });
    expect(await leadsTotal()).toBe(antes);
    const auditoria = await rows<{ detalhes: Record<string, unknown> }>(
      sql`select detalhes from audit_log where acao = 'importacao.desfazer' and entidade_id = ${enviada.id}`,
    );
    expect(auditoria).toHaveLength(1);
    // The request's record (ADR 106): what it set out to undo; what was removed is the import's `desfeita`.
    expect(auditoria[0]!.detalhes).toEqual({ tipo: 'leads', criados: 2 });
    const confirmada = await count(
      sql`select count(*)::int as n from audit_log where acao = 'importacao.confirmar' and entidade_id = ${enviada.id}`,
    );
    expect(confirmada).toBe(1);
    const denovo = await desfazer('micro_franquia', enviada.id);
    expect(denovo.statusCode).toBe(409);
    expect(denovo.json()).toMatchObject({ message: M.naoDesfazivel });
  });

  it('finds duplicates in the event by the student and the e-mail or the phone, and each policy does what it predicted', async () => {
    const base = leadsCsv([
      ['Gabi Nunes', 'Rui Nunes', 'rui.nunes@teste.com.br', '19922220001'],
      ['Hugo Nunes', 'Rui Nunes', 'rui.nunes@teste.com.br', '19922220001'],
    ]);
    const primeira = await enviarOk(
      'micro_franquia',
      { tipo: 'leads', eventoId: ids.eventoCampinas },
      'a.csv',
      utf8Bom(base),
    );
    await importar('micro_franquia', primeira.id, { duplicados: 'ignorar', baseLegal: 'consentimento' });
    // The same students: one by e-mail with another case and accents, one by the phone with another e-mail.
    const repetida = leadsCsv([
      ['GABÍ NUNES', 'Rui', 'RUI.NUNES@teste.com.br', '19900000000'],
      ['hugo nunes', 'Rui', 'outro@teste.com.br', '(19) 92222-0001'],
      ['Ivo Nunes', 'Rui', 'rui.nunes@teste.com.br', '19922220001'],
    ]);
    for (const politica of ['ignorar', 'atualizar', 'criar'] as const) {
      const antes = await count(sql`select count(*)::int as n from leads where evento_id = ${ids.eventoCampinas}`);
      const enviada = await enviarOk(
        'micro_franquia',
        { tipo: 'leads', eventoId: ids.eventoCampinas },
        `${politica}.csv`,
        utf8Bom(repetida),
      );
      expect(enviada.duplicadosTotal).toBe(2);
      expect(enviada.previa.map((p) => p.duplicado)).toEqual([true, true, false]);
      const previsto = enviada.previsao![politica];
      const feita = await importar('micro_franquia', enviada.id, { duplicados: politica, baseLegal: 'consentimento' });
      expect(feita.resultado).toEqual(previsto);
      const depois = await count(sql`select count(*)::int as n from leads where evento_id = ${ids.eventoCampinas}`);
      expect(depois - antes).toBe(previsto.criar);
      if (politica === 'criar') {
        // 'GABÍ NUNES' with Gabi's e-mail is another name to the database's key (accents): created; Hugo by phone too.
        expect(previsto).toEqual({ criar: 3, atualizar: 0, ignorar: 0, erros: 0 });
      } else {
        // A lead has no empty field to fill: 'atualizar' skips it as 'ignorar' does.
        expect(previsto).toEqual({ criar: 1, atualizar: 0, ignorar: 2, erros: 0 });
      }
      const desfeita = await desfazerAteOFim('micro_franquia', enviada.id);
      expect(desfeita.desfeita).toMatchObject({ removidos: previsto.criar, mantidos: 0 });
    }
    // A second 'Gabi Nunes' with the same e-mail breaks the database's unique key: 'criar' says so, as an error.
    const exata = await enviarOk(
      'micro_franquia',
      { tipo: 'leads', eventoId: ids.eventoCampinas },
      'exata.csv',
      utf8Bom(leadsCsv([['Gabi Nunes', 'Rui', 'rui.nunes@teste.com.br', '19922220001']])),
    );
    expect(exata.previsao!.criar).toEqual({ criar: 0, atualizar: 0, ignorar: 0, erros: 1 });
    const feita = await importar('micro_franquia', exata.id, { duplicados: 'criar', baseLegal: 'consentimento' });
    expect(feita.resultado).toEqual({ criar: 0, atualizar: 0, ignorar: 0, erros: 1 });
    expect(feita.erros.map((e) => e.mensagem)).toEqual([M.linha(M.leadJaInscrito, 2)]);
  });

  it('undoes exactly what it created, keeping the leads that moved on (property over random files and later edits)', async () => {
    const estado = () =>
      rows<{ id: string; status: string }>(
        sql`select id, status::text from leads where evento_id = ${ids.eventoCampinas} order by id`,
      );
    let rodada = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ aluno: fc.integer({ min: 0, max: 6 }), telefone: fc.integer({ min: 0, max: 3 }) }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.array(fc.constantFrom('status', 'pre', 'nada'), { minLength: 8, maxLength: 8 }),
        async (linhas, edicoes) => {
          rodada += 1;
          const nomes = ['Lara', 'Miguel', 'Nina', 'Otto', 'Pedro', 'Quitéria', 'Rafa'];
          const csv = leadsCsv(
            linhas.map((l) => [
              `${nomes[l.aluno]} Prop${rodada}`,
              'Resp Teste',
              `prop${rodada}.${l.aluno}@teste.com.br`,
              `1993333${String(l.telefone).padStart(4, '0')}`,
            ]),
          );
          const antes = await estado();
          const enviada = await enviarOk(
            'micro_franquia',
            { tipo: 'leads', eventoId: ids.eventoCampinas },
            'prop.csv',
            utf8Bom(csv),
          );
          const feita = await importar('micro_franquia', enviada.id, {
            duplicados: 'ignorar',
            baseLegal: 'consentimento',
          });
          const criados = await rows<{ id: string }>(
            sql`select registro_id as id from importacao_linhas
              where importacao_id = ${enviada.id} and resultado = 'criado' order by linha`,
          );
          expect(criados).toHaveLength(feita.resultado!.criar);
          const mantidos = new Set<string>();
          for (const [i, { id }] of criados.entries()) {
            if (edicoes[i] === 'status') {
              await ctx.handle.db.execute(sql`update leads set status = 'em_contato' where id = ${id}`);
              mantidos.add(id);
            } else if (edicoes[i] === 'pre') {
              await ctx.handle.db.execute(sql`insert into pre_matriculas (evento_id, lead_id, nome, email)
                select evento_id, id, nome_aluno, email from leads where id = ${id}`);
              mantidos.add(id);
            }
          }
          const desfeita = await desfazerAteOFim('micro_franquia', enviada.id);
          expect(desfeita.desfeita).toMatchObject({
            removidos: criados.length - mantidos.size,
            mantidos: mantidos.size,
          });
          const depois = await estado();
          expect(depois.map((l) => l.id).sort()).toEqual([...antes.map((l) => l.id), ...mantidos].sort());
          // Tidy up what stayed, so the next run starts from the same event.
          for (const id of mantidos) {
            await ctx.handle.db.execute(sql`delete from pre_matriculas where lead_id = ${id}`);
            await ctx.handle.db.execute(sql`delete from leads where id = ${id}`);
          }
        },
      ),
      { numRuns: 6 },
    );
  });

  /** An import of leads into the Campinas event, run to its end; answers it and the ids of the leads it created. */
  async function importarLeads(nome: string, linhas: string[][]) {
    const enviada = await enviarOk(
      'micro_franquia',
      { tipo: 'leads', eventoId: ids.eventoCampinas },
      nome,
      utf8Bom(leadsCsv(linhas)),
    );
    await importar('micro_franquia', enviada.id, { duplicados: 'ignorar', baseLegal: 'consentimento' });
    const criados = await rows<{ id: string }>(
      sql`select registro_id as id from importacao_linhas
        where importacao_id = ${enviada.id} and resultado = 'criado' order by linha`,
    );
    return { id: enviada.id, criados: criados.map((c) => c.id) };
  }

  const aindaExistem = (importacaoId: string) =>
    count(sql`select count(*)::int as n from leads where id in (select registro_id from importacao_linhas
      where importacao_id = ${importacaoId} and resultado = 'criado')`);

  const auditoriaDoDesfazer = (importacaoId: string) =>
    rows<{ detalhes: Record<string, unknown>; email: string }>(
      sql`select a.detalhes, u.email from audit_log a join users u on u.id = a.usuario_id
        where a.acao = 'importacao.desfazer' and a.entidade_id = ${importacaoId}`,
    );

  it('undoes as a job: 202 and "desfazendo" before it runs, a second undo refused, then the counts the database holds', async () => {
    const { id, criados } = await importarLeads('job.csv', [
      ['Ana Job', 'Resp Job', 'job1@teste.com.br', '19955550001'],
      ['Bia Job', 'Resp Job', 'job2@teste.com.br', '19955550002'],
      ['Caio Job', 'Resp Job', 'job3@teste.com.br', '19955550003'],
    ]);
    expect(criados).toHaveLength(3);
    // One moved on before the undo: it stays.
    await ctx.handle.db.execute(sql`update leads set status = 'em_contato' where id = ${criados[1]!}`);

    const response = await desfazer('micro_franquia', id);
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json<Importacao>()).toMatchObject({
      status: 'desfazendo',
      desfazerAte: null,
      desfeita: null,
      erro: null,
      progresso: { processadas: 0, total: 3, percentual: 0 },
    });
    // Nothing removed before the job runs; the list and the import say 'desfazendo'.
    expect(await aindaExistem(id)).toBe(3);
    expect((await ver('micro_franquia', id)).status).toBe('desfazendo');
    const lista = await injectAs(ctx.app, 'micro_franquia', { method: 'GET', url: '/api/importacoes' });
    expect(lista.json<ImportacaoResumo[]>().find((i) => i.id === id)?.status).toBe('desfazendo');

    const segunda = await desfazer('micro_franquia', id);
    expect(segunda.statusCode).toBe(409);
    expect(segunda.json()).toMatchObject({ message: M.desfazendo });
    const jobs = await rows<{ status: string }>(
      sql`select status from jobs where tipo = 'importacao_desfazer' and payload->>'importacaoId' = ${id}`,
    );
    expect(jobs).toEqual([{ status: 'pendente' }]);

    await ctx.app.background.drain();
    const desfeita = await ver('micro_franquia', id);
    const restantes = await aindaExistem(id);
    expect(restantes).toBe(1);
    expect(desfeita).toMatchObject({
      status: 'desfeita',
      erro: null,
      desfeita: { removidos: 3 - restantes, mantidos: restantes, restaurados: 0 },
    });
    const auditoria = await auditoriaDoDesfazer(id);
    expect(auditoria).toHaveLength(1);
    expect(auditoria[0]).toEqual({
      email: 'micro@demo.com.br',
      detalhes: { tipo: 'leads', criados: 3 },
    });
    const depois = await desfazer('micro_franquia', id);
    expect(depois.statusCode).toBe(409);
    expect(depois.json()).toMatchObject({ message: M.naoDesfazivel });
    await ctx.handle.db.execute(sql`delete from leads where id = ${criados[1]!}`);
  });

  it('goes back to "concluida" with its error when the undo fails for good; undone again, nothing is counted twice', async () => {
    const { id, criados } = await importarLeads('falha.csv', [
      ['Davi Falha', 'Resp Falha', 'falha1@teste.com.br', '19966660001'],
      ['Eva Falha', 'Resp Falha', 'falha2@teste.com.br', '19966660002'],
    ]);
    expect(criados).toHaveLength(2);
    // The undo's last step cannot be written: its batches commit, its end fails on every try.
    await ctx.handle.db.execute(sql`create function importacao_teste_recusa() returns trigger language plpgsql as $$
      begin raise exception 'recusado pelo teste'; end $$`);
    await ctx.handle.db.execute(
      sql.raw(`create trigger importacao_teste_recusa before update on importacoes for each row
        when (new.status = 'desfeita' and new.id = '${id}') execute function importacao_teste_recusa()`),
    );
    try {
      const response = await desfazer('micro_franquia', id);
      expect(response.statusCode, response.body).toBe(202);
      await ctx.app.background.drain();
      // A failed try is retried: the import stays 'desfazendo', what the batch removed is gone and counted.
      expect(await ver('micro_franquia', id)).toMatchObject({
        status: 'desfazendo',
        progresso: { processadas: 2, total: 2, percentual: 100 },
      });
      expect(await aindaExistem(id)).toBe(0);
      for (let tentativa = 2; tentativa <= 3; tentativa++) {
        await ctx.handle.db.execute(sql`update jobs set executar_em = now() - interval '1 minute'
          where tipo = 'importacao_desfazer' and payload->>'importacaoId' = ${id} and status = 'pendente'`);
        await ctx.app.background.drain();
      }
      const falhou = await ver('micro_franquia', id);
      expect(falhou).toMatchObject({ status: 'concluida', erro: M.desfazerFalhou, desfeita: null });
      expect(falhou.desfazerAte).not.toBeNull();
      // The request that queued the job has its record; the failed job adds none.
      expect(await auditoriaDoDesfazer(id)).toHaveLength(1);
    } finally {
      await ctx.handle.db.execute(sql`drop trigger importacao_teste_recusa on importacoes`);
      await ctx.handle.db.execute(sql`drop function importacao_teste_recusa()`);
    }
    // Tried again: the leads the failed undo removed are counted once, as removed.
    const desfeita = await desfazerAteOFim('micro_franquia', id);
    expect(desfeita).toMatchObject({ erro: null, desfeita: { removidos: 2, mantidos: 0, restaurados: 0 } });
    const auditoria = await auditoriaDoDesfazer(id);
    // One record per request: the undo that failed and the one that finished.
    expect(auditoria.map((a) => a.detalhes)).toEqual([
      { tipo: 'leads', criados: 2 },
      { tipo: 'leads', criados: 2 },
    ]);
  });

  it('removes in batches of 1,000, each with its progress; a retried job goes on from the batch that failed', async () => {
    const linhas = Array.from({ length: 1_500 }, (_, i) => [
      `Lote ${i} Aluno`,
      'Resp Lote',
      `lote${i}@teste.com.br`,
      `1997${String(i).padStart(7, '0')}`,
    ]);
    const antes = await leadsTotal();
    const { id, criados } = await importarLeads('lotes.csv', linhas);
    expect(criados).toHaveLength(1_500);
    // The second batch's first lead cannot be removed on the first try: the first batch's removals are kept.
    await ctx.handle.db.execute(sql`create function importacao_teste_lote() returns trigger language plpgsql as $$
      begin raise exception 'recusado pelo teste'; end $$`);
    await ctx.handle.db.execute(
      sql.raw(`create trigger importacao_teste_lote before delete on leads for each row
        when (old.id = '${criados[1_000]!}') execute function importacao_teste_lote()`),
    );
    try {
      const response = await desfazer('micro_franquia', id);
      expect(response.statusCode, response.body).toBe(202);
      await ctx.app.background.drain();
      expect(await ver('micro_franquia', id)).toMatchObject({
        status: 'desfazendo',
        progresso: { processadas: 1_000, total: 1_500, percentual: 66 },
      });
      expect(await aindaExistem(id)).toBe(500);
    } finally {
      await ctx.handle.db.execute(sql`drop trigger importacao_teste_lote on leads`);
      await ctx.handle.db.execute(sql`drop function importacao_teste_lote()`);
    }
    await ctx.handle.db.execute(sql`update jobs set executar_em = now() - interval '1 minute'
      where tipo = 'importacao_desfazer' and payload->>'importacaoId' = ${id} and status = 'pendente'`);
    await ctx.app.background.drain();
    expect(await ver('micro_franquia', id)).toMatchObject({
      status: 'desfeita',
      desfeita: { removidos: 1_500, mantidos: 0, restaurados: 0 },
    });
    expect(await aindaExistem(id)).toBe(0);
    expect(await leadsTotal()).toBe(antes);
    expect(await auditoriaDoDesfazer(id)).toHaveLength(1);
  });

  it('offers the undo for 7 days only', async () => {
    const enviada = await enviarOk(
      'micro_franquia',
      { tipo: 'leads', eventoId: ids.eventoCampinas },
      'prazo.csv',
      utf8Bom(leadsCsv([['Sara Prazo', 'Tia Prazo', 'prazo@teste.com.br', '19944440000']])),
    );
    const feita = await importar('micro_franquia', enviada.id, { duplicados: 'ignorar', baseLegal: 'consentimento' });
    expect(feita.desfazerAte).not.toBeNull();
    // The sessions' clock stays; the import ended 7 days and a minute ago.
    await ctx.handle.db.execute(sql`update importacoes set concluida_em = now() - interval '7 days 1 minute'
      where id = ${enviada.id}`);
    const response = await desfazer('micro_franquia', enviada.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: M.prazoDesfazer });
  });
});

describe('clientes: row errors, policies and the undo of updates', () => {
  const cabecalho = [
    'Escola',
    'CNPJ',
    'Diretor',
    'Email',
    'CPF',
    'Telefone',
    'Endereço',
    'CEP',
    'Cidade',
    'UF',
    'Produto',
  ];
  const linha = (over: Partial<Record<'cnpj' | 'email' | 'cpf' | 'cep' | 'nome' | 'produto', string>> = {}) => [
    over.nome ?? 'Escola Importada',
    over.cnpj ?? uniqueCnpj(),
    'Dir Teste',
    over.email ?? uniqueEmail('imp'),
    over.cpf ?? uniqueCpf(),
    '19987654321',
    'Rua Um, 1',
    over.cep ?? '13010-111',
    'Campinas',
    'sp',
    over.produto ?? 'Start Universitário',
  ];
  const csv = (linhas: string[][]) => utf8Bom([cabecalho, ...linhas].map((l) => l.join(';')).join('\n'));

  it("gives each row error class the manual create's message and its line", async () => {
    const repetido = uniqueEmail('rep');
    const tomado = (await rows<{ email: string }>(sql`select email from users where email = 'cliente@demo.com.br'`))[0]!
      .email;
    const enviada = await enviarOk(
      'micro_franquia',
      { tipo: 'clientes' },
      'escolas.csv',
      csv([
        linha({ cnpj: '11.111.111/1111-11' }),
        linha({ cpf: '123' }),
        linha({ cep: 'abcde-fgh' }),
        linha({ email: repetido }),
        linha({ email: repetido.toUpperCase() }),
        linha({ email: tomado }),
        linha({ nome: '' }),
        linha({ produto: 'Inexistente' }),
      ]),
    );
    expect(enviada.erros.map((e) => e.mensagem)).toEqual([
      'CNPJ inválido na linha 2',
      'CPF deve ter pelo menos 11 caracteres na linha 3',
      'CEP inválido na linha 4',
      M.repetidoNoArquivo('E-mail', [5, 6]),
      `${USUARIO_MESSAGES.emailTaken} na linha 7`,
      'Nome fantasia é obrigatório na linha 8',
      'Produto é obrigatório na linha 9',
    ]);
    expect(enviada.previsao!.criar).toEqual({ criar: 1, atualizar: 0, ignorar: 0, erros: 7 });
    expect(enviada.previa[4]!.valores).toMatchObject({ produto: 'start_universitario', estado: 'SP', cep: '13010111' });
  });

  it('skips, fills the empty fields of, or refuses to re-create an existing cliente; the undo puts the fields back', async () => {
    const [existente] = await rows<{ cnpj: string; cep: string | null }>(
      sql`select cnpj, cep from clientes where id = ${ids.clienteCampinas}`,
    );
    await ctx.handle.db.execute(sql`update clientes set cep = null, cidade = null where id = ${ids.clienteCampinas}`);
    const nova = linha({ cep: '13020-222' });
    const arquivo = csv([linha({ cnpj: existente!.cnpj, cep: '13099-999' }), nova]);
    const totalAntes = await count(sql`select count(*)::int as n from clientes`);

    const ignorar = await enviarOk('micro_franquia', { tipo: 'clientes' }, 'c.csv', arquivo);
    expect(ignorar.duplicadosTotal).toBe(1);
    expect(ignorar.previsao).toEqual({
      ignorar: { criar: 1, atualizar: 0, ignorar: 1, erros: 0 },
      atualizar: { criar: 1, atualizar: 1, ignorar: 0, erros: 0 },
      criar: { criar: 1, atualizar: 0, ignorar: 0, erros: 1 },
    });
    const criarFeita = await importar('micro_franquia', ignorar.id, { duplicados: 'criar', enviarConvite: true });
    expect(criarFeita.resultado).toEqual({ criar: 1, atualizar: 0, ignorar: 0, erros: 1 });
    expect(criarFeita.erros.map((e) => e.mensagem)).toEqual([`${USUARIO_MESSAGES.cnpjTaken} na linha 2`]);
    expect(await count(sql`select count(*)::int as n from clientes`)).toBe(totalAntes + 1);
    const [criado] = await rows<{ micro: string; vendedor: string | null; convites: number; cliente: string }>(
      sql`select c.micro_franquia_id as micro, c.vendedor_id as vendedor, u.cliente_id as cliente,
          (select count(*)::int from password_reset_tokens t where t.user_id = u.id) as convites
        from clientes c join users u on u.id = c.user_id where c.cnpj = ${nova[1]!.replace(/\D/g, '')}`,
    );
    expect(criado).toMatchObject({ micro: ids.campinas, vendedor: null, convites: 1 });
    const desfeita = await desfazerAteOFim('micro_franquia', ignorar.id);
    expect(desfeita.desfeita).toMatchObject({ removidos: 1, mantidos: 0 });
    expect(await count(sql`select count(*)::int as n from clientes`)).toBe(totalAntes);
    expect(
      await count(sql`select count(*)::int as n from users where cliente_id is null and role = 'cliente'
      and email = ${nova[3]!.toLowerCase()}`),
    ).toBe(0);

    const atualizar = await enviarOk('micro_franquia', { tipo: 'clientes' }, 'c2.csv', arquivo);
    const feita = await importar('micro_franquia', atualizar.id, { duplicados: 'atualizar' });
    expect(feita.resultado).toEqual(atualizar.previsao!.atualizar);
    const [preenchido] = await rows<{ cep: string; cidade: string }>(
      sql`select cep, cidade from clientes where id = ${ids.clienteCampinas}`,
    );
    expect(preenchido).toEqual({ cep: '13099999', cidade: 'Campinas' });
    // Edited after the import: the city stays as edited, the CEP (still the import's) goes back to empty.
    await ctx.handle.db.execute(sql`update clientes set cidade = 'Valinhos' where id = ${ids.clienteCampinas}`);
    const desfeitaAtualizacao = await desfazerAteOFim('micro_franquia', atualizar.id);
    expect(desfeitaAtualizacao.desfeita).toMatchObject({ removidos: 1, restaurados: 1 });
    const [restaurado] = await rows<{ cep: string | null; cidade: string }>(
      sql`select cep, cidade from clientes where id = ${ids.clienteCampinas}`,
    );
    expect(restaurado).toEqual({ cep: null, cidade: 'Valinhos' });
    await ctx.handle.db.execute(
      sql`update clientes set cep = ${existente!.cep}, cidade = 'Campinas' where id = ${ids.clienteCampinas}`,
    );
  });

  it("places a vendedor's clientes under its micro-franquia with itself as their vendedor", async () => {
    const cnpj = uniqueCnpj();
    const enviada = await enviarOk('vendedor', { tipo: 'clientes' }, 'v.csv', csv([linha({ cnpj })]));
    await importar('vendedor', enviada.id, { duplicados: 'ignorar' });
    const [row] = await rows<{ micro: string; vendedor: string }>(
      sql`select c.micro_franquia_id as micro, u.email as vendedor from clientes c
        join vendedores v on v.id = c.vendedor_id join users u on u.id = v.user_id where c.cnpj = ${cnpj}`,
    );
    expect(row).toEqual({ micro: ids.campinas, vendedor: 'vendedor@demo.com.br' });
  });
});
