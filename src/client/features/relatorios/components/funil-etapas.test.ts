import { describe, expect, it } from 'vitest';
import { contagem } from '@shared/schemas/relatorios';
import { funilEtapas } from './funil-etapas';

const pick = (totais: Parameters<typeof funilEtapas>[0]) =>
  funilEtapas(totais).map(({ stage, anterior, seguiram, perda, semCheckin }) => ({
    stage,
    anterior,
    seguiram,
    perda,
    semCheckin,
  }));

describe("Relatórios' funnel steps (issue 39, item 16)", () => {
  it('measures each step from the step before it when check-in is used', () => {
    expect(pick(contagem({ leads: 200, presencas: 120, preMatriculas: 48, matriculas: 12 }))).toEqual([
      { stage: 'leads', anterior: undefined, seguiram: undefined, perda: undefined, semCheckin: undefined },
      { stage: 'presencas', anterior: 'leads', seguiram: 0.6, perda: 80, semCheckin: undefined },
      // 48 of the 120 present, not of the 200 leads; 72 lost, not 152.
      { stage: 'preMatriculas', anterior: 'presencas', seguiram: 0.4, perda: 72, semCheckin: undefined },
      { stage: 'matriculas', anterior: 'preMatriculas', seguiram: 0.25, perda: 36, semCheckin: undefined },
    ]);
  });

  it("does not lose 99% at the door when check-in was not used: presence is not a step (the issue's 217 / 2 / 45)", () => {
    const etapas = pick(contagem({ leads: 217, presencas: 2, preMatriculas: 45, matriculas: 9 }));
    expect(etapas[1]).toEqual({
      stage: 'presencas',
      anterior: undefined,
      seguiram: undefined,
      perda: undefined,
      semCheckin: true,
    });
    expect(etapas[2]).toEqual({
      stage: 'preMatriculas',
      anterior: 'leads',
      seguiram: 0.2074,
      perda: 172,
      semCheckin: undefined,
    });
    expect(etapas[3]).toEqual({
      stage: 'matriculas',
      anterior: 'preMatriculas',
      seguiram: 0.2,
      perda: 36,
      semCheckin: undefined,
    });
  });
});
