import { origemResumo, type OrigemVista } from '@shared/metas/origem';
import { useState, type ReactNode } from 'react';
import { Mail, MessageCircle, Phone } from 'lucide-react';
import { can } from '@shared/permissions';
import type { Role } from '@shared/roles';
import { MISSING, formatDateOnly, formatDateTime, formatPhone } from '@shared/format';
import {
  ACOMPANHAMENTO_MESSAGES,
  LEAD_STATUSES_ABERTOS,
  MOTIVO_PERDA_LABELS,
  type ContatoCanal,
  type HistoricoAutor,
  type LeadDetalhe,
} from '@shared/schemas/acompanhamento';
import { whatsappUrl } from '@shared/schemas/funnel';
import { ConsentimentoRevogado } from '../lista/contact-links';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { OfflineNotice } from '@/components/ui/offline-notice';
import { Skeleton } from '@/components/ui/skeleton';
import { useOnline } from '@/hooks/use-online';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useLead } from '../../api/get-lead';
import { type LeadAction, LeadActions } from './lead-actions';
import { LeadContatoForm } from './lead-contato-form';
import type { ContatoFormValues } from './lead-panel-form-values';
import { todayInBrasilia } from '@shared/brasilia';
import { LeadStatusBadge } from './lead-status-badge';
import { LeadTimeline } from './lead-timeline';
import { useWhatsappModelos } from '../../api/whatsapp-modelos';
import { type WhatsappEscolha, WhatsappMensagem, mensagemDoLead } from './whatsapp-mensagem';
import { BRASILIA_TIME_ZONE } from '@shared/brasilia';

export interface LeadPanelProps {
  leadId: string;
  role: Role;
  /** The signed-in user, named on an entry while it is sent. */
  autor: HistoricoAutor | null;
  onClose: () => void;
}

/**
 * Focus back on the row's 'Acompanhar' once the panel has gone (issue 39, item 19), not at the top of the page: the
 * panel is opened by a link, not by a dialog trigger, and the list may draw its rows again as it comes back, so the
 * link is looked up when the panel leaves and again while focus has nowhere to be (for three seconds at most). A
 * lead no longer in the list leaves focus where it is.
 */
function focusAcompanhar(leadId: string) {
  const selector = `[data-acompanhar="${CSS.escape(leadId)}"]`;
  const until = performance.now() + 3000;
  const step = () => {
    const active = document.activeElement;
    if (active && active !== document.body && !active.matches(selector)) return;
    if (active && active !== document.body && active.isConnected) {
      // On the link: watch a little longer, in case the row is drawn again.
    } else {
      // A phone's list draws its rows as cards and hides the table's cells: the link is the one on screen.
      [...document.querySelectorAll<HTMLElement>(selector)].find((link) => link.getClientRects().length > 0)?.focus();
    }
    if (performance.now() < until) requestAnimationFrame(step);
  };
  step();
}

/**
 * A lead followed up (issue 16), over its list: a sheet at the right on wide screens, the whole screen on a
 * phone. Who the lead is, how to reach the family, what to do next and everything that happened, newest first.
 */
export function LeadPanel({ leadId, role, autor, onClose }: LeadPanelProps) {
  return (
    <Sheet open onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent
        side="right"
        closeLabel="Fechar acompanhamento"
        // The panel itself takes focus (its name and description are read), not its first link.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          focusAcompanhar(leadId);
        }}
      >
        <LeadPanelBody key={leadId} leadId={leadId} role={role} autor={autor} onClose={onClose} />
      </SheetContent>
    </Sheet>
  );
}

function LeadPanelBody({ leadId, role, autor, onClose }: LeadPanelProps) {
  const lead = useLead(leadId);

  if (lead.isPending) {
    return (
      <div className="flex flex-col gap-4 p-6" aria-busy="true">
        <SheetTitle className="pr-8 text-lg font-semibold">Carregando lead...</SheetTitle>
        <SheetDescription className="sr-only">O acompanhamento do lead está sendo carregado.</SheetDescription>
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }

  if (lead.isError) {
    const notFound = lead.error instanceof ApiError && (lead.error.status === 404 || lead.error.status === 400);
    return (
      <div className="flex flex-col items-start gap-4 p-6">
        <SheetTitle className="pr-8 text-lg font-semibold">
          {notFound ? ACOMPANHAMENTO_MESSAGES.leadNaoEncontrado : 'Falha ao carregar o lead'}
        </SheetTitle>
        <SheetDescription role="alert" className="text-sm text-muted-foreground">
          {notFound
            ? 'Ele não existe ou não está entre os leads que você acompanha.'
            : 'Verifique sua conexão e tente novamente.'}
        </SheetDescription>
        <div className="flex gap-2">
          {notFound ? null : <Button onClick={() => void lead.refetch()}>Tentar novamente</Button>}
          <Button variant="outline" onClick={onClose}>
            Voltar à lista
          </Button>
        </div>
      </div>
    );
  }

  return <LeadPanelContent lead={lead.data} role={role} autor={autor} />;
}

function Fact({ term, children, className }: { term: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('grid min-w-0 content-start gap-0.5', className)}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{term}</dt>
      <dd className="min-w-0 text-sm text-foreground wrap-anywhere">{children}</dd>
    </div>
  );
}

