import { CalendarDays } from 'lucide-react';
import { todayInBrasilia } from '@shared/brasilia';
import { formatDateOnly } from '@shared/format';
import {
  PROXIMO_PASSO_ESCOLHAS,
  PROXIMO_PASSO_LABELS,
  type ProximoPassoEscolha,
  diaDoProximoPasso,
} from '@shared/proximo-passo';
import type { LeadDetalhe } from '@shared/schemas/acompanhamento';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useUpdateLead } from '../../api/update-lead';

/**
 * Issue 51: a contact just registered, the next one asked for at once (Pipedrive's 'Schedule next activity'):
 * tomorrow, in two days, next week's Monday, or a date of one's choice -- or not now. A choice sets the lead's
 * return (`proximoContatoEm`) as 'Agendar retorno' does.
 */
export function LeadProximoPasso({
  lead,
  onDone,
  onEscolherData,
}: {
  lead: Pick<LeadDetalhe, 'id' | 'nomeAluno' | 'proximoContatoEm'>;
  onDone: () => void;
  onEscolherData: () => void;
}) {
  const hoje = todayInBrasilia();
  const update = useUpdateLead({
    onSuccess: (_lead, { patch }) => {
      toast({ variant: 'success', title: `Retorno agendado para ${formatDateOnly(patch.proximoContatoEm)}` });
      onDone();
    },
    onError: (error) => toast({ variant: 'destructive', title: errorMessage(error, 'Erro ao agendar retorno') }),
  });
  const agendar = (escolha: ProximoPassoEscolha) =>
    update.mutate({ id: lead.id, patch: { proximoContatoEm: diaDoProximoPasso(escolha, hoje) } });
  const primeiroNome = lead.nomeAluno?.trim().split(/\s+/)[0];

  return (
    <div
      role="region"
      aria-labelledby="lead-proximo-passo"
      className="rounded-md border border-primary/40 bg-accent/40 p-4"
    >
      <h4 id="lead-proximo-passo" className="font-semibold">
        Próximo passo
      </h4>
      <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
        Quando falar de novo{primeiroNome ? ` com a família de ${primeiroNome}` : ''}?
        {lead.proximoContatoEm ? ` Retorno marcado: ${formatDateOnly(lead.proximoContatoEm)}.` : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        {PROXIMO_PASSO_ESCOLHAS.map((escolha) => {
          const dia = formatDateOnly(diaDoProximoPasso(escolha, hoje));
          return (
            <Button
              key={escolha}
              size="sm"
              variant="outline"
              disabled={update.isPending}
              // The day it names, on hover and for a screen reader.
              title={dia}
              aria-label={`${PROXIMO_PASSO_LABELS[escolha]} (${dia})`}
              onClick={() => agendar(escolha)}
            >
              {PROXIMO_PASSO_LABELS[escolha]}
            </Button>
          );
        })}
        <Button size="sm" variant="outline" disabled={update.isPending} onClick={onEscolherData}>
          <CalendarDays aria-hidden="true" />
          Escolher data
        </Button>
        <Button size="sm" variant="ghost" disabled={update.isPending} onClick={onDone}>
          Agora não
        </Button>
      </div>
    </div>
  );
}
