import { type FormEvent, useId, useState } from 'react';
import { Plus, Save, Trash2 } from 'lucide-react';
import {
  DISTRIBUICAO_MODO_LABELS,
  DISTRIBUICAO_MODOS,
  distribuicaoSchema,
  type DistribuicaoView,
} from '@shared/schemas/distribuicao';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { SelectField } from '@/components/ui/select-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField } from '@/components/ui/text-field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useUpdateDistribuicao } from '../api/update-distribuicao';
import {
  type CidadeLinha,
  type DistribuicaoFormValues,
  distribuicaoFormValues,
  distribuicaoPayload,
  novaLinha,
} from './distribuicao-form-values';

const MODO_DESCRICOES = {
  nenhuma: 'Os novos leads ficam sem responsável até alguém atribuir.',
  rodizio: 'Cada novo lead vai para o próximo vendedor ativo da vez; os ausentes são pulados.',
  cidade: 'O lead vai para o vendedor da cidade do evento; cidades fora da tabela seguem o rodízio.',
} as const;

/** The messages by field path ('modo', 'cidades.0.vendedorId'), from the shared rule or the server's answer. */
type Erros = Record<string, string>;

function errosLocais(values: DistribuicaoFormValues): Erros {
  const parsed = distribuicaoSchema.safeParse(distribuicaoPayload(values));
  if (parsed.success) return {};
  const erros: Erros = {};
  for (const issue of parsed.error.issues) erros[issue.path.join('.')] ??= issue.message;
  return erros;
}

/**
 * How a micro-franquia's new leads get a vendedor (issue 50): none, in turns, or by the event's city (a table
 * city -> vendedor, the turns for the rest); the vendedores in turn with the away ones marked. The micro-franquia's
 * own screen and the franquia's dialog over its list both hold this form.
 */
