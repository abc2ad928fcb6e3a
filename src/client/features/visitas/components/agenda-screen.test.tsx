// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VISITA_MESSAGES, type Agenda, type VisitaView } from '@shared/schemas/visita';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { AgendaScreen } from './agenda-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const HOJE = '2031-03-12';

function visita(overrides: Partial<VisitaView> = {}): VisitaView {
  return {
    id: 'v-1',
    clienteId: 'c-1',
    clienteNome: 'Colégio Horizonte',
    clienteCidade: 'Campinas',
    vendedorId: 'vd-1',
    vendedorNome: 'Marcos Vinícius Costa',
    // 09:30 in São Paulo.
    agendadaPara: '2031-03-12T12:30:00.000Z',
    objetivo: 'Apresentar o crédito educacional',
    notas: 'Falar com a coordenadora',
    status: 'agendada',
    resultado: null,
    motivo: null,
    registradaEm: null,
    eventoId: null,
    createdAt: '2031-03-01T12:00:00.000Z',
    ...overrides,
  };
}

function agenda(hoje: VisitaView[] = [visita()]): Agenda {
  return {
    dia: HOJE,
    hoje,
    semana: [
      visita({
        id: 'v-2',
        clienteId: 'c-2',
        clienteNome: 'Escola Estadual Valinhos',
        clienteCidade: 'Valinhos',
        // Friday 14:00 in São Paulo.
        agendadaPara: '2031-03-14T17:00:00.000Z',
        objetivo: 'Entregar os cartões',
        notas: null,
      }),
    ],
    retornos: {
      hoje: 2,
      atrasados: 1,
      itens: [
        {
          id: 'l-1',
          nomeAluno: 'Lucas Oliveira',
          nomeResponsavel: 'Márcia Oliveira',
          proximoContatoEm: '2031-03-10',
          status: 'em_contato',
        },
      ],
    },
    eventos: [
      {
        id: 'e-1',
        nomeEscola: 'Colégio Horizonte',
        dataEvento: '2031-03-20',
        horario: '19:00',
        cidade: 'Campinas',
        status: 'agendado',
      },
    ],
  };
}

/** The agenda, and the PATCHes sent (answered with the visit as the server would log it). */
function renderAgenda(onAgendouEvento = vi.fn(), dados = agenda()) {
  const patches: unknown[] = [];
  const fetchMock = mockFetch({
    'GET /api/user/agenda': { body: dados },
    'PATCH /api/visitas/v-1': (body) => {
      patches.push(body);
      const b = body as Partial<VisitaView>;
      return {
        body: visita({
          ...b,
          registradaEm: b.status ? '2031-03-12T13:00:00.000Z' : null,
        }),
      };
    },
  });
  renderWithProviders(
    <AgendaScreen
      hoje={HOJE}
      dia={HOJE}
      onDia={() => undefined}
      leadsPath="/interesses"
      podeRegistrar
      onAgendouEvento={onAgendouEvento}
    />,
  );
  return { patches, fetchMock };
}

const cartao = () => screen.findByRole('button', { name: /Colégio Horizonte/ });
const regiao = (name: string) => screen.getByRole('region', { name });

