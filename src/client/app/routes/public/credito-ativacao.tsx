import { useEffect, useRef, useState } from 'react';
import { isActivationReceived } from '@shared/schemas/public-answers';
import { PublicLayout } from '@/components/layouts/public-layout';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ActivationForm } from '@/features/public/components/activation-form';
import { ACTIVATION_TITLE_ID, ActivationHero } from '@/features/public/components/activation-hero';
import type { ActivationAnswer } from '@/features/public/api/create-pre-matricula';
import { ActivationReceived } from '@/features/public/components/activation-received';
import { CreditCelebration } from '@/features/public/components/credit-celebration';

/** /credito-ativacao: activation of the educational credit; on success the celebration replaces the form. */
export default function CreditoAtivacaoRoute() {
  const [declaration, setDeclaration] = useState<ActivationAnswer | null>(null);
  const returning = useRef(false);

  // Back from the celebration: the fresh form starts at the top, and the focus is not lost with the old screen.
  useEffect(() => {
    if (declaration || !returning.current) return;
    returning.current = false;
    window.scrollTo({ top: 0 });
    document.getElementById(ACTIVATION_TITLE_ID)?.focus({ preventScroll: true });
  }, [declaration]);
  return (
    <PublicLayout>
      <title>Habilitação do Crédito Estudantil | Rede Crédito Educacional</title>
      {declaration && isActivationReceived(declaration) ? (
        <ActivationReceived
          onReset={() => {
            returning.current = true;
            setDeclaration(null);
          }}
        />
      ) : declaration ? (
        <CreditCelebration
          declaration={declaration}
          onReset={() => {
            returning.current = true;
            setDeclaration(null);
          }}
        />
      ) : (
        <>
          <ActivationHero />
          <section aria-labelledby="ativacao-titulo" className="-mt-10 px-4 pb-12">
            <Card className="mx-auto max-w-xl shadow-lg">
              <CardHeader className="p-5 sm:p-6">
                <CardTitle id="ativacao-titulo" className="text-2xl">
                  Ative o seu crédito
                </CardTitle>
                <CardDescription>
                  Informe a cidade e o evento em que recebeu o seu cartão e os dados do aluno e do responsável.
                </CardDescription>
              </CardHeader>
              <CardContent className="p-5 pt-0 sm:p-6 sm:pt-0">
                <ActivationForm onActivated={setDeclaration} />
              </CardContent>
            </Card>
          </section>
        </>
      )}
    </PublicLayout>
  );
}
