import { useState } from 'react';
import { maskCpf, maskPhone, MASK_MAX_LENGTH } from '@shared/format';
import type { CreditDeclaration, PreMatriculaData, PreMatriculaInput } from '@shared/schemas/public';
import { PUBLIC_MESSAGES } from '@shared/schemas/public-messages';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { maskedRegistration } from '@/lib/masked-registration';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { toast } from '@/lib/toast';
import { useCreatePreMatricula } from '../api/create-pre-matricula';
import { useSignUpForm } from '../hooks/use-sign-up-form';
import { CityEventFields } from './city-event-fields';
import { ConsentField } from './consent-field';
import { lazyCheck, preloadRules } from './lazy-rules';

const EMPTY: PreMatriculaInput = {
  eventoId: '',
  nomeAluno: '',
  cpfAluno: '',
  nomeResponsavel: '',
  cpfResponsavel: '',
  email: '',
  telefone: '',
  consentimento: false,
};
const check = lazyCheck((rules) => rules.checkPreMatricula);

export interface ActivationFormProps {
  onActivated: (declaration: CreditDeclaration) => void;
}

/** The /credito-ativacao form (SPEC §2, §5): city, event, then the student's and guardian's names and CPFs. */
export function ActivationForm({ onActivated }: ActivationFormProps) {
  const [cidade, setCidade] = useState('');
  const { values, errors, field, checkbox, setValue, setError, clearErrors, handleSubmit } = useSignUpForm<
    PreMatriculaInput,
    PreMatriculaData
  >({ defaultValues: EMPTY, check });
  const { eventoId } = values;

  const activate = useCreatePreMatricula({
    onSuccess: onActivated,
    onError: (error) => {
      showServerFieldErrors(error, setError);
      toast({
        variant: 'destructive',
        title: PUBLIC_MESSAGES.ativacaoError,
        description: errorMessage(error, PUBLIC_MESSAGES.ativacaoError),
      });
    },
  });

  return (
    <form
      noValidate
      className="grid gap-5"
      onFocus={preloadRules}
      onSubmit={handleSubmit((data) => activate.mutate(data))}
    >
      <CityEventFields
        idPrefix="ativacao"
        para="ativacao"
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

      {eventoId ? (
        <>
          <TextField
            id="ativacao-nome-aluno"
            label="Nome do aluno"
            autoComplete="name"
            error={errors.nomeAluno}
            {...field('nomeAluno')}
          />
          <TextField
            id="ativacao-cpf-aluno"
            label="CPF do aluno"
            inputMode="numeric"
            autoComplete="off"
            placeholder="000.000.000-00"
            maxLength={MASK_MAX_LENGTH.cpf}
            error={errors.cpfAluno}
            {...maskedRegistration(field('cpfAluno'), maskCpf)}
          />
          <TextField
            id="ativacao-nome-responsavel"
            label="Nome do responsável"
            autoComplete="off"
            error={errors.nomeResponsavel}
            {...field('nomeResponsavel')}
          />
          <TextField
            id="ativacao-cpf-responsavel"
            label="CPF do responsável"
            inputMode="numeric"
            autoComplete="off"
            placeholder="000.000.000-00"
            maxLength={MASK_MAX_LENGTH.cpf}
            error={errors.cpfResponsavel}
            {...maskedRegistration(field('cpfResponsavel'), maskCpf)}
          />
          <TextField
            id="ativacao-email"
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="seu@email.com"
            error={errors.email}
            {...field('email')}
          />
          <TextField
            id="ativacao-telefone"
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
            id="ativacao-consentimento"
            registration={checkbox('consentimento')}
            error={errors.consentimento}
          />
        </>
      ) : null}

      <Button
        type="submit"
        size="lg"
        className="h-auto min-h-12 w-full whitespace-normal bg-success py-3 text-base font-extrabold tracking-wide text-success-foreground hover:bg-green-800"
        disabled={activate.isPending}
      >
        {activate.isPending ? 'Ativando...' : 'ATIVAR MEU CRÉDITO GRATUITO'}
      </Button>
    </form>
  );
}
