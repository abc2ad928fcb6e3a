import { type FormEvent, useState } from 'react';
import { ETAPAS_REGUA, ETAPA_REGUA_DESCRICOES, ETAPA_REGUA_LABELS, type EtapasDaRegua } from '@shared/cobranca/regua';
import { formatDateTime } from '@shared/format';
import { REGUA_MESSAGES, type ReguaView } from '@shared/schemas/regua';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useFranquiasDaRegua, useRegua, useSalvarRegua } from '../api/regua-api';

/**
 * 'Financeiro' > 'Régua de cobrança' (issue 43, ADR 078): the e-mails that chase a franquia's parcelas, each step
 * switched on or off and saved at once. A franquia sets its own; the franqueador picks the franquia first.
 */
export function ReguaScreen({ escolheFranquia }: { escolheFranquia: boolean }) {
  const franquias = useFranquiasDaRegua(escolheFranquia);
  const [franquiaId, setFranquiaId] = useState<string | null>(null);
  const escolhida = escolheFranquia ? (franquiaId ?? franquias.data?.items[0]?.id ?? null) : null;
  const regua = useRegua(escolhida, !escolheFranquia || escolhida !== null);

  return (
    <div className="grid max-w-2xl gap-4">
      {escolheFranquia ? (
        <div className="grid gap-2 sm:w-96">
          <Label htmlFor="regua-franquia">Franquia</Label>
          <Select value={escolhida ?? ''} onValueChange={setFranquiaId} disabled={!franquias.data}>
            <SelectTrigger id="regua-franquia">
              <SelectValue placeholder="Escolha a franquia" />
            </SelectTrigger>
            <SelectContent>
              {(franquias.data?.items ?? []).map((f) => (
                <SelectItem key={f.id} value={f.id}>
                  {f.razaoSocial}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      ) : null}
      {regua.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(regua.error, REGUA_MESSAGES.falhaAoCarregar)}
        </p>
      ) : !regua.data ? (
        escolheFranquia && franquias.data && franquias.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhuma franquia cadastrada.</p>
        ) : (
          <Skeleton className="h-64 w-full" />
        )
      ) : (
        <ReguaForm
          key={`${regua.data.franquiaId} ${regua.data.atualizadaEm ?? ''}`}
          regua={regua.data}
          franquiaId={escolhida}
        />
      )}
    </div>
  );
}

/** The steps of one franquia, as loaded: switched here, saved with 'Salvar régua'. */
function ReguaForm({ regua, franquiaId }: { regua: ReguaView; franquiaId: string | null }) {
  const [etapas, setEtapas] = useState<EtapasDaRegua>(regua.etapas);
  const salvar = useSalvarRegua({
    onSuccess: (answer) => toast({ variant: 'success', title: answer.message }),
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Não foi possível salvar', description: errorMessage(error, '') }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (salvar.isPending) return;
    salvar.mutate({ ...(franquiaId ? { franquiaId } : {}), etapas });
  };
  return (
    <Card className="p-4">
      <form onSubmit={submit} className="grid gap-4">
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-base font-semibold">E-mails de cobrança de {regua.franquia}</legend>
          <p className="text-sm text-muted-foreground">
            Cada família recebe no máximo um e-mail por dia, com todas as parcelas da etapa. Parcela paga, cancelada ou
            estornada nunca recebe aviso.
          </p>
          <ul className="grid gap-3" aria-label="Etapas da régua">
            {ETAPAS_REGUA.map((etapa) => (
              <li key={etapa}>
                <label className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 text-sm">
                  <input
                    type="checkbox"
                    role="switch"
                    className="mt-0.5 size-5 shrink-0 accent-primary"
                    checked={etapas[etapa]}
                    aria-describedby={`regua-${etapa}-descricao`}
                    onChange={(event) => setEtapas({ ...etapas, [etapa]: event.target.checked })}
                  />
                  <span className="grid gap-0.5">
                    <span className="font-medium">{ETAPA_REGUA_LABELS[etapa]}</span>
                    <span id={`regua-${etapa}-descricao`} className="text-muted-foreground">
                      {ETAPA_REGUA_DESCRICOES[etapa]}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <p className="text-xs text-muted-foreground">
          {regua.atualizadaEm
            ? `Salva em ${formatDateTime(regua.atualizadaEm, { withTime: true })}.`
            : 'Padrão da rede: todas as etapas ligadas.'}
        </p>
        <Button type="submit" className="w-fit" disabled={salvar.isPending}>
          {salvar.isPending ? 'Salvando...' : 'Salvar régua'}
        </Button>
      </form>
    </Card>
  );
}
