import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { vendedorCreateSchema, type VendedorCreate, type VendedorCreateInput } from '@shared/schemas/vendedor';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { SubmitButton } from '@/components/ui/submit-button';
import { PasswordOrInviteField } from '@/components/ui/password-or-invite-field';
import { DateField } from '@/components/ui/date-field';
import { TextField } from '@/components/ui/text-field';
import { useMaskedRegister } from '@/hooks/use-masked-register';
import { submitShowingFieldErrors } from '@/lib/server-field-errors';

const EMPTY_VENDEDOR: VendedorCreateInput = {
  nome: '',
  cpf: '',
  dataNascimento: '',
  endereco: '',
  telefone: '',
  email: '',
  password: '',
  enviarConvite: false,
};
const FIELDS = Object.keys(EMPTY_VENDEDOR) as (keyof VendedorCreateInput)[];

export interface VendedorFormProps {
  onSubmit: (values: VendedorCreate) => Promise<unknown>;
  onCancel: () => void;
}

/** SPEC §5 'New salesperson'. */
export function VendedorForm({ onSubmit, onCancel }: VendedorFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<VendedorCreateInput, unknown, VendedorCreate>({
    resolver: zodResolver(vendedorCreateSchema),
    defaultValues: EMPTY_VENDEDOR,
  });

  const masked = useMaskedRegister(register);
  const invited = useWatch({ control, name: 'enviarConvite' }) === true;

  const submit = handleSubmit(submitShowingFieldErrors(onSubmit, setError, { fields: FIELDS, focus: true }));

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="vendedor-nome"
          label="Nome"
          className="sm:col-span-2"
          autoComplete="name"
          error={errors.nome?.message}
          {...register('nome')}
        />
        <TextField id="vendedor-cpf" label="CPF" error={errors.cpf?.message} {...masked('cpf', 'cpf')} />
        <DateField control={control} name="dataNascimento" id="vendedor-dataNascimento" label="Data de Nascimento" />
        <TextField
          id="vendedor-endereco"
          label="Endereço"
          className="sm:col-span-2"
          autoComplete="street-address"
          error={errors.endereco?.message}
          {...register('endereco')}
        />
        <TextField
          id="vendedor-telefone"
          label="Telefone"
          type="tel"
          autoComplete="tel"
          error={errors.telefone?.message}
          {...masked('telefone', 'phone')}
        />
        <TextField
          id="vendedor-email"
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordOrInviteField
          idPrefix="vendedor"
          invited={invited}
          inviteProps={register('enviarConvite', { onChange: () => setValue('password', '') })}
          passwordProps={register('password')}
          error={errors.password?.message}
        />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancelar
        </Button>
        <SubmitButton pending={isSubmitting} pendingLabel="Criando...">
          Criar Vendedor
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
