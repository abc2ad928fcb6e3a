// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { useResultScreen } from './use-result-screen';

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
/** The result screen, drawn, with the link that slides under the finger and what following it would do. */
function renderResult() {
  const onLeave = vi.fn();
  render(<ResultScreen onLeave={onLeave} />);
  return { onLeave, link: screen.getByRole('link', { name: 'Aviso de Privacidade' }) };
}

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
    const { onLeave, link } = renderResult();
    const stray = fireEvent.click(link, { detail: 2 });
    expect(stray).toBe(false); // the browser does not follow the link
    expect(onLeave).not.toHaveBeenCalled();

    fireEvent.click(link, { detail: 1 });
    expect(onLeave).toHaveBeenCalledTimes(1);
  });

  it('drops that second tap however late a busy phone delivers it', () => {
    const { onLeave, link } = renderResult();
    vi.advanceTimersByTime(2_000);
    expect(fireEvent.mouseDown(link, { detail: 2 })).toBe(false); // nor selects the word under it
    expect(fireEvent.click(link, { detail: 2 })).toBe(false);
    expect(fireEvent.click(link, { detail: 3 })).toBe(false);
    expect(onLeave).not.toHaveBeenCalled();
  });

  it('keeps a double tap the family begins on the new screen', () => {
    const { onLeave, link } = renderResult();
    fireEvent.click(link, { detail: 1 });
    fireEvent.click(link, { detail: 2 });
    expect(onLeave).toHaveBeenCalledTimes(2);
  });

  it("never drops a single tap or a keyboard's click, however soon", () => {
    const { onLeave, link } = renderResult();
    fireEvent.click(link, { detail: 1 });
    fireEvent.click(link, { detail: 0 });
    expect(onLeave).toHaveBeenCalledTimes(2);
  });
});
