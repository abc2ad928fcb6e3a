import { describe, expect, it } from 'vitest';
import { regraInputSchema, regraPatchSchema, type RegraView } from '@shared/schemas/comissao';
import { novaRegraPayload, REGRA_VAZIA, regraPatchPayload, regraValuesFrom } from './regra-form-values';

const regra: RegraView = {
  id: 'r1',
  franquiaId: null,
  franquia: null,
  cursoId: null,
  curso: null,
  beneficiario: 'vendedor',
  tipo: 'percentual',
  percentual: 5.5,
  valor: null,
  inicio: '2026-01-01',
  fim: null,
  editavel: true,
  criadaEm: '2026-01-01T00:00:00.000Z',
  atualizadaEm: '2026-01-01T00:00:00.000Z',
};

describe('the rule dialog values', () => {
  it('sends a percentage typed with a comma as the number the API takes, for the whole network', () => {
    const payload = novaRegraPayload({ ...REGRA_VAZIA('2026-11-27'), beneficiario: 'vendedor', percentual: '5,5' });
    expect(payload).toEqual({
      franquiaId: null,
      cursoId: null,
      beneficiario: 'vendedor',
      tipo: 'percentual',
      percentual: 5.5,
      valor: null,
      inicio: '2026-11-27',
      fim: null,
    });
    expect(regraInputSchema.safeParse(payload).success).toBe(true);
  });

  it('sends a fixed amount in reais and only it; a franquia and an end date when chosen', () => {
    const payload = novaRegraPayload({
      ...REGRA_VAZIA('2026-11-27'),
      franquiaId: 'f1',
      beneficiario: 'micro_franquia',
      tipo: 'fixo',
      percentual: '3',
      valor: '1.500,50',
      fim: '2026-12-31',
    });
    expect(payload).toMatchObject({
      franquiaId: 'f1',
      tipo: 'fixo',
      percentual: null,
      valor: 1500.5,
      fim: '2026-12-31',
    });
  });

  it('sends the curso chosen (ADR 093), and every curso when none is', () => {
    const doCurso = novaRegraPayload({
      ...REGRA_VAZIA('2026-11-27'),
      cursoId: '7d1c1d8e-5b0c-4c55-9a55-1f4f4b1f0a11',
      beneficiario: 'franquia',
      percentual: '2',
    });
    expect(doCurso.cursoId).toBe('7d1c1d8e-5b0c-4c55-9a55-1f4f4b1f0a11');
    expect(regraInputSchema.safeParse(doCurso).success).toBe(true);
    expect(regraValuesFrom({ ...regra, cursoId: doCurso.cursoId, curso: 'Inglês' }).cursoId).toBe(doCurso.cursoId);
    expect(regraValuesFrom(regra).cursoId).toBe('');
  });

  it('leaves the schema to say what is missing: no beneficiary, no percentage', () => {
    const vazia = regraInputSchema.safeParse(novaRegraPayload(REGRA_VAZIA('2026-11-27')));
    expect(vazia.error!.issues.map((i) => i.path.join('.'))).toEqual(['beneficiario']);
    const semPercentual = regraInputSchema.safeParse(
      novaRegraPayload({ ...REGRA_VAZIA('2026-11-27'), beneficiario: 'vendedor', percentual: ' ' }),
    );
    expect(semPercentual.error!.issues.map((i) => i.path.join('.'))).toEqual(['percentual']);
    const texto = regraInputSchema.safeParse(
      novaRegraPayload({ ...REGRA_VAZIA('2026-11-27'), beneficiario: 'vendedor', percentual: 'cinco' }),
    );
    expect(texto.error!.issues.map((i) => i.path.join('.'))).toEqual(['percentual']);
  });

  it('starts an edit from the rule as the screen shows it, and patches only its amount and period', () => {
    const values = regraValuesFrom(regra);
    expect(values).toMatchObject({ percentual: '5,5', inicio: '2026-01-01', fim: '' });
    const patch = regraPatchPayload({ ...values, percentual: '7', fim: '2026-12-31' });
    expect(patch).toEqual({ percentual: 7, inicio: '2026-01-01', fim: '2026-12-31' });
    expect(regraPatchSchema.parse(patch)).toEqual(patch);
  });
});