/** Issue 48: every field of where the family came from, each only when it came with it. */
function OrigemFacts({ origem }: { origem: OrigemVista }) {
  const campos: [string, string | null][] = [
    ['utm_source', origem.utmSource],
    ['utm_medium', origem.utmMedium],
    ['utm_campaign', origem.utmCampaign],
    ['utm_content', origem.utmContent],
    ['utm_term', origem.utmTerm],
    ['Código do link', origem.linkCodigo],
  ];
  return (
    <>
      {campos
        .filter(([, valor]) => valor)
        .map(([termo, valor]) => (
          <Fact key={termo} term={termo}>
            {valor}
          </Fact>
        ))}
    </>
  );
}

/** The next contact date, and whether it is due today or overdue (only while the lead is still followed). */
function ProximoContato({ lead }: { lead: LeadDetalhe }) {
  if (!lead.proximoContatoEm) return <>{MISSING}</>;
  const open = (LEAD_STATUSES_ABERTOS as readonly string[]).includes(lead.status);
  const today = todayInBrasilia();
  const due = !open
    ? null
    : lead.proximoContatoEm < today
      ? 'atrasado'
      : lead.proximoContatoEm === today
        ? 'hoje'
        : null;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {formatDateOnly(lead.proximoContatoEm)}
      {due === 'atrasado' ? (
        <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">Atrasado</span>
      ) : due === 'hoje' ? (
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Hoje</span>
      ) : null}
    </span>
  );
}

const CONTACT_LINK =
  'inline-flex min-h-10 max-w-full items-center gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm font-medium hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** Where a contact link leads, and what the prompt after it fills in. */
const PROMPT_DEFAULTS: Record<Exclude<ContatoCanal, 'presencial'>, Partial<ContatoFormValues>> = {
  whatsapp: { canal: 'whatsapp', resultado: 'mensagem_enviada' },
  telefone: { canal: 'telefone' },
  email: { canal: 'email', resultado: 'mensagem_enviada' },
};

