import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';
import type { AccountFields } from './with-account';

/**
 * A franquia and a micro-franquia are the same company shape (SPEC §5 'a micro-franquia takes exactly the
 * franquia's fields'): the same columns, the same account fields and the same split between them.
 */
export interface EmpresaInput {
  razaoSocial: string;
  cnpj: string;
  repLegal: string;
  cpf: string;
  dataNascimento: string;
  telefone: string;
  endereco: string;
  cep: string;
  cidade: string;
  estado: string;
  /** ADR 088: absent keeps the key; null clears it. */
  chavePix?: string | null;
}

/** The company row's own fields of a create or edit payload. */
export const empresaRowOf = (input: EmpresaInput) => ({
  razaoSocial: input.razaoSocial,
  cnpj: input.cnpj,
  repLegal: input.repLegal,
  cep: input.cep,
  cidade: input.cidade,
  estado: input.estado,
});

/** Its account's: the legal representative is the person who signs in. */
export const empresaAccountOf = (input: EmpresaInput): AccountFields => ({
  nome: input.repLegal,
  cpf: input.cpf,
  dataNascimento: input.dataNascimento,
  telefone: input.telefone,
  endereco: input.endereco,
  ...(input.chavePix !== undefined ? { chavePix: input.chavePix } : {}),
});

const EMPRESA_COLUMNS = [
  'id',
  'razaoSocial',
  'cnpj',
  'repLegal',
  'cep',
  'cidade',
  'estado',
  'isActive',
  'createdAt',
  'userId',
] as const;
type EmpresaColumn = (typeof EMPRESA_COLUMNS)[number];

/** The columns a company list selects from its table, with its account nested as `user` (SPEC §3). */
export function empresaViewColumns<T extends Record<EmpresaColumn, AnyPgColumn>>(table: T) {
  const own = Object.fromEntries(EMPRESA_COLUMNS.map((name) => [name, table[name]])) as Pick<T, EmpresaColumn>;
  return {
    ...own,
    user: {
      email: users.email,
      nome: users.nome,
      cpf: users.cpf,
      dataNascimento: users.dataNascimento,
      telefone: users.telefone,
      endereco: users.endereco,
      chavePix: users.chavePix,
    },
  };
}
