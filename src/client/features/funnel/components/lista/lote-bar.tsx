import { type FormEvent, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Download, ListChecks, UserRoundCog, X } from 'lucide-react';
import { formatCount } from '@shared/format';
import { can } from '@shared/permissions';
import type { Role } from '@shared/roles';
import {
  ACOMPANHAMENTO_MESSAGES,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  MOTIVO_PERDA_LABELS,
  MOTIVOS_PERDA,
  type LeadStatus,
  type MotivoPerda,
} from '@shared/schemas/acompanhamento';
import { LOTE_MESSAGES } from '@shared/schemas/distribuicao';
import type { LeadsView } from '@shared/schemas/funnel';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormMessage } from '@/components/ui/form-message';
import { SelectField } from '@/components/ui/select-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import type { FunnelListFilter } from '../../api/funnel-keys';
import { getLeadResponsaveisQueryOptions } from '../../api/get-lead-responsaveis';
import { type LeadsLoteInput, useLeadsLote } from '../../api/leads-lote';
import type { LoteSelection } from '../../hooks/use-lote-selection';
import { optionsOf } from '../leads/lead-panel-feedback';
import { loteAlvo } from './lote-selecao';

const AUTOMATICO = '__automatico__';
const NENHUM = '__nenhum__';
const STATUS_OPTIONS = optionsOf(LEAD_STATUSES, LEAD_STATUS_LABELS);
const MOTIVO_OPTIONS = optionsOf(MOTIVOS_PERDA, MOTIVO_PERDA_LABELS);

const leadsAtualizados = (n: number) => (n === 1 ? '1 lead atualizado' : `${formatCount(n)} leads atualizados`);