export function DistribuicaoForm({
  microFranquiaId,
  view,
  onSaved,
  readOnly = false,
}: {
  microFranquiaId: string;
  view: DistribuicaoView;
  onSaved?: () => void;
  readOnly?: boolean;
}) {
  const id = useId();
  const [values, setValues] = useState<DistribuicaoFormValues>(() => distribuicaoFormValues(view));
  const [erros, setErros] = useState<Erros>({});
  const salvar = useUpdateDistribuicao({
    onSuccess: () => {
      toast({ variant: 'success', title: 'Distribuição de leads salva' });
      onSaved?.();
    },
    onError: (error) => {
      const porCampo = error instanceof ApiError ? (error.errors ?? {}) : {};
      setErros(
        Object.keys(porCampo).length > 0
          ? porCampo
          : { geral: errorMessage(error, 'Não foi possível salvar a distribuição') },
      );
    },
  });
  const ativos = view.vendedores.filter((v) => v.ativo);
  const vendedorOptions = ativos.map((v) => ({ value: v.id, label: v.ausente ? `${v.nome} (ausente)` : v.nome }));

  const alterarLinha = (chave: string, patch: Partial<CidadeLinha>) =>
    setValues((atuais) => ({
      ...atuais,
      cidades: atuais.cidades.map((linha) => (linha.chave === chave ? { ...linha, ...patch } : linha)),
    }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const locais = errosLocais(values);
    setErros(locais);
    if (Object.keys(locais).length > 0) return;
    salvar.mutate({ id: microFranquiaId, data: distribuicaoPayload(values) });
  };

  const erroGeral = erros.geral ?? erros.modo ?? erros.cidades;
  return (
    <form noValidate onSubmit={onSubmit} className="grid min-w-0 gap-6">
      <fieldset className="grid gap-2" disabled={readOnly}>
        <legend className="mb-2 font-semibold">Como distribuir os novos leads</legend>
        {DISTRIBUICAO_MODOS.map((modo) => (
          <label
            key={modo}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-md border px-3 py-2',
              values.modo === modo ? 'border-primary bg-primary/5' : 'border-input',
            )}
          >
            <input
              type="radio"
              name={`${id}-modo`}
              value={modo}
              checked={values.modo === modo}
              onChange={() =>
                setValues((atuais) => ({
                  modo,
                  cidades: modo === 'cidade' && atuais.cidades.length === 0 ? [novaLinha()] : atuais.cidades,
                }))
              }
              aria-labelledby={`${id}-modo-${modo}`}
              aria-describedby={`${id}-modo-${modo}-desc`}
              className="mt-1 size-4 shrink-0 accent-primary"
            />
            <span className="grid gap-0.5">
              <span id={`${id}-modo-${modo}`} className="text-sm font-medium">
                {DISTRIBUICAO_MODO_LABELS[modo]}
              </span>
              <span id={`${id}-modo-${modo}-desc`} className="text-xs text-muted-foreground">
                {MODO_DESCRICOES[modo]}
              </span>
            </span>
          </label>
        ))}
      </fieldset>

      {values.modo === 'cidade' ? (
        <fieldset className="grid gap-3" disabled={readOnly}>
          <legend className="mb-2 font-semibold">Vendedor por cidade do evento</legend>
          <ul className="grid gap-3" aria-label="Cidades e vendedores">
            {values.cidades.map((linha, index) => (
              <li
                key={linha.chave}
                className="grid gap-3 rounded-md border border-border p-3 md:grid-cols-[minmax(0,1fr)_5rem_minmax(0,1fr)_auto] md:items-start"
              >
                <TextField
                  id={`${id}-cidade-${linha.chave}`}
                  label={`Cidade ${index + 1}`}
                  value={linha.cidade}
                  onChange={(event) => alterarLinha(linha.chave, { cidade: event.target.value })}
                  error={erros[`cidades.${index}.cidade`]}
                />
                <TextField
                  id={`${id}-uf-${linha.chave}`}
                  label="UF"
                  maxLength={2}
                  autoCapitalize="characters"
                  value={linha.estado}
                  onChange={(event) => alterarLinha(linha.chave, { estado: event.target.value.toUpperCase() })}
                  error={erros[`cidades.${index}.estado`]}
                />
                <SelectField
                  id={`${id}-vendedor-${linha.chave}`}
                  label={`Vendedor de ${linha.cidade.trim() || `Cidade ${index + 1}`}`}
                  options={vendedorOptions}
                  value={linha.vendedorId || undefined}
                  onChange={(vendedorId) => alterarLinha(linha.chave, { vendedorId })}
                  placeholder="Escolha o vendedor"
                  error={erros[`cidades.${index}.vendedorId`]}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="md:mt-7"
                  aria-label={`Remover ${linha.cidade.trim() || `a cidade ${index + 1}`}`}
                  onClick={() =>
                    setValues((atuais) => ({
                      ...atuais,
                      cidades: atuais.cidades.filter((l) => l.chave !== linha.chave),
                    }))
                  }
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
          <div>
            <Button
              type="button"
              variant="outline"
              onClick={() => setValues((atuais) => ({ ...atuais, cidades: [...atuais.cidades, novaLinha()] }))}
            >
              <Plus aria-hidden="true" />
              Adicionar cidade
            </Button>
          </div>
        </fieldset>
      ) : null}

      <section aria-labelledby={`${id}-vendedores`} className="grid gap-2">
        <h3 id={`${id}-vendedores`} className="font-semibold">
          Vendedores no rodízio
        </h3>
        <p className="text-sm text-muted-foreground">
          Os vendedores marcados como ausentes (em Usuários) são pulados até voltarem; os inativos não recebem leads.
        </p>
        {view.vendedores.length === 0 ? (
          <p className="text-sm">Nenhum vendedor cadastrado: os leads ficam sem responsável.</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Vendedores">
            {view.vendedores.map((v) => (
              <li key={v.id} className="flex items-center gap-2 rounded-md border border-border px-3 py-1.5 text-sm">
                {v.nome}
                {!v.ativo ? (
                  <Badge variant="secondary">Inativo</Badge>
                ) : v.ausente ? (
                  <Badge variant="warning">Ausente</Badge>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      {erroGeral ? <FormMessage role="alert">{erroGeral}</FormMessage> : null}
      {readOnly ? null : (
        <div>
          <SubmitButton pending={salvar.isPending} pendingLabel="Salvando...">
            <Save aria-hidden="true" />
            Salvar distribuição
          </SubmitButton>
        </div>
      )}
    </form>
  );
}
