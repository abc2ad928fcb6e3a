import { useState } from 'react';
import { MailCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { useSolicitarAcesso } from '../api/titular';
import { useSignUpForm } from '../hooks/use-sign-up-form';
import { lazyCheck, preloadRules } from './lazy-rules';

const EMPTY = { email: '' };
const check = lazyCheck((rules) => rules.checkTitularSolicitar);

/**
 * /meus-dados without a link (issue 18): the e-mail the data were given with. The server answers the same
 * sentence whether or not it knows the address, and sends the link only when it does; the page shows that sentence.
 */
export function MeusDadosSolicitar() {
  const { errors, field, setError, reset, handleSubmit } = useSignUpForm<typeof EMPTY, typeof EMPTY>({
    defaultValues: EMPTY,
    check,
  });
  const [enviado, setEnviado] = useState<string | null>(null);
  const [falha, setFalha] = useState<string | null>(null);
  const solicitar = useSolicitarAcesso({
    onSuccess: (answer) => {
      setFalha(null);
      setEnviado(answer.message);
    },
    onError: (error) => {
      showServerFieldErrors(error, setError);
      setFalha(errorMessage(error, 'Não foi possível enviar o pedido. Tente novamente.'));
    },
  });

  if (enviado) {
    return (
      <div className="grid gap-4">
        <div role="status" className="flex items-start gap-3 rounded-md border border-green-200 bg-green-50 p-4">
          <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-800" />
          <p className="text-sm text-green-900">{enviado}</p>
        </div>
        <p className="text-sm text-muted-foreground">
          Não recebeu? Confira a caixa de spam ou peça de novo daqui a alguns minutos.
        </p>
        <Button
          variant="outline"
          className="w-fit"
          onClick={() => {
            reset();
            setEnviado(null);
          }}
        >
          Usar outro e-mail
        </Button>
      </div>
    );
  }

  return (
    <form
      noValidate
      aria-label="Pedir link de acesso aos meus dados"
      className="grid gap-5"
      onFocus={preloadRules}
      onSubmit={handleSubmit((data) => {
        setFalha(null);
        solicitar.mutate(data);
      })}
    >
      <TextField
        id="meus-dados-email"
        label="Seu e-mail"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="seu@email.com"
        hint="O mesmo e-mail informado na inscrição ou na ativação do crédito."
        error={errors.email}
        {...field('email')}
      />
      {falha && !errors.email ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {falha}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full sm:w-fit" disabled={solicitar.isPending}>
        {solicitar.isPending ? 'Enviando...' : 'Receber link por e-mail'}
      </Button>
    </form>
  );
}
