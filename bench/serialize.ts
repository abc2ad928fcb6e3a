// The cost of the routes' zod response schemas (issue 13 item 7): a page of 500 rows serialized by the route's
// serializer (zod encode, which drops undeclared fields, then JSON.stringify) against a bare JSON.stringify.
// Run: npx tsx bench/serialize.ts
import { z } from 'zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { clienteViewSchema } from '../src/shared/schemas/cliente';
import { franquiaViewSchema } from '../src/shared/schemas/franquia';
import { usuarioViewSchema } from '../src/shared/schemas/usuario';
import { eventoViewSchema } from '../src/shared/schemas/evento';
import { acompanhamentoRelatorioSchema, contagem, funilRespostaSchema } from '../src/shared/schemas/relatorios';
import { leadItemSchema, preMatriculaItemSchema } from '../src/shared/schemas/funnel';

const ROWS = 500;
const ROUNDS = 400;

const user = {
  email: 'ana.souza@escola.com.br',
  cpf: '123.456.789-09',
  telefone: '(11) 98765-4321',
  endereco: 'Rua A, 10',
};
const motivosPerda = { preco: 3, distancia: 1, sem_resposta: 7, escolheu_outra_escola: 0, sem_perfil: 2, outro: 1 };
const seguimento = { contatados: 40, medianaPrimeiroContatoHoras: 5.5, perdidos: 14, motivosPerda };
// The funnel lists' rows as their repositories hand them over: instants as Dates, the event nested, the
// franqueador's cliente (issue 41, third round).
const evento = {
  id: crypto.randomUUID(),
  nomeEscola: 'Escola Estadual Valinhos',
  cidade: 'Valinhos',
  estado: 'SP',
  dataEvento: '2026-11-30',
};
const cliente = { nomeFantasia: 'Colégio Valinhos' };

