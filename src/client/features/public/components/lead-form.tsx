import { useEffect, useState } from 'react';
import { maskPhone, MASK_MAX_LENGTH } from '@shared/format';
import type { LeadData, LeadInput } from '@shared/schemas/public';
import { PUBLIC_MESSAGES } from '@shared/schemas/public-messages';
import { INSCRICAO_MESSAGES } from '@shared/schemas/inscricao-messages';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { maskedRegistration } from '@/lib/masked-registration';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { toast } from '@/lib/toast';
import { useCreateLead } from '../api/create-lead';
import { usePublicEventos } from '../api/get-public-eventos';
import { useSignUpForm } from '../hooks/use-sign-up-form';
import { CityEventFields } from './city-event-fields';
import { ConsentField } from './consent-field';
import { WhatsappField } from './whatsapp-field';
import { lazyCheck, preloadRules } from './lazy-rules';
import type { SignUpConfirmationData } from './sign-up-confirmation';
import { eventoDoLink, origemDaVisita } from '../origem';

/** The WhatsApp option (issue 47) is always sent, false unless ticked. */
type FormValues = Omit<LeadInput, 'origem'> & { whatsapp: boolean };

const EMPTY: FormValues = {
  eventoId: '',
  nomeAluno: '',
  nomeResponsavel: '',
  email: '',
  telefone: '',
  consentimento: false,
  whatsapp: false,
};
const check = lazyCheck((rules) => rules.checkLead);

/**
 * The /credito-estudantil sign-up (SPEC §2, §4): city, then event, then the student's and guardian's details.
 * After a success the page shows the confirmation; the form and the city start over, ready for the next student.
 */
export function LeadForm({ onSignedUp }: { onSignedUp: (confirmation: SignUpConfirmationData) => void }) {
  const [cidade, setCidade] = useState('');
  const { values, errors, field, checkbox, setValue, setError, clearErrors, reset, handleSubmit } = useSignUpForm<
    FormValues,
    LeadData
  >({ defaultValues: EMPTY, check });
  const { eventoId } = values;
  // Issue 48: an event's share link (`?v=`) opens the form on its event, its city chosen.
  useEffect(() => {
    let vivo = true;
    void eventoDoLink(origemDaVisita(), 'inscricao').then((evento) => {
      if (!vivo || !evento) return;
      setCidade(evento.cidade);
      setValue('eventoId', evento.id);
    });
    return () => {
      vivo = false;
    };
    // Once, when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Issue 20: a full event takes the sign-up on its waiting list, when asked; a closed one takes none.
  const evento = usePublicEventos(cidade).data?.find((e) => e.id === eventoId);
  const esgotado = evento?.vagasRestantes === 0;
  const encerrado = evento ? !evento.inscricoesAbertas : false;
  const [listaEspera, setListaEspera] = useState(false);
  // Issue 51: why the button is disabled is said next to it, not only by its grey colour.
  const motivoBloqueio = encerrado
    ? INSCRICAO_MESSAGES.encerradas
    : esgotado && !listaEspera
      ? INSCRICAO_MESSAGES.esgotadasMarqueListaEspera
      : null;

  const createLead = useCreateLead({
    // Issue 23: a confirmation screen with what was registered replaces the form (the toast was gone in seconds).
    onSuccess: (answer, sent) => {
      onSignedUp({ answer, evento, nomeResponsavel: sent.nomeResponsavel, telefone: sent.telefone });
      setListaEspera(false);
      reset();
      setCidade('');
    },
    onError: (error) => {
      showServerFieldErrors(error, setError);
      toast({
        variant: 'destructive',
        title: PUBLIC_MESSAGES.leadError,
        description: errorMessage(error, PUBLIC_MESSAGES.leadErrorFallback),
      });
    },
  });

  return (
    <form
      noValidate
      className="grid gap-5"
      onFocus={preloadRules}
      onSubmit={handleSubmit((data) => {
        // Issue 48: where the family came from (the address's utm_* and v, kept through the flow).
        const origem = origemDaVisita();
        const enviado = origem ? { ...data, origem } : data;
        createLead.mutate(esgotado && listaEspera ? { ...enviado, listaEspera: true } : enviado);
      })}
    >
      <CityEventFields
        idPrefix="inscricao"
        cidade={cidade}
        onCidadeChange={(next) => {
          setCidade(next);
          setValue('eventoId', '');
          clearErrors();
        }}
        eventoId={eventoId}
        onEventoChange={(next) => {
          setValue('eventoId', next);
          if (next) clearErrors('eventoId');
        }}
        eventoError={errors.eventoId}
      />

      {eventoId && !encerrado ? (
        <>
          <TextField
            id="inscricao-nome-aluno"
            label="Nome do aluno"
            autoComplete="name"
            error={errors.nomeAluno}
            {...field('nomeAluno')}
          />
          <TextField
            id="inscricao-nome-responsavel"
            label="Nome do responsável"
            autoComplete="off"
            error={errors.nomeResponsavel}
            {...field('nomeResponsavel')}
          />
          <TextField
            id="inscricao-email"
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="seu@email.com"
            error={errors.email}
            {...field('email')}
          />
          <TextField
            id="inscricao-telefone"
            label="Telefone (WhatsApp)"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="(00) 00000-0000"
            maxLength={MASK_MAX_LENGTH.phone}
            error={errors.telefone}
            {...maskedRegistration(field('telefone'), maskPhone)}
          />
          <ConsentField
            id="inscricao-consentimento"
            registration={checkbox('consentimento')}
            error={errors.consentimento}
          />
          <WhatsappField id="inscricao-whatsapp" registration={checkbox('whatsapp')} />
          {esgotado ? (
            <label
              htmlFor="inscricao-lista-espera"
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
            >
              <input
                id="inscricao-lista-espera"
                type="checkbox"
                className="mt-0.5 size-5 shrink-0 accent-green-700"
                checked={listaEspera}
                onChange={(event) => setListaEspera(event.target.checked)}
              />
              <span>
                <strong className="block">{INSCRICAO_MESSAGES.entrarListaEspera}</strong>
                {INSCRICAO_MESSAGES.listaEsperaDescricao}
              </span>
            </label>
          ) : null}
        </>
      ) : null}

      <Button
        type="submit"
        size="lg"
        className="h-auto min-h-12 w-full whitespace-normal bg-success py-3 text-base font-extrabold tracking-wide text-success-foreground hover:bg-green-800"
        disabled={createLead.isPending || encerrado || (esgotado && !listaEspera)}
        aria-describedby={motivoBloqueio ? 'inscricao-motivo-bloqueio' : undefined}
      >
        {createLead.isPending ? 'Enviando...' : 'GARANTIR MEU CRÉDITO GRATUITO'}
      </Button>
      {motivoBloqueio ? (
        <p id="inscricao-motivo-bloqueio" role="status" className="text-center text-sm font-medium text-red-800">
          {motivoBloqueio}
        </p>
      ) : null}
    </form>
  );
}
