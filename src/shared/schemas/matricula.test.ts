import { describe, expect, it } from 'vitest';
import { cursoDaMatricula, descricaoDoPreco, efetivarBodySchema, precoDoCurso } from './matricula';

const adm = { id: 'c-1', titulo: 'Técnico em Administração' };
const ingles = { id: 'c-2', titulo: 'Inglês Intensivo' };
const nbsp = (text: string | null) => text?.replace(/\u00a0/g, ' ');

describe('cursoDaMatricula (issue 42)', () => {
  it('takes the chosen course when the event offers it, and refuses another', () => {
    expect(cursoDaMatricula('Inglês Intensivo', [adm, ingles], 'c-1')).toEqual({ curso: adm });
    expect(cursoDaMatricula(null, [adm], 'c-9')).toEqual({ erro: 'foraDoEvento' });
  });

  it('takes the course of interest by its title, whatever its case and spaces', () => {
    expect(cursoDaMatricula(' técnico em administração ', [adm, ingles])).toEqual({ curso: adm });
  });

  it("never swaps a course of interest the event does not offer for the event's only one", () => {
    expect(cursoDaMatricula('Robótica', [adm])).toEqual({ erro: 'escolher' });
  });

  it("takes the event's only course when none is named; asks among several or none", () => {
    expect(cursoDaMatricula(null, [adm])).toEqual({ curso: adm });
    expect(cursoDaMatricula('', [adm, ingles])).toEqual({ erro: 'escolher' });
    expect(cursoDaMatricula(null, [])).toEqual({ erro: 'escolher' });
  });
});

describe('the price as the matrícula keeps it', () => {
  it('splits the discounted value when there is one, else the value', () => {
    expect(precoDoCurso({ valor: 1500, valorComDesconto: 1200, parcelas: 10 })).toEqual({
      valorTotal: 1200,
      parcelas: 10,
      valorParcela: 120,
      valorUltimaParcela: 120,
    });
    expect(precoDoCurso({ valor: 100, valorComDesconto: null, parcelas: 3 })).toEqual({
      valorTotal: 100,
      parcelas: 3,
      valorParcela: 33.33,
      valorUltimaParcela: 33.34,
    });
  });

  it("reads 'R$ 1.200,00 em 10x de R$ 120,00', the last parcela apart when it differs", () => {
    expect(nbsp(descricaoDoPreco(precoDoCurso({ valor: 1200, valorComDesconto: null, parcelas: 10 })))).toBe(
      'R$ 1.200,00 em 10x de R$ 120,00',
    );
    expect(nbsp(descricaoDoPreco(precoDoCurso({ valor: 100, valorComDesconto: null, parcelas: 3 })))).toBe(
      'R$ 100,00 em 2x de R$ 33,33 e 1x de R$ 33,34',
    );
    expect(nbsp(descricaoDoPreco(precoDoCurso({ valor: 960, valorComDesconto: null, parcelas: 1 })))).toBe(
      'R$ 960,00 à vista',
    );
    expect(
      descricaoDoPreco({ valorTotal: null, parcelas: null, valorParcela: null, valorUltimaParcela: null }),
    ).toBeNull();
  });
});

describe('efetivarBodySchema', () => {
  it('takes no body, an empty one or a course id; refuses anything else as a course', () => {
    expect(efetivarBodySchema.parse(null)).toBeNull();
    expect(efetivarBodySchema.parse(undefined)).toBeUndefined();
    expect(efetivarBodySchema.parse({ cursoId: '' })).toEqual({});
    expect(efetivarBodySchema.parse({ cursoId: '0b0b0b0b-0000-4000-8000-000000000000' })).toEqual({
      cursoId: '0b0b0b0b-0000-4000-8000-000000000000',
    });
    expect(efetivarBodySchema.safeParse({ cursoId: 'abc' }).success).toBe(false);
    expect(efetivarBodySchema.safeParse({ cursoId: 12 }).success).toBe(false);
  });
});
