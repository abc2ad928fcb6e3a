// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { HistoricoEntry } from '@shared/schemas/acompanhamento';
import { LeadTimeline } from './lead-timeline';

afterEach(cleanup);

const historico: HistoricoEntry[] = [
  {
    id: 'h-2',
    tipo: 'whatsapp',
    em: '2026-11-21T15:30:00.000Z',
    autor: null,
    dados: { texto: 'Confirmo a presença <img src=x onerror=alert(1)> às 9h' },
  },
  { id: 'h-1', tipo: 'inscricao', em: '2026-11-20T12:00:00.000Z', autor: null, dados: {} },
];

describe('the lead history (issue 47)', () => {
  it("shows the family's WhatsApp message beside the other entries, as text", () => {
    const { container } = render(<LeadTimeline historico={historico} />);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Mensagem recebida pelo WhatsApp')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Confirmo a presença <img src=x onerror=alert(1)> às 9h')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(within(items[1]!).getByText('Inscrição no evento')).toBeInTheDocument();
  });
});
