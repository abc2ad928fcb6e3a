// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { EfetivarButton } from './efetivar-button';

beforeAll(() => {
  // Radix Select's pointer handling, which jsdom lacks.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openConfirmation() {
  await userEvent.click(await screen.findByRole('button', { name: 'Ações de Lucas Oliveira' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Efetivar' }));
  return screen.findByRole('alertdialog', { name: 'Efetivar a matrícula de Lucas Oliveira?' });
}

const lucas = { id: 'p-1', nome: 'Lucas Oliveira', status: 'pendente' as const };
const ADM = {
  id: 'c-adm',
  titulo: 'Técnico em Administração',
  valor: 4800,
  valorComDesconto: 3840,
  parcelas: 12,
};
const INGLES = { id: 'c-ingles', titulo: 'Inglês Intensivo', valor: 1000, valorComDesconto: null, parcelas: 3 };
/** The confirmation's line naming the course the matrícula takes (Intl writes 'R$' with a no-break space). */
const ADM_COM_PRECO = 'Curso da matrícula: Técnico em Administração — R$ 3.840,00 em 12x de R$ 320,00';
const findCursoDaMatricula = (dialog: HTMLElement, text: string) =>
  within(dialog).findByText(
    (_, element) => element?.tagName === 'P' && element.textContent?.replace(/\u00a0/g, ' ') === text,
  );
const posts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
const matricula = { body: { id: 'm-1' }, status: 201 };

describe('EfetivarButton (issue 23)', () => {
  it('asks first, naming the student, and sends nothing on Cancelar', async () => {
    const fetchMock = mockFetch({});
    renderWithProviders(<EfetivarButton preMatricula={{ ...lucas, cursoInteresse: 'Técnico em Administração' }} />);
    const dialog = await openConfirmation();
    expect(dialog).toHaveTextContent('Esta ação não pode ser desfeita.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('sends one request for a double click: the button locks on the first click', async () => {
    const fetchMock = mockFetch({ 'POST /api/matriculas/efetivar/p-1': () => new Promise(() => {}) });
    renderWithProviders(<EfetivarButton preMatricula={{ ...lucas, cursoInteresse: 'Técnico em Administração' }} />);
    const dialog = await openConfirmation();
    const button = within(dialog).getByRole('button', { name: 'Efetivar' });
    // Two clicks in the same task, before React draws the disabled button: what a double click does.
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await within(dialog).findByRole('button', { name: 'Efetivando...' })).toBeDisabled();
    expect(posts(fetchMock)).toHaveLength(1);
    // A known course of interest: SPEC §7's call, without a body (the server takes that course).
    expect(posts(fetchMock)[0]![1]!.body).toBeUndefined();
  });

  it("shows 'Efetivada' and no action for an effective one", async () => {
    renderWithProviders(<EfetivarButton preMatricula={{ ...lucas, status: 'efetivada', cursoInteresse: null }} />);
    expect(await screen.findByText('Efetivada')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('EfetivarButton: the course of the matrícula (issue 42)', () => {
  it("asks 'Curso da matrícula' among the event's courses, with their prices, when none is known", async () => {
    const fetchMock = mockFetch({
      'GET /api/pre-matriculas/p-1/cursos': { body: [INGLES, ADM] },
      'POST /api/matriculas/efetivar/p-1': matricula,
    });
    renderWithProviders(<EfetivarButton preMatricula={{ ...lucas, cursoInteresse: null }} />);
    const dialog = await openConfirmation();
    const select = await within(dialog).findByRole('combobox', { name: /Curso da matrícula/ });

    // Efetivar without a choice says what is missing and sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Efetivar' }));
    expect(await within(dialog).findByText('Escolha o curso da matrícula.')).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);

    await userEvent.click(select);
    // Intl writes 'R$' and the value with a no-break space between them.
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent?.replace(/\u00a0/g, ' '));
    expect(options).toEqual([
      'Inglês Intensivo — R$ 1.000,00 em 2x de R$ 333,33 e 1x de R$ 333,34',
      'Técnico em Administração — R$ 3.840,00 em 12x de R$ 320,00',
    ]);
    await userEvent.click(screen.getByRole('option', { name: /Técnico em Administração/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Efetivar' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(posts(fetchMock)[0]![1]!.body))).toEqual({ cursoId: 'c-adm' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it("names the event's only course and its price, and makes it effective with one click", async () => {
    const fetchMock = mockFetch({
      'GET /api/pre-matriculas/p-1/cursos': { body: [ADM] },
      'POST /api/matriculas/efetivar/p-1': matricula,
    });
    renderWithProviders(<EfetivarButton preMatricula={{ ...lucas, cursoInteresse: null }} />);
    const dialog = await openConfirmation();
    expect(await findCursoDaMatricula(dialog, ADM_COM_PRECO)).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Efetivar' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(posts(fetchMock)[0]![1]!.body))).toEqual({ cursoId: 'c-adm' });
  });

  it("names the course of interest with the price the matrícula freezes, and sends SPEC §7's call", async () => {
    const fetchMock = mockFetch({
      'GET /api/pre-matriculas/p-1/cursos': { body: [INGLES, ADM] },
      'POST /api/matriculas/efetivar/p-1': matricula,
    });
    renderWithProviders(<EfetivarButton preMatricula={{ ...lucas, cursoInteresse: 'técnico em administração' }} />);
    const dialog = await openConfirmation();
    expect(await findCursoDaMatricula(dialog, ADM_COM_PRECO)).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Efetivar' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(posts(fetchMock)[0]![1]!.body).toBeUndefined();
  });

  it('asks for the course when the server refuses the course of interest, and keeps the dialog open', async () => {
    const fetchMock = mockFetch({
      'GET /api/pre-matriculas/p-1/cursos': { body: [INGLES, ADM] },
      'POST /api/matriculas/efetivar/p-1': (body) =>
        body
          ? matricula
          : {
              status: 400,
              body: {
                message: 'Escolha o curso da matrícula.',
                errors: { cursoId: 'Escolha o curso da matrícula.' },
              },
            },
    });
    renderWithProviders(<EfetivarButton preMatricula={{ ...lucas, cursoInteresse: 'Robótica' }} />);
    const dialog = await openConfirmation();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Efetivar' }));
    const select = await within(dialog).findByRole('combobox', { name: /Curso da matrícula/ });
    expect(within(dialog).getByText('Escolha o curso da matrícula.')).toBeInTheDocument();
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: /Inglês Intensivo/ }));
    // The click lock opens again once the refused request is over (at most its 400 ms grace): a person takes longer.
    await new Promise((resolve) => setTimeout(resolve, 450));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Efetivar' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(2));
    expect(JSON.parse(String(posts(fetchMock)[1]![1]!.body))).toEqual({ cursoId: 'c-ingles' });
  });
});
