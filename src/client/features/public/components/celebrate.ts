/** Whether the visitor asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Confetti over the page, loaded only when a credit is activated (it stays out of the page's first download).
 * No worker: the CSP allows no blob: scripts, and the canvas draws fine on the main thread for a few seconds.
 */
export async function celebrate(): Promise<void> {
  if (prefersReducedMotion()) return;
  const { default: confetti } = await import('canvas-confetti');
  const fire = confetti.create(undefined, { resize: true, useWorker: false, disableForReducedMotion: true });
  const colors = ['#1d4ed8', '#fbbf24', '#15803d', '#ffffff'];
  void fire({ particleCount: 110, spread: 80, startVelocity: 45, origin: { y: 0.35 }, colors });
  setTimeout(() => {
    void fire({ particleCount: 60, angle: 60, spread: 60, origin: { x: 0, y: 0.6 }, colors });
    void fire({ particleCount: 60, angle: 120, spread: 60, origin: { x: 1, y: 0.6 }, colors });
  }, 300);
}
