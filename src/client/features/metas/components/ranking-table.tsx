import { META_ETAPA_LABELS, META_NIVEL_LABELS } from '@shared/metas/enums';
import type { RankingView } from '@shared/schemas/metas';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { NIVEL_PLURAL, formatarPercentual, formatarValor } from './formatar';

/**
 * The ranking as a table (issue 48): position, unit and -- where the answer carries them -- goal, achieved and %.
 * A vendedor's peers come with their names and positions only: their cells say so.
 */
export function RankingTable({ view }: { view: RankingView }) {
  return (
    <div className="overflow-x-auto">
      <Table aria-label={`Ranking de ${NIVEL_PLURAL[view.nivel]} por % da meta: ${META_ETAPA_LABELS[view.etapa]}`}>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Posição</TableHead>
            <TableHead scope="col">{META_NIVEL_LABELS[view.nivel]}</TableHead>
            <TableHead scope="col" className="text-right">
              Meta
            </TableHead>
            <TableHead scope="col" className="text-right">
              Realizado
            </TableHead>
            <TableHead scope="col" className="text-right">
              % da meta
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {view.itens.map((item) => {
            const comFiguras = item.realizado !== undefined;
            return (
              <TableRow
                key={`${item.posicao}-${item.nome}`}
                className={item.voce ? 'bg-muted/60 font-medium' : undefined}
              >
                <TableCell className="tabular-nums">{item.posicao}º</TableCell>
                <TableHead scope="row" className="font-normal">
                  {item.nome}
                  {item.voce ? ' (você)' : ''}
                </TableHead>
                {comFiguras ? (
                  <>
                    <TableCell className="text-right tabular-nums">
                      {formatarValor(view.etapa, item.meta ?? null)}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatarValor(view.etapa, item.realizado)}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{formatarPercentual(item.percentual)}</TableCell>
                  </>
                ) : (
                  <TableCell colSpan={3} className="text-right text-muted-foreground">
                    Números de cada colega são só dele
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