// `rows`: a list's page, or (the relatórios) one answer holding a page of 500 groups.
const pages: Record<string, { schema: z.ZodType; rows: unknown }> = {
  clientes: {
    schema: z.array(clienteViewSchema),
    rows: Array.from({ length: ROWS }, (_, i) => ({
      id: crypto.randomUUID(),
      microFranquiaId: crypto.randomUUID(),
      vendedorId: null,
      nomeFantasia: `Colégio ${i}`,
      cnpj: '12.345.678/0001-90',
      repLegal: 'Maria Souza',
      produto: 'todos_pela_educacao',
      kit: 'essencial',
      cep: '01310-100',
      cidade: 'São Paulo',
      estado: 'SP',
      isActive: true,
      createdAt: new Date().toISOString(),
      userId: crypto.randomUUID(),
      microFranquia: { razaoSocial: 'Micro Centro' },
      user,
    })),
  },
  franquias: {
    schema: z.array(franquiaViewSchema),
    rows: Array.from({ length: ROWS }, (_, i) => ({
      id: crypto.randomUUID(),
      razaoSocial: `Franquia ${i}`,
      cnpj: '12.345.678/0001-90',
      repLegal: 'Maria Souza',
      cep: '01310-100',
      cidade: 'São Paulo',
      estado: 'SP',
      isActive: true,
      createdAt: new Date().toISOString(),
      userId: crypto.randomUUID(),
      user: { ...user, nome: 'Maria Souza', dataNascimento: '1980-01-01' },
    })),
  },
  eventos: {
    schema: z.array(eventoViewSchema),
    rows: Array.from({ length: ROWS }, (_, i) => ({
      id: crypto.randomUUID(),
      clienteId: crypto.randomUUID(),
      microFranquiaId: crypto.randomUUID(),
      cliente: { id: crypto.randomUUID(), nomeFantasia: `Colégio ${i}` },
      nomeEscola: `Escola ${i}`,
      tipoEscola: 'publica',
      cep: '01310100',
      cidade: 'São Paulo',
      estado: 'SP',
      dataDistribuicao: '2026-11-01',
      dataEvento: '2026-12-01',
      horario: '19:00',
      local: 'escola',
      qtdAlunos: 300,
      valorTotalDesconto: 1500,
      observacao: null,
      status: 'agendado',
      isActive: true,
      // The seats (issue 20): what eventoViewSchema now requires.
      vagas: null,
      inscricoesAte: null,
      inscricoesAbertas: true,
      inscritos: 0,
      listaEspera: 0,
      presentes: 0,
      cursoIds: [crypto.randomUUID(), crypto.randomUUID()],
      cursos: [
        { id: crypto.randomUUID(), titulo: 'Inglês Intensivo' },
        { id: crypto.randomUUID(), titulo: 'Preparatório ENEM' },
      ],
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    })),
  },
  leads: {
    schema: z.array(leadItemSchema),
    rows: Array.from({ length: ROWS }, (_, i) => ({
      id: crypto.randomUUID(),
      eventoId: evento.id,
      nomeAluno: `Aluno ${i} Oliveira`,
      nomeResponsavel: `Responsável ${i} Oliveira`,
      email: `familia${i}@exemplo.com.br`,
      telefone: '11987654321',
      consentimentoRevogado: false,
      createdAt: new Date(),
      status: 'em_contato',
      proximoContatoEm: i % 3 === 0 ? '2026-12-01' : null,
      listaEspera: false,
      canceladoEm: null,
      presenteEm: i % 2 === 0 ? new Date() : null,
      evento,
      cliente,
      responsavel: i % 2 === 0 ? { id: crypto.randomUUID(), nome: 'Vendedor Um' } : null,
    })),
  },
  'pré-matrículas': {
    schema: z.array(preMatriculaItemSchema),
    rows: Array.from({ length: ROWS }, (_, i) => ({
      id: crypto.randomUUID(),
      eventoId: evento.id,
      leadId: crypto.randomUUID(),
      nome: `Aluno ${i} Oliveira`,
      nomeAluno: `Aluno ${i} Oliveira`,
      nomeResponsavel: `Responsável ${i} Oliveira`,
      email: `familia${i}@exemplo.com.br`,
      telefone: '11987654321',
      consentimentoRevogado: false,
      cursoInteresse: 'Inglês Intensivo',
      status: 'pendente',
      createdAt: new Date(),
      evento,
      cliente,
      cpfAluno: '***.***.*89-01',
      cpfResponsavel: '***.***.*12-34',
      // One row in fifty carries an activation conflict.
      conflito:
        i % 50 === 0
          ? {
              cpfResponsavel: '12345678901',
              tentativas: [
                {
                  id: crypto.randomUUID(),
                  nomeAluno: `Aluno ${i} Oliveira`,
                  nomeResponsavel: 'Outra Pessoa',
                  cpfResponsavel: '98765432100',
                  email: 'outra@exemplo.com.br',
                  telefone: null,
                  createdAt: new Date().toISOString(),
                },
              ],
            }
          : null,
    })),
  },
  usuarios: {
    schema: z.array(usuarioViewSchema),
    rows: Array.from({ length: ROWS }, (_, i) => ({
      id: crypto.randomUUID(),
      nome: `Pessoa ${i}`,
      email: `pessoa${i}@escola.com.br`,
      role: 'vendedor',
      isActive: true,
      createdAt: new Date().toISOString(),
    })),
  },
  'relatórios funil': {
    schema: funilRespostaSchema,
    rows: {
      de: '2026-01-01',
      ate: '2026-12-31',
      agrupar: 'cidade',
      totais: contagem({ leads: 90_000, presencas: 41_000, preMatriculas: 20_000, matriculas: 9_000 }),
      grupos: Array.from({ length: ROWS }, (_, i) => ({
        id: `Cidade ${i}`,
        rotulo: `Cidade ${i}`,
        estado: 'SP',
        ...contagem({ leads: 180 + i, presencas: 80, preMatriculas: 40, matriculas: 18 }),
      })),
    },
  },
  'relatórios acompanhamento': {
    schema: acompanhamentoRelatorioSchema,
    rows: {
      de: '2026-01-01',
      ate: '2026-12-31',
      agrupar: 'vendedor',
      totais: seguimento,
      grupos: Array.from({ length: ROWS }, (_, i) => ({
        id: crypto.randomUUID(),
        rotulo: `Vendedor ${i}`,
        ...seguimento,
      })),
    },
  },
};

function perCall(fn: () => unknown): number {
  for (let i = 0; i < 50; i++) fn();
  const started = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i++) fn();
  return Number(process.hrtime.bigint() - started) / 1e6 / ROUNDS;
}

console.log(`| list (${ROWS} rows) | JSON.stringify ms | response schema ms | added ms | same bytes |`);
console.log('| --- | --- | --- | --- | --- |');
for (const [name, { schema, rows }] of Object.entries(pages)) {
  const serialize = serializerCompiler({ schema, method: 'GET', url: `/api/${name}` }) as (data: unknown) => string;
  // Some rows carry a field the schema leaves out (userId): the two outputs differ only by it.
  const bare = perCall(() => JSON.stringify(rows));
  const zod = perCall(() => serialize(rows));
  // Whether the schema's answer is, byte for byte, the bare one (no: it drops or reorders a field).
  const same = serialize(rows) === JSON.stringify(rows) ? 'yes' : 'no';
  console.log(`| ${name} | ${bare.toFixed(2)} | ${zod.toFixed(2)} | ${(zod - bare).toFixed(2)} | ${same} |`);
}
