import { PartyPopper } from 'lucide-react';
import { PublicLayout } from '@/components/layouts/public-layout';

/** /credito-estudantil: public landing of the free educational credit. */
export default function CreditoEstudantilRoute() {
  return (
    <PublicLayout>
      <title>Crédito Estudantil | Rede Crédito Educacional</title>
      <section className="bg-gradient-to-br from-blue-700 to-indigo-800 px-4 py-16 text-center text-white sm:py-24">
        <div className="mx-auto flex max-w-3xl flex-col items-center gap-5">
          <PartyPopper aria-hidden="true" className="size-12 text-amber-300" />
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">PARABÉNS!</h1>
          <p className="text-lg sm:text-xl">Você foi selecionado(a) para receber um crédito educacional gratuito!</p>
          <p className="max-w-xl text-sm text-blue-100 sm:text-base">
            Escolha a sua cidade e o evento da sua escola para garantir o seu crédito.
          </p>
        </div>
      </section>
    </PublicLayout>
  );
}
