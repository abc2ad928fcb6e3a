import { describe, expect, it } from 'vitest';
import { codigoDeclaracao, iniciais } from './declaracao';

describe('the declaration code and initials (issue 23)', () => {
  it("is the id's first 8 characters, upper case", () => {
    expect(codigoDeclaracao('3f0c8b8e-6a55-4e8e-9d0a-0b7f1c2d3e4f')).toBe('3F0C8B8E');
  });

  it('shows a person as initials only, without the linking words', () => {
    expect(iniciais('Ana Souza Lima')).toBe('A. S. L.');
    expect(iniciais('  maria da conceição dos santos ')).toBe('M. C. S.');
    expect(iniciais('Élio D’Ávila')).toBe('É. D.');
    expect(iniciais(null)).toBe('');
  });
});
