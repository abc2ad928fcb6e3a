import { GraduationCap } from 'lucide-react';

/** The hero of /credito-estudantil: the visitor has been selected for free educational credit. */
export function LandingHero() {
  return (
    <section className="bg-gradient-to-br from-blue-700 to-indigo-900 px-4 py-10 text-center text-white sm:py-16">
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-4">
        <span className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-xs font-semibold uppercase tracking-wide sm:text-sm">
          <GraduationCap aria-hidden="true" className="size-4" />
          Crédito educacional gratuito
        </span>
        <h1 className="text-3xl font-extrabold leading-tight tracking-tight sm:text-5xl">
          <span className="block text-amber-300">PARABÉNS!</span>
          Você foi selecionado(a) para receber um crédito educacional gratuito!
        </h1>
        <p className="max-w-xl text-base text-blue-100 sm:text-lg">
          Use o seu crédito para estudar com desconto em cursos livres, técnicos, graduação, pós-graduação, mestrado e
          intercâmbios internacionais.
        </p>
        <a
          href="#inscricao"
          className="mt-2 inline-flex min-h-12 items-center justify-center rounded-md bg-amber-400 px-6 py-3 text-base font-extrabold text-blue-950 shadow hover:bg-amber-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-blue-800"
        >
          Quero o meu crédito
        </a>
      </div>
    </section>
  );
}
