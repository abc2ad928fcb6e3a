import { PublicLayout } from '@/components/layouts/public-layout';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { MeusDadosPortal } from '@/features/public/components/meus-dados-portal';
import { MeusDadosSolicitar } from '@/features/public/components/meus-dados-solicitar';

/** The link's token, read from the address itself: a public page opened directly has no router. */
function tokenDaUrl(): string | null {
  const token = new URLSearchParams(window.location.search).get('token')?.trim();
  return token ? token : null;
}

/**
 * /meus-dados (issue 18): the titular's portal, with no account. Without a link it asks for the e-mail and sends
 * one; with the link's token it shows every record of that e-mail, their download and the titular's requests.
 */
export default function MeusDadosRoute() {
  const token = tokenDaUrl();
  return (
    <PublicLayout>
      <title>Meus dados | Rede Crédito Educacional</title>
      <div className="px-4 py-10 sm:py-14">
        <Card className="mx-auto max-w-3xl">
          <CardHeader className="p-5 sm:p-6">
            <CardTitle as="h1" className="text-2xl sm:text-3xl">
              Meus dados
            </CardTitle>
            <CardDescription>
              {token
                ? 'Veja os dados que a rede guarda sobre você, baixe uma cópia ou faça um pedido.'
                : 'Informe o seu e-mail: enviaremos um link para você ver, baixar, corrigir ou anonimizar os seus dados e revogar o consentimento.'}{' '}
              <a
                href="/privacidade"
                className="font-medium text-primary underline underline-offset-4 hover:no-underline"
              >
                Aviso de Privacidade
              </a>
            </CardDescription>
          </CardHeader>
          <CardContent className="p-5 pt-0 sm:p-6 sm:pt-0">
            {token ? <MeusDadosPortal token={token} /> : <MeusDadosSolicitar />}
          </CardContent>
        </Card>
      </div>
    </PublicLayout>
  );
}
