import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Issue 49: a new version of the app waits; 'Nova versão disponível' is offered only when no screen is busy (a
 * check-in scanning or sending its queue), and 'Atualizar' asks the waiting worker to take over.
 */

function fakeServiceWorker({ controlled }: { controlled: boolean }) {
  const waiting = { postMessage: vi.fn(), state: 'installed' };
  const registration = {
    waiting,
    installing: null,
    addEventListener: vi.fn(),
    update: vi.fn(async () => {}),
  };
  const container = {
    controller: controlled ? {} : null,
    register: vi.fn(async () => registration),
    addEventListener: vi.fn(),
  };
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { serviceWorker: container }));
  return { container, waiting };
}

async function freshPwa() {
  vi.resetModules();
  return import('./pwa');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the app update', () => {
  it('offers the waiting version, hides it while a screen is busy, and activates it on Atualizar', async () => {
    const { container, waiting } = fakeServiceWorker({ controlled: true });
    const pwa = await freshPwa();
    const { result } = renderHook(() => pwa.useUpdateOffer());
    expect(result.current).toBe(false);
    await act(async () => {
      await pwa.registerServiceWorker(true);
    });
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(result.current).toBe(true);

    act(() => pwa.setBusy('check-in:1', true));
    expect(result.current).toBe(false);
    act(() => pwa.setBusy('check-in:1', false));
    expect(result.current).toBe(true);

    pwa.applyUpdate();
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(container.addEventListener).toHaveBeenCalledWith('controllerchange', expect.any(Function), {
      once: true,
    });
  });

  it('offers nothing on the first install, and registers nothing outside a production build', async () => {
    const { container } = fakeServiceWorker({ controlled: false });
    const pwa = await freshPwa();
    const { result } = renderHook(() => pwa.useUpdateOffer());
    await act(async () => {
      await pwa.registerServiceWorker(true);
    });
    expect(result.current).toBe(false);

    const again = await freshPwa();
    expect(await again.registerServiceWorker()).toBeNull();
    expect(container.register).toHaveBeenCalledTimes(1);
  });
});
