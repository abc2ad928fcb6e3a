import { LoaderCircle, Search } from 'lucide-react';
import { kitOptions, produtoOptions } from '@shared/enums';
import {
  CLIENTE_DEFAULTS,
  clienteCreateSchema,
  clienteUpdateSchema,
  type ClienteCreate,
  type ClienteCreateInput,
  type ClienteView,
} from '@shared/schemas/cliente';
import { Button } from '@/components/ui/button';
import { FieldShell } from '@/components/ui/field-shell';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { FormSelectField } from '@/components/ui/form-select-field';
import {
  EMPTY_RECORD,
  RecordForm,
  type RecordFormDialogProps,
  recordValuesFrom,
  useRecordForm,
} from '@/components/ui/record-form';
import { useMaskedRegister } from '@/hooks/use-masked-register';

export type ClienteFormValues = ClienteCreateInput;
export type ClienteFormOutput = Omit<ClienteCreate, 'password'> & { password?: string };

export const EMPTY_CLIENTE: ClienteFormValues = {
  ...EMPTY_RECORD,
  nomeFantasia: '',
  produto: CLIENTE_DEFAULTS.produto,
  kit: CLIENTE_DEFAULTS.kit,
};

export function clienteValuesFrom(row: ClienteView): ClienteFormValues {
  return { ...recordValuesFrom(row), nomeFantasia: row.nomeFantasia, produto: row.produto, kit: row.kit };
}

export type ClienteFormProps = RecordFormDialogProps<ClienteFormValues, ClienteFormOutput>;

/** SPEC §5 'Cliente create' / edit: produto and kit selects, and a button that looks the CEP up. */
export function ClienteForm({ mode, defaultValues = EMPTY_CLIENTE, ...dialog }: ClienteFormProps) {
  const schema = (mode === 'create' ? clienteCreateSchema : clienteUpdateSchema) as typeof clienteCreateSchema;
  const f = useRecordForm({ ...dialog, schema, defaultValues });
  const { control, getValues, register } = f.form;
  const masked = useMaskedRegister(register);
  const cepId = f.id('cep');
  const cepError = f.error('cep');
  const cepErrorId = `${cepId}-error`;

  return (
    <RecordForm form={f} {...dialog}>
      {f.identidade('nomeFantasia', 'Nome Fantasia')}
      <FormSelectField
        control={control}
        name="produto"
        id={f.id('produto')}
        label="Produto"
        placeholder="Selecione o produto"
        options={produtoOptions}
      />
      <FormSelectField
        control={control}
        name="kit"
        id={f.id('kit')}
        label="Kit"
        placeholder="Selecione o kit"
        options={kitOptions}
      />
      {f.masked('cpf', 'CPF do Representante', 'cpf')}
      {f.masked('telefone', 'Telefone', 'phone', { type: 'tel', autoComplete: 'tel' })}
      {f.text('endereco', 'Endereço', { className: 'sm:col-span-2', autoComplete: 'street-address' })}
      <FieldShell
        label={<Label htmlFor={cepId}>CEP</Label>}
        hintId={f.id('cep-hint')}
        error={cepError}
        errorId={cepErrorId}
      >
        <div className="flex gap-2">
          <Input
            id={cepId}
            autoComplete="postal-code"
            aria-invalid={cepError ? true : undefined}
            aria-describedby={cepError ? cepErrorId : undefined}
            {...masked('cep', 'cep')}
          />
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label="Buscar CEP"
            disabled={f.cep.searching}
            onClick={() => void f.cep.lookUp(getValues('cep'))}
          >
            {f.cep.searching ? (
              <LoaderCircle aria-hidden="true" className="animate-spin" />
            ) : (
              <Search aria-hidden="true" />
            )}
          </Button>
        </div>
      </FieldShell>
      {f.cidadeEstado()}
      {f.text('email', 'Email', { type: 'email', autoComplete: 'email' })}
      {mode === 'create' ? f.access() : null}
    </RecordForm>
  );
}
