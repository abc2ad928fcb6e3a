import { type ReactNode, useEffect, useId, useState } from 'react';
import { CircleAlert, CircleCheck, CircleX } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';

/**
 * A public page that checks a printed code (the declaration's, issue 23; an accepted contract's, ADR 066): the title,
 * the check while it runs, what it found -- one card per document, green when valid, red with the reason when not --
 * or the server's message, and a note on what to compare. The documents say only initials of the people in them.
 */
export function VerificacaoPublica<T>({
  titulo,
  carregando,
  codigo,
  buscar,
  naoEncontrado,
  nota,
  children,
}: {
  titulo: string;
  /** The spinner's label: 'Verificando a declaração...'. */
  carregando: string;
  codigo: string;
  /** The check of a code (the feature's fetcher). */
  buscar: (codigo: string) => Promise<T[]>;
  /** The message when the server gives none. */
  naoEncontrado: string;
  nota: ReactNode;
  children: (item: T, index: number) => ReactNode;
}) {
  const id = useId();
  const [state, setState] = useState<
    { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ok'; itens: T[] }
  >({ kind: 'loading' });
  useEffect(() => {
    buscar(codigo).then(
      (itens) => setState({ kind: 'ok', itens }),
      (error: unknown) => setState({ kind: 'error', message: errorMessage(error, naoEncontrado) }),
    );
  }, [buscar, codigo, naoEncontrado]);

  return (
    <section aria-labelledby={id} className="px-4 py-8 sm:py-12">
      <div className="mx-auto flex max-w-xl flex-col gap-5">
        <h1 id={id} className="text-center text-2xl font-extrabold text-blue-950 sm:text-3xl">
          {titulo}
        </h1>
        {state.kind === 'loading' ? (
          <div className="flex min-h-32 items-center justify-center">
            <Spinner label={carregando} />
          </div>
        ) : state.kind === 'error' ? (
          <p
            role="alert"
            className="flex items-center gap-2 rounded-lg border-2 border-amber-600 bg-amber-50 p-5 font-semibold text-amber-950"
          >
            <CircleAlert aria-hidden="true" className="size-6 shrink-0" />
            {state.message}
          </p>
        ) : (
          <div role="status" className="grid gap-4">
            {state.itens.map(children)}
          </div>
        )}
        <p className="text-center text-sm text-muted-foreground">{nota}</p>
      </div>
    </section>
  );
}

/** One document found: valid (green) or not (red, saying why), and its fields as a list of label and value. */
export function DocumentoVerificado({
  rotulo,
  valido,
  titulo,
  motivo,
  campos,
}: {
  /** The card's accessible name: 'Declaração ABCD1234'. */
  rotulo: string;
  valido: boolean;
  titulo: string;
  /** Why it is not valid (shown only then). */
  motivo: string;
  campos: [string, string][];
}) {
  return (
    <article
      aria-label={rotulo}
      className={`rounded-lg border-2 p-5 ${valido ? 'border-green-700 bg-green-50' : 'border-red-700 bg-red-50'}`}
    >
      <p className={`flex items-center gap-2 text-lg font-bold ${valido ? 'text-green-900' : 'text-red-900'}`}>
        {valido ? (
          <CircleCheck aria-hidden="true" className="size-6 shrink-0" />
        ) : (
          <CircleX aria-hidden="true" className="size-6 shrink-0" />
        )}
        {titulo}
      </p>
      {valido ? null : <p className="mt-1 text-sm text-red-900">{motivo}</p>}
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr] sm:text-base">
        {campos.map(([label, value]) => (
          <div key={label} className="grid gap-0.5 sm:contents">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd className="break-words font-semibold text-slate-950">{value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
