import { lazy, Suspense, useState } from 'react';
import { PublicLayout } from '@/components/layouts/public-layout';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { CreditCategories } from '@/features/public/components/credit-categories';
import { HowItWorks } from '@/features/public/components/how-it-works';
import { LandingHero } from '@/features/public/components/landing-hero';
import { ParabensMarquee } from '@/features/public/components/parabens-marquee';
import { SignUpConfirmation, type SignUpConfirmationData } from '@/features/public/components/sign-up-confirmation';

/**
 * The form (with react-hook-form and the zod rules) sits far below the fold on a phone: it loads in parallel
 * while the visitor reads the hero, instead of holding up the first paint.
 */
const LeadForm = lazy(async () => ({ default: (await import('@/features/public/components/lead-form')).LeadForm }));

/** /credito-estudantil: the public landing of the free educational credit and its sign-up form (SPEC §2). */
export default function CreditoEstudantilRoute() {
  const [confirmation, setConfirmation] = useState<SignUpConfirmationData | null>(null);
  if (confirmation) {
    return (
      <PublicLayout>
        <title>Inscrição realizada | Rede Crédito Educacional</title>
        <SignUpConfirmation
          data={confirmation}
          onReset={() => {
            setConfirmation(null);
            // The fresh form, where the next student's sign-up starts.
            requestAnimationFrame(() => {
              document.getElementById('inscricao')?.scrollIntoView();
              document.getElementById('inscricao-titulo')?.focus({ preventScroll: true });
            });
          }}
        />
      </PublicLayout>
    );
  }
  return (
    <PublicLayout>
      <title>Crédito Estudantil | Rede Crédito Educacional</title>
      <ParabensMarquee />
      <LandingHero />
      <CreditCategories />
      <HowItWorks />
      <section id="inscricao" aria-labelledby="inscricao-titulo" className="scroll-mt-4 px-4 py-10 sm:py-14">
        <Card className="mx-auto max-w-xl border-2 border-blue-200 shadow-lg">
          <CardHeader className="p-5 sm:p-6">
            <CardTitle id="inscricao-titulo" tabIndex={-1} className="text-2xl focus:outline-none">
              Garanta o seu crédito
            </CardTitle>
            <CardDescription>
              Escolha a sua cidade e o evento da sua escola e preencha os dados do aluno e do responsável.
            </CardDescription>
          </CardHeader>
          <CardContent className="p-5 pt-0 sm:p-6 sm:pt-0">
            <Suspense
              fallback={
                <div className="flex min-h-32 items-center justify-center">
                  <Spinner label="Carregando formulário..." />
                </div>
              }
            >
              <LeadForm onSignedUp={setConfirmation} />
            </Suspense>
          </CardContent>
        </Card>
      </section>
    </PublicLayout>
  );
}
