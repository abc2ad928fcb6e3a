import { useEffect, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';

type Estado = 'pronto' | 'copiado' | 'falhou';

/** Puts `text` on the clipboard: the Clipboard API where the page may use it, else the selection's copy command. */
async function copiar(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (an address that is not https or localhost, a browser setting): try the older way.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * 'Copiar' beside a value shown once (a webhook's secret): copies it and says so where a screen reader hears it,
 * or says to copy it by hand when the browser refuses.
 */
export function CopyButton({ text, label = 'Copiar' }: { text: string; label?: string }) {
  const [estado, setEstado] = useState<Estado>('pronto');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={async () => {
          const ok = await copiar(text);
          setEstado(ok ? 'copiado' : 'falhou');
          clearTimeout(timer.current);
          if (ok) timer.current = setTimeout(() => setEstado('pronto'), 4000);
        }}
      >
        {estado === 'copiado' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {label}
      </Button>
      <span aria-live="polite" className="text-sm text-muted-foreground">
        {estado === 'copiado' ? 'Copiado.' : estado === 'falhou' ? 'Não foi possível copiar: selecione e copie.' : ''}
      </span>
    </span>
  );
}
