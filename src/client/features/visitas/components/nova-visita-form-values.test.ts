import { describe, expect, it } from 'vitest';
import { visitaFormSchema } from '@shared/schemas/visita';
import { novaVisitaDefaults, toVisitaBody } from './nova-visita-form-values';

const clienteId = '0b6f1c1e-8a4f-4f7e-9f43-3c2f1b7d9a10';

describe('Nova visita: the payload (issue 49)', () => {
  it('sends the day and time as São Paulo’s clocks read them, whatever the phone’s zone', () => {
    const values = visitaFormSchema.parse({ ...novaVisitaDefaults('2031-05-06'), clienteId, horario: '09:30' });
    expect(toVisitaBody(values)).toEqual({
      clienteId,
      agendadaPara: '2031-05-06T12:30:00.000Z',
      objetivo: null,
      notas: null,
    });
    // Late at night it is already the next day in UTC.
    const noite = visitaFormSchema.parse({ ...novaVisitaDefaults('2031-05-06'), clienteId, horario: '23:45' });
    expect(toVisitaBody(noite).agendadaPara).toBe('2031-05-07T02:45:00.000Z');
  });

  it('keeps the goal and the notes trimmed, and refuses a missing school or time in Portuguese', () => {
    const values = visitaFormSchema.parse({
      clienteId,
      dia: '2031-05-06',
      horario: '14:00',
      objetivo: '  Apresentar os cursos ',
      notas: 'Levar folhetos',
    });
    expect(toVisitaBody(values)).toMatchObject({ objetivo: 'Apresentar os cursos', notas: 'Levar folhetos' });
    const refused = visitaFormSchema.safeParse({ ...novaVisitaDefaults('2031-05-06'), horario: '25:00' });
    expect(refused.success).toBe(false);
    const messages = Object.fromEntries(refused.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      clienteId: 'Escolha a escola (cliente) da visita',
      horario: 'Informe o horário (hh:mm)',
    });
  });
});
