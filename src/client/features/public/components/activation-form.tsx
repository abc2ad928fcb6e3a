import { useEffect, useState } from 'react';
import { maskCpf, maskPhone, MASK_MAX_LENGTH } from '@shared/format';
import type { PreMatriculaData, PreMatriculaInput } from '@shared/schemas/public';
import { PUBLIC_MESSAGES } from '@shared/schemas/public-messages';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { maskedRegistration } from '@/lib/masked-registration';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { toast } from '@/lib/toast';
import { type ActivationAnswer, useCreatePreMatricula } from '../api/create-pre-matricula';
import { useSignUpForm } from '../hooks/use-sign-up-form';
import { usePublicEventos } from '../api/get-public-eventos';
import { CityEventFields, NativeSelect } from './city-event-fields';
import { ConsentField } from './consent-field';
import { WhatsappField } from './whatsapp-field';
import { lazyCheck, preloadRules } from './lazy-rules';
import { eventoDoLink, origemDaVisita } from '../origem';

/** The WhatsApp option (issue 47) is always sent, false unless ticked. */
type FormValues = Omit<PreMatriculaInput, 'origem'> & { whatsapp: boolean };

const EMPTY: FormValues = {
  eventoId: '',
  nomeAluno: '',
  cpfAluno: '',
  nomeResponsavel: '',
  cpfResponsavel: '',
  email: '',
  telefone: '',
  consentimento: false,
  whatsapp: false,
  cursoId: '',
};
const check = lazyCheck((rules) => rules.checkPreMatricula);

export interface ActivationFormProps {
  onActivated: (answer: ActivationAnswer) => void;
}

/** The /credito-ativacao form (SPEC §2, §5): city, event, then the student's and guardian's names and CPFs. */
export function ActivationForm({ onActivated }: ActivationFormProps) {
  const [cidade, setCidade] = useState('');
  const { values, errors, field, checkbox, setValue, setError, clearErrors, handleSubmit } = useSignUpForm<
    FormValues,
    PreMatriculaData
  >({ defaultValues: EMPTY, check });
  const { eventoId } = values;
  // Issue 48: an event's share link (`?v=`) opens the form on its event, when the activation takes it.
  useEffect(() => {
    let vivo = true;
    void eventoDoLink(origemDaVisita(), 'ativacao').then((evento) => {
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
  // The chosen event's courses (issue 23): the list is already read for the event select.
  const cursos = usePublicEventos(cidade, 'ativacao').data?.find((e) => e.id === eventoId)?.cursos ?? [];

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
      onSubmit={handleSubmit((data) => {
        // Issue 48: the origin kept since the sign-up (or this page's own address); none, the server copies the lead's.
        const origem = origemDaVisita();
        activate.mutate(origem ? { ...data, origem } : data);
      })}
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
          setValue('cursoId', '');
          if (next) clearErrors('eventoId');
        }}
        eventoError={errors.eventoId}
      />

      {eventoId ? (
        <>
          {cursos.length > 0 ? (
            <div className="grid gap-2">
              <Label htmlFor="ativacao-curso">
                Curso de interesse <span className="font-normal text-muted-foreground">(opcional)</span>
              </Label>
              <NativeSelect
                id="ativacao-curso"
                value={values.cursoId ?? ''}
                aria-invalid={errors.cursoId ? true : undefined}
                aria-describedby={errors.cursoId ? 'ativacao-curso-error' : undefined}
                onChange={(event) => setValue('cursoId', event.target.value)}
              >
                <option value="">Ainda não sei</option>
                {cursos.map((curso) => (
                  <option key={curso.id} value={curso.id}>
                    {curso.titulo}
                  </option>
                ))}
              </NativeSelect>
              <FormMessage id="ativacao-curso-error">{errors.cursoId}</FormMessage>
            </div>
          ) : null}
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
          <WhatsappField id="ativacao-whatsapp" registration={checkbox('whatsapp')} />
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
