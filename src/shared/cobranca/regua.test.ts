import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../brasilia';
import type { ParcelaStatus } from './parcelas';
import {
  ETAPAS_REGUA,
  type EtapaRegua,
  type EtapasDaRegua,
  type ParcelaDaRegua,
  REGUA_PADRAO,
  avisosDoDia,
  diaDaEtapa,
  etapaDoDia,
  quandoVence,
} from './regua';

const INICIO = '2027-01-01';
const DIAS = 60;
const dia = (n: number) => addDays(INICIO, n);

describe('the step due today (issue 43, ADR 078)', () => {
  it('is each step on its own day, switched-off steps never, and a step already sent never again', () => {
    const v = '2027-03-10';
    expect(etapaDoDia(v, '2027-03-06', REGUA_PADRAO, [])).toBeNull();
    expect(etapaDoDia(v, '2027-03-07', REGUA_PADRAO, [])).toBe('antes3');
    expect(etapaDoDia(v, '2027-03-10', REGUA_PADRAO, ['antes3'])).toBe('vencimento');
    expect(etapaDoDia(v, '2027-03-11', REGUA_PADRAO, ['antes3', 'vencimento'])).toBe('depois1');
    expect(etapaDoDia(v, '2027-03-17', REGUA_PADRAO, [])).toBe('depois7');
    expect(etapaDoDia(v, '2027-03-17', REGUA_PADRAO, ['depois7'])).toBeNull();
    expect(etapaDoDia(v, '2027-03-10', { ...REGUA_PADRAO, vencimento: false }, ['antes3'])).toBeNull();
    // A missed day is caught up within two days, with the latest step due only; never older.
    expect(etapaDoDia(v, '2027-03-12', REGUA_PADRAO, ['antes3'])).toBe('depois1');
    expect(etapaDoDia(v, '2027-03-20', REGUA_PADRAO, ['antes3'])).toBeNull();
    expect(etapaDoDia(v, '2027-03-15', REGUA_PADRAO, [])).toBeNull();
  });

  it('speaks of the due date from today', () => {
    expect(quandoVence('2027-03-10', '2027-03-07')).toBe('vence em 3 dias');
    expect(quandoVence('2027-03-10', '2027-03-09')).toBe('vence amanhã');
    expect(quandoVence('2027-03-10', '2027-03-10')).toBe('vence hoje');
    expect(quandoVence('2027-03-10', '2027-03-11')).toBe('venceu ontem');
    expect(quandoVence('2027-03-10', '2027-03-17')).toBe('venceu há 7 dias');
  });
});

interface Cenario {
  familia: number;
  vence: number;
  /** The day the family paid (the next day's run sees it paid), or null. */
  pagaNo: number | null;
  /** The day the parcela was cancelled or refunded, or null. */
  encerradaNo: number | null;
  franquia: number;
}

const cenario = fc.record({
  parcelas: fc.array(
    fc.record({
      familia: fc.integer({ min: 0, max: 3 }),
      vence: fc.integer({ min: 0, max: DIAS - 1 }),
      pagaNo: fc.option(fc.integer({ min: 0, max: DIAS }), { nil: null }),
      encerradaNo: fc.option(fc.integer({ min: 0, max: DIAS }), { nil: null }),
      franquia: fc.integer({ min: 0, max: 1 }),
    }),
    { minLength: 1, maxLength: 12 },
  ),
  reguas: fc.array(
    fc.record({ antes3: fc.boolean(), vencimento: fc.boolean(), depois1: fc.boolean(), depois7: fc.boolean() }),
    {
      minLength: 2,
      maxLength: 2,
    },
  ),
  /** The days the job ran twice (a retry, a second instance). */
  repetidos: fc.uniqueArray(fc.integer({ min: 0, max: DIAS - 1 }), { maxLength: 10 }),
});

/** What the run of day `d` reads of a parcela: paid or ended the day before or earlier, overdue once past due. */
function statusNoDia(c: Cenario, d: number): ParcelaStatus {
  if (c.encerradaNo !== null && c.encerradaNo < d && (c.pagaNo === null || c.encerradaNo <= c.pagaNo))
    return 'cancelada';
  if (c.pagaNo !== null && c.pagaNo < d) return 'paga';
  return c.vence < d ? 'vencida' : 'aberta';
}

describe('the régua over random payment timelines (property)', () => {
  it('never notifies a parcela paid (or ended) before the step’s day, at most one message per family a day, each step once, every step on its day', () => {
    fc.assert(
      fc.property(cenario, ({ parcelas, reguas, repetidos }) => {
        const enviadas = parcelas.map(() => [] as EtapaRegua[]);
        const envios: { parcela: number; etapa: EtapaRegua; dia: number }[] = [];
        const mensagens = new Map<string, number>();
        for (let d = 0; d < DIAS; d += 1) {
          const hoje = dia(d);
          for (let run = 0; run < (repetidos.includes(d) ? 2 : 1); run += 1) {
            const estado: (ParcelaDaRegua & { i: number })[] = parcelas.map((c, i) => ({
              i,
              id: `p${i}`,
              familia: `f${c.familia}`,
              vencimento: dia(c.vence),
              status: statusNoDia(c, d),
              etapas: reguas[c.franquia] as EtapasDaRegua,
              enviadas: enviadas[i]!,
            }));
            for (const aviso of avisosDoDia(estado, hoje)) {
              expect(aviso.itens.length).toBeGreaterThan(0);
              expect(new Set(aviso.itens.map((it) => it.parcela.familia))).toEqual(new Set([aviso.familia]));
              const chave = `${aviso.familia} ${d}`;
              mensagens.set(chave, (mensagens.get(chave) ?? 0) + 1);
              for (const { parcela, etapa } of aviso.itens) {
                enviadas[parcela.i]!.push(etapa);
                envios.push({ parcela: parcela.i, etapa, dia: d });
              }
            }
          }
        }
        // At most one message per family a day, whatever the reruns.
        for (const n of mensagens.values()) expect(n).toBe(1);
        const vistos = new Set<string>();
        for (const e of envios) {
          const c = parcelas[e.parcela]!;
          const diaDaEtapaN = ETAPAS_REGUA.indexOf(e.etapa) >= 0 ? diaDaEtapa(dia(c.vence), e.etapa) : '';
          // Never for a parcela paid or ended before the step's day (nor on the run's day).
          if (c.pagaNo !== null) expect(dia(c.pagaNo) >= diaDaEtapaN && c.pagaNo >= e.dia).toBe(true);
          if (c.encerradaNo !== null) expect(c.encerradaNo >= e.dia).toBe(true);
          // Only a step switched on, each once per parcela.
          expect(reguas[c.franquia]![e.etapa]).toBe(true);
          expect(vistos.has(`${e.parcela} ${e.etapa}`)).toBe(false);
          vistos.add(`${e.parcela} ${e.etapa}`);
        }
        // Every step switched on whose day fell in the timeline went out on its day, unless paid or ended before.
        parcelas.forEach((c, i) => {
          for (const etapa of ETAPAS_REGUA) {
            const n = c.vence + { antes3: -3, vencimento: 0, depois1: 1, depois7: 7 }[etapa];
            if (n < 0 || n >= DIAS || !reguas[c.franquia]![etapa]) continue;
            if (statusNoDia(c, n) === 'paga' || statusNoDia(c, n) === 'cancelada') continue;
            expect(envios.some((e) => e.parcela === i && e.etapa === etapa && e.dia === n)).toBe(true);
          }
        });
      }),
      { numRuns: 300 },
    );
  });
});
