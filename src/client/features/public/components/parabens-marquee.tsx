import './public-pages.css';

/** SPEC §9: the word repeated 20 times, in two identical halves so the scroll loops without a seam. */
const HALF = Array.from({ length: 10 }, (_, i) => i);

/** Decoration only (hidden from screen readers, which read the hero's heading instead). */
export function ParabensMarquee() {
  return (
    <div aria-hidden="true" className="overflow-hidden bg-amber-400 py-2 text-blue-950">
      <div className="parabens-marquee-track flex w-max">
        {[0, 1].map((half) => (
          <div key={half} className="flex shrink-0">
            {HALF.map((i) => (
              <span key={i} className="px-4 text-sm font-black tracking-[0.2em] sm:text-base">
                PARABÉNS
              </span>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
