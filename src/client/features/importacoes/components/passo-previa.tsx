import { type FormEvent, useId, useState } from 'react';
import { ArrowLeft, Import } from 'lucide-react';
import { formatCount } from '@shared/format';
import {
  BASE_LEGAL_LABELS,
  BASES_LEGAIS,
  DUPLICADOS_LABELS,
  DUPLICADOS_POLITICAS,
  IMPORTACAO_CAMPOS,
  IMPORTACAO_MESSAGES,
  type BaseLegal,
  type DuplicadosPolitica,
  type Importacao,
} from '@shared/schemas/importacao';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormMessage } from '@/components/ui/form-message';
import { SelectField } from '@/components/ui/select-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useConfirmarImportacao } from '../api/confirmar-importacao';
import { descreverPrevisao } from './importacao-textos';
import { erroDaLinha } from './mapeamento-validacao';

const BASE_LEGAL_OPTIONS = BASES_LEGAIS.map((value) => ({ value, label: BASE_LEGAL_LABELS[value] }));

/** The preview's table: the first rows as they will be stored, each with its problems beside it. */
function TabelaPrevia({ importacao }: { importacao: Importacao }) {
  const mapeados = new Set(importacao.colunas.map((c) => c.campo).filter(Boolean));
  const campos = IMPORTACAO_CAMPOS[importacao.tipo].filter((c) => mapeados.has(c.campo));
  return (
    // The table scrolls inside its own box (a phone never scrolls the page sideways); the box takes the focus.
    <div
      role="region"
      aria-label="Prévia das primeiras linhas (role para os lados)"
      tabIndex={0}
      className="max-w-full overflow-x-auto rounded-md border border-border focus-visible:outline-2 focus-visible:outline-ring"
    >
      <Table aria-label="Prévia das primeiras linhas">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead scope="col" className="whitespace-nowrap">
              Linha
            </TableHead>
            {campos.map((c) => (
              <TableHead key={c.campo} scope="col" className="whitespace-nowrap">
                {c.rotulo}
              </TableHead>
            ))}
            <TableHead scope="col">Situação</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {importacao.previa.map((linha) => (
            <TableRow key={linha.linha} className={cn(linha.erros.length > 0 && 'bg-red-50/60')}>
              <TableCell className="tabular-nums">{linha.linha}</TableCell>
              {campos.map((c) => (
                <TableCell key={c.campo} className="max-w-56 [overflow-wrap:anywhere]">
                  {linha.valores[c.campo] ?? <span className="text-muted-foreground">(vazio)</span>}
                </TableCell>
              ))}
              <TableCell className="min-w-48">
                {linha.erros.length > 0 ? (
                  <ul className="grid gap-1 text-sm text-destructive">
                    {linha.erros.map((erro) => (
                      <li key={erro}>{erro}</li>
                    ))}
                  </ul>
                ) : linha.duplicado ? (
                  <Badge variant="warning">Já cadastrado</Badge>
                ) : (
                  <Badge variant="success">Pronta</Badge>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** Every row problem the server listed ('CNPJ inválido na linha 37'), and how many more rows have one. */
function ListaDeErros({ importacao }: { importacao: Importacao }) {
  if (importacao.errosTotal === 0) return null;
  const listadas = new Set(importacao.erros.map((e) => e.linha)).size;
  const restantes = importacao.errosTotal - listadas;
  return (
    <section aria-labelledby="importacao-erros" className="grid gap-2">
      <h3 id="importacao-erros" className="font-semibold">
        Problemas encontrados ({formatCount(importacao.errosTotal)} {importacao.errosTotal === 1 ? 'linha' : 'linhas'})
      </h3>
      <p className="text-sm text-muted-foreground">
        Estas linhas não serão importadas. Depois da importação, baixe-as em CSV com o motivo, corrija e importe de
        novo.
      </p>
      <ul className="grid max-h-64 gap-1 overflow-y-auto rounded-md border border-border p-3 text-sm" tabIndex={0}>
        {importacao.erros.map((erro, index) => (
          <li key={`${erro.linha}-${index}`}>{erroDaLinha(erro)}</li>
        ))}
        {restantes > 0 ? (
          <li className="font-medium">
            e mais {formatCount(restantes)} {restantes === 1 ? 'linha' : 'linhas'} com erro
          </li>
        ) : null}
      </ul>
    </section>
  );
}

/**
 * Step 3 (issue 50): the first rows as they will be stored, every row problem, what to do with the rows already
 * registered (each choice with what it will do), the legal basis of a file of leads, the invitation of accounts,
 * and 'Importar'. Nothing has been written before this button.
 */
export function PassoPrevia({
  importacao,
  onVoltar,
  onImportada,
}: {
  importacao: Importacao;
  onVoltar: () => void;
  onImportada: (importacao: Importacao) => void;
}) {
  const id = useId();
  const [duplicados, setDuplicados] = useState<DuplicadosPolitica>(importacao.duplicados ?? 'ignorar');
  const [baseLegal, setBaseLegal] = useState<BaseLegal | undefined>();
  const [enviarConvite, setEnviarConvite] = useState(false);
  const [erros, setErros] = useState<{ baseLegal?: string; geral?: string }>({});
  const confirmar = useConfirmarImportacao({
    onSuccess: onImportada,
    onError: (error) =>
      setErros({
        baseLegal: error instanceof ApiError ? error.errors?.baseLegal : undefined,
        geral: errorMessage(error, 'Não foi possível iniciar a importação'),
      }),
  });
  const leads = importacao.tipo === 'leads';
  const contas = importacao.tipo === 'clientes' || importacao.tipo === 'vendedores';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (leads && !baseLegal) {
      setErros({ baseLegal: IMPORTACAO_MESSAGES.baseLegalObrigatoria });
      document.getElementById(`${id}-base-legal`)?.focus();
      return;
    }
    setErros({});
    confirmar.mutate({
      id: importacao.id,
      duplicados,
      ...(leads ? { baseLegal } : {}),
      ...(contas ? { enviarConvite } : {}),
    });
  };

  const previsao = importacao.previsao?.[duplicados];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Prévia</CardTitle>
        <CardDescription>
          {formatCount(importacao.linhasTotal)} {importacao.linhasTotal === 1 ? 'linha' : 'linhas'} em{' '}
          {importacao.nomeArquivo}
          {importacao.evento ? `, para o evento ${importacao.evento.nome}` : ''}. As primeiras{' '}
          {importacao.previa.length} aparecem abaixo como serão gravadas.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-6">
        <TabelaPrevia importacao={importacao} />
        <ListaDeErros importacao={importacao} />

        <form noValidate onSubmit={onSubmit} className="grid gap-6">
          <fieldset className="grid gap-2">
            <legend className="mb-1 font-semibold">
              Linhas já cadastradas ({formatCount(importacao.duplicadosTotal)})
            </legend>
            <p className="text-sm text-muted-foreground">
              {importacao.tipo === 'clientes'
                ? 'Reconhecidas pelo CNPJ.'
                : importacao.tipo === 'leads'
                  ? 'Reconhecidas pelo CPF, e-mail ou telefone.'
                  : 'Reconhecidas pelo e-mail ou CPF.'}
            </p>
            {DUPLICADOS_POLITICAS.map((politica) => {
              const conta = importacao.previsao?.[politica];
              return (
                <label
                  key={politica}
                  className={cn(
                    'flex cursor-pointer items-start gap-3 rounded-md border px-3 py-2',
                    duplicados === politica ? 'border-primary bg-primary/5' : 'border-input',
                  )}
                >
                  <input
                    type="radio"
                    name={`${id}-duplicados`}
                    value={politica}
                    checked={duplicados === politica}
                    onChange={() => setDuplicados(politica)}
                    aria-labelledby={`${id}-politica-${politica}`}
                    aria-describedby={conta ? `${id}-previsao-${politica}` : undefined}
                    className="mt-1 size-4 shrink-0 accent-primary"
                  />
                  <span className="grid gap-0.5">
                    <span id={`${id}-politica-${politica}`} className="text-sm font-medium">
                      {DUPLICADOS_LABELS[politica]}
                    </span>
                    {conta ? (
                      <span id={`${id}-previsao-${politica}`} className="text-xs text-muted-foreground">
                        {descreverPrevisao(conta)}
                      </span>
                    ) : null}
                  </span>
                </label>
              );
            })}
          </fieldset>

          {leads ? (
            <div className="grid max-w-xl gap-3">
              <SelectField
                id={`${id}-base-legal`}
                label="Base legal dos dados (LGPD)"
                required
                options={BASE_LEGAL_OPTIONS}
                value={baseLegal}
                onChange={(value) => {
                  setBaseLegal(value);
                  setErros((atuais) => ({ ...atuais, baseLegal: undefined }));
                }}
                placeholder="Escolha a base legal"
                error={erros.baseLegal}
              />
              <p className="rounded-md bg-muted p-3 text-sm">
                As famílias importadas não recebem mensagens de marketing (e-mail ou WhatsApp): o consentimento fica
                registrado como importado, com você como responsável e a base legal escolhida.
              </p>
            </div>
          ) : null}

          {contas ? (
            <div className="flex items-start gap-2">
              <input
                id={`${id}-convite`}
                type="checkbox"
                checked={enviarConvite}
                onChange={(event) => setEnviarConvite(event.target.checked)}
                aria-describedby={`${id}-convite-hint`}
                className="mt-0.5 size-4 shrink-0 accent-primary"
              />
              <div className="grid gap-1">
                <label htmlFor={`${id}-convite`} className="text-sm font-medium leading-none">
                  Enviar convite por e-mail
                </label>
                <p id={`${id}-convite-hint`} className="text-xs text-muted-foreground">
                  Cada {importacao.tipo === 'clientes' ? 'escola' : 'vendedor'} criado recebe um link para definir a
                  própria senha.
                </p>
              </div>
            </div>
          ) : null}

          {erros.geral ? <FormMessage role="alert">{erros.geral}</FormMessage> : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="button" variant="outline" onClick={onVoltar}>
              <ArrowLeft aria-hidden="true" />
              Voltar às colunas
            </Button>
            <SubmitButton
              pending={confirmar.isPending}
              pendingLabel="Iniciando..."
              disabled={!importacao.mapeamentoCompleto}
            >
              <Import aria-hidden="true" />
              Importar
            </SubmitButton>
            {previsao ? <span className="text-sm text-muted-foreground">{descreverPrevisao(previsao)}.</span> : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
