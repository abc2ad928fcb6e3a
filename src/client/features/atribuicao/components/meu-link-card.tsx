import { ORIGEM_MESSAGES } from '@shared/metas/origem';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { MEU_LINK_URL, useMeuLink } from '../api/get-link-de-indicacao';
import { LinkDeIndicacaoView } from './link-de-indicacao';

/**
 * 'Meu link de indicação' (issue 48): the vendedor's own link to the sign-up page and its QR code. Every family
 * that signs up through it is counted as the vendedor's (the lists' 'Origem', Relatórios).
 */
export function MeuLinkCard() {
  const link = useMeuLink();
  return (
    <Card>
      <CardHeader>
        <CardTitle id="meu-link-titulo" className="text-lg">
          {ORIGEM_MESSAGES.meuLink}
        </CardTitle>
        <CardDescription>
          Compartilhe com as famílias: cada inscrição feita por este link aparece como sua na origem dos leads.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {link.isPending ? (
          <Spinner label="Carregando o seu link..." />
        ) : link.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(link.error, 'Não foi possível carregar o seu link.')}
          </p>
        ) : (
          <LinkDeIndicacaoView
            link={link.data}
            imagemUrl={MEU_LINK_URL}
            alt="QR code do seu link de indicação"
            textoCompartilhar="Garanta o crédito educacional gratuito do seu filho:"
          />
        )}
      </CardContent>
    </Card>
  );
}