function LeadPanelContent({ lead, role, autor }: { lead: LeadDetalhe; role: Role; autor: HistoricoAutor | null }) {
  const [action, setAction] = useState<LeadAction | null>(null);
  const [prompt, setPrompt] = useState<Exclude<ContatoCanal, 'presencial'> | null>(null);
  // Issue 51: a contact just registered asks for the next step under the actions.
  const [proximoPasso, setProximoPasso] = useState(false);
  const acompanha = can(role, 'leads.acompanhar');
  const digits = (lead.telefone ?? '').replace(/\D/g, '');
  // Issue 51 (ADR 091): the WhatsApp button opens with the network's template chosen here, filled for the family.
  const modelos = useWhatsappModelos();
  const [escolha, setEscolha] = useState<WhatsappEscolha>('primeiro_contato');
  const modelo = escolha === 'nenhuma' ? undefined : modelos.data?.find((m) => m.chave === escolha);
  const mensagem = modelo ? mensagemDoLead(modelo, lead) : null;
  const whatsapp = whatsappUrl(lead.telefone, mensagem ?? undefined);
  const online = useOnline();

  /** A contact link was followed: offer to log that contact (the panel's own form, prefilled). */
  const offerToLog = (canal: Exclude<ContatoCanal, 'presencial'>) => {
    if (!acompanha) return;
    setAction(null);
    setPrompt(canal);
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="border-b border-border px-4 py-4 pr-12 sm:px-6">
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Acompanhamento do lead</p>
        <SheetTitle className="text-xl font-semibold wrap-anywhere">{lead.nomeAluno}</SheetTitle>
        <SheetDescription className="mt-1 text-sm text-muted-foreground wrap-anywhere">
          {lead.evento.nomeEscola} · {lead.evento.cidade}, {lead.evento.estado.toUpperCase()}
        </SheetDescription>
      </div>

      <div className="flex min-h-0 flex-1 flex-col gap-6 overflow-y-auto px-4 py-5 sm:px-6">
        {online ? null : (
          <OfflineNotice detail="Nada do que você registrar aqui é enviado até a conexão voltar; o que estiver em envio segue assim que ela voltar." />
        )}
        <section aria-labelledby="lead-dados">
          <h3 id="lead-dados" className="sr-only">
            Dados do lead
          </h3>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <Fact term="Aluno">{lead.nomeAluno}</Fact>
            <Fact term="Responsável">{lead.nomeResponsavel}</Fact>
            <Fact term="Evento" className="sm:col-span-2">
              {lead.evento.nomeEscola} — {lead.evento.cidade}, {lead.evento.estado.toUpperCase()} ·{' '}
              {formatDateOnly(lead.evento.dataEvento)}
            </Fact>
            <Fact term="Status">
              <LeadStatusBadge status={lead.status} />
            </Fact>
            <Fact term="Vendedor responsável">{lead.responsavel?.nome ?? MISSING}</Fact>
            <Fact term="Próximo contato">
              <ProximoContato lead={lead} />
            </Fact>
            <Fact term="Motivo da perda">{lead.motivoPerda ? MOTIVO_PERDA_LABELS[lead.motivoPerda] : MISSING}</Fact>
            <Fact term="Inscrito em">{formatDateTime(lead.createdAt, { timeZone: BRASILIA_TIME_ZONE })}</Fact>
            {lead.cliente ? <Fact term="Cliente">{lead.cliente.nomeFantasia}</Fact> : null}
            <Fact term="Origem">{origemResumo(lead.origem)}</Fact>
            {lead.origem ? <OrigemFacts origem={lead.origem} /> : null}
          </dl>
        </section>

        <section aria-labelledby="lead-contato" className="flex flex-col gap-3">
          <h3 id="lead-contato" className="font-semibold">
            Contato
          </h3>
          <div className="flex flex-wrap gap-2">
            {lead.consentimentoRevogado ? <ConsentimentoRevogado /> : null}
            {digits ? (
              <a
                href={`tel:${digits.length >= 10 ? `+55${digits}` : digits}`}
                className={CONTACT_LINK}
                onClick={() => offerToLog('telefone')}
              >
                <Phone aria-hidden="true" className="size-4 shrink-0" />
                {formatPhone(lead.telefone)}
              </a>
            ) : null}
            {whatsapp ? (
              <a
                href={whatsapp}
                target="_blank"
                rel="noopener noreferrer"
                className={cn(CONTACT_LINK, 'text-green-800')}
                aria-label={`WhatsApp de ${lead.nomeResponsavel} (abre em nova aba)`}
                onClick={() => offerToLog('whatsapp')}
              >
                <MessageCircle aria-hidden="true" className="size-4 shrink-0" />
                WhatsApp
              </a>
            ) : null}
            {lead.email ? (
              <a href={`mailto:${lead.email}`} className={CONTACT_LINK} onClick={() => offerToLog('email')}>
                <Mail aria-hidden="true" className="size-4 shrink-0" />
                <span className="truncate">{lead.email}</span>
              </a>
            ) : null}
          </div>
          {whatsapp && !lead.consentimentoRevogado && modelos.data && modelos.data.length > 0 ? (
            <WhatsappMensagem modelos={modelos.data} escolha={escolha} onEscolha={setEscolha} mensagem={mensagem} />
          ) : null}
          {prompt ? (
            <div
              role="region"
              aria-labelledby="lead-registrar-prompt"
              className="rounded-md border border-primary/40 bg-accent/40 p-4"
            >
              <h4 id="lead-registrar-prompt" className="mb-3 font-semibold">
                Registrar este contato?
              </h4>
              <LeadContatoForm
                key={prompt}
                leadId={lead.id}
                autor={autor}
                idPrefix="lead-prompt"
                defaults={PROMPT_DEFAULTS[prompt]}
                cancelLabel="Agora não"
                onDone={() => setPrompt(null)}
                onRegistered={() => {
                  setPrompt(null);
                  setProximoPasso(true);
                }}
              />
            </div>
          ) : null}
        </section>

        {acompanha ? (
          <section aria-labelledby="lead-acoes" className="flex flex-col gap-3">
            <h3 id="lead-acoes" className="font-semibold">
              Ações
            </h3>
            <LeadActions
              lead={lead}
              autor={autor}
              canAtribuir={can(role, 'leads.atribuir')}
              canCorrigir={can(role, 'leads.corrigirDados')}
              open={action}
              onOpenChange={(next) => {
                if (next) setPrompt(null);
                setAction(next);
              }}
              proximoPasso={proximoPasso}
              onProximoPassoChange={setProximoPasso}
            />
          </section>
        ) : null}

        <section aria-labelledby="lead-historico" className="flex flex-col gap-3">
          <h3 id="lead-historico" className="font-semibold">
            Histórico
          </h3>
          <LeadTimeline historico={lead.historico} />
        </section>
      </div>
    </div>
  );
}
