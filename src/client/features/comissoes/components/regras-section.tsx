import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { BENEFICIARIO_LABELS } from '@shared/comissoes/regras';
import { formatBRL, formatDateOnly } from '@shared/format';
import type { RegraView } from '@shared/schemas/comissao';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { rowsNotice } from '@/components/ui/list-notice';
import { useFranquiasDaRede, useRegras } from '../api/comissoes-api';
import { RegraDialog } from './regra-dialog';

const valorDa = (r: RegraView) =>
  r.tipo === 'percentual'
    ? `${String(r.percentual ?? 0).replace('.', ',')} % de cada parcela paga`
    : `${formatBRL(r.valor ?? 0)} na primeira parcela paga`;

/**
 * The rules (issue 44, ADR 081, 088): every rule the caller reads, and 'Nova regra' / 'Editar' where it may write
 * (a franquia reads its network's general rules and changes only its own: `editavel`).
 */
export function RegrasSection({ podeEscrever, escolheFranquia }: { podeEscrever: boolean; escolheFranquia: boolean }) {
  const regras = useRegras();
  const franquias = useFranquiasDaRede(podeEscrever && escolheFranquia);
  const [dialogo, setDialogo] = useState<{ regra: RegraView | null } | null>(null);

  const columns: DataTableColumn<RegraView>[] = [
    {
      key: 'beneficiario',
      header: 'Quem recebe',
      cell: (r) => <span className="font-medium">{BENEFICIARIO_LABELS[r.beneficiario]}</span>,
    },
    { key: 'valor', header: 'Comissão', cell: valorDa },
    {
      key: 'alcance',
      header: 'Alcance',
      cell: (r) => (
        <span className="grid">
          <span>{r.franquia ? `Franquia ${r.franquia}` : 'Toda a rede'}</span>
          <span className="text-xs text-muted-foreground">{r.curso ?? 'Todos os cursos'}</span>
        </span>
      ),
    },
    {
      key: 'vigencia',
      header: 'Vigência',
      className: 'whitespace-nowrap tabular-nums',
      cell: (r) => `${formatDateOnly(r.inicio)} a ${r.fim ? formatDateOnly(r.fim) : 'sem fim'}`,
    },
    {
      key: 'acoes',
      header: 'Ações',
      className: 'text-right',
      cell: (r) =>
        podeEscrever && r.editavel ? (
          <Button type="button" size="sm" variant="outline" onClick={() => setDialogo({ regra: r })}>
            <Pencil aria-hidden="true" />
            Editar
            <span className="sr-only">
              {' '}
              regra: {BENEFICIARIO_LABELS[r.beneficiario]}, {valorDa(r)}
            </span>
          </Button>
        ) : null,
    },
  ];

  return (
    <section aria-labelledby="regras-titulo">
      <Card>
        <div className="flex flex-wrap items-center gap-3 border-b border-border px-4 py-4 sm:px-6">
          <h2 id="regras-titulo" className="text-lg font-semibold">
            Regras de comissão
          </h2>
          {podeEscrever ? (
            <Button type="button" className="ml-auto" onClick={() => setDialogo({ regra: null })}>
              <Plus aria-hidden="true" />
              Nova regra
            </Button>
          ) : null}
        </div>
        <div className="px-2 pb-4 pt-4 sm:px-4">
          <DataTable
            caption="Regras de comissão"
            columns={columns}
            rows={regras.data ?? []}
            isLoading={regras.isPending}
            notice={rowsNotice(regras, regras.data, {
              failed: 'Não foi possível carregar as regras.',
              empty: 'Nenhuma regra de comissão',
              emptyDescription: 'Sem regra, nada é lançado.',
            })}
            cards="list"
          />
        </div>
      </Card>
      <RegraDialog
        open={dialogo !== null}
        regra={dialogo?.regra ?? null}
        franquias={escolheFranquia ? (franquias.data?.items ?? []) : undefined}
        onClose={() => setDialogo(null)}
      />
    </section>
  );
}
