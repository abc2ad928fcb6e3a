// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FunnelEvento, PreMatriculaItem } from '@shared/schemas/funnel';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { cursoInicial, SEM_CURSO } from './definir-curso-dialog';
import { PreMatriculasScreen } from './pre-matriculas-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const evento: FunnelEvento = {
  id: 'e-1',
  nomeEscola: 'Colégio Horizonte',
  cidade: 'Campinas',
  estado: 'SP',
  dataEvento: '2026-12-03',
};
const CURSOS = [
  { id: '5b0c3f2e-8d5a-4a7e-9f1e-1c2d3e4f5a61', titulo: 'Inglês Intensivo' },
  { id: '5b0c3f2e-8d5a-4a7e-9f1e-1c2d3e4f5a62', titulo: 'Técnico em Administração' },
];

function pre(overrides: Partial<PreMatriculaItem> = {}): PreMatriculaItem {
  return {
    id: 'p-1',
    eventoId: evento.id,
    leadId: 'l-1',
    nome: 'Lucas Oliveira',
    nomeAluno: 'Lucas Oliveira',
    nomeResponsavel: 'Márcia Oliveira',
    email: 'lucas@email.com',
    telefone: '19987001122',
    consentimentoRevogado: false,
    cursoInteresse: null,
    status: 'pendente',
    createdAt: '2026-11-20T12:00:00.000Z',
    cpfResponsavel: '***.***.*89-01',
    evento,
    ...overrides,
  };
}

const resumo = { body: { total: 1, eventosAtivos: 1, taxaConversao: 1 } };

describe('cursoInicial', () => {
  it("starts on the row's course when its event offers it, otherwise on 'Curso a definir'", () => {
    expect(cursoInicial('Inglês Intensivo', CURSOS)).toBe(CURSOS[0]!.id);
    expect(cursoInicial(null, CURSOS)).toBe(SEM_CURSO);
    expect(cursoInicial('Curso retirado', CURSOS)).toBe(SEM_CURSO);
  });
});

describe("Pré-Matrículas: 'Definir curso' and the record (issue 23)", () => {
  it("sets the course from the row's menu, and 'Curso a definir' gives way to it", async () => {
    let stored: string | null = null;
    const patches: unknown[] = [];
    mockFetch({
      'GET /api/leads/eventos': { body: [evento] },
      'GET /api/pre-matriculas/resumo': resumo,
      'GET /api/pre-matriculas': () => ({ body: [pre({ cursoInteresse: stored })] }),
      'GET /api/pre-matriculas/p-1/cursos': { body: CURSOS },
      'PATCH /api/pre-matriculas/p-1': (body) => {
        patches.push(body);
        stored = CURSOS.find((c) => c.id === (body as { cursoId: string }).cursoId)!.titulo;
        return { body: { id: 'p-1', cursoInteresse: stored } };
      },
    });
    renderWithProviders(<PreMatriculasScreen podeDefinirCurso leadsPath="/interesses" />);
    const table = await screen.findByRole('table', { name: 'Pré-Matrículas' });
    const row = await within(table).findByRole('row', { name: /Lucas Oliveira/ });
    expect(within(row).getByText('Curso a definir')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Ações de Lucas Oliveira' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Definir curso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Definir curso' });
    const select = await within(dialog).findByRole('combobox', { name: 'Curso de interesse' });
    expect(select).toHaveValue('');
    await userEvent.selectOptions(select, 'Inglês Intensivo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar curso' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches).toEqual([{ cursoId: CURSOS[0]!.id }]);
    const updated = await within(table).findByRole('row', { name: /Inglês Intensivo/ });
    expect(within(updated).queryByText('Curso a definir')).not.toBeInTheDocument();
  });

  it("shows the server's pt-BR refusal in the dialog", async () => {
    mockFetch({
      'GET /api/leads/eventos': { body: [evento] },
      'GET /api/pre-matriculas/resumo': resumo,
      'GET /api/pre-matriculas': { body: [pre()] },
      'GET /api/pre-matriculas/p-1/cursos': { body: CURSOS },
      'PATCH /api/pre-matriculas/p-1': {
        status: 400,
        body: { message: 'Escolha um curso oferecido pelo evento desta pré-matrícula' },
      },
    });
    renderWithProviders(<PreMatriculasScreen podeDefinirCurso leadsPath="/interesses" />);
    const table = await screen.findByRole('table', { name: 'Pré-Matrículas' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Ações de Lucas Oliveira' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Definir curso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Definir curso' });
    await userEvent.selectOptions(await within(dialog).findByRole('combobox'), 'Técnico em Administração');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar curso' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Escolha um curso oferecido pelo evento desta pré-matrícula',
    );
  });

  it("opens the row's record from its name, with the links to the event's leads and the lead", async () => {
    mockFetch({
      'GET /api/leads/eventos': { body: [evento] },
      'GET /api/pre-matriculas/resumo': resumo,
      'GET /api/pre-matriculas': { body: [pre()] },
    });
    renderWithProviders(<PreMatriculasScreen podeDefinirCurso leadsPath="/interesses" />);
    const table = await screen.findByRole('table', { name: 'Pré-Matrículas' });
    await userEvent.click(await within(table).findByRole('button', { name: /Lucas Oliveira \(abrir/ }));
    const record = await screen.findByRole('dialog', { name: 'Pré-matrícula de Lucas Oliveira' });
    expect(within(record).getByText('Márcia Oliveira')).toBeInTheDocument();
    expect(within(record).getByText('***.***.*89-01')).toBeInTheDocument();
    expect(within(record).getByText('Curso a definir')).toBeInTheDocument();
    expect(within(record).getByRole('link', { name: 'Leads do evento' })).toHaveAttribute(
      'href',
      '/interesses?eventoId=e-1',
    );
    expect(within(record).getByRole('link', { name: 'Acompanhamento do lead' })).toHaveAttribute('href', '/leads/l-1');
    // Its 'Definir curso' closes the record and opens the dialog.
    await userEvent.click(within(record).getByRole('button', { name: 'Definir curso' }));
    expect(await screen.findByRole('dialog', { name: 'Definir curso' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Pré-matrícula de Lucas Oliveira' })).not.toBeInTheDocument();
  });
});
