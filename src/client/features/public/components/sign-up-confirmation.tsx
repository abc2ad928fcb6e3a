import { useRef } from 'react';
import { CircleCheck, RotateCcw } from 'lucide-react';
import { formatDateOnly, formatPhone } from '@shared/format';
import type { LeadAnswer, PublicEvento } from '@shared/schemas/public';
import { PUBLIC_MESSAGES } from '@shared/schemas/public-messages';
import { INSCRICAO_MESSAGES } from '@shared/schemas/inscricao-messages';
import { Button } from '@/components/ui/button';
import { useResultScreen } from '../hooks/use-result-screen';

/** What the visitor sent and the server answered: the confirmation shows only this, never a stored record. */
export interface SignUpConfirmationData {
  answer: LeadAnswer;
  evento: PublicEvento | undefined;
  nomeResponsavel: string;
  telefone: string;
}

export const CONFIRMATION_TITLE_ID = 'confirmacao-titulo';

/**
 * What replaces /credito-estudantil after a sign-up (issue 23): SPEC's 'Inscrição realizada com sucesso!' as a
 * screen rather than a toast, with what was registered, the next step and the way to the activation. A repeat
 * sign-up gets the same answer from the server (ADR 005), so this screen never tells that someone signed up before.
 */
export function SignUpConfirmation({ data, onReset }: { data: SignUpConfirmationData; onReset: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { answer, evento } = data;

  useResultScreen(headingRef);

  const rows: [string, string][] = [
    ['Aluno(a)', answer.nomeAluno],
    ['Responsável', data.nomeResponsavel],
    ['E-mail', answer.email],
    ['Telefone', formatPhone(data.telefone)],
  ];
  if (evento) {
    rows.push(
      ['Evento', evento.nomeEscola],
      ['Data', `${formatDateOnly(evento.dataEvento)}${evento.horario ? `, ${evento.horario.slice(0, 5)}` : ''}`],
      ['Cidade', `${evento.cidade} - ${evento.estado}`],
    );
  }

  return (
    <section aria-labelledby={CONFIRMATION_TITLE_ID} className="px-4 py-8 sm:py-12">
      <div className="mx-auto flex max-w-xl flex-col gap-6">
        <div className="flex flex-col items-center gap-3 text-center">
          <CircleCheck aria-hidden="true" className="size-12 text-green-700" />
          <h1
            id={CONFIRMATION_TITLE_ID}
            ref={headingRef}
            tabIndex={-1}
            className="text-3xl font-extrabold tracking-tight text-blue-950 focus:outline-none sm:text-4xl"
          >
            {answer.listaEspera ? INSCRICAO_MESSAGES.listaEsperaSucesso : PUBLIC_MESSAGES.leadSuccess}
          </h1>
          <p className="text-base text-muted-foreground">
            {answer.listaEspera ? INSCRICAO_MESSAGES.listaEsperaDescricao : PUBLIC_MESSAGES.leadSuccessDescription}
          </p>
        </div>

        <div className="rounded-lg border border-border bg-card p-5 shadow-sm">
          <h2 className="text-lg font-bold">Dados da inscrição</h2>
          <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr] sm:text-base">
            {rows.map(([label, value]) => (
              <div key={label} className="grid gap-0.5 sm:contents">
                <dt className="font-medium text-muted-foreground">{label}</dt>
                <dd className="break-words font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
        </div>

        <div className="rounded-lg border border-blue-200 bg-blue-50 p-5 text-blue-950">
          <h2 className="text-lg font-bold">Próximo passo</h2>
          <p className="mt-2 text-sm leading-relaxed sm:text-base">{PUBLIC_MESSAGES.leadSuccessProximoPasso}</p>
          <a
            href="/credito-ativacao"
            className="mt-4 inline-flex min-h-12 w-full items-center justify-center rounded-md bg-blue-800 px-5 py-3 text-base font-bold text-white underline-offset-4 hover:bg-blue-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-900 sm:w-auto"
          >
            {PUBLIC_MESSAGES.leadSuccessAtivar}
          </a>
        </div>

        <Button size="lg" variant="outline" className="min-h-12" onClick={onReset}>
          <RotateCcw aria-hidden="true" />
          {PUBLIC_MESSAGES.leadSuccessOutra}
        </Button>
      </div>
    </section>
  );
}
