// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';

afterEach(cleanup);

function FormDialog() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'aberto' : 'fechado'}</p>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Novo Cliente</DialogTitle>
          <DialogDescription>Preencha os dados.</DialogDescription>
          <label htmlFor="nome">Nome</label>
          <input id="nome" />
          <button type="button" onClick={() => setOpen(false)}>
            Cancelar
          </button>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('DialogContent: typed data asks before closing (issue 23)', () => {
  it('closes at once on Esc while nothing was typed', async () => {
    render(<FormDialog />);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByText('fechado')).toBeInTheDocument();
  });

  it("asks on Esc once something was typed: 'Continuar editando' keeps the data, 'Descartar' closes", async () => {
    render(<FormDialog />);
    await userEvent.type(screen.getByLabelText('Nome'), 'Colégio');
    await userEvent.keyboard('{Escape}');
    const ask = await screen.findByRole('alertdialog', { name: 'Descartar as alterações?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Continuar editando' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('aberto')).toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toHaveValue('Colégio');

    await userEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    const again = await screen.findByRole('alertdialog', { name: 'Descartar as alterações?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Descartar' }));
    expect(screen.getByText('fechado')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Opened again, untouched: Esc closes at once.
    await userEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByText('fechado')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks on a click on the backdrop even when no press came before it (a renderer short of CPU)', async () => {
    render(<FormDialog />);
    await userEvent.type(screen.getByLabelText('Nome'), 'Colégio');
    // Only the click event: Radix's outside-press listener never sees it, as when its timer had not run yet.
    const backdrop = document.querySelector('[data-state="open"].fixed.inset-0');
    expect(backdrop).not.toBeNull();
    fireEvent.click(backdrop!);
    expect(await screen.findByRole('alertdialog', { name: 'Descartar as alterações?' })).toBeInTheDocument();
    expect(screen.getByText('aberto')).toBeInTheDocument();
  });

  it('lets the form’s own Cancelar close without asking', async () => {
    render(<FormDialog />);
    await userEvent.type(screen.getByLabelText('Nome'), 'Colégio');
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByText('fechado')).toBeInTheDocument();
  });
});

function SavedInPlace() {
  const [open, setOpen] = useState(true);
  const [saved, setSaved] = useState(false);
  return (
    <>
      <p>{open ? 'aberto' : 'fechado'}</p>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Responder Ticket</DialogTitle>
          <DialogDescription>Resposta.</DialogDescription>
          {saved ? (
            <p>Ticket já foi respondido</p>
          ) : (
            <>
              <label htmlFor="resolucao">Resolução</label>
              <textarea id="resolucao" />
              <button type="button" onClick={() => setSaved(true)}>
                Enviar
              </button>
            </>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('DialogContent after a save shown in place', () => {
  it('closes without asking once no field is left to lose', async () => {
    render(<SavedInPlace />);
    await userEvent.type(screen.getByLabelText('Resolução'), 'Resolvido');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.getByText('fechado')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
