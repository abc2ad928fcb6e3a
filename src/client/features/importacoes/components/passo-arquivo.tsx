import { type FormEvent, useId, useState } from 'react';
import { Upload } from 'lucide-react';
import { can } from '@shared/permissions';
import type { Role } from '@shared/roles';
import {
  IMPORTACAO_MAX_BYTES,
  IMPORTACAO_MESSAGES,
  IMPORTACAO_TIPO_LABELS,
  type Importacao,
  type ImportacaoTipo,
} from '@shared/schemas/importacao';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldShell, fieldMessageIds } from '@/components/ui/field-shell';
import { FormMessage } from '@/components/ui/form-message';
import { Label } from '@/components/ui/label';
import { SearchComboboxField } from '@/components/ui/search-combobox-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { findEventoOption, searchEventoOptions } from '@/lib/evento-search';
import { cn } from '@/lib/utils';
import { IMPORTACOES_QUERY_KEY } from '../api/get-importacoes';
import { useCreateImportacao } from '../api/create-importacao';

/** The kinds of file a role may bring in: what it may create by hand (leads, every staff role). */
export function tiposPermitidos(role: Role): ImportacaoTipo[] {
  const tipos: ImportacaoTipo[] = [];
  if (can(role, 'clientes.criar')) tipos.push('clientes');
  tipos.push('leads');
  if (can(role, 'vendedores.criar')) tipos.push('vendedores');
  return tipos;
}

const ACEITOS = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Campo = 'tipo' | 'eventoId' | 'arquivo';

/** Checks the browser can make before sending: the event, a file, its kind and size (the server checks them all). */
function validar(tipo: ImportacaoTipo, eventoId: string, arquivo: File | null): Partial<Record<Campo, string>> {
  const erros: Partial<Record<Campo, string>> = {};
  if (tipo === 'leads' && !eventoId) erros.eventoId = IMPORTACAO_MESSAGES.eventoObrigatorio;
  if (!arquivo) erros.arquivo = IMPORTACAO_MESSAGES.arquivoObrigatorio;
  else if (!/\.(csv|xlsx)$/i.test(arquivo.name)) erros.arquivo = IMPORTACAO_MESSAGES.formatoInvalido;
  else if (arquivo.size > IMPORTACAO_MAX_BYTES) erros.arquivo = IMPORTACAO_MESSAGES.arquivoGrande;
  return erros;
}

/** The server's refusal under the field it names; a message without a field goes under the file. */
function errosDoServidor(error: unknown): Partial<Record<Campo, string>> {
  const campos: Campo[] = ['tipo', 'eventoId', 'arquivo'];
  if (error instanceof ApiError) {
    const porCampo = Object.fromEntries(
      Object.entries(error.errors ?? {}).filter(([campo]) => campos.includes(campo as Campo)),
    ) as Partial<Record<Campo, string>>;
    if (Object.keys(porCampo).length > 0) return porCampo;
  }
  return { arquivo: errorMessage(error, 'Não foi possível enviar o arquivo') };
}

/**
 * Step 1 (issue 50): what to import -- only the kinds the role may create --, for leads the event they sign up to,
 * and the file (CSV or XLSX). Sending it reads the columns; nothing is stored in the records yet.
 */
export function PassoArquivo({ role, onEnviado }: { role: Role; onEnviado: (importacao: Importacao) => void }) {
  const id = useId();
  const tipos = tiposPermitidos(role);
  const [tipo, setTipo] = useState<ImportacaoTipo>(tipos.includes('leads') && tipos.length === 1 ? 'leads' : tipos[0]!);
  const [eventoId, setEventoId] = useState('');
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [erros, setErros] = useState<Partial<Record<Campo, string>>>({});
  const enviar = useCreateImportacao({
    onSuccess: onEnviado,
    onError: (error) => setErros(errosDoServidor(error)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const locais = validar(tipo, eventoId, arquivo);
    setErros(locais);
    if (Object.keys(locais).length > 0 || !arquivo) {
      const primeiro = (['eventoId', 'arquivo'] as const).find((campo) => locais[campo]);
      if (primeiro) document.getElementById(`${id}-${primeiro}`)?.focus();
      return;
    }
    enviar.mutate({ tipo, eventoId: tipo === 'leads' ? eventoId : undefined, arquivo });
  };

  const arquivoIds = fieldMessageIds(`${id}-arquivo`, true, erros.arquivo);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Arquivo</CardTitle>
        <CardDescription>
          Envie uma planilha CSV (separada por ponto e vírgula ou vírgula) ou XLSX, com os nomes das colunas na primeira
          linha. Nada é gravado antes de você conferir a prévia e clicar em Importar.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid max-w-xl gap-6">
          <fieldset className="grid gap-2" aria-describedby={erros.tipo ? `${id}-tipo-error` : undefined}>
            <legend className="mb-2 text-sm font-medium">O que importar</legend>
            {tipos.map((opcao) => (
              <label
                key={opcao}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm',
                  tipo === opcao ? 'border-primary bg-primary/5' : 'border-input',
                )}
              >
                <input
                  type="radio"
                  name={`${id}-tipo`}
                  value={opcao}
                  checked={tipo === opcao}
                  onChange={() => setTipo(opcao)}
                  className="size-4 accent-primary"
                />
                {IMPORTACAO_TIPO_LABELS[opcao]}
              </label>
            ))}
            <FormMessage id={`${id}-tipo-error`}>{erros.tipo}</FormMessage>
          </fieldset>

          {tipo === 'leads' ? (
            <SearchComboboxField
              id={`${id}-eventoId`}
              label="Evento dos leads"
              hint="Os leads são inscritos neste evento, com a unidade dele."
              value={eventoId}
              onChange={(value) => {
                setEventoId(value);
                setErros((atuais) => ({ ...atuais, eventoId: undefined }));
              }}
              queryKey={[...IMPORTACOES_QUERY_KEY, 'eventos']}
              search={searchEventoOptions}
              resolve={findEventoOption}
              placeholder="Escolha o evento"
              emptyText="Nenhum evento encontrado"
              error={erros.eventoId}
            />
          ) : null}

          <FieldShell
            label={<Label htmlFor={`${id}-arquivo`}>Planilha (CSV ou XLSX)</Label>}
            hint={`Até 50.000 linhas e 20 MB. As colunas são reconhecidas pelo nome; você confere no próximo passo.`}
            hintId={arquivoIds.hintId}
            error={erros.arquivo}
            errorId={arquivoIds.errorId}
          >
            <input
              id={`${id}-arquivo`}
              type="file"
              accept={ACEITOS}
              aria-invalid={erros.arquivo ? true : undefined}
              aria-describedby={arquivoIds.describedBy}
              onChange={(event) => {
                setArquivo(event.target.files?.[0] ?? null);
                setErros((atuais) => ({ ...atuais, arquivo: undefined }));
              }}
              className="block w-full min-w-0 text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-muted"
            />
          </FieldShell>

          <div>
            <SubmitButton pending={enviar.isPending} pendingLabel="Enviando...">
              <Upload aria-hidden="true" />
              Enviar arquivo
            </SubmitButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
