import { Award, BookOpen, Briefcase, Globe2, GraduationCap, Wrench } from 'lucide-react';

const CATEGORIAS = [
  { titulo: 'Cursos Livres', Icon: BookOpen },
  { titulo: 'Técnicos', Icon: Wrench },
  { titulo: 'Graduação', Icon: GraduationCap },
  { titulo: 'Pós-graduação', Icon: Briefcase },
  { titulo: 'Mestrado', Icon: Award },
  { titulo: 'Intercâmbios Internacionais', Icon: Globe2 },
] as const;

/** The six kinds of course the credit pays for (SPEC §2), and the network's claim. */
export function CreditCategories() {
  return (
    <section aria-labelledby="categorias-titulo" className="px-4 py-10 sm:py-14">
      <div className="mx-auto max-w-5xl">
        <h2 id="categorias-titulo" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
          Onde usar o seu crédito
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
          {CATEGORIAS.map(({ titulo, Icon }) => (
            <li
              key={titulo}
              className="flex flex-col items-center gap-2 rounded-lg border border-border bg-card p-4 text-center shadow-sm"
            >
              <span className="flex size-11 items-center justify-center rounded-full bg-accent text-accent-foreground">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <span className="text-sm font-semibold leading-tight sm:text-base">{titulo}</span>
            </li>
          ))}
        </ul>
        <p className="mx-auto mt-8 max-w-2xl rounded-lg bg-blue-950 px-4 py-6 text-center text-white">
          <span className="block text-3xl font-extrabold text-amber-300 sm:text-4xl">+ de R$ 10 milhões</span>
          <span className="mt-1 block text-base sm:text-lg">
            em créditos educacionais já distribuídos a estudantes de todo o Brasil
          </span>
        </p>
      </div>
    </section>
  );
}
