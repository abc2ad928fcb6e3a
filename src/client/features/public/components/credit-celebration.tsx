import { useEffect, useRef, useState } from 'react';
import { Download, PartyPopper, Printer, RotateCcw, Share2 } from 'lucide-react';
import { formatBRL } from '@shared/format';
import type { CreditDeclaration as Declaration } from '@shared/schemas/public';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useResultScreen } from '../hooks/use-result-screen';
import { celebrate } from './celebrate';
import { CreditDeclaration } from './credit-declaration';
import { canShare, downloadDeclarationPdf, shareDeclaration } from './declaration-pdf';

export interface CreditCelebrationProps {
  declaration: Declaration;
  /** Back to a fresh activation form. */
  onReset: () => void;
}

/**
 * What replaces the activation form on success (SPEC §2, §4): PARABÉNS, the credit in R$, the declaration and its
 * 'Imprimir' button, with 'Baixar PDF' and, where the browser can, 'Compartilhar' (issue 23). The page goes back to the top, the heading takes the focus (so a screen reader announces
 * the result) and confetti falls, unless the visitor prefers less motion.
 */
export function CreditCelebration({ declaration, onReset }: CreditCelebrationProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [busy, setBusy] = useState<'pdf' | 'share' | null>(null);
  // Issue 23: the phone's share sheet, where the browser has one.
  const [shareable] = useState(canShare);
  const run = (kind: 'pdf' | 'share', action: () => Promise<void>) => {
    setBusy(kind);
    action()
      .catch(() =>
        toast({
          variant: 'destructive',
          title: kind === 'pdf' ? 'Não foi possível gerar o PDF' : 'Não foi possível compartilhar',
          description: 'Tente novamente ou use Imprimir.',
        }),
      )
      .finally(() => setBusy(null));
  };

  useResultScreen(headingRef);
  useEffect(() => {
    void celebrate().catch(() => undefined);
  }, []);

  return (
    <section aria-labelledby="celebracao-titulo" className="px-4 py-8 sm:py-12">
      <div className="mx-auto flex max-w-2xl flex-col items-center gap-3 text-center">
        <PartyPopper aria-hidden="true" className="size-12 text-amber-500" />
        <h1
          id="celebracao-titulo"
          ref={headingRef}
          tabIndex={-1}
          className="text-4xl font-black tracking-tight text-blue-900 focus:outline-none sm:text-5xl"
        >
          PARABÉNS!
        </h1>
        <p className="text-lg font-medium">O seu crédito educacional foi ativado com sucesso!</p>
        <p className="rounded-lg bg-success px-5 py-3 text-success-foreground">
          <span className="block text-sm">Valor do crédito</span>
          <span className="block text-3xl font-extrabold sm:text-4xl">{formatBRL(declaration.valorTotalDesconto)}</span>
        </p>
      </div>

      <div className="mt-8">
        <CreditDeclaration declaration={declaration} />
      </div>

      <div className="mx-auto mt-6 flex max-w-2xl flex-col gap-3 sm:flex-row sm:justify-center">
        <Button size="lg" className="min-h-12" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Imprimir
        </Button>
        <Button
          size="lg"
          variant="secondary"
          className="min-h-12"
          disabled={busy !== null}
          onClick={() => run('pdf', () => downloadDeclarationPdf(declaration))}
        >
          <Download aria-hidden="true" />
          {busy === 'pdf' ? 'Gerando PDF...' : 'Baixar PDF'}
        </Button>
        {shareable ? (
          <Button
            size="lg"
            variant="secondary"
            className="min-h-12"
            disabled={busy !== null}
            onClick={() => run('share', () => shareDeclaration(declaration))}
          >
            <Share2 aria-hidden="true" />
            Compartilhar
          </Button>
        ) : null}
        <Button size="lg" variant="outline" className="min-h-12" onClick={onReset}>
          <RotateCcw aria-hidden="true" />
          Ativar outro crédito
        </Button>
      </div>
    </section>
  );
}
