// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { dismissToast, toast } from '@/lib/toast';
import { Toaster } from './toaster';

afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

describe('Toaster', () => {
  it('shows one toast at a time: the newest', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Cliente criado com sucesso' });
      toast({ variant: 'destructive', title: 'Erro ao criar cliente', description: 'CNPJ já cadastrado' });
    });
    const region = screen.getByRole('region', { name: /Notificações/ });
    expect(within(region).getAllByRole('listitem')).toHaveLength(1);
    expect(within(region).getByText('Erro ao criar cliente')).toBeInTheDocument();
    expect(within(region).getByText('CNPJ já cadastrado')).toBeInTheDocument();
    expect(within(region).queryByText('Cliente criado com sucesso')).not.toBeInTheDocument();
  });

  it('closes a toast from its close button', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Curso criado' });
    });
    const region = screen.getByRole('region', { name: /Notificações/ });
    act(() => within(region).getByRole('button', { name: 'Fechar' }).click());
    expect(within(region).queryByText('Curso criado')).not.toBeInTheDocument();
  });
});

describe('Toaster action (issue 23)', () => {
  it("offers 'Desfazer': a click runs it and closes the toast", async () => {
    render(<Toaster />);
    let undone = 0;
    act(() => {
      toast({
        variant: 'success',
        title: 'Curso desativado',
        action: { label: 'Desfazer', altText: 'Reative o curso na sua lista', onClick: () => (undone += 1) },
      });
    });
    const region = screen.getByRole('region', { name: /Notificações/ });
    act(() => within(region).getByRole('button', { name: 'Desfazer' }).click());
    expect(undone).toBe(1);
    expect(within(region).queryByText('Curso desativado')).not.toBeInTheDocument();
  });
});
