import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { CepResult } from '@shared/schemas/cep';
import type { EmpresaUserView } from '@shared/schemas/franquia';
import {
  franquiaCreateSchema,
  franquiaUpdateSchema,
  type FranquiaCreate,
  type FranquiaCreateInput,
} from '@shared/schemas/franquia';
import { maskCep, maskCnpj, maskCpf, maskPhone } from '@shared/format';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { SubmitButton } from '@/components/ui/submit-button';
import { PasswordOrInviteField } from '@/components/ui/password-or-invite-field';
import { DateField } from '@/components/ui/date-field';
import { TextField } from '@/components/ui/text-field';
import { useCepFill } from '@/hooks/use-cep-fill';
import { useMaskedRegister } from '@/hooks/use-masked-register';
import { submitShowingFieldErrors } from '@/lib/server-field-errors';

/**
 * The form of a franquia and of a micro-franquia: SPEC §5 gives both the same fields, masks and messages.
 * Masks are applied while typing; the shared schema strips them, so the values sent carry digits only
 * (and the letters of an alphanumeric CNPJ). The micro-franquias screen receives this form from its route.
 */

export type EmpresaFormValues = FranquiaCreateInput;
/** On edit there is no password. */
export type EmpresaFormOutput = Omit<FranquiaCreate, 'password'> & { password?: string };

export interface EmpresaFormProps {
  mode: 'create' | 'edit';
  /** Prefix of the inputs' ids, unique on the page. */
  idPrefix: string;
  defaultValues?: EmpresaFormValues;
  submitLabel: string;
  pendingLabel: string;
  /** Rejects with the ApiError on failure; its field errors are shown under the fields. */
  onSubmit: (values: EmpresaFormOutput) => Promise<unknown>;
  onCancel: () => void;
  lookupCep: (cep: string) => Promise<CepResult | null>;
}

export interface EmpresaRow {
  razaoSocial: string;
  cnpj: string;
  repLegal: string;
  cep: string | null;
  cidade: string | null;
  estado: string | null;
  user: EmpresaUserView;
}

export const EMPTY_EMPRESA: EmpresaFormValues = {
  razaoSocial: '',
  cnpj: '',
  repLegal: '',
  cpf: '',
  dataNascimento: '',
  telefone: '',
  endereco: '',
  cep: '',
  cidade: '',
  estado: '',
  email: '',
  chavePix: '',
  password: '',
  enviarConvite: false,
};

const FIELDS = Object.keys(EMPTY_EMPRESA) as (keyof EmpresaFormValues)[];

/** The edit form's values from a list row, masks applied. */
export function empresaValuesFrom(row: EmpresaRow): EmpresaFormValues {
  return {
    razaoSocial: row.razaoSocial,
    cnpj: maskCnpj(row.cnpj),
    repLegal: row.repLegal,
    cpf: maskCpf(row.user.cpf),
    dataNascimento: row.user.dataNascimento ?? '',
    telefone: maskPhone(row.user.telefone),
    endereco: row.user.endereco ?? '',
    cep: maskCep(row.cep),
    cidade: row.cidade ?? '',
    estado: row.estado ?? '',
    email: row.user.email,
    chavePix: row.user.chavePix ?? '',
    password: '',
  };
}

export function EmpresaForm({
  mode,
  idPrefix,
  defaultValues = EMPTY_EMPRESA,
  submitLabel,
  pendingLabel,
  onSubmit,
  onCancel,
  lookupCep,
}: EmpresaFormProps) {
  // The edit payload has no password (SPEC §3); its schema is the create one without it.
  const schema = (mode === 'create' ? franquiaCreateSchema : franquiaUpdateSchema) as typeof franquiaCreateSchema;
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EmpresaFormValues, unknown, FranquiaCreate>({ resolver: zodResolver(schema), defaultValues });

  const masked = useMaskedRegister(register);
  const invited = useWatch({ control, name: 'enviarConvite' }) === true;

  const id = (name: string) => `${idPrefix}-${name}`;

  // SPEC §5: looked up when the CEP loses focus with at least 8 characters; fills cidade and estado.
  const cep = useCepFill(lookupCep, (found) => {
    setValue('cidade', found.cidade, { shouldValidate: true, shouldDirty: true });
    setValue('estado', found.estado, { shouldValidate: true, shouldDirty: true });
  });
  const lookUpCep = async (typed: string) => {
    if (typed.length >= 8) await cep.lookUp(typed);
  };
  const searchingCep = cep.searching;

  const submit = handleSubmit(submitShowingFieldErrors(onSubmit, setError, { fields: FIELDS, focus: true }));

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={id('razaoSocial')}
          label="Razão Social"
          className="sm:col-span-2"
          autoComplete="organization"
          error={errors.razaoSocial?.message}
          {...register('razaoSocial')}
        />
        <TextField id={id('cnpj')} label="CNPJ" error={errors.cnpj?.message} {...masked('cnpj', 'cnpj')} />
        <TextField
          id={id('repLegal')}
          label="Representante Legal"
          autoComplete="name"
          error={errors.repLegal?.message}
          {...register('repLegal')}
        />
        <TextField id={id('cpf')} label="CPF" error={errors.cpf?.message} {...masked('cpf', 'cpf')} />
        <DateField control={control} name="dataNascimento" id={id('dataNascimento')} label="Data de Nascimento" />
        <TextField
          id={id('telefone')}
          label="Telefone"
          type="tel"
          autoComplete="tel"
          error={errors.telefone?.message}
          {...masked('telefone', 'phone')}
        />
        <TextField
          id={id('email')}
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          id={id('endereco')}
          label="Endereço"
          className="sm:col-span-2"
          autoComplete="street-address"
          error={errors.endereco?.message}
          {...register('endereco')}
        />
        <TextField
          id={id('cep')}
          label="CEP"
          autoComplete="postal-code"
          hint={searchingCep ? 'Buscando CEP...' : undefined}
          error={errors.cep?.message}
          {...masked('cep', 'cep', { afterBlur: lookUpCep })}
        />
        <TextField id={id('cidade')} label="Cidade" error={errors.cidade?.message} {...register('cidade')} />
        <TextField id={id('estado')} label="Estado" error={errors.estado?.message} {...masked('estado', 'uf')} />
        {/* ADR 088: where the unit's commissions are paid; optional, checked by the shared PIX-key schema. */}
        <TextField
          id={id('chavePix')}
          label="Chave PIX (comissões)"
          className="sm:col-span-2"
          autoComplete="off"
          hint="CPF, CNPJ, e-mail, telefone com +55 e DDD ou chave aleatória"
          error={errors.chavePix?.message}
          {...register('chavePix')}
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
