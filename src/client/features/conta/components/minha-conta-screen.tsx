import type { ReactNode } from 'react';
import { ATIVIDADE_DIAS } from '@shared/schemas/auditoria';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { usePerfil } from '../api/get-perfil';
import { AlterarSenhaForm } from './alterar-senha-form';
import { AtividadeRecente } from './atividade-recente';
import { DadosPessoaisForm } from './dados-pessoais-form';
import { SessoesList } from './sessoes-list';

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Card>
        <CardHeader className="p-4 sm:p-6">
          <CardTitle id={id}>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">{children}</CardContent>
      </Card>
    </section>
  );
}

/** Minha conta (issue 17): the person's own data, password, open sessions and recent sign-ins. */
export function MinhaContaScreen() {
  const perfil = usePerfil();

  return (
    <div className="grid max-w-3xl gap-6">
      <Section id="conta-dados" title="Dados pessoais" description="Seu nome e telefone na rede.">
        {perfil.isPending ? (
          <div role="status" aria-label="Carregando dados" className="grid gap-4">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : perfil.isError ? (
          <div className="grid justify-items-start gap-3">
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(perfil.error, 'Erro ao carregar os seus dados')}
            </p>
            <Button variant="outline" size="sm" onClick={() => void perfil.refetch()}>
              Tentar novamente
            </Button>
          </div>
        ) : (
          <DadosPessoaisForm perfil={perfil.data} />
        )}
      </Section>

      <Section id="conta-senha" title="Alterar senha" description="Confirme a senha atual para escolher uma nova.">
        <AlterarSenhaForm email={perfil.data?.email ?? ''} />
      </Section>

      <Section
        id="conta-sessoes"
        title="Sessões ativas"
        description="Onde você está conectado. Encerre as sessões que não reconhece."
      >
        <SessoesList />
      </Section>

      <Section
        id="conta-atividade"
        title="Atividade recente"
        description={`Suas entradas e as tentativas recusadas com o seu e-mail nos últimos ${ATIVIDADE_DIAS} dias. Se não reconhece alguma, altere a senha.`}
      >
        <AtividadeRecente />
      </Section>
    </div>
  );
}
