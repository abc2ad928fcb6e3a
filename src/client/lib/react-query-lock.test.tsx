// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useApiMutation } from './react-query';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

describe('useApiMutation: one click, one request (issue 23, defect 7)', () => {
  it('sends the same input once while its request is on its way, and other inputs at once', async () => {
    let release: () => void = () => undefined;
    const fetcher = vi.fn(
      (input: { id: string }) => new Promise<{ id: string }>((resolve) => (release = () => resolve(input))),
    );
    const { result } = renderHook(() => useApiMutation(fetcher, {}), { wrapper });
    let first: Promise<unknown> = Promise.resolve();
    let second: Promise<unknown> = Promise.resolve();
    await act(async () => {
      first = result.current.mutateAsync({ id: 'a' });
      second = result.current.mutateAsync({ id: 'a' });
      result.current.mutate({ id: 'a' });
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
    await act(async () => {
      release();
      await first;
    });
    // Once answered, the same input may be sent again (a form corrected and sent once more).
    await act(async () => {
      result.current.mutate({ id: 'a' });
      result.current.mutate({ id: 'b' });
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(fetcher).toHaveBeenCalledTimes(3);
  });
});
