import type { ChangeEvent } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { vendedorCreateSchema, type VendedorCreate, type VendedorCreateInput } from '@shared/schemas/vendedor';
import { MASK_MAX_LENGTH, maskCpf, maskPhone } from '@shared/format';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';

const EMPTY_VENDEDOR: VendedorCreateInput = {
  nome: '',
  cpf: '',
  dataNascimento: '',
  endereco: '',
  telefone: '',
  email: '',
  password: '',
};

export interface VendedorFormProps {
  onSubmit: (values: VendedorCreate) => Promise<unknown>;
  onCancel: () => void;
}

/** SPEC §5 'New salesperson'. */
export function VendedorForm({ onSubmit, onCancel }: VendedorFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<VendedorCreateInput, unknown, VendedorCreate>({
    resolver: zodResolver(vendedorCreateSchema),
    defaultValues: EMPTY_VENDEDOR,
  });

  const masked = (name: Path<VendedorCreateInput>, mask: (value: string) => string) => {
    const field = register(name);
    return {
      ...field,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        event.target.value = mask(event.target.value);
        return field.onChange(event);
      },
    };
  };

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      if (!(error instanceof ApiError) || !error.errors) return;
      for (const [field, message] of Object.entries(error.errors)) {
        if (field in EMPTY_VENDEDOR) setError(field as Path<VendedorCreateInput>, { message }, { shouldFocus: true });
      }
    }
  });

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
        <TextField
          id="vendedor-cpf"
          label="CPF"
          placeholder="000.000.000-00"
          inputMode="numeric"
          maxLength={MASK_MAX_LENGTH.cpf}
          error={errors.cpf?.message}
          {...masked('cpf', maskCpf)}
        />
        <TextField
          id="vendedor-dataNascimento"
          label="Data de Nascimento"
          type="date"
          error={errors.dataNascimento?.message}
          {...register('dataNascimento')}
        />
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
          placeholder="(00) 00000-0000"
          autoComplete="tel"
          maxLength={MASK_MAX_LENGTH.phone}
          error={errors.telefone?.message}
          {...masked('telefone', maskPhone)}
        />
        <TextField
          id="vendedor-email"
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          id="vendedor-password"
          label="Senha"
          type="password"
          autoComplete="new-password"
          className="sm:col-span-2"
          error={errors.password?.message}
          {...register('password')}
        />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? (
            <>
              <LoaderCircle aria-hidden="true" className="animate-spin" />
              Criando...
            </>
          ) : (
            'Criar Vendedor'
          )}
        </Button>
      </DialogFooter>
    </form>
  );
}
