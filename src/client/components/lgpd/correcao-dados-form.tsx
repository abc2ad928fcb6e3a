import { useState, type FormEvent } from 'react';
import { formatPhone } from '@shared/format';
import {
  CAMPOS_CORRIGIVEIS,
  CAMPO_CORRIGIVEL_LABELS,
  CORRECAO_MESSAGES,
  correcaoDadosSchema,
  type CampoCorrigivel,
  type CorrecaoDadosInput,
} from '@shared/schemas/correcao';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField } from '@/components/ui/text-field';

/** The four fields as the record holds them (a matrícula keeps no guardian's name: null and not offered). */
export type DadosAtuais = Record<CampoCorrigivel, string | null>;

export interface CorrecaoDadosFormProps {
  /** Prefixes the fields' ids: one form per record on a page. */
  idPrefix: string;
  atuais: DadosAtuais;
  /** Fields the record does not keep. */
  semCampos?: readonly CampoCorrigivel[];
  pending: boolean;
  /** The server's field messages (a 400's `errors`) and its message otherwise. */
  serverErrors?: Partial<Record<CampoCorrigivel, string>>;
  serverMessage?: string;
  submitLabel?: string;
  onSubmit: (dados: CorrecaoDadosInput) => void;
}

const FIELD_PROPS: Record<CampoCorrigivel, { type: string; autoComplete: string; inputMode?: 'tel' | 'email' }> = {
  nomeAluno: { type: 'text', autoComplete: 'off' },
  nomeResponsavel: { type: 'text', autoComplete: 'off' },
  email: { type: 'email', autoComplete: 'off', inputMode: 'email' },
  telefone: { type: 'tel', autoComplete: 'off', inputMode: 'tel' },
};

const inicial = (campo: CampoCorrigivel, valor: string | null) =>
  campo === 'telefone' && valor ? formatPhone(valor) : (valor ?? '');

/**
 * Correcting a titular's names, e-mail and phone (issue 39 item 14), wherever staff do it: the lead's panel, the
 * pré-matrícula's row, a 'Correção de dados' request. Only the fields changed are sent, under the public forms'
 * rules; nothing changed says so instead of sending.
 */
export function CorrecaoDadosForm({
  idPrefix,
  atuais,
  semCampos = [],
  pending,
  serverErrors,
  serverMessage,
  submitLabel = 'Salvar correção',
  onSubmit,
}: CorrecaoDadosFormProps) {
  const campos = CAMPOS_CORRIGIVEIS.filter((campo) => !semCampos.includes(campo));
  const [valores, setValores] = useState<Record<CampoCorrigivel, string>>(
    () =>
      Object.fromEntries(CAMPOS_CORRIGIVEIS.map((campo) => [campo, inicial(campo, atuais[campo])])) as Record<
        CampoCorrigivel,
        string
      >,
  );
  const [erros, setErros] = useState<Partial<Record<CampoCorrigivel, string>>>({});
  const [aviso, setAviso] = useState<string | undefined>(undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const mudados: Partial<Record<CampoCorrigivel, string>> = {};
    for (const campo of campos) {
      if (valores[campo].trim() !== inicial(campo, atuais[campo]).trim()) mudados[campo] = valores[campo];
    }
    const parsed = correcaoDadosSchema.safeParse(mudados);
    if (!parsed.success) {
      const found: Partial<Record<CampoCorrigivel, string>> = {};
      for (const issue of parsed.error.issues) {
        const campo = issue.path[0] as CampoCorrigivel | undefined;
        if (campo && !found[campo]) found[campo] = issue.message;
      }
      setErros(found);
      setAviso(Object.keys(found).length ? undefined : CORRECAO_MESSAGES.nadaAlterar);
      const first = campos.find((campo) => found[campo]);
      if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
      return;
    }
    setErros({});
    setAviso(undefined);
    onSubmit(mudados);
  };

  const mensagem = aviso ?? serverMessage;
  return (
    <form noValidate className="grid gap-3" onSubmit={submit} aria-label="Corrigir dados do titular">
      <div className="grid gap-3 sm:grid-cols-2">
        {campos.map((campo) => (
          <TextField
            key={campo}
            id={`${idPrefix}-${campo}`}
            label={CAMPO_CORRIGIVEL_LABELS[campo]}
            maxLength={campo === 'email' ? 254 : 150}
            {...FIELD_PROPS[campo]}
            value={valores[campo]}
            error={erros[campo] ?? serverErrors?.[campo]}
            onChange={(event) => {
              const value = event.target.value;
              setValores((current) => ({ ...current, [campo]: value }));
              setErros((current) => ({ ...current, [campo]: undefined }));
              setAviso(undefined);
            }}
          />
        ))}
      </div>
      {mensagem ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {mensagem}
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">
        A correção fica registrada na auditoria, e o titular é avisado por e-mail.
      </p>
      <SubmitButton pending={pending} pendingLabel="Salvando..." className="w-full sm:w-fit">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
