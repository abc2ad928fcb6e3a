import type { PedidoView, TitularRegistro } from '@shared/schemas/lgpd';

/**
 * A titular's record and request as the API answers them (issue 18), for the staff's LGPD screen and the
 * family's portal tests: one shape, so both follow the contract when it changes.
 */
export function titularRegistro(overrides: Partial<TitularRegistro> = {}): TitularRegistro {
  return {
    tipo: 'lead',
    id: 'l-1',
    criadoEm: '2026-11-20T12:00:00.000Z',
    nomeAluno: 'Ana Souza',
    nomeResponsavel: 'Maria Souza',
    email: 'maria@exemplo.com.br',
    telefone: '19987654321',
    cpfAluno: null,
    cpfResponsavel: null,
    escola: 'Colégio Horizonte',
    dataEvento: '2026-12-05',
    cidade: 'Campinas',
    estado: 'SP',
    consentimento: { versao: '1', em: '2026-11-20T12:00:00.000Z', revogadoEm: null },
    consentimentos: [],
    anonimizado: false,
    ...overrides,
  };
}

export function pedidoView(overrides: Partial<PedidoView> = {}): PedidoView {
  return {
    id: 'abcdef12-0000-4000-8000-000000000000',
    protocolo: 'ABCDEF12',
    tipo: 'correcao',
    status: 'aberto',
    email: 'maria@exemplo.com.br',
    detalhe: 'O telefone mudou',
    resposta: null,
    prazo: '2026-12-05T15:00:00.000Z',
    atrasado: false,
    createdAt: '2026-11-20T15:00:00.000Z',
    concluidoEm: null,
    ...overrides,
  };
}
