import { describe, expect, it } from 'vitest';
import {
  addBusinessTime,
  businessTimeBetween,
  easter,
  HOUR_MS,
  isBusinessDay,
  isHoliday,
  MINUTE_MS,
} from './business-time';
import { deadlines, pauseLength } from './sla';

/** A São Paulo wall-clock time (UTC-03:00) as an instant. */
const sp = (local: string) => new Date(`${local}-03:00`);
/** A calendar day as the module names it: the UTC midnight of that date. */
const day = (date: string) => Date.parse(`${date}T00:00:00Z`);

describe('business time (Mon-Fri 08:00-18:00 São Paulo, national holidays)', () => {
  it('finds Easter and the holidays counted from it', () => {
    expect(new Date(easter(2026)).toISOString().slice(0, 10)).toBe('2026-04-05');
    expect(new Date(easter(2027)).toISOString().slice(0, 10)).toBe('2027-03-28');
    // 2026: Carnaval 16-17 Feb, Sexta-feira Santa 3 Apr, Corpus Christi 4 Jun.
    for (const date of ['2026-02-16', '2026-02-17', '2026-04-03', '2026-06-04']) {
      expect(isHoliday(day(date)), date).toBe(true);
    }
    // Fixed dates, 20 November included.
    for (const date of [
      '2026-01-01',
      '2026-04-21',
      '2026-05-01',
      '2026-09-07',
      '2026-10-12',
      '2026-11-02',
      '2026-11-20',
      '2026-12-25',
    ]) {
      expect(isHoliday(day(date)), date).toBe(true);
    }
    expect(isHoliday(day('2026-02-18'))).toBe(false); // Quarta-feira de Cinzas is a working day here
    expect(isBusinessDay(day('2026-11-21'))).toBe(false); // Saturday
    expect(isBusinessDay(day('2026-11-23'))).toBe(true); // Monday
  });

  it('carries a ticket opened on a Friday at 17:50 over the weekend', () => {
    // 1 h: 10 min on Friday, 50 min on Monday.
    expect(addBusinessTime(sp('2026-11-27T17:50:00'), HOUR_MS)).toEqual(sp('2026-11-30T08:50:00'));
    // 8 h from Friday 17:50: 10 min + 7 h 50 min on Monday.
    expect(addBusinessTime(sp('2026-11-27T17:50:00'), 8 * HOUR_MS)).toEqual(sp('2026-11-30T15:50:00'));
  });

  it('starts at 08:00 before opening, at the next working day after closing, and skips holidays', () => {
    expect(addBusinessTime(sp('2026-11-24T06:00:00'), 30 * MINUTE_MS)).toEqual(sp('2026-11-24T08:30:00'));
    expect(addBusinessTime(sp('2026-11-24T19:00:00'), HOUR_MS)).toEqual(sp('2026-11-25T09:00:00'));
    // Thursday 19 Nov 2026 at 17:00 + 2 h: 1 h on Thursday, Friday 20 Nov is a holiday, weekend -> Monday 09:00.
    expect(addBusinessTime(sp('2026-11-19T17:00:00'), 2 * HOUR_MS)).toEqual(sp('2026-11-23T09:00:00'));
    // Carnaval: Friday 13 Feb 2026 17:00 + 2 h -> Wednesday 18 Feb 09:00.
    expect(addBusinessTime(sp('2026-02-13T17:00:00'), 2 * HOUR_MS)).toEqual(sp('2026-02-18T09:00:00'));
    // Exactly the close of the day stays on that day.
    expect(addBusinessTime(sp('2026-11-24T08:00:00'), 10 * HOUR_MS)).toEqual(sp('2026-11-24T18:00:00'));
    expect(addBusinessTime(sp('2026-11-24T10:00:00'), 0)).toEqual(sp('2026-11-24T10:00:00'));
  });

  it('counts business time between two instants, nothing on weekends, nights and holidays', () => {
    expect(businessTimeBetween(sp('2026-11-27T17:00:00'), sp('2026-11-30T09:00:00'))).toBe(2 * HOUR_MS);
    expect(businessTimeBetween(sp('2026-11-28T09:00:00'), sp('2026-11-29T17:00:00'))).toBe(0);
    expect(businessTimeBetween(sp('2026-11-19T12:00:00'), sp('2026-11-23T12:00:00'))).toBe(10 * HOUR_MS);
    expect(businessTimeBetween(sp('2026-11-24T12:00:00'), sp('2026-11-24T11:00:00'))).toBe(0);
  });

  it('is the inverse of adding business time', () => {
    const start = sp('2026-12-23T16:20:00');
    for (const hours of [1, 4, 8, 10, 30, 50]) {
      const end = addBusinessTime(start, hours * HOUR_MS);
      expect(businessTimeBetween(start, end), `${hours} h`).toBe(hours * HOUR_MS);
    }
  });
});

describe('SLA deadlines', () => {
  it('sets first response and resolution by priority, in business time', () => {
    const inicio = sp('2026-11-27T17:50:00'); // a Friday
    expect(deadlines({ prioridade: 'critica', inicio, pausaMs: 0 })).toEqual({
      primeiraRespostaAte: sp('2026-11-30T08:50:00'),
      resolucaoAte: sp('2026-11-30T15:50:00'),
    });
    expect(deadlines({ prioridade: 'alta', inicio, pausaMs: 0 })).toEqual({
      primeiraRespostaAte: sp('2026-11-30T11:50:00'),
      resolucaoAte: sp('2026-11-30T17:50:00'),
    });
    expect(deadlines({ prioridade: 'media', inicio, pausaMs: 0 }).resolucaoAte).toEqual(sp('2026-12-02T17:50:00'));
    expect(deadlines({ prioridade: 'baixa', inicio, pausaMs: 0 })).toEqual({
      primeiraRespostaAte: sp('2026-11-30T17:50:00'),
      resolucaoAte: sp('2026-12-04T17:50:00'),
    });
  });

  it('a pause across a weekend moves the deadline by the business hours it lasted only', () => {
    const inicio = sp('2026-11-26T10:00:00'); // Thursday; crítica resolves by Thursday 18:00
    // Waiting on the requester from Friday 16:00 to Monday 10:00: 2 h + 2 h of business time.
    const pausa = pauseLength(sp('2026-11-27T16:00:00'), sp('2026-11-30T10:00:00'));
    expect(pausa).toBe(4 * HOUR_MS);
    expect(deadlines({ prioridade: 'critica', inicio, pausaMs: 0 }).resolucaoAte).toEqual(sp('2026-11-26T18:00:00'));
    expect(deadlines({ prioridade: 'critica', inicio, pausaMs: pausa }).resolucaoAte).toEqual(
      sp('2026-11-27T12:00:00'),
    );
  });
});
