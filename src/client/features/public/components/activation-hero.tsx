import { Headset, ShieldCheck, Zap } from 'lucide-react';

const SELOS = [
  { titulo: '100% Seguro', Icon: ShieldCheck },
  { titulo: 'Super Rápido', Icon: Zap },
  { titulo: 'Suporte Total', Icon: Headset },
] as const;

/** Focused when the visitor comes back from the celebration to a fresh form. */
export const ACTIVATION_TITLE_ID = 'ativacao-pagina-titulo';

/** The title of /credito-ativacao and its three trust badges (SPEC §2). */
export function ActivationHero() {
  return (
    <section className="bg-gradient-to-br from-blue-700 to-indigo-900 px-4 pb-16 pt-10 text-center text-white sm:pb-20 sm:pt-14">
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-4">
        <h1
          id={ACTIVATION_TITLE_ID}
          tabIndex={-1}
          className="text-3xl font-extrabold leading-tight tracking-tight focus:outline-none sm:text-4xl"
        >
          Habilitação do Crédito Estudantil
        </h1>
        <p className="max-w-xl text-base text-blue-100 sm:text-lg">
          Preencha os dados do aluno e do responsável para ativar o seu crédito educacional gratuito.
        </p>
        <ul className="mt-2 grid w-full grid-cols-3 gap-2 sm:gap-4">
          {SELOS.map(({ titulo, Icon }) => (
            <li
              key={titulo}
              className="flex flex-col items-center gap-1 rounded-lg bg-white/10 px-2 py-3 text-xs font-semibold sm:text-sm"
            >
              <Icon aria-hidden="true" className="size-6 text-amber-300" />
              {titulo}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
