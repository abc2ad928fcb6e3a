/**
 * This device as the batch names it (issue 49): an id drawn once and kept in localStorage (the conflicts list tells
 * devices apart by it), and a name the staff recognise, from the browser's user agent.
 */

const KEY = 'rede-dispositivo';

export function dispositivoId(storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): string {
  const kept = storage.getItem(KEY);
  if (kept && /^[A-Za-z0-9_-]{8,64}$/.test(kept)) return kept;
  const id = crypto.randomUUID();
  storage.setItem(KEY, id);
  return id;
}

/** 'Chrome no Android', 'Safari no iPhone', 'Firefox no Windows'... or 'Navegador' when nothing is recognised. */
export function dispositivoNome(userAgent: string = navigator.userAgent): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /SamsungBrowser\//.test(userAgent)
      ? 'Samsung Internet'
      : /OPR\/|Opera/.test(userAgent)
        ? 'Opera'
        : /Firefox\/|FxiOS\//.test(userAgent)
          ? 'Firefox'
          : /Chrome\/|CriOS\/|Chromium\//.test(userAgent)
            ? 'Chrome'
            : /Safari\//.test(userAgent)
              ? 'Safari'
              : 'Navegador';
  const system = /iPhone/.test(userAgent)
    ? 'iPhone'
    : /iPad/.test(userAgent)
      ? 'iPad'
      : /Android/.test(userAgent)
        ? 'Android'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(userAgent)
            ? 'Mac'
            : /CrOS/.test(userAgent)
              ? 'Chromebook'
              : /Linux/.test(userAgent)
                ? 'Linux'
                : null;
  return system ? `${browser} no ${system}` : browser;
}
