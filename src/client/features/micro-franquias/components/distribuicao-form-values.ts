import type { DistribuicaoInput, DistribuicaoModo, DistribuicaoView } from '@shared/schemas/distribuicao';

/** One row of the city table as the form edits it (`chave` keeps React's rows apart). */
export interface CidadeLinha {
  chave: string;
  cidade: string;
  estado: string;
  vendedorId: string;
}

export interface DistribuicaoFormValues {
  modo: DistribuicaoModo;
  cidades: CidadeLinha[];
}

let proxima = 0;
export const novaLinha = (valores: Partial<Omit<CidadeLinha, 'chave'>> = {}): CidadeLinha => ({
  chave: `linha-${++proxima}`,
  cidade: '',
  estado: '',
  vendedorId: '',
  ...valores,
});

export function distribuicaoFormValues(view: DistribuicaoView): DistribuicaoFormValues {
  return {
    modo: view.modo,
    cidades: view.cidades.map((c) => novaLinha({ cidade: c.cidade, estado: c.estado, vendedorId: c.vendedor.id })),
  };
}

/** The PUT's body: the table only in the city mode (the server refuses it otherwise), its texts trimmed. */
export function distribuicaoPayload(values: DistribuicaoFormValues): DistribuicaoInput {
  if (values.modo !== 'cidade') return { modo: values.modo };
  return {
    modo: 'cidade',
    cidades: values.cidades.map((linha) => ({
      cidade: linha.cidade.trim(),
      estado: linha.estado.trim().toUpperCase(),
      vendedorId: linha.vendedorId,
    })),
  };
}
