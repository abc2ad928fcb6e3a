import { describe, expect, it } from 'vitest';
import type { AuditoriaItem } from '@shared/schemas/auditoria';
import { registroHref } from './registro';

const item = (over: Partial<AuditoriaItem>): AuditoriaItem => ({
  id: 'a-1',
  em: '2026-12-06T10:00:00.000Z',
  usuario: null,
  papel: 'franqueador',
  acao: 'sac_nota_interna.criar',
  entidade: 'sac_nota_interna',
  entidadeId: '11111111-1111-4111-8111-111111111111',
  entidadeExiste: true,
  alteracoes: null,
  detalhes: null,
  ip: null,
  userAgent: null,
  requestId: null,
  ...over,
});

describe('registroHref', () => {
  it("opens a SAC note's ticket list and an envio's list for a role that may open them, and nothing for one that may not", () => {
    expect(registroHref(item({}), 'franqueador')).toBe('/sac');
    const envio = item({ acao: 'envio.reenviar', entidade: 'envio' });
    expect(registroHref(envio, 'franqueador')).toBe('/envios');
    expect(registroHref(envio, 'franquia')).toBeNull();
  });

  it('names a record that no longer exists without a link', () => {
    expect(registroHref(item({ entidadeExiste: false }), 'franqueador')).toBeNull();
  });
});
