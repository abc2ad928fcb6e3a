import { useId, useState } from 'react';
import { ArrowRight, TriangleAlert } from 'lucide-react';
import { IMPORTACAO_CAMPOS, type Importacao } from '@shared/schemas/importacao';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SelectField } from '@/components/ui/select-field';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useUpdateMapeamento } from '../api/update-mapeamento';
import { validarMapeamento } from './mapeamento-validacao';

/** Radix's Select takes no empty value: '(não importar)' is this one. */
const NAO_IMPORTAR = '__nao_importar__';

/**
 * Step 2 (issue 50): each column of the file with its first values and the field it fills ('(não importar)'
 * leaves it out), the required fields marked. Each change is saved at once (the server keeps the mapping for the
 * next file of the same shape) and the missing or repeated fields are said beside the columns.
 */
export function PassoColunas({ importacao, onContinuar }: { importacao: Importacao; onContinuar: () => void }) {
  const id = useId();
  const [campos, setCampos] = useState<(string | null)[]>(() => importacao.colunas.map((c) => c.campo));
  const salvar = useUpdateMapeamento({
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Erro ao salvar o mapeamento',
        description: errorMessage(error, error.message),
      }),
  });
  const definicoes = IMPORTACAO_CAMPOS[importacao.tipo];
  const opcoes = [
    { value: NAO_IMPORTAR, label: '(não importar)' },
    ...definicoes.map((c) => ({ value: c.campo, label: c.obrigatorio ? `${c.rotulo} (obrigatório)` : c.rotulo })),
  ];
  const problemas = validarMapeamento(importacao.tipo, campos);
  const repetidaNa = new Map(problemas.repetidos.flatMap(({ campo, colunas }) => colunas.map((c) => [c, campo])));
  const valido = problemas.mensagens.length === 0;

  const escolher = (coluna: number, valor: string) => {
    const proximos = campos.map((campo, index) => (index === coluna ? (valor === NAO_IMPORTAR ? null : valor) : campo));
    setCampos(proximos);
    salvar.mutate({ id: importacao.id, campos: proximos });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Colunas</CardTitle>
        <CardDescription>
          Confira o campo que cada coluna de {importacao.nomeArquivo} preenche. Os campos marcados como obrigatórios
          precisam de uma coluna; a escolha fica guardada para a próxima planilha com as mesmas colunas.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <p className="text-sm text-muted-foreground">
          Campos obrigatórios:{' '}
          {definicoes
            .filter((c) => c.obrigatorio)
            .map((c) => c.rotulo)
            .join(', ')}
          .
        </p>
        <ul aria-label="Colunas do arquivo" className="grid gap-3">
          {importacao.colunas.map((coluna, index) => {
            const repetido = repetidaNa.get(index);
            return (
              <li
                key={`${index}-${coluna.nome}`}
                className="grid gap-3 rounded-md border border-border p-3 md:grid-cols-[minmax(0,1fr)_minmax(0,18rem)] md:items-start"
              >
                <div className="grid min-w-0 gap-1">
                  <span className="font-medium [overflow-wrap:anywhere]">{coluna.nome || `Coluna ${index + 1}`}</span>
                  <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                    {coluna.exemplos.length > 0 ? `Exemplos: ${coluna.exemplos.join(' · ')}` : 'Coluna vazia'}
                  </span>
                </div>
                <SelectField
                  id={`${id}-coluna-${index}`}
                  label={`Campo da coluna ${coluna.nome || index + 1}`}
                  options={opcoes}
                  value={campos[index] ?? NAO_IMPORTAR}
                  onChange={(valor) => escolher(index, valor)}
                  error={repetido ? `${repetido.rotulo} já foi escolhido para outra coluna` : undefined}
                />
              </li>
            );
          })}
        </ul>
        {problemas.mensagens.length > 0 ? (
          <div role="status" className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
            <p className="flex items-center gap-2 font-medium text-amber-900">
              <TriangleAlert aria-hidden="true" className="size-4" />
              Ajuste o mapeamento para continuar
            </p>
            <ul className="list-disc pl-6 text-amber-900">
              {problemas.mensagens.map((mensagem) => (
                <li key={mensagem}>{mensagem}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={onContinuar} disabled={!valido || salvar.isPending}>
            Ver a prévia
            <ArrowRight aria-hidden="true" />
          </Button>
          {salvar.isPending ? (
            <span role="status" className="text-sm text-muted-foreground">
              Salvando o mapeamento...
            </span>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