describe('Minha agenda (issue 49)', () => {
  it('shows the day’s visits with time, school, goal and notes, the week by day, the follow-up due and the events', async () => {
    renderAgenda();
    const hoje = await cartao();
    expect(hoje).toHaveTextContent('09:30');
    expect(hoje).toHaveTextContent('Apresentar o crédito educacional');
    expect(hoje).toHaveTextContent('Falar com a coordenadora');
    expect(hoje).toHaveTextContent('Agendada');
    expect(within(regiao('Visitas de hoje')).getAllByRole('listitem')).toHaveLength(1);

    const semana = regiao('Na semana');
    expect(within(semana).getByRole('heading', { name: 'Sexta-feira, 14/03/2031' })).toBeInTheDocument();
    expect(within(semana).getByRole('button', { name: /Escola Estadual Valinhos/ })).toHaveTextContent('14:00');

    const retornos = regiao('Retornos');
    expect(within(retornos).getByRole('link', { name: 'Retornos de hoje: 2' })).toHaveAttribute(
      'href',
      '/interesses?retorno=hoje',
    );
    expect(within(retornos).getByRole('link', { name: 'Atrasados: 1' })).toHaveAttribute(
      'href',
      '/interesses?retorno=atrasados',
    );
    expect(within(retornos).getByRole('link', { name: 'Lucas Oliveira' })).toHaveAttribute('href', '/leads/l-1');

    const eventos = regiao('Próximos eventos');
    expect(eventos).toHaveTextContent('20/03/2031 às 19:00');
    expect(within(eventos).getByRole('link', { name: /Check-in do evento Colégio Horizonte/ })).toHaveAttribute(
      'href',
      '/eventos/e-1/check-in',
    );
  });

  it('logs ‘Visita realizada’ with ‘Agendou evento’ in three taps, then hands the visit to the event’s dialog', async () => {
    const onAgendouEvento = vi.fn();
    const { patches } = renderAgenda(onAgendouEvento);
    const user = userEvent.setup();
    await user.click(await cartao());
    await user.click(screen.getByRole('button', { name: 'Visita realizada' }));
    await user.click(screen.getByRole('button', { name: 'Agendou evento' }));
    await waitFor(() => expect(patches).toEqual([{ status: 'realizada', resultado: 'agendou_evento' }]));
    await waitFor(() => expect(onAgendouEvento).toHaveBeenCalledTimes(1));
    expect(onAgendouEvento.mock.calls[0]![0]).toMatchObject({
      id: 'v-1',
      clienteId: 'c-1',
      resultado: 'agendou_evento',
    });
  });

  it('logs ‘Interessada’ in three taps without opening any dialog', async () => {
    const onAgendouEvento = vi.fn();
    const { patches } = renderAgenda(onAgendouEvento);
    const user = userEvent.setup();
    await user.click(await cartao());
    await user.click(screen.getByRole('button', { name: 'Visita realizada' }));
    await user.click(screen.getByRole('button', { name: 'Interessada' }));
    await waitFor(() => expect(patches).toEqual([{ status: 'realizada', resultado: 'interessada' }]));
    expect(await screen.findByText(VISITA_MESSAGES.registrada)).toBeInTheDocument();
    expect(onAgendouEvento).not.toHaveBeenCalled();
  });

  it('logs ‘Não realizada’ in two taps', async () => {
    const { patches } = renderAgenda();
    const user = userEvent.setup();
    await user.click(await cartao());
    await user.click(screen.getByRole('button', { name: 'Não realizada' }));
    await waitFor(() => expect(patches).toEqual([{ status: 'nao_realizada' }]));
  });

  it('asks the reason of ‘Sem interesse’ and sends nothing without it', async () => {
    const { patches } = renderAgenda();
    const user = userEvent.setup();
    await user.click(await cartao());
    await user.click(screen.getByRole('button', { name: 'Visita realizada' }));
    await user.click(screen.getByRole('button', { name: 'Sem interesse' }));
    const motivo = screen.getByRole('textbox', { name: 'Motivo do desinteresse' });
    await user.click(screen.getByRole('button', { name: 'Registrar sem interesse' }));
    expect(await screen.findByText(VISITA_MESSAGES.motivoObrigatorio)).toBeInTheDocument();
    expect(motivo).toHaveAttribute('aria-invalid', 'true');
    expect(patches).toEqual([]);
    await user.type(motivo, 'A diretoria prefere o próximo semestre');
    await user.click(screen.getByRole('button', { name: 'Registrar sem interesse' }));
    await waitFor(() =>
      expect(patches).toEqual([
        { status: 'realizada', resultado: 'sem_interesse', motivo: 'A diretoria prefere o próximo semestre' },
      ]),
    );
  });

  it('offers a logged visit no second outcome, and still its notes', async () => {
    const { patches } = renderAgenda(vi.fn(), agenda([visita({ status: 'realizada', resultado: 'interessada' })]));
    const user = userEvent.setup();
    const card = await cartao();
    expect(card).toHaveTextContent('Visita realizada · Interessada');
    await user.click(card);
    expect(screen.queryByRole('button', { name: 'Visita realizada' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Não realizada' })).toBeNull();
    const notas = screen.getByRole('textbox', { name: 'Notas' });
    await user.clear(notas);
    await user.type(notas, 'Pediu a proposta por e-mail');
    await user.click(screen.getByRole('button', { name: 'Salvar notas' }));
    await waitFor(() => expect(patches).toEqual([{ notas: 'Pediu a proposta por e-mail' }]));
  });
});
