// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { STRAY_TAP_MS, useResultScreen } from './use-result-screen';

function ResultScreen({ onLeave }: { onLeave: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useResultScreen(headingRef);
  return (
    <section>
      <h1 ref={headingRef} tabIndex={-1}>
        PARABÉNS!
      </h1>
      <a href="/privacidade" onClick={onLeave}>
        Aviso de Privacidade
      </a>
    </section>
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useResultScreen: the screen that replaces a public form', () => {
  it('goes back to the top and gives the heading the focus', () => {
    render(<ResultScreen onLeave={() => undefined} />);
    expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'PARABÉNS!' }));
  });

  it("drops the double tap's second tap, which lands on the link now under the finger", () => {
    const onLeave = vi.fn();
    render(<ResultScreen onLeave={onLeave} />);
    const link = screen.getByRole('link', { name: 'Aviso de Privacidade' });
    const stray = fireEvent.click(link, { detail: 2 });
    expect(stray).toBe(false); // the browser does not follow the link
    expect(onLeave).not.toHaveBeenCalled();

    vi.advanceTimersByTime(STRAY_TAP_MS);
    fireEvent.click(link, { detail: 1 });
    expect(onLeave).toHaveBeenCalledTimes(1);
  });

  it("never drops a single tap or a keyboard's click, however soon", () => {
    const onLeave = vi.fn();
    render(<ResultScreen onLeave={onLeave} />);
    const link = screen.getByRole('link', { name: 'Aviso de Privacidade' });
    fireEvent.click(link, { detail: 1 });
    fireEvent.click(link, { detail: 0 });
    expect(onLeave).toHaveBeenCalledTimes(2);
  });
});
