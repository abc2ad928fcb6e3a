import type { ReactNode } from 'react';
import { Copy } from 'lucide-react';
import { PARCELA_STATUS_LABELS, type ParcelaStatus, numeracaoCurta } from '@shared/cobranca/parcelas';
import { formatBRL, formatDateOnly, formatDateTime } from '@shared/format';
import { PARCELA_MESSAGES, type ParcelaItem } from '@shared/schemas/parcela';
import { BAIXA_MESSAGES } from '@shared/schemas/parcela-baixa';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useMatriculaParcelas } from '../../api/get-matricula-parcelas';

const VARIANTE: Record<ParcelaStatus, 'success' | 'secondary' | 'destructive' | 'outline'> = {
  aberta: 'outline',
  paga: 'success',
  vencida: 'destructive',
  estornada: 'secondary',
  cancelada: 'secondary',
};

async function copiar(texto: string) {
  try {
    await navigator.clipboard.writeText(texto);
    toast({ variant: 'success', title: 'Link de pagamento copiado' });
  } catch {
    toast({ variant: 'destructive', title: 'Não foi possível copiar o link' });
  }
}

/** What a parcela offers besides its link (ADR 076: 'Dar baixa', of the cobrança feature, composed by the route). */
export type ParcelaAcao = (parcela: ParcelaItem) => ReactNode;

/**
 * What the matrícula's parcelas offer as a whole (ADR 079: 'Renegociar' and the renegotiations' history, of the
 * cobrança feature, composed by the route), given the matrícula, its status and its parcelas as listed.
 */
export type ParcelasAcao = (matricula: { id: string; status: string }, parcelas: ParcelaItem[]) => ReactNode;

/**
 * The matrícula's parcelas on the staff's record (issue 43, ADR 071): each one's status, due date and value, and
 * its payment link to send the family; a baixa manual's day, author and note (ADR 076).
 */
export function MatriculaParcelas({
  matriculaId,
  status = 'ativa',
  acao,
  acaoGeral,
}: {
  matriculaId: string;
  status?: string;
  acao?: ParcelaAcao;
  acaoGeral?: ParcelasAcao;
}) {
  const parcelas = useMatriculaParcelas(matriculaId);
  return (
    <section aria-labelledby="matricula-parcelas" className="grid w-full basis-full gap-2">
      <h3 id="matricula-parcelas" className="font-semibold">
        Parcelas
      </h3>
      {acaoGeral && parcelas.data ? acaoGeral({ id: matriculaId, status }, parcelas.data) : null}
      {parcelas.isPending ? (
        <Skeleton className="h-5 w-48" />
      ) : parcelas.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(parcelas.error, PARCELA_MESSAGES.falhaAoCarregar)}
        </p>
      ) : parcelas.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{PARCELA_MESSAGES.semParcelas}</p>
      ) : (
        <ul className="grid gap-2 text-sm">
          {parcelas.data.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-2 rounded-md border border-border p-2">
              <span className="font-medium">{numeracaoCurta(p)}</span>
              <Badge variant={VARIANTE[p.status]}>
                {p.status === 'paga' && p.baixa ? BAIXA_MESSAGES.rotuloPagaBaixa : PARCELA_STATUS_LABELS[p.status]}
              </Badge>
              <span>vence em {formatDateOnly(p.vencimento)}</span>
              <span className="font-medium">{formatBRL(p.valor)}</span>
              {p.pagaEm ? <span className="text-muted-foreground">paga em {formatDateOnly(p.pagaEm)}</span> : null}
              {p.baixa ? (
                <span className="basis-full text-muted-foreground [overflow-wrap:anywhere]">
                  Baixa em {formatDateTime(p.baixa.em)}
                  {p.baixa.por ? ` por ${p.baixa.por}` : ''}: {p.baixa.observacao}
                </span>
              ) : null}
              {acao ? <span className="ml-auto">{acao(p)}</span> : null}
              {p.invoiceUrl && (p.status === 'aberta' || p.status === 'vencida') ? (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="ml-auto"
                  aria-label={`Copiar link de pagamento da parcela ${p.numero}${p.renegociacao ? ' da renegociação' : ''}`}
                  onClick={() => void copiar(p.invoiceUrl!)}
                >
                  <Copy aria-hidden="true" />
                  Copiar link de pagamento
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
