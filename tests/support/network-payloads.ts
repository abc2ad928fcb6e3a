import { eq } from 'drizzle-orm';
import { makeCnpj, makeCpf } from '../../src/shared/brazil-ids';
import type { Database } from '../../src/server/db/connect';
import { clientes, franqueadores, franquias, microFranquias, users, vendedores } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/lib/password';

/** Valid, unique bodies for the network's create calls, and a second franqueador's network to test scopes. */

let sequence = Math.floor(Math.random() * 1_000_000);
const nextBase = (digits: number) => {
  sequence += 1;
  return `${Date.now() % 1_000_000}${sequence}`.padStart(digits, '7').slice(-digits);
};

export const uniqueCnpj = () => makeCnpj(nextBase(12));
export const uniqueCpf = () => makeCpf(nextBase(9));
export const uniqueEmail = (prefix: string) => `${prefix}.${nextBase(9)}@teste.com.br`;

/** As the form sends it: masks stripped (the server accepts masks too). */
export function empresaPayload(overrides: Record<string, unknown> = {}) {
  return {
    razaoSocial: `Empresa Teste ${nextBase(6)} Ltda`,
    cnpj: uniqueCnpj(),
    repLegal: 'Maria da Silva',
    cpf: uniqueCpf(),
    dataNascimento: '1985-04-12',
    telefone: '11987654321',
    endereco: 'Rua das Flores, 100 - Centro',
    cep: '01310100',
    cidade: 'São Paulo',
    estado: 'SP',
    email: uniqueEmail('empresa'),
    password: 'segredo123',
    ...overrides,
  };
}

export function clientePayload(overrides: Record<string, unknown> = {}) {
  return {
    nomeFantasia: `Escola Teste ${nextBase(6)}`,
    cnpj: uniqueCnpj(),
    repLegal: 'João Souza',
    produto: 'todos_pela_educacao',
    kit: 'essencial',
    cpf: uniqueCpf(),
    telefone: '19987654321',
    endereco: 'Av. Brasil, 200 - Centro',
    cep: '13010111',
    cidade: 'Campinas',
    estado: 'SP',
    email: uniqueEmail('cliente'),
    password: 'segredo123',
    ...overrides,
  };
}

export function vendedorPayload(overrides: Record<string, unknown> = {}) {
  return {
    nome: `Vendedor Teste ${nextBase(4)}`,
    cpf: uniqueCpf(),
    dataNascimento: '1994-02-20',
    endereco: 'Rua do Comércio, 12 - Centro',
    telefone: '19991234567',
    email: uniqueEmail('vendedor'),
    password: 'segredo123',
    role: 'vendedor',
    ...overrides,
  };
}

export interface OtherNetwork {
  franqueadorEmail: string;
  franquiaId: string;
  microFranquiaId: string;
  clienteId: string;
  vendedorUserId: string;
  clienteUserId: string;
  /** The franquia's and the micro-franquia's logins, and the vendedor's record. */
  franquiaUserId: string;
  microFranquiaUserId: string;
  vendedorId: string;
}

/** A second franqueador with one franquia, micro-franquia, vendedor and cliente: none of it is the demo's. */
export async function insertOtherNetwork(db: Database, password = 'demo1234'): Promise<OtherNetwork> {
  const hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const newUser = async (values: Omit<typeof users.$inferInsert, 'password'>) =>
      (
        await tx
          .insert(users)
          .values({ ...values, password: hash })
          .returning({ id: users.id })
      )[0]!.id;
    const franqueadorEmail = uniqueEmail('outro.franqueador');
    const franqueadorUser = await newUser({ email: franqueadorEmail, role: 'franqueador', nome: 'Outro Franqueador' });
    const [franqueador] = await tx
      .insert(franqueadores)
      .values({ userId: franqueadorUser, razaoSocial: 'Outra Rede S.A.', cnpj: uniqueCnpj() })
      .returning({ id: franqueadores.id });
    await tx.update(users).set({ franqueadorId: franqueador!.id }).where(eq(users.id, franqueadorUser));

    const franquiaUser = await newUser({ email: uniqueEmail('outra.franquia'), role: 'franquia', nome: 'Outra' });
    const [franquia] = await tx
      .insert(franquias)
      .values({
        franqueadorId: franqueador!.id,
        userId: franquiaUser,
        razaoSocial: 'Outra Franquia Ltda',
        cnpj: uniqueCnpj(),
        repLegal: 'Outra Pessoa',
      })
      .returning({ id: franquias.id });
    await tx.update(users).set({ franquiaId: franquia!.id }).where(eq(users.id, franquiaUser));

    const microUser = await newUser({ email: uniqueEmail('outra.micro'), role: 'micro_franquia', nome: 'Outra Micro' });
    const [micro] = await tx
      .insert(microFranquias)
      .values({
        franquiaId: franquia!.id,
        userId: microUser,
        razaoSocial: 'Outra Micro ME',
        cnpj: uniqueCnpj(),
        repLegal: 'Outra Micro',
      })
      .returning({ id: microFranquias.id });
    await tx.update(users).set({ microFranquiaId: micro!.id }).where(eq(users.id, microUser));

    const vendedorUserId = await newUser({
      email: uniqueEmail('outro.vendedor'),
      role: 'vendedor',
      nome: 'Outro Vendedor',
      microFranquiaId: micro!.id,
    });
    const [vendedor] = await tx
      .insert(vendedores)
      .values({ microFranquiaId: micro!.id, userId: vendedorUserId })
      .returning({ id: vendedores.id });

    const clienteUserId = await newUser({
      email: uniqueEmail('outro.cliente'),
      role: 'cliente',
      nome: 'Outra Escola',
      microFranquiaId: micro!.id,
    });
    const [cliente] = await tx
      .insert(clientes)
      .values({
        microFranquiaId: micro!.id,
        vendedorId: vendedor!.id,
        userId: clienteUserId,
        nomeFantasia: 'Outra Escola',
        cnpj: uniqueCnpj(),
        repLegal: 'Diretora',
      })
      .returning({ id: clientes.id });
    await tx.update(users).set({ clienteId: cliente!.id }).where(eq(users.id, clienteUserId));

    return {
      franqueadorEmail,
      franquiaId: franquia!.id,
      microFranquiaId: micro!.id,
      clienteId: cliente!.id,
      vendedorUserId,
      clienteUserId,
      franquiaUserId: franquiaUser,
      microFranquiaUserId: microUser,
      vendedorId: vendedor!.id,
    };
  });
}
