import { useRef } from 'react';
import { MailCheck, RotateCcw } from 'lucide-react';
import { PUBLIC_MESSAGES } from '@shared/schemas/public-messages';
import { Button } from '@/components/ui/button';
import { useResultScreen } from '../hooks/use-result-screen';

/**
 * What a repeat activation shows (issue 23, defect 6; ADR 030): the request was received and the declaration goes
 * to the e-mail on record, with the way to correct data. It shows nothing stored and nothing typed: the visitor
 * may not be the family.
 */
export function ActivationReceived({ onReset }: { onReset: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);

  useResultScreen(headingRef);

  return (
    <section aria-labelledby="ativacao-recebida-titulo" className="px-4 py-8 sm:py-12">
      <div className="mx-auto flex max-w-xl flex-col gap-5">
        <div className="flex flex-col items-center gap-3 text-center">
          <MailCheck aria-hidden="true" className="size-12 text-blue-800" />
          <h1
            id="ativacao-recebida-titulo"
            ref={headingRef}
            tabIndex={-1}
            className="text-3xl font-extrabold tracking-tight text-blue-950 focus:outline-none sm:text-4xl"
          >
            {PUBLIC_MESSAGES.ativacaoRecebida}
          </h1>
          <p className="text-base leading-relaxed">{PUBLIC_MESSAGES.ativacaoRecebidaTexto}</p>
        </div>
        <div className="rounded-lg border border-blue-200 bg-blue-50 p-5 text-blue-950">
          <p className="text-sm leading-relaxed sm:text-base">{PUBLIC_MESSAGES.ativacaoRecebidaCorrigir}</p>
          <a
            href="/meus-dados"
            className="mt-4 inline-flex min-h-12 w-full items-center justify-center rounded-md bg-blue-800 px-5 py-3 text-base font-bold text-white hover:bg-blue-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-900 sm:w-auto"
          >
            {PUBLIC_MESSAGES.ativacaoRecebidaMeusDados}
          </a>
          <p className="mt-4 text-sm text-blue-900">{PUBLIC_MESSAGES.ativacaoRecebidaOutroEmail}</p>
        </div>
        <Button size="lg" variant="outline" className="min-h-12" onClick={onReset}>
          <RotateCcw aria-hidden="true" />
          Ativar outro crédito
        </Button>
      </div>
    </section>
  );
}
