import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CONTA_MESSAGES, type Perfil, type PerfilInput } from '@shared/schemas/conta';
import { TextField } from '@/components/ui/text-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { useMaskedRegister } from '@/hooks/use-masked-register';
import { errorMessage } from '@/lib/api-client';
import { submitShowingFieldErrors } from '@/lib/server-field-errors';
import { toast } from '@/lib/toast';
import { useUpdatePerfil } from '../api/update-perfil';
import { perfilFormSchema, perfilFormValues, type PerfilFormValues } from './perfil-form-values';

export interface DadosPessoaisFormProps {
  perfil: Perfil;
}

const FIELDS = ['nome', 'telefone', 'chavePix'] as const;

/** Name, phone and PIX key; the e-mail is shown, not edited (there is no screen for the e-mail change). */
export function DadosPessoaisForm({ perfil }: DadosPessoaisFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PerfilFormValues, unknown, PerfilInput>({
    resolver: zodResolver(perfilFormSchema),
    defaultValues: perfilFormValues(perfil),
  });
  const masked = useMaskedRegister(register);

  const update = useUpdatePerfil({
    onSuccess: (saved) => {
      reset(perfilFormValues(saved));
      toast({ variant: 'success', title: CONTA_MESSAGES.perfilAtualizado });
    },
    onError: (error) => toast({ variant: 'destructive', title: errorMessage(error, 'Erro ao salvar os dados') }),
  });

  const submit = handleSubmit(
    submitShowingFieldErrors((values: PerfilInput) => update.mutateAsync(values), setError, {
      fields: FIELDS,
      focus: true,
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <TextField
        id="conta-email"
        label="E-mail"
        type="email"
        value={perfil.email}
        readOnly
        className="[&_input]:bg-muted [&_input]:text-muted-foreground"
        hint="O e-mail de acesso não pode ser alterado nesta tela."
      />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField
          id="conta-nome"
          label="Nome"
          autoComplete="name"
          error={errors.nome?.message}
          {...register('nome')}
        />
        <TextField
          id="conta-telefone"
          label="Telefone"
          type="tel"
          autoComplete="tel"
          error={errors.telefone?.message}
          {...masked('telefone', 'phone')}
        />
      </div>
      <TextField
        id="conta-chave-pix"
        label="Chave PIX"
        autoComplete="off"
        error={errors.chavePix?.message}
        hint="Onde suas comissões são pagas: CPF, CNPJ, e-mail, telefone com +55 e DDD ou chave aleatória."
        {...register('chavePix')}
      />
      <div>
        <SubmitButton pending={isSubmitting} pendingLabel="Salvando...">
          Salvar
        </SubmitButton>
      </div>
    </form>
  );
}
