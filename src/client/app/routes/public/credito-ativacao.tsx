import { ShieldCheck } from 'lucide-react';
import { PublicLayout } from '@/components/layouts/public-layout';

/** /credito-ativacao: public activation of the educational credit. */
export default function CreditoAtivacaoRoute() {
  return (
    <PublicLayout>
      <title>Habilitação do Crédito Estudantil | Rede Crédito Educacional</title>
      <section className="px-4 py-16 text-center sm:py-20">
        <div className="mx-auto flex max-w-3xl flex-col items-center gap-4">
          <ShieldCheck aria-hidden="true" className="size-12 text-primary" />
          <h1 className="text-3xl font-extrabold tracking-tight text-foreground sm:text-4xl">
            Habilitação do Crédito Estudantil
          </h1>
          <p className="max-w-xl text-muted-foreground">
            Preencha seus dados para ativar o seu crédito educacional gratuito.
          </p>
        </div>
      </section>
    </PublicLayout>
  );
}
