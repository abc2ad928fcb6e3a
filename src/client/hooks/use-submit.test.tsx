// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useSubmit } from './use-submit';

afterEach(cleanup);

describe('useSubmit (issue 23, defect 7: one click, one request)', () => {
  it('sends once when the form is submitted twice before the answer, then again after it', async () => {
    let answer: (value: string) => void = () => undefined;
    const send = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useSubmit(send, { onSuccess }));

    // A double tap: both submits arrive before React draws the button disabled.
    act(() => {
      result.current.mutate('primeiro');
      result.current.mutate('segundo');
    });
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith('primeiro');
    expect(result.current.isPending).toBe(true);

    await act(async () => answer('ok'));
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onSuccess).toHaveBeenCalledWith('ok', 'primeiro');
    expect(result.current.isPending).toBe(false);

    act(() => result.current.mutate('depois'));
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith('depois');
  });

  it('opens again after a refusal, so the corrected form can be sent', async () => {
    let refuse: (error: Error) => void = () => undefined;
    const send = vi.fn(() => new Promise<string>((_resolve, reject) => (refuse = reject)));
    const onError = vi.fn();
    const { result } = renderHook(() => useSubmit(send, { onError }));
    act(() => result.current.mutate('a'));
    await act(async () => refuse(new Error('Dados inválidos')));
    expect(onError).toHaveBeenCalledWith(new Error('Dados inválidos'));
    act(() => result.current.mutate('b'));
    expect(send).toHaveBeenCalledTimes(2);
  });
});
