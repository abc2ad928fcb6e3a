import { type FormEvent, useState } from 'react';
import { List, Send, Trash2 } from 'lucide-react';
import { formatDateTime } from '@shared/format';
import {
  WEBHOOK_EVENTOS,
  WEBHOOK_EVENTO_VALUES,
  type WebhookEvento,
  type WebhookView,
} from '@shared/schemas/integracoes';
import { Badge } from '@/components/ui/badge';
import { RowActions } from '@/components/ui/row-actions';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { useClickLock } from '@/hooks/use-click-lock';
import { CopyButton } from '@/components/ui/copy-button';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import {
  useCriarWebhook,
  useEntregas,
  useFranquiasOpcoes,
  useRemoverWebhook,
  useTestarWebhook,
  useWebhooks,
} from '../api/integracoes-api';
import { WhatsappSection } from './whatsapp/whatsapp-section';

const REDE = 'rede';

/**
 * Integrações (issue 22, ADR 028): webhooks that tell the network's own tools of each new lead, pre-matrícula,
 * matrícula and ticket, signed with the endpoint's secret; each endpoint's deliveries of the last 30 days. Issue 47:
 * the WhatsApp notices' templates, moments and prices below them.
 */
export function IntegracoesScreen() {
  const webhooks = useWebhooks();
  const franquias = useFranquiasOpcoes();
  const [url, setUrl] = useState('');
  const [eventos, setEventos] = useState<WebhookEvento[]>(['lead.criado']);
  const [escopo, setEscopo] = useState(REDE);
  const [erros, setErros] = useState<Record<string, string>>({});
  const [segredo, setSegredo] = useState<string | null>(null);
  const [aberto, setAberto] = useState<string | null>(null);
  const [removendo, setRemovendo] = useState<WebhookView | null>(null);
  const entregas = useEntregas(aberto);

  const criar = useCriarWebhook({
    onSuccess: (criado) => {
      setSegredo(criado.segredo);
      setUrl('');
      setErros({});
      setAberto(criado.id);
      toast({ variant: 'success', title: 'Webhook cadastrado' });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.errors) setErros(error.errors as Record<string, string>);
      else toast({ variant: 'destructive', title: errorMessage(error, 'Não foi possível cadastrar') });
    },
  });
  const testar = useTestarWebhook({
    onSuccess: (answer, input) => {
      setAberto(input.id);
      toast({ variant: 'success', title: answer.message });
    },
    onError: (error) => toast({ variant: 'destructive', title: errorMessage(error, 'Não foi possível testar') }),
  });
  const remover = useRemoverWebhook({
    onSuccess: (answer) => {
      setRemovendo(null);
      toast({ variant: 'success', title: answer.message });
    },
    onError: (error) => {
      setRemovendo(null);
      toast({ variant: 'destructive', title: errorMessage(error, 'Não foi possível remover') });
    },
  });
  const mayRemove = useClickLock(remover.isPending);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    criar.mutate({ url, eventos, franquiaId: escopo === REDE ? null : escopo, ativo: true });
  };

  const columns: DataTableColumn<WebhookView>[] = [
    {
      key: 'url',
      header: 'Endereço',
      cell: (w) => (
        <span className="grid min-w-0">
          <span className="font-mono text-sm [overflow-wrap:anywhere]">{w.url}</span>
          <span className="text-xs text-muted-foreground">{w.franquia ? w.franquia.nome : 'Toda a rede'}</span>
        </span>
      ),
    },
    {
      key: 'eventos',
      header: 'Eventos',
      cell: (w) => <span className="text-sm">{w.eventos.join(', ')}</span>,
    },
    {
      key: 'ultima',
      header: 'Última entrega',
      cell: (w) =>
        w.ultimaEntrega ? (
          // Wraps on a phone: 'sem resposta · 28/11/2026 09:15' is wider than a 360 px card's cell.
          <Badge variant={w.ultimaEntrega.ok ? 'success' : 'destructive'} className="whitespace-normal">
            {w.ultimaEntrega.codigo ?? 'sem resposta'} · {formatDateTime(w.ultimaEntrega.em, { withTime: true })}
          </Badge>
        ) : (
          'Nenhuma'
        ),
    },
    {
      key: 'acoes',
      header: 'Ações',
      className: 'text-right',
      // The one row-action pattern (issue 23); Remover asks first, naming the address (it cannot be undone).
      cell: (w) => (
        <RowActions
          record={w.url}
          actions={[
            { label: 'Ver entregas', icon: List, onSelect: () => setAberto(w.id) },
            { label: 'Enviar teste', icon: Send, onSelect: () => testar.mutate({ id: w.id }) },
            { label: 'Remover', icon: Trash2, destructive: true, onSelect: () => setRemovendo(w) },
          ]}
        />
      ),
    },
  ];

  const selecionado = webhooks.data?.find((w) => w.id === aberto) ?? null;

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <form onSubmit={onSubmit} aria-labelledby="novo-webhook" className="grid gap-4 p-4 sm:p-6" noValidate>
          <h2 id="novo-webhook" className="text-lg font-semibold">
            Novo webhook
          </h2>
          <div className="grid gap-2">
            <Label htmlFor="webhook-url">URL</Label>
            <Input
              id="webhook-url"
              type="url"
              inputMode="url"
              placeholder="https://sua-ferramenta.com.br/webhooks/rede"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              aria-invalid={erros.url ? true : undefined}
              aria-describedby={erros.url ? 'webhook-url-erro' : undefined}
            />
            {erros.url ? (
              <p id="webhook-url-erro" className="text-sm font-medium text-destructive">
                {erros.url}
              </p>
            ) : null}
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Eventos</legend>
            {WEBHOOK_EVENTO_VALUES.map((evento) => (
              <label key={evento} className="flex cursor-pointer items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-5 accent-primary"
                  checked={eventos.includes(evento)}
                  onChange={(event) =>
                    setEventos((atual) =>
                      event.target.checked ? [...atual, evento] : atual.filter((e) => e !== evento),
                    )
                  }
                />
                <span>
                  {WEBHOOK_EVENTOS[evento]} <code className="text-xs text-muted-foreground">{evento}</code>
                </span>
              </label>
            ))}
            {erros.eventos ? <p className="text-sm font-medium text-destructive">{erros.eventos}</p> : null}
          </fieldset>
          <div className="grid gap-2 sm:w-80">
            <Label htmlFor="webhook-escopo">Escopo</Label>
            <Select value={escopo} onValueChange={setEscopo}>
              <SelectTrigger id="webhook-escopo">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={REDE}>Toda a rede</SelectItem>
                {(franquias.data?.items ?? []).map((f) => (
                  <SelectItem key={f.id} value={f.id}>
                    {f.razaoSocial}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Button type="submit" className="w-fit" disabled={criar.isPending}>
            Cadastrar webhook
          </Button>
          {segredo ? (
            <div role="status" className="grid gap-1 rounded-md border border-border bg-muted p-3 text-sm">
              <span className="font-medium">Segredo do webhook (mostrado só agora; guarde-o na sua ferramenta):</span>
              <code className="font-mono [overflow-wrap:anywhere]">{segredo}</code>
              <CopyButton text={segredo} label="Copiar segredo" />
              <span className="text-muted-foreground">
                Cada entrega traz o cabeçalho X-Rede-Assinatura: sha256=HMAC-SHA256 do corpo com este segredo.
              </span>
            </div>
          ) : null}
        </form>
      </Card>
      <Card>
        <div className="border-b border-border px-4 py-4 sm:px-6">
          <h2 className="text-lg font-semibold">Webhooks</h2>
        </div>
        <div className="px-2 pb-4 pt-4 sm:px-4">
          <DataTable
            caption="Webhooks da rede"
            columns={columns}
            rows={webhooks.data ?? []}
            isLoading={webhooks.isPending}
            isUpdating={webhooks.isPlaceholderData}
            notice={
              webhooks.isError
                ? { kind: 'error', title: errorMessage(webhooks.error, 'Erro ao carregar os webhooks') }
                : webhooks.data && webhooks.data.length === 0
                  ? { kind: 'empty', title: 'Nenhum webhook cadastrado' }
                  : null
            }
            cards="list"
          />
        </div>
      </Card>
      {selecionado ? (
        <Card>
          <section aria-labelledby="entregas-titulo" className="grid gap-3 p-4 sm:p-6">
            <h2 id="entregas-titulo" className="text-lg font-semibold [overflow-wrap:anywhere]">
              Entregas (últimos 30 dias) — {selecionado.url}
            </h2>
            {entregas.data && entregas.data.items.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nenhuma entrega ainda.</p>
            ) : null}
            <ul className="grid gap-2" aria-label="Entregas">
              {(entregas.data?.items ?? []).map((e) => (
                <li key={e.id} className="flex flex-wrap items-center gap-2 text-sm">
                  <Badge variant={e.erro ? 'destructive' : 'success'}>{e.codigo ?? 'sem resposta'}</Badge>
                  <code>{e.evento}</code>
                  <span className="tabular-nums text-muted-foreground">{formatDateTime(e.em, { withTime: true })}</span>
                  <span className="text-muted-foreground">
                    tentativa {e.tentativa} · {e.duracaoMs} ms
                  </span>
                  {e.erro ? <span className="text-destructive [overflow-wrap:anywhere]">{e.erro}</span> : null}
                </li>
              ))}
            </ul>
          </section>
        </Card>
      ) : null}
      <AlertDialog open={removendo !== null} onOpenChange={(open) => !open && !remover.isPending && setRemovendo(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle className="[overflow-wrap:anywhere]">
              Remover o webhook {removendo?.url}?
            </AlertDialogTitle>
            <AlertDialogDescription>
              Ele deixa de receber os eventos da rede. Esta ação não pode ser desfeita.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remover.isPending}>Cancelar</AlertDialogCancel>
            <AlertDialogAction
              destructive
              disabled={remover.isPending}
              onClick={(event) => {
                event.preventDefault();
                if (removendo && mayRemove()) remover.mutate({ id: removendo.id });
              }}
            >
              {remover.isPending ? 'Removendo...' : 'Remover'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <WhatsappSection />
    </div>
  );
}
