import { useState } from 'react';
import { Info, Pencil, Plus, Trash2 } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import {
  WHATSAPP_CAMPO_LABELS,
  WHATSAPP_CAMPOS_DO_MOMENTO,
  WHATSAPP_CATEGORIAS,
  WHATSAPP_CATEGORIA_LABELS,
  WHATSAPP_MOMENTOS,
  WHATSAPP_MOMENTO_LABELS,
  type WhatsappModeloView,
  type WhatsappMomento,
  type WhatsappMomentosView,
} from '@shared/schemas/whatsapp-cloud';
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
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { MoneyField } from '@/components/ui/money-field';
import { RowActions } from '@/components/ui/row-actions';
import { SelectField } from '@/components/ui/select-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { useClickLock } from '@/hooks/use-click-lock';
import { errorMessage } from '@/lib/api-client';
import { lazyResolver } from '@/lib/lazy-resolver';
import { submitShowingFieldErrors } from '@/lib/server-field-errors';
import { toast } from '@/lib/toast';
import {
  useExcluirModelo,
  useSalvarCustos,
  useSalvarMomentos,
  useWhatsappModelos,
  useWhatsappMomentos,
} from '../../api/whatsapp-api';
import { type CustosFormValues, custosPayload, custosValuesFrom } from './custos-form-values';
import { ModeloDialog } from './modelo-dialog';
import { descreverVariavel } from './modelo-form-values';
import {
  type MomentosFormValues,
  momentosPayload,
  momentosResolver,
  momentosValuesFrom,
  SO_EMAIL,
} from './momentos-form-values';

const custosRules = lazyResolver<CustosFormValues, CustosFormValues>(
  async () => (await import('./whatsapp-rules')).custosResolver,
);

/**
 * Integrações > WhatsApp (issue 47, franqueador): the templates approved in WhatsApp Manager with their variables
 * mapped, the template each moment goes with, and the estimated price of a message by category. While the server
 * has no WhatsApp configuration everything goes by e-mail, but the templates can already be registered.
 */
export function WhatsappSection() {
  const modelos = useWhatsappModelos();
  const momentos = useWhatsappMomentos();
  const ativo = modelos.data?.ativo ?? momentos.data?.ativo;

  return (
    <section aria-labelledby="whatsapp-titulo" className="flex min-w-0 flex-col gap-6">
      <div className="grid gap-2">
        <h2 id="whatsapp-titulo" className="text-xl font-semibold">
          WhatsApp
        </h2>
        <p className="text-sm text-muted-foreground">
          Avisos às famílias que marcaram “Quero receber avisos pelo WhatsApp”, pela API oficial (Cloud API) com os
          modelos aprovados no WhatsApp Manager. Quem não autorizou, ou o que não puder ir pelo WhatsApp, segue por
          e-mail.
        </p>
        {ativo === false ? (
          <div className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <p>
              <strong>O canal WhatsApp está desligado neste servidor</strong>: todos os avisos vão por e-mail. Você já
              pode cadastrar os modelos e escolher os momentos; eles passam a valer quando o WhatsApp for configurado.
            </p>
          </div>
        ) : null}
      </div>
      <ModelosCard modelos={modelos} />
      {momentos.data ? (
        <MomentosCard view={momentos.data} modelos={modelos.data?.items ?? []} />
      ) : momentos.isError ? (
        <Card>
          <p className="p-4 text-sm text-destructive sm:p-6">
            {errorMessage(momentos.error, 'Erro ao carregar os momentos do WhatsApp')}
          </p>
        </Card>
      ) : null}
      {momentos.data ? <CustosCard view={momentos.data} /> : null}
    </section>
  );
}

