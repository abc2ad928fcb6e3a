import { useState } from 'react';
import { FileUp } from 'lucide-react';
import { Link } from 'react-router';
import type { ImportacaoResumo } from '@shared/schemas/importacao';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { errorMessage } from '@/lib/api-client';
import { useImportacoes } from '../api/get-importacoes';
import { DesfazerImportacaoDialog } from './desfazer-importacao-dialog';
import { importacoesColumns } from './importacoes-columns';

/**
 * Importações (issue 50): the caller's imports, newest first -- kind, file, state, date and what each did --,
 * 'Desfazer' for 7 days after one concluded; 'Nova importação' (the header's button) starts another.
 */
export function ImportacoesScreen() {
  const importacoes = useImportacoes();
  const [desfazer, setDesfazer] = useState<ImportacaoResumo | null>(null);
  const rows = importacoes.data ?? [];
  return (
    <Card>
      <div className="px-2 pb-4 pt-4 sm:px-4">
        <DataTable
          caption="Importações"
          columns={importacoesColumns(setDesfazer)}
          rows={rows}
          isLoading={importacoes.isPending}
          notice={
            importacoes.isError
              ? { kind: 'error', title: errorMessage(importacoes.error, 'Erro ao carregar as importações') }
              : importacoes.data && rows.length === 0
                ? {
                    kind: 'empty',
                    icon: FileUp,
                    title: 'Nenhuma importação ainda',
                    description:
                      'Traga a planilha de escolas, vendedores ou as fichas de inscrição de um evento: você confere as colunas e a prévia antes de gravar.',
                    action: (
                      <Button asChild>
                        <Link to="/importacoes/nova">Nova importação</Link>
                      </Button>
                    ),
                  }
                : null
          }
          cards="list"
        />
      </div>
      <DesfazerImportacaoDialog importacao={desfazer} onClose={() => setDesfazer(null)} />
    </Card>
  );
}