/** A download started from code, as a link would (the export's direct file). */
function baixar(arquivo: string) {
  const link = document.createElement('a');
  link.href = arquivo;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

type Erros = Partial<Record<'vendedorId' | 'status' | 'motivoPerda' | 'geral', string>>;

function errosDe(error: Error): Erros {
  const porCampo = error instanceof ApiError ? (error.errors ?? {}) : {};
  const erros: Erros = {};
  for (const campo of ['vendedorId', 'status', 'motivoPerda'] as const)
    if (porCampo[campo]) erros[campo] = porCampo[campo];
  if (Object.keys(erros).length === 0) erros.geral = errorMessage(error, 'Não foi possível concluir a ação');
  return erros;
}

interface AcaoDialogProps {
  open: boolean;
  onClose: () => void;
  quantos: string;
  enviar: (lote: Omit<LeadsLoteInput, 'ids' | 'filtro'>) => Promise<unknown>;
  pending: boolean;
}

/**
 * 'Atribuir vendedor': the vendedores of the first chosen lead's micro-franquia (as the lead panel lists them), no
 * one, or each lead by its unit's distribution rule. Leads of several micro-franquias take the rule or no one.
 */
function AtribuirDialog({ open, onClose, quantos, enviar, pending, leadId }: AcaoDialogProps & { leadId?: string }) {
  const id = useId();
  const [valor, setValor] = useState<string | undefined>();
  const [erros, setErros] = useState<Erros>({});
  const responsaveis = useQuery({ ...getLeadResponsaveisQueryOptions(leadId ?? ''), enabled: open && Boolean(leadId) });
  const options = [
    { value: AUTOMATICO, label: 'Pela regra de distribuição da unidade' },
    { value: NENHUM, label: 'Sem responsável' },
    ...(responsaveis.data ?? []).map((v) => ({ value: v.id, label: v.nome })),
  ];
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!valor) {
      setErros({ vendedorId: LOTE_MESSAGES.vendedorObrigatorio });
      return;
    }
    setErros({});
    const acao =
      valor === AUTOMATICO
        ? { acao: 'atribuir' as const, automatico: true }
        : { acao: 'atribuir' as const, vendedorId: valor === NENHUM ? null : valor };
    enviar(acao).catch((error: Error) => setErros(errosDe(error)));
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Atribuir vendedor</DialogTitle>
          <DialogDescription>O vendedor responsável por {quantos}.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <SelectField
            id={`${id}-vendedor`}
            label="Vendedor responsável"
            required
            options={options}
            value={valor}
            onChange={(next) => {
              setValor(next);
              setErros({});
            }}
            placeholder={responsaveis.isFetching ? 'Carregando vendedores...' : 'Escolha o vendedor'}
            hint="A lista traz os vendedores ativos da micro-franquia do primeiro lead selecionado."
            error={erros.vendedorId}
          />
          {erros.geral ? <FormMessage role="alert">{erros.geral}</FormMessage> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancelar
            </Button>
            <SubmitButton pending={pending} pendingLabel="Atribuindo...">
              Atribuir
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** 'Alterar status': the status, and the reason of the loss when it is 'Sem interesse' (as a single lead's). */
function StatusDialog({ open, onClose, quantos, enviar, pending }: AcaoDialogProps) {
  const id = useId();
  const [status, setStatus] = useState<LeadStatus | undefined>();
  const [motivo, setMotivo] = useState<MotivoPerda | undefined>();
  const [erros, setErros] = useState<Erros>({});
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const locais: Erros = {};
    if (!status) locais.status = LOTE_MESSAGES.statusObrigatorio;
    if (status === 'sem_interesse' && !motivo) locais.motivoPerda = ACOMPANHAMENTO_MESSAGES.motivoObrigatorio;
    setErros(locais);
    if (!status || Object.keys(locais).length > 0) return;
    enviar({ acao: 'status', status, ...(status === 'sem_interesse' ? { motivoPerda: motivo } : {}) }).catch(
      (error: Error) => setErros(errosDe(error)),
    );
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Alterar status</DialogTitle>
          <DialogDescription>O novo status de {quantos}.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <SelectField
            id={`${id}-status`}
            label="Status"
            required
            options={STATUS_OPTIONS}
            value={status}
            onChange={(next) => {
              setStatus(next);
              setErros({});
            }}
            placeholder="Escolha o status"
            error={erros.status}
          />
          {status === 'sem_interesse' ? (
            <SelectField
              id={`${id}-motivo`}
              label="Motivo da perda"
              required
              options={MOTIVO_OPTIONS}
              value={motivo}
              onChange={(next) => {
                setMotivo(next);
                setErros({});
              }}
              placeholder="Escolha o motivo"
              error={erros.motivoPerda}
            />
          ) : null}
          {erros.geral ? <FormMessage role="alert">{erros.geral}</FormMessage> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancelar
            </Button>
            <SubmitButton pending={pending} pendingLabel="Alterando...">
              Alterar status
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export interface LoteBarProps {
  role: Role;
  selection: LoteSelection;
  /** The leads the list's filters match (its count badge), when known. */
  total: number | undefined;
  /** The rows of the page shown (the first chosen one names the vendedores offered). */
  pageIds: string[];
  filter: FunnelListFilter;
  view: LeadsView;
}

/**
 * Ações em lote (issue 50) on Leads and Interesses: 'N selecionados', 'Selecionar todos os X que atendem aos
 * filtros' (the action then sends the filters instead of the ids), and the actions the role may take -- assign a
 * vendedor, change the status, export. One request changes them all; the toast counts them, the list is read again
 * and the choice is cleared.
 */
export function LoteBar({ role, selection, total, pageIds, filter, view }: LoteBarProps) {
  const navigate = useNavigate();
  const [aberto, setAberto] = useState<'atribuir' | 'status' | null>(null);
  const lote = useLeadsLote();
  const n = selection.ids.size;
  if (n === 0 && !selection.todos) return null;

  const quantidade = selection.todos ? (total ?? n) : n;
  const quantos = quantidade === 1 ? '1 lead' : `${formatCount(quantidade)} leads`;
  const alvo = loteAlvo(selection, filter, view);
  const leadRef = [...selection.ids][0] ?? pageIds[0];

  const enviar = async (acao: Omit<LeadsLoteInput, 'ids' | 'filtro'>) => {
    const resposta = await lote.mutateAsync({ ...alvo, ...acao } as LeadsLoteInput);
    toast({ variant: 'success', title: leadsAtualizados(resposta.alterados) });
    setAberto(null);
    selection.clear();
  };

  const exportar = () =>
    lote
      .mutateAsync({ ...alvo, acao: 'exportar' } as LeadsLoteInput)
      .then(({ alterados, exportacao }) => {
        if (exportacao?.direta && exportacao.arquivo) {
          baixar(exportacao.arquivo);
          toast({ title: `Exportando ${alterados === 1 ? '1 lead' : `${formatCount(alterados)} leads`}` });
        } else {
          toast({
            title: 'A exportação está sendo gerada',
            description: `${formatCount(alterados)} leads. O arquivo fica em Minhas exportações por 24 horas.`,
            action: {
              label: 'Abrir',
              altText: 'Abra Minhas exportações pelo menu do seu nome',
              onClick: () => void navigate('/minhas-exportacoes'),
            },
          });
        }
      })
      .catch((error: Error) =>
        toast({ variant: 'destructive', title: 'Erro ao exportar', description: errorMessage(error, error.message) }),
      );

  return (
    <div
      role="region"
      aria-label="Ações em lote"
      className="flex flex-col gap-3 rounded-md border border-primary/40 bg-primary/5 p-3 sm:flex-row sm:flex-wrap sm:items-center"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p className="text-sm font-medium" aria-live="polite">
          {selection.todos
            ? `Todos os ${formatCount(quantidade)} leads que atendem aos filtros estão selecionados`
            : `${formatCount(n)} ${n === 1 ? 'selecionado' : 'selecionados'}`}
        </p>
        {!selection.todos && total !== undefined && total > n ? (
          <Button
            variant="link"
            className="h-auto min-w-0 shrink whitespace-normal text-left text-sm"
            onClick={() => selection.setTodos(true)}
          >
            Selecionar todos os {formatCount(total)} que atendem aos filtros
          </Button>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2 sm:ml-auto">
        {can(role, 'leads.atribuir') ? (
          <Button size="sm" variant="outline" onClick={() => setAberto('atribuir')}>
            <UserRoundCog aria-hidden="true" />
            Atribuir vendedor
          </Button>
        ) : null}
        {can(role, 'leads.acompanhar') ? (
          <Button size="sm" variant="outline" onClick={() => setAberto('status')}>
            <ListChecks aria-hidden="true" />
            Alterar status
          </Button>
        ) : null}
        {can(role, 'leads.ler') ? (
          <Button size="sm" variant="outline" onClick={() => void exportar()} disabled={lote.isPending}>
            <Download aria-hidden="true" />
            Exportar
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={selection.clear}>
          <X aria-hidden="true" />
          Limpar seleção
        </Button>
      </div>
      <AtribuirDialog
        key={`atribuir-${aberto === 'atribuir'}`}
        open={aberto === 'atribuir'}
        onClose={() => setAberto(null)}
        quantos={quantos}
        enviar={enviar}
        pending={lote.isPending}
        leadId={leadRef}
      />
      <StatusDialog
        key={`status-${aberto === 'status'}`}
        open={aberto === 'status'}
        onClose={() => setAberto(null)}
        quantos={quantos}
        enviar={enviar}
        pending={lote.isPending}
      />
    </div>
  );
}
