import { useState, type ChangeEvent } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
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
import { MASK_MAX_LENGTH, maskCep, maskCnpj, maskCpf, maskPhone } from '@shared/format';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { FormMessage } from '@/components/ui/form-message';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';

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
};

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
  const [searchingCep, setSearchingCep] = useState(false);

  const id = (name: string) => `${idPrefix}-${name}`;
  const masked = (name: Path<ClienteFormValues>, mask: (value: string) => string) => {
    const field = register(name);
    return {
      ...field,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        event.target.value = mask(event.target.value);
        return field.onChange(event);
      },
    };
  };

  const searchCep = async () => {
    setSearchingCep(true);
    const found = await lookupCep(getValues('cep'));
    setSearchingCep(false);
    if (!found) return;
    setValue('cidade', found.cidade, { shouldValidate: true, shouldDirty: true });
    setValue('estado', found.estado, { shouldValidate: true, shouldDirty: true });
  };

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      if (!(error instanceof ApiError) || !error.errors) return;
      for (const [field, message] of Object.entries(error.errors)) {
        if (field in EMPTY_CLIENTE) setError(field as Path<ClienteFormValues>, { message }, { shouldFocus: true });
      }
    }
  });

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
        <TextField
          id={id('cnpj')}
          label="CNPJ"
          placeholder="00.000.000/0000-00"
          maxLength={MASK_MAX_LENGTH.cnpj}
          autoCapitalize="characters"
          error={errors.cnpj?.message}
          {...masked('cnpj', maskCnpj)}
        />
        <TextField
          id={id('repLegal')}
          label="Representante Legal"
          autoComplete="name"
          error={errors.repLegal?.message}
          {...register('repLegal')}
        />
        <Controller
          control={control}
          name="produto"
          render={({ field }) => (
            <div className="grid gap-2">
              <Label htmlFor={id('produto')}>Produto</Label>
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger
                  id={id('produto')}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  aria-invalid={errors.produto ? true : undefined}
                  aria-describedby={errors.produto ? `${id('produto')}-error` : undefined}
                >
                  <SelectValue placeholder="Selecione o produto" />
                </SelectTrigger>
                <SelectContent>
                  {produtoOptions.map((option) => (
                    <SelectItem key={option.value} value={option.value}>
                      {option.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FormMessage id={`${id('produto')}-error`}>{errors.produto?.message}</FormMessage>
            </div>
          )}
        />
        <Controller
          control={control}
          name="kit"
          render={({ field }) => (
            <div className="grid gap-2">
              <Label htmlFor={id('kit')}>Kit</Label>
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger
                  id={id('kit')}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  aria-invalid={errors.kit ? true : undefined}
                  aria-describedby={errors.kit ? `${id('kit')}-error` : undefined}
                >
                  <SelectValue placeholder="Selecione o kit" />
                </SelectTrigger>
                <SelectContent>
                  {kitOptions.map((option) => (
                    <SelectItem key={option.value} value={option.value}>
                      {option.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FormMessage id={`${id('kit')}-error`}>{errors.kit?.message}</FormMessage>
            </div>
          )}
        />
        <TextField
          id={id('cpf')}
          label="CPF do Representante"
          placeholder="000.000.000-00"
          inputMode="numeric"
          maxLength={MASK_MAX_LENGTH.cpf}
          error={errors.cpf?.message}
          {...masked('cpf', maskCpf)}
        />
        <TextField
          id={id('telefone')}
          label="Telefone"
          type="tel"
          placeholder="(00) 00000-0000"
          autoComplete="tel"
          maxLength={MASK_MAX_LENGTH.phone}
          error={errors.telefone?.message}
          {...masked('telefone', maskPhone)}
        />
        <TextField
          id={id('endereco')}
          label="Endereço"
          className="sm:col-span-2"
          autoComplete="street-address"
          error={errors.endereco?.message}
          {...register('endereco')}
        />
        <div className="grid gap-2">
          <Label htmlFor={id('cep')}>CEP</Label>
          <div className="flex gap-2">
            <Input
              id={id('cep')}
              placeholder="00000-000"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={MASK_MAX_LENGTH.cep}
              aria-invalid={errors.cep ? true : undefined}
              aria-describedby={errors.cep ? cepErrorId : undefined}
              {...masked('cep', maskCep)}
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
          <FormMessage id={cepErrorId}>{errors.cep?.message}</FormMessage>
        </div>
        <TextField id={id('cidade')} label="Cidade" error={errors.cidade?.message} {...register('cidade')} />
        <TextField
          id={id('estado')}
          label="Estado"
          placeholder="UF"
          maxLength={2}
          autoCapitalize="characters"
          error={errors.estado?.message}
          {...masked('estado', (v) => v.toUpperCase())}
        />
        <TextField
          id={id('email')}
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        {mode === 'create' ? (
          <TextField
            id={id('password')}
            label="Senha"
            type="password"
            autoComplete="new-password"
            className="sm:col-span-2"
            error={errors.password?.message}
            {...register('password')}
          />
        ) : null}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? (
            <>
              <LoaderCircle aria-hidden="true" className="animate-spin" />
              {pendingLabel}
            </>
          ) : (
            submitLabel
          )}
        </Button>
      </DialogFooter>
    </form>
  );
}
