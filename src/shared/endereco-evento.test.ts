import { describe, expect, it } from 'vitest';
import { enderecoCompleto, mapaUrl } from './endereco-evento';

describe("an event's street address (issue 51)", () => {
  const rua = {
    logradouro: 'Rua Barão de Jaguara',
    numero: '1000',
    complemento: 'Auditório, bloco B',
    bairro: 'Centro',
    cep: '13015001',
    cidade: 'Campinas',
    estado: 'SP',
  };

  it('writes the whole address, and the map link without the complemento', () => {
    expect(enderecoCompleto(rua)).toBe(
      'Rua Barão de Jaguara, 1000 - Auditório, bloco B - Centro, Campinas - SP, 13015-001',
    );
    expect(mapaUrl(rua)).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('Rua Barão de Jaguara, 1000 - Centro, Campinas - SP, 13015-001')}`,
    );
  });

  it('leaves out the parts the event does not have', () => {
    expect(enderecoCompleto({ logradouro: 'Av. Brasil', cidade: 'Valinhos', estado: 'SP' })).toBe(
      'Av. Brasil, Valinhos - SP',
    );
  });

  it('is no address without a logradouro, whatever else the event has', () => {
    expect(enderecoCompleto({ ...rua, logradouro: null })).toBeNull();
    expect(enderecoCompleto({ ...rua, logradouro: '  ' })).toBeNull();
    expect(mapaUrl({ ...rua, logradouro: undefined })).toBeNull();
  });
});