function ModelosCard({ modelos }: { modelos: ReturnType<typeof useWhatsappModelos> }) {
  const [editando, setEditando] = useState<WhatsappModeloView | 'novo' | null>(null);
  const [excluindo, setExcluindo] = useState<WhatsappModeloView | null>(null);
  const [recusa, setRecusa] = useState<string | null>(null);
  const excluir = useExcluirModelo({
    onSuccess: () => {
      setExcluindo(null);
      toast({ variant: 'success', title: 'Modelo excluído' });
    },
    onError: (error) => {
      // A template a moment uses (409): the server says what to do first; the dialog keeps it in view.
      const message = errorMessage(error, 'Tente novamente.');
      setRecusa(message);
      toast({ variant: 'destructive', title: 'Não foi possível excluir o modelo', description: message });
    },
  });
  const mayDelete = useClickLock(excluir.isPending);
  const fechar = () => {
    if (excluir.isPending) return;
    setExcluindo(null);
    setRecusa(null);
  };

  const columns: DataTableColumn<WhatsappModeloView>[] = [
    {
      key: 'nome',
      header: 'Modelo',
      cell: (m) => (
        <span className="grid min-w-0">
          <code className="font-mono text-sm [overflow-wrap:anywhere]">{m.nome}</code>
          <span className="text-xs text-muted-foreground">
            {m.idioma} · {WHATSAPP_CATEGORIA_LABELS[m.categoria]}
          </span>
        </span>
      ),
    },
    {
      key: 'variaveis',
      header: 'Variáveis',
      cell: (m) =>
        m.variaveis.length === 0 ? (
          <span className="text-sm text-muted-foreground">Nenhuma</span>
        ) : (
          <ul className="grid gap-0.5 text-sm" aria-label={`Variáveis de ${m.nome}`}>
            {m.variaveis.map((v) => (
              <li key={`${v.componente}-${v.botao ?? ''}-${v.posicao}`} className="[overflow-wrap:anywhere]">
                {descreverVariavel(v)}
              </li>
            ))}
          </ul>
        ),
    },
    {
      key: 'momentos',
      header: 'Momentos',
      cell: (m) =>
        m.momentos.length === 0 ? (
          <span className="text-sm text-muted-foreground">Nenhum</span>
        ) : (
          <span className="flex flex-wrap gap-1">
            {m.momentos.map((momento) => (
              <Badge key={momento} variant="secondary" className="whitespace-normal">
                {WHATSAPP_MOMENTO_LABELS[momento]}
              </Badge>
            ))}
          </span>
        ),
    },
    {
      key: 'acoes',
      header: 'Ações',
      className: 'text-right',
      cell: (m) => (
        <RowActions
          record={m.nome}
          actions={[
            { label: 'Editar', icon: Pencil, onSelect: () => setEditando(m) },
            { label: 'Excluir', icon: Trash2, destructive: true, onSelect: () => setExcluindo(m) },
          ]}
        />
      ),
    },
  ];

  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border px-4 py-4 sm:px-6">
        <h3 className="text-lg font-semibold">Modelos</h3>
        <Button type="button" onClick={() => setEditando('novo')}>
          <Plus aria-hidden="true" />
          Novo modelo
        </Button>
      </div>
      <div className="px-2 pb-4 pt-4 sm:px-4">
        <DataTable
          caption="Modelos de WhatsApp"
          columns={columns}
          rows={modelos.data?.items ?? []}
          isLoading={modelos.isPending}
          isUpdating={modelos.isPlaceholderData}
          notice={
            modelos.isError
              ? { kind: 'error', title: errorMessage(modelos.error, 'Erro ao carregar os modelos') }
              : modelos.data && modelos.data.items.length === 0
                ? { kind: 'empty', title: 'Nenhum modelo cadastrado' }
                : null
          }
          cards="list"
        />
      </div>
      <ModeloDialog
        open={editando !== null}
        modelo={editando === 'novo' ? null : editando}
        onClose={() => setEditando(null)}
      />
      <AlertDialog open={excluindo !== null} onOpenChange={(open) => !open && fechar()}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle className="[overflow-wrap:anywhere]">
              Excluir o modelo {excluindo?.nome}?
            </AlertDialogTitle>
            <AlertDialogDescription>
              Ele sai da lista de modelos. O modelo continua aprovado no WhatsApp Manager.
            </AlertDialogDescription>
          </AlertDialogHeader>
          {recusa ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {recusa}
            </p>
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={excluir.isPending}>{recusa ? 'Fechar' : 'Cancelar'}</AlertDialogCancel>
            {recusa ? null : (
              <AlertDialogAction
                destructive
                disabled={excluir.isPending}
                onClick={(event) => {
                  event.preventDefault();
                  if (excluindo && mayDelete()) excluir.mutate({ id: excluindo.id });
                }}
              >
                {excluir.isPending ? 'Excluindo...' : 'Excluir'}
              </AlertDialogAction>
            )}
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}

function MomentosCard({ view, modelos }: { view: WhatsappMomentosView; modelos: readonly WhatsappModeloView[] }) {
  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState: { isSubmitting },
  } = useForm<MomentosFormValues>({
    resolver: momentosResolver(modelos),
    defaultValues: momentosValuesFrom(view),
  });
  const salvar = useSalvarMomentos({
    onSuccess: (answer) => {
      reset(momentosValuesFrom(answer));
      toast({ variant: 'success', title: 'Momentos salvos' });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Não foi possível salvar os momentos',
        description: errorMessage(error, 'Tente novamente.'),
      }),
  });
  const opcoes = [
    { value: SO_EMAIL, label: 'Só por e-mail' },
    ...modelos.map((m) => ({ value: m.id, label: `${m.nome} (${m.idioma})` })),
  ];
  const camposDe = (momento: WhatsappMomento) =>
    view.momentos.find((m) => m.momento === momento)?.campos ?? WHATSAPP_CAMPOS_DO_MOMENTO[momento];
  const submit = handleSubmit(
    submitShowingFieldErrors((values: MomentosFormValues) => salvar.mutateAsync(momentosPayload(values)), setError, {
      fields: WHATSAPP_MOMENTOS,
      focus: true,
    }),
  );

  return (
    <Card>
      <form noValidate onSubmit={submit} aria-labelledby="whatsapp-momentos" className="grid min-w-0 gap-4 p-4 sm:p-6">
        <div className="grid gap-1">
          <h3 id="whatsapp-momentos" className="text-lg font-semibold">
            Momentos
          </h3>
          <p className="text-sm text-muted-foreground">
            O modelo que atende cada momento. Um modelo só serve a um momento que tenha todos os campos das suas
            variáveis.
          </p>
        </div>
        <div className="grid gap-4 lg:grid-cols-2">
          {WHATSAPP_MOMENTOS.map((momento) => (
            <div key={momento} className="grid min-w-0 content-start gap-2 rounded-md border border-border p-3">
              <Controller
                control={control}
                name={momento}
                render={({ field, fieldState }) => (
                  <SelectField
                    id={`whatsapp-momento-${momento}`}
                    label={WHATSAPP_MOMENTO_LABELS[momento]}
                    options={opcoes}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    triggerRef={field.ref}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <p className="text-xs text-muted-foreground">
                Campos deste momento:{' '}
                {camposDe(momento)
                  .map((c) => WHATSAPP_CAMPO_LABELS[c])
                  .join(', ')}
                .
              </p>
            </div>
          ))}
        </div>
        <SubmitButton className="w-fit" pending={isSubmitting} pendingLabel="Salvando...">
          Salvar momentos
        </SubmitButton>
      </form>
    </Card>
  );
}

function CustosCard({ view }: { view: WhatsappMomentosView }) {
  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState: { isSubmitting },
  } = useForm<CustosFormValues>({ resolver: custosRules.resolver, defaultValues: custosValuesFrom(view.custos) });
  const salvar = useSalvarCustos({
    onSuccess: (answer) => {
      reset(custosValuesFrom(answer.custos));
      toast({ variant: 'success', title: 'Custos salvos' });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Não foi possível salvar os custos',
        description: errorMessage(error, 'Tente novamente.'),
      }),
  });
  const submit = handleSubmit(
    submitShowingFieldErrors((values: CustosFormValues) => salvar.mutateAsync(custosPayload(values)), setError, {
      fields: WHATSAPP_CATEGORIAS,
      focus: true,
    }),
  );

  return (
    <Card>
      <form
        noValidate
        onSubmit={submit}
        onInput={custosRules.preload}
        aria-labelledby="whatsapp-custos"
        className="grid min-w-0 gap-4 p-4 sm:p-6"
      >
        <div className="grid gap-1">
          <h3 id="whatsapp-custos" className="text-lg font-semibold">
            Custo estimado por mensagem
          </h3>
          <p className="text-sm text-muted-foreground">
            O preço de cada mensagem por categoria do modelo, como a Meta cobra a rede. Envios mostra a estimativa de
            cada mensagem com ele.
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          {WHATSAPP_CATEGORIAS.map((categoria) => (
            <MoneyField
              key={categoria}
              control={control}
              name={categoria}
              id={`whatsapp-custo-${categoria}`}
              label={WHATSAPP_CATEGORIA_LABELS[categoria]}
            />
          ))}
        </div>
        <SubmitButton className="w-fit" pending={isSubmitting} pendingLabel="Salvando...">
          Salvar custos
        </SubmitButton>
      </form>
    </Card>
  );
}
