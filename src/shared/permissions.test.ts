import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS, rolesFor, type Action } from './permissions';
import { ROLES } from './roles';

describe('permissions', () => {
  it('never lets a vendedor read matrículas or move an event between clientes (DESIGN §4.1)', () => {
    expect(can('vendedor', 'matriculas.ler')).toBe(false);
    expect(can('vendedor', 'eventos.trocarCliente')).toBe(false);
    expect(can('cliente', 'matriculas.ler')).toBe(true);
    const movers = rolesFor('eventos.trocarCliente');
    expect(movers.filter((role) => !can(role, 'matriculas.ler') || !can(role, 'eventos.editar'))).toEqual([]);
  });

  it('gives answering tickets to the franqueador alone', () => {
    expect(ROLES.filter((role) => can(role, 'sac.responder'))).toEqual(['franqueador']);
  });

  it('lets nobody write what it cannot read', () => {
    const entities = new Set(Object.keys(PERMISSIONS).map((action) => action.split('.')[0]));
    for (const entity of entities) {
      const read = `${entity}.ler` as Action;
      if (!(read in PERMISSIONS)) continue;
      for (const verb of ['criar', 'editar', 'gerenciar', 'trocarCliente']) {
        const write = `${entity}.${verb}` as Action;
        if (!(write in PERMISSIONS)) continue;
        const readers = rolesFor(read) as readonly string[];
        expect({ write, outside: rolesFor(write).filter((role) => !readers.includes(role)) }).toEqual({
          write,
          outside: [],
        });
      }
    }
  });
});
