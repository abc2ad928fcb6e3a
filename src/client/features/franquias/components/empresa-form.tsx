import type { EmpresaUserView } from '@shared/schemas/franquia';
import {
  franquiaCreateSchema,
  franquiaUpdateSchema,
  type FranquiaCreate,
  type FranquiaCreateInput,
} from '@shared/schemas/franquia';
import { DateField } from '@/components/ui/date-field';
import {
  EMPTY_RECORD,
  RecordForm,
  type RecordFormDialogProps,
  type RecordRow,
  recordValuesFrom,
  useRecordForm,
} from '@/components/ui/record-form';

/**
 * The form of a franquia and of a micro-franquia: SPEC §5 gives both the same fields, masks and messages.
 * Masks are applied while typing; the shared schema strips them, so the values sent carry digits only
 * (and the letters of an alphanumeric CNPJ). The micro-franquias screen receives this form from its route.
 */

export type EmpresaFormValues = FranquiaCreateInput;
/** On edit there is no password. */
export type EmpresaFormOutput = Omit<FranquiaCreate, 'password'> & { password?: string };

export type EmpresaFormProps = RecordFormDialogProps<EmpresaFormValues, EmpresaFormOutput>;

export interface EmpresaRow extends RecordRow {
  razaoSocial: string;
  user: EmpresaUserView;
}

export const EMPTY_EMPRESA: EmpresaFormValues = { ...EMPTY_RECORD, razaoSocial: '', dataNascimento: '', chavePix: '' };

/** The edit form's values from a list row, masks applied. */
export function empresaValuesFrom(row: EmpresaRow): EmpresaFormValues {
  return {
    ...recordValuesFrom(row),
    razaoSocial: row.razaoSocial,
    dataNascimento: row.user.dataNascimento ?? '',
    chavePix: row.user.chavePix ?? '',
  };
}

export function EmpresaForm({ mode, defaultValues = EMPTY_EMPRESA, ...dialog }: EmpresaFormProps) {
  // The edit payload has no password (SPEC §3); its schema is the create one without it.
  const schema = (mode === 'create' ? franquiaCreateSchema : franquiaUpdateSchema) as typeof franquiaCreateSchema;
  const f = useRecordForm({ ...dialog, schema, defaultValues });
  // SPEC §5: looked up when the CEP loses focus with at least 8 characters; fills cidade and estado.
  const lookUpCep = async (typed: string) => {
    if (typed.length >= 8) await f.cep.lookUp(typed);
  };

  return (
    <RecordForm form={f} {...dialog}>
      {f.identidade('razaoSocial', 'Razão Social')}
      {f.masked('cpf', 'CPF', 'cpf')}
      <DateField
        control={f.form.control}
        name="dataNascimento"
        id={f.id('dataNascimento')}
        label="Data de Nascimento"
      />
      {f.masked('telefone', 'Telefone', 'phone', { type: 'tel', autoComplete: 'tel' })}
      {f.text('email', 'Email', { type: 'email', autoComplete: 'email' })}
      {f.text('endereco', 'Endereço', { className: 'sm:col-span-2', autoComplete: 'street-address' })}
      {f.masked(
        'cep',
        'CEP',
        'cep',
        { autoComplete: 'postal-code', hint: f.cep.searching ? 'Buscando CEP...' : undefined },
        { afterBlur: lookUpCep },
      )}
      {f.cidadeEstado()}
      {/* ADR 088: where the unit's commissions are paid; optional, checked by the shared PIX-key schema. */}
      {f.text('chavePix', 'Chave PIX (comissões)', {
        className: 'sm:col-span-2',
        autoComplete: 'off',
        hint: 'CPF, CNPJ, e-mail, telefone com +55 e DDD ou chave aleatória',
      })}
      {mode === 'create' ? f.access() : null}
    </RecordForm>
  );
}
