import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Role } from '@shared/roles';
import { type Importacao, IMPORTACAO_MESSAGES } from '@shared/schemas/importacao';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { importacaoQueryKey, useImportacao } from '../api/get-importacao';
import { PassoArquivo } from './passo-arquivo';
import { PassoColunas } from './passo-colunas';
import { PassoPrevia } from './passo-previa';
import { PassoResultado } from './passo-resultado';
import { type Passo, PassosNav } from './passos-nav';

/** The address of a new import's first step (no import exists yet). */
export const NOVA_IMPORTACAO = 'nova';

/** The step the address asks for (`?passo=previa`), kept only where the import's status allows it. */
function passoDe(importacao: Importacao, pedido: string | null): Passo {
  if (importacao.status !== 'mapeamento') return 3;
  return pedido === 'previa' && importacao.mapeamentoCompleto ? 2 : 1;
}

function Carregando() {
  return (
    <Card className="grid gap-3 p-6" aria-busy="true">
      <Skeleton className="h-6 w-40" />
      <Skeleton className="h-4 w-full max-w-md" />
      <Skeleton className="h-4 w-full max-w-sm" />
    </Card>
  );
}

/** An upload never confirmed whose rows were deleted after 7 days (LGPD): nothing is left to map or import. */
function Expurgada({ importacao }: { importacao: Importacao }) {
  return (
    <Card className="grid gap-4 p-6">
      <p className="font-medium">{importacao.nomeArquivo}</p>
      <p role="status" className="text-sm text-muted-foreground">
        {IMPORTACAO_MESSAGES.linhasExpurgadas} Envie o arquivo de novo para importá-lo.
      </p>
      <div>
        <Button asChild variant="outline">
          <Link to="/importacoes/nova">Nova importação</Link>
        </Button>
      </div>
    </Card>
  );
}

function ImportacaoExistente({ id }: { id: string }) {
  const importacao = useImportacao(id);
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  if (importacao.isPending) return <Carregando />;
  if (importacao.isError) {
    return (
      <Card className="p-6">
        <p role="alert" className="font-medium text-destructive">
          {errorMessage(importacao.error, 'Erro ao carregar a importação')}
        </p>
      </Card>
    );
  }
  const dados = importacao.data;
  if (dados.status === 'mapeamento' && !dados.linhasDisponiveis) return <Expurgada importacao={dados} />;
  const passo = passoDe(dados, searchParams.get('passo'));
  const irPara = (proximo: 'colunas' | 'previa') => setSearchParams({ passo: proximo });
  return (
    <div className="grid min-w-0 gap-6">
      <PassosNav atual={passo} />
      {passo === 1 ? <PassoColunas importacao={dados} onContinuar={() => irPara('previa')} /> : null}
      {passo === 2 ? (
        <PassoPrevia
          importacao={dados}
          onVoltar={() => irPara('colunas')}
          onImportada={(confirmada) => {
            queryClient.setQueryData(importacaoQueryKey(confirmada.id), confirmada);
            setSearchParams({}, { replace: true });
          }}
        />
      ) : null}
      {passo === 3 ? <PassoResultado importacao={dados} /> : null}
    </div>
  );
}

/**
 * Nova importação and an import's page (issue 50): vtiger's four steps -- Arquivo, Colunas, Prévia, Resultado.
 * `/importacoes/nova` starts one; `/importacoes/:id` opens the step its status is at (the columns while it waits,
 * the result once 'Importar' was pressed).
 */
export function ImportacaoWizard({ id, role }: { id: string; role: Role }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (id !== NOVA_IMPORTACAO) return <ImportacaoExistente key={id} id={id} />;
  return (
    <div className="grid min-w-0 gap-6">
      <PassosNav atual={0} />
      <PassoArquivo
        role={role}
        onEnviado={(importacao) => {
          queryClient.setQueryData(importacaoQueryKey(importacao.id), importacao);
          void navigate(`/importacoes/${importacao.id}?passo=colunas`, { replace: true });
        }}
      />
    </div>
  );
}
