import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, Search } from 'lucide-react';
import { kitOptions, produtoOptions } from '@shared/enums';
import type { CepResult } from '@shared/schemas/cep';
import {
  CLIENTE_DEFAULTS,
  clienteCreateSchema,
  clienteUpdateSchema,
  type ClienteCreate,
  type ClienteCreateInput,
  type ClienteView,
} from '@shared/schemas/cliente';
import { maskCep, maskCnpj, maskCpf, maskPhone } from '@shared/format';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { FieldShell } from '@/components/ui/field-shell';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { FormSelectField } from '@/components/ui/form-select-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { PasswordOrInviteField } from '@/components/ui/password-or-invite-field';
import { TextField } from '@/components/ui/text-field';
import { useCepFill } from '@/hooks/use-cep-fill';
import { useMaskedRegister } from '@/hooks/use-masked-register';
import { submitShowingFieldErrors } from '@/lib/server-field-errors';

export type ClienteFormValues = ClienteCreateInput;
export type ClienteFormOutput = Omit<ClienteCreate, 'password'> & { password?: string };

export const EMPTY_CLIENTE: ClienteFormValues = {
  nomeFantasia: '',
  cnpj: '',
  repLegal: '',
  produto: CLIENTE_DEFAULTS.produto,
  kit: CLIENTE_DEFAULTS.kit,
  cpf: '',
  telefone: '',
  endereco: '',
  cep: '',
  cidade: '',
  estado: '',
  email: '',
  password: '',
  enviarConvite: false,
};

const FIELDS = Object.keys(EMPTY_CLIENTE) as (keyof ClienteFormValues)[];

export function clienteValuesFrom(row: ClienteView): ClienteFormValues {
  return {
    nomeFantasia: row.nomeFantasia,
    cnpj: maskCnpj(row.cnpj),
    repLegal: row.repLegal,
    produto: row.produto,
    kit: row.kit,
    cpf: maskCpf(row.user.cpf),
    telefone: maskPhone(row.user.telefone),
    endereco: row.user.endereco ?? '',
    cep: maskCep(row.cep),
    cidade: row.cidade ?? '',
    estado: row.estado ?? '',
    email: row.user.email,
    password: '',
  };
}

export interface ClienteFormProps {
  mode: 'create' | 'edit';
  idPrefix: string;
  defaultValues?: ClienteFormValues;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (values: ClienteFormOutput) => Promise<unknown>;
  onCancel: () => void;
  lookupCep: (cep: string) => Promise<CepResult | null>;
}

/** SPEC §5 'Cliente create' / edit: produto and kit selects, and a button that looks the CEP up. */
export function ClienteForm({
  mode,
  idPrefix,
  defaultValues = EMPTY_CLIENTE,
  submitLabel,
  pendingLabel,
  onSubmit,
  onCancel,
  lookupCep,
}: ClienteFormProps) {
  const schema = (mode === 'create' ? clienteCreateSchema : clienteUpdateSchema) as typeof clienteCreateSchema;
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ClienteFormValues, unknown, ClienteCreate>({ resolver: zodResolver(schema), defaultValues });

  const masked = useMaskedRegister(register);
  const invited = useWatch({ control, name: 'enviarConvite' }) === true;

  const id = (name: string) => `${idPrefix}-${name}`;

  const cep = useCepFill(lookupCep, (found) => {
    setValue('cidade', found.cidade, { shouldValidate: true, shouldDirty: true });
    setValue('estado', found.estado, { shouldValidate: true, shouldDirty: true });
  });
  const searchCep = () => cep.lookUp(getValues('cep'));
  const searchingCep = cep.searching;

  const submit = handleSubmit(submitShowingFieldErrors(onSubmit, setError, { fields: FIELDS, focus: true }));

  const cepErrorId = `${id('cep')}-error`;

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={id('nomeFantasia')}
          label="Nome Fantasia"
          className="sm:col-span-2"
          autoComplete="organization"
          error={errors.nomeFantasia?.message}
          {...register('nomeFantasia')}
        />
        <TextField id={id('cnpj')} label="CNPJ" error={errors.cnpj?.message} {...masked('cnpj', 'cnpj')} />
        <TextField
          id={id('repLegal')}
          label="Representante Legal"
          autoComplete="name"
          error={errors.repLegal?.message}
          {...register('repLegal')}
        />
        <FormSelectField
          control={control}
          name="produto"
          id={id('produto')}
          label="Produto"
          placeholder="Selecione o produto"
          options={produtoOptions}
        />
        <FormSelectField
          control={control}
          name="kit"
          id={id('kit')}
          label="Kit"
          placeholder="Selecione o kit"
          options={kitOptions}
        />
        <TextField id={id('cpf')} label="CPF do Representante" error={errors.cpf?.message} {...masked('cpf', 'cpf')} />
        <TextField
          id={id('telefone')}
          label="Telefone"
          type="tel"
          autoComplete="tel"
          error={errors.telefone?.message}
          {...masked('telefone', 'phone')}
        />
        <TextField
          id={id('endereco')}
          label="Endereço"
          className="sm:col-span-2"
          autoComplete="street-address"
          error={errors.endereco?.message}
          {...register('endereco')}
        />
        <FieldShell
          label={<Label htmlFor={id('cep')}>CEP</Label>}
          hintId={id('cep-hint')}
          error={errors.cep?.message}
          errorId={cepErrorId}
        >
          <div className="flex gap-2">
            <Input
              id={id('cep')}
              autoComplete="postal-code"
              aria-invalid={errors.cep ? true : undefined}
              aria-describedby={errors.cep ? cepErrorId : undefined}
              {...masked('cep', 'cep')}
            />
            <Button
              type="button"
              variant="outline"
              size="icon"
              aria-label="Buscar CEP"
              disabled={searchingCep}
              onClick={() => void searchCep()}
            >
              {searchingCep ? (
                <LoaderCircle aria-hidden="true" className="animate-spin" />
              ) : (
                <Search aria-hidden="true" />
              )}
            </Button>
          </div>
        </FieldShell>
        <TextField id={id('cidade')} label="Cidade" error={errors.cidade?.message} {...register('cidade')} />
        <TextField id={id('estado')} label="Estado" error={errors.estado?.message} {...masked('estado', 'uf')} />
        <TextField
          id={id('email')}
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        {mode === 'create' ? (
          <PasswordOrInviteField
            idPrefix={idPrefix}
            invited={invited}
            inviteProps={register('enviarConvite', { onChange: () => setValue('password', '') })}
            passwordProps={register('password')}
            error={errors.password?.message}
          />
        ) : null}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancelar
        </Button>
        <SubmitButton pending={isSubmitting} pendingLabel={pendingLabel}>
          {submitLabel}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
