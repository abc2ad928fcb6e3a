import { todayInBrasilia } from '@shared/brasilia';
import { periodoDe } from '@shared/comissoes/lancamentos';
import { STATUS_FATURA_ROYALTY_LABELS, type StatusFaturaRoyalty } from '@shared/royalties/extrato';
import type { ExtratoResumo } from '@shared/schemas/royalties';
import { Badge } from '@/components/ui/badge';

/**
 * How the royalties' screens (issue 45, ADR 092) name a statement's state and its charge: an open month is a
 * preview (the running month's, or an ended month not closed yet); a closed one has its charge (fatura) in the
 * gateway's status, or nothing to charge when its balance is zero or negative (the split retained it all).
 */

const FATURA_VARIANT: Record<StatusFaturaRoyalty, 'success' | 'warning' | 'destructive' | 'secondary'> = {
  pendente: 'secondary',
  aberta: 'warning',
  vencida: 'destructive',
  paga: 'success',
  estornada: 'secondary',
  cancelada: 'secondary',
};

/** A badge whose words may wrap: a phone's card leaves its value some 160 px beside the label. */
const QUEBRA = 'whitespace-normal';

export function FaturaStatusBadge({ status }: { status: StatusFaturaRoyalty }) {
  return (
    <Badge variant={FATURA_VARIANT[status]} className={QUEBRA}>
      Fatura: {STATUS_FATURA_ROYALTY_LABELS[status]}
    </Badge>
  );
}

/** An open month: the running one, or one that has ended and is not closed yet (both previews). */
export const emAndamento = (mes: string) => mes >= periodoDe(todayInBrasilia());

/** The state of a month's statement and of its charge, as one badge. */
export function CobrancaBadge({
  extrato,
}: {
  extrato: Pick<ExtratoResumo, 'mes' | 'status' | 'fatura' | 'saldo' | 'modo'>;
}) {
  if (extrato.status === 'aberto') {
    if (!extrato.modo)
      return (
        <Badge variant="outline" className={QUEBRA}>
          Sem acordo no mês
        </Badge>
      );
    return (
      <Badge variant="outline" className={QUEBRA}>
        {emAndamento(extrato.mes) ? 'Mês em andamento (prévia)' : 'A fechar (prévia)'}
      </Badge>
    );
  }
  if (extrato.fatura) return <FaturaStatusBadge status={extrato.fatura.status} />;
  return (
    <Badge variant="secondary" className={QUEBRA}>
      {extrato.saldo > 0 ? 'Sendo emitida' : 'Nada a cobrar'}
    </Badge>
  );
}
