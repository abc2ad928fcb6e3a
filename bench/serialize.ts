// The cost of the routes' zod response schemas (issue 13 item 7): a page of 500 rows serialized by the route's
// serializer (zod encode, which drops undeclared fields, then JSON.stringify) against a bare JSON.stringify.
// Run: npx tsx bench/serialize.ts
import { z } from 'zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { clienteViewSchema } from '../src/shared/schemas/cliente';
import { franquiaViewSchema } from '../src/shared/schemas/franquia';
import { usuarioViewSchema } from '../src/shared/schemas/usuario';
import { eventoViewSchema } from '../src/shared/schemas/evento';

const ROWS = 500;
const ROUNDS = 400;

const user = {
  email: 'ana.souza@escola.com.br',
  cpf: '123.456.789-09',
  telefone: '(11) 98765-4321',
  endereco: 'Rua A, 10',
};
const pages: Record<string, { schema: z.ZodType; rows: object[] }> = {
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
      cursoIds: [crypto.randomUUID(), crypto.randomUUID()],
      cursos: [
        { id: crypto.randomUUID(), titulo: 'Inglês Intensivo' },
        { id: crypto.randomUUID(), titulo: 'Preparatório ENEM' },
      ],
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
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
};

function perCall(fn: () => unknown): number {
  for (let i = 0; i < 50; i++) fn();
  const started = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i++) fn();
  return Number(process.hrtime.bigint() - started) / 1e6 / ROUNDS;
}

console.log(`| list (${ROWS} rows) | JSON.stringify ms | response schema ms | added ms |`);
console.log('| --- | --- | --- | --- |');
for (const [name, { schema, rows }] of Object.entries(pages)) {
  const serialize = serializerCompiler({ schema, method: 'GET', url: `/api/${name}` }) as (data: unknown) => string;
  // Some rows carry a field the schema leaves out (userId): the two outputs differ only by it.
  const bare = perCall(() => JSON.stringify(rows));
  const zod = perCall(() => serialize(rows));
  console.log(`| ${name} | ${bare.toFixed(2)} | ${zod.toFixed(2)} | ${(zod - bare).toFixed(2)} |`);
}
