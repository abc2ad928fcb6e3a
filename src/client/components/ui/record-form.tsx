import type { FormEventHandler, ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  get,
  useForm,
  useWatch,
  type DefaultValues,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
} from 'react-hook-form';
import type { z } from 'zod';
import { maskCep, maskCnpj, maskCpf, maskPhone } from '@shared/format';
import type { CepResult } from '@shared/schemas/cep';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { PasswordOrInviteField } from '@/components/ui/password-or-invite-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField, type TextFieldProps } from '@/components/ui/text-field';
import { useCepFill } from '@/hooks/use-cep-fill';
import { type InputMask, type MaskedRegisterOptions, useMaskedRegister } from '@/hooks/use-masked-register';
import { submitShowingFieldErrors } from '@/lib/server-field-errors';

/**
 * The create and edit forms of the network's records -- a franquia or micro-franquia (`empresa-form`) and a cliente
 * (issue 41): what they do alike lives here, and each form keeps its own fields, their order and SPEC §5's labels.
 */

/** The fields every such record has: its city and state (filled from the CEP), and a first access on create. */
export interface RecordFormValues extends FieldValues {
  cidade: string;
  estado: string;
  password?: unknown;
  enviarConvite?: boolean;
}

/** The fields every record has, empty: a new record's form. */
export const EMPTY_RECORD = {
  cnpj: '',
  repLegal: '',
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

/** What every record's row says of those fields (the list's answer). */
export interface RecordRow {
  cnpj: string;
  repLegal: string;
  cep: string | null;
  cidade: string | null;
  estado: string | null;
  user: {
    cpf: Parameters<typeof maskCpf>[0];
    telefone: Parameters<typeof maskPhone>[0];
    endereco?: string | null;
    email: string;
  };
}

/** The edit form's values of those fields from a list row, masks applied (no password on edit). */
export function recordValuesFrom(row: RecordRow) {
  return {
    cnpj: maskCnpj(row.cnpj),
    repLegal: row.repLegal,
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

type FieldProps = Omit<TextFieldProps, 'id' | 'label' | 'error'>;

export interface UseRecordFormOptions<V extends RecordFormValues, Out> {
  /** The shared zod schema the form validates with (the create or the edit one). */
  schema: z.ZodType<Out, V>;
  defaultValues: V;
  /** Prefix of the inputs' ids, unique on the page. */
  idPrefix: string;
  /** Rejects with the ApiError on failure; its field errors are shown under the fields. */
  onSubmit: (values: Out) => Promise<unknown>;
  lookupCep: (cep: string) => Promise<CepResult | null>;
}

/**
 * react-hook-form on a record's shared schema, with renderers for its fields: `text` and `masked` draw a labelled
 * input with its error under it, `cep` looks the CEP up and fills cidade and estado (SPEC §5), `cidadeEstado` and
 * `access` draw the fields every record has. The server's field errors go under their fields and the first takes
 * the focus.
 */
export function useRecordForm<V extends RecordFormValues, Out>({
  schema,
  defaultValues,
  idPrefix,
  onSubmit,
  lookupCep,
}: UseRecordFormOptions<V, Out>) {
  const form = useForm<V, unknown, Out>({
    resolver: zodResolver(schema as never) as unknown as Resolver<V, unknown, Out>,
    defaultValues: defaultValues as DefaultValues<V>,
  });
  const { register, control, setValue, setError, handleSubmit, formState } = form;
  const maskedRegister = useMaskedRegister(register);
  const invited = useWatch({ control, name: 'enviarConvite' as Path<V> }) === true;

  const id = (name: string) => `${idPrefix}-${name}`;
  const error = (name: Path<V>): string | undefined => (get(formState.errors, name) as { message?: string })?.message;
  const set = (name: 'cidade' | 'estado', value: string) =>
    setValue(name as Path<V>, value as PathValue<V, Path<V>>, { shouldValidate: true, shouldDirty: true });
  const cep = useCepFill(lookupCep, (found) => {
    set('cidade', found.cidade);
    set('estado', found.estado);
  });

  const fields = Object.keys(defaultValues) as Path<V>[];
  const submit = handleSubmit(submitShowingFieldErrors(onSubmit, setError, { fields, focus: true }));

  const text = (name: Path<V>, label: string, props: FieldProps = {}) => (
    <TextField id={id(name)} label={label} error={error(name)} {...props} {...register(name)} />
  );
  const masked = (
    name: Path<V>,
    label: string,
    mask: InputMask,
    props: FieldProps = {},
    options?: MaskedRegisterOptions,
  ) => (
    <TextField id={id(name)} label={label} error={error(name)} {...props} {...maskedRegister(name, mask, options)} />
  );
  /** The record's name (its own label), CNPJ and legal representative: the first fields of every such form. */
  const identidade = (name: Path<V>, label: string) => (
    <>
      {text(name, label, { className: 'sm:col-span-2', autoComplete: 'organization' })}
      {masked('cnpj' as Path<V>, 'CNPJ', 'cnpj')}
      {text('repLegal' as Path<V>, 'Representante Legal', { autoComplete: 'name' })}
    </>
  );
  const cidadeEstado = () => (
    <>
      {text('cidade' as Path<V>, 'Cidade')}
      {masked('estado' as Path<V>, 'Estado', 'uf')}
    </>
  );
  /** A new record's first password, or the invitation that lets the person choose it (create only). */
  const access = () => (
    <PasswordOrInviteField
      idPrefix={idPrefix}
      invited={invited}
      inviteProps={register('enviarConvite' as Path<V>, {
        onChange: () => setValue('password' as Path<V>, '' as PathValue<V, Path<V>>),
      })}
      passwordProps={register('password' as Path<V>)}
      error={error('password' as Path<V>)}
    />
  );

  return {
    form,
    id,
    error,
    text,
    masked,
    identidade,
    cidadeEstado,
    access,
    cep,
    submit,
    isSubmitting: formState.isSubmitting,
  };
}

/** What a record's form receives from its dialog (`RecordFormDialogs`). */
export interface RecordFormDialogProps<V, Out> {
  mode: 'create' | 'edit';
  /** Prefix of the inputs' ids, unique on the page. */
  idPrefix: string;
  defaultValues?: V;
  submitLabel: string;
  pendingLabel: string;
  /** Rejects with the ApiError on failure; its field errors are shown under the fields. */
  onSubmit: (values: Out) => Promise<unknown>;
  onCancel: () => void;
  lookupCep: (cep: string) => Promise<CepResult | null>;
}

export interface RecordFormProps {
  form: { submit: FormEventHandler<HTMLFormElement>; isSubmitting: boolean };
  onCancel: () => void;
  submitLabel: string;
  pendingLabel: string;
  children: ReactNode;
}

/** A record's form in its dialog: the fields two to a row (one on a phone), then 'Cancelar' and the submit button. */
export function RecordForm({ form, onCancel, submitLabel, pendingLabel, children }: RecordFormProps) {
  return (
    <form noValidate onSubmit={form.submit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancelar
        </Button>
        <SubmitButton pending={form.isSubmitting} pendingLabel={pendingLabel}>
          {submitLabel}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
