import { AlertTriangle } from 'lucide-react';

const PASSOS = [
  {
    titulo: 'Inscreva-se',
    texto: 'Escolha a sua cidade e o evento da sua escola e preencha os dados do aluno e do responsável.',
  },
  {
    titulo: 'Receba o seu cartão',
    texto: 'O cartão do crédito educacional é entregue no evento da sua escola, na sua cidade.',
  },
  {
    titulo: 'Ative e estude',
    texto: 'Ative o seu crédito e use-o na matrícula do curso escolhido, em uma instituição credenciada.',
  },
] as const;

/** How it works, and the notice that credit is limited by region and first come, first served (SPEC §2). */
export function HowItWorks() {
  return (
    <section aria-labelledby="como-funciona-titulo" className="bg-background px-4 py-10 sm:py-14">
      <div className="mx-auto max-w-5xl">
        <h2 id="como-funciona-titulo" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
          Como funciona
        </h2>
        <ol className="mt-6 grid gap-4 sm:grid-cols-3">
          {PASSOS.map(({ titulo, texto }, index) => (
            <li key={titulo} className="flex gap-4 rounded-lg border border-border bg-card p-4 shadow-sm sm:flex-col">
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold">{titulo}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{texto}</p>
              </div>
            </li>
          ))}
        </ol>
        <div role="note" className="mt-8 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
          <p className="text-sm sm:text-base">
            <strong>Importante:</strong> os créditos são limitados por região e concedidos por ordem de inscrição.
            Garanta já o seu!
          </p>
        </div>
      </div>
    </section>
  );
}
