import { FileDown } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { errorMessage } from '@/lib/api-client';
import { useMinhasExportacoes } from '../api/get-minhas-exportacoes';
import { minhasExportacoesColumns } from './minhas-exportacoes-columns';

/**
 * 'Minhas exportações' (issue 51, ADR 091): every export the person started in the last 24 h, newest first, to
 * download again after leaving the screen it started on; a long one is also e-mailed as a link to here.
 */
export function MinhasExportacoesScreen() {
  const exportacoes = useMinhasExportacoes();
  return (
    <Card>
      <div className="px-2 pb-4 pt-4 sm:px-4">
        <DataTable
          caption="Minhas exportações"
          columns={minhasExportacoesColumns}
          rows={exportacoes.data?.itens ?? []}
          isLoading={exportacoes.isPending}
          notice={
            exportacoes.isError
              ? { kind: 'error', title: errorMessage(exportacoes.error, 'Erro ao carregar as exportações') }
              : exportacoes.data && exportacoes.data.itens.length === 0
                ? {
                    kind: 'empty',
                    icon: FileDown,
                    title: 'Nenhuma exportação nas últimas 24 horas',
                    description:
                      'Uma lista longa exportada em Interesses, Leads, Pré-Matrículas ou Matrículas fica aqui por 24 horas, só para você.',
                  }
                : null
          }
          cards="list"
        />
      </div>
    </Card>
  );
}
