import type { ReactNode } from 'react';
import { MISSING, formatCpf, formatDateOnly, formatDateTime, formatPhone } from '@shared/format';
import type { PedidoView, TitularRegistro } from '@shared/schemas/lgpd-textos';

/**
 * A titular's records as the portal (/meus-dados) and the staff's LGPD screen both show them (issue 18): plain
 * components over the shared shapes, so the public page takes them without anything of the staff application.
 */

export const REGISTRO_TIPO_LABELS: Record<TitularRegistro['tipo'], string> = {
  lead: 'Inscrição em evento',
  pre_matricula: 'Pré-matrícula (ativação do crédito)',
  matricula: 'Matrícula',
  conta: 'Conta de aluno',
};

/** A day ('YYYY-MM-DD') as it is; a moment in the reader's own zone. */
export function dataTexto(value: string | null | undefined): string {
  if (!value) return MISSING;
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDateOnly(value) : formatDateTime(value);
}

/** A moment with its time ('20/11/2026 09:15'); a day as it is. */
export function momentoTexto(value: string | null | undefined): string {
  if (!value) return MISSING;
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDateOnly(value) : formatDateTime(value, { withTime: true });
}

/** 'Campinas/SP', or what there is of it. */
export function cidadeTexto(registro: Pick<TitularRegistro, 'cidade' | 'estado'>): string {
  return [registro.cidade, registro.estado].filter(Boolean).join('/') || MISSING;
}

/** The request's deadline is past and it is still open or under analysis. */
export const pedidoAtrasado = (pedido: Pick<PedidoView, 'atrasado' | 'status'>) =>
  pedido.atrasado && pedido.status !== 'concluido' && pedido.status !== 'recusado';

function Fato({ termo, children }: { termo: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground max-sm:mt-1 max-sm:text-xs max-sm:font-medium">{termo}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
    </>
  );
}

/** The consent the record holds: the notice's version and when, and when it was revoked. */
function Consentimento({ consentimento }: { consentimento: TitularRegistro['consentimento'] }) {
  if (!consentimento) return <>{MISSING}</>;
  return (
    <span className="grid">
      <span>
        Aviso versão {consentimento.versao}, em {momentoTexto(consentimento.em)}
      </span>
      {consentimento.revogadoEm ? (
        <span className="font-medium text-destructive">revogado em {momentoTexto(consentimento.revogadoEm)}</span>
      ) : null}
    </span>
  );
}

export interface TitularRegistroCardProps {
  registro: TitularRegistro;
  /** The heading level of the record's title in its page. */
  headingLevel?: 'h3' | 'h4';
}

/**
 * One record: its kind and when it was made, then every field it holds (names, e-mail, phone, CPFs, school,
 * event, place, consent), a missing value as '-'; an anonymised record says so.
 */
export function TitularRegistroCard({ registro, headingLevel: Heading = 'h3' }: TitularRegistroCardProps) {
  return (
    <article className="grid gap-3 rounded-lg border border-border bg-card p-4" data-registro={registro.id}>
      <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <Heading className="font-semibold text-foreground">{REGISTRO_TIPO_LABELS[registro.tipo]}</Heading>
        <span className="text-xs text-muted-foreground">Criado em {momentoTexto(registro.criadoEm)}</span>
      </header>
      {registro.anonimizado ? (
        <p className="w-fit rounded-md bg-muted px-2 py-0.5 text-xs font-semibold text-foreground">Anonimizado</p>
      ) : null}
      {/* Term beside value from 640 px; on a phone each value under its term, so neither is squeezed. */}
      <dl className="grid gap-x-4 text-sm sm:grid-cols-[minmax(0,auto)_minmax(0,1fr)] sm:gap-y-1.5">
        <Fato termo="Aluno">{registro.nomeAluno || MISSING}</Fato>
        <Fato termo="Responsável">{registro.nomeResponsavel || MISSING}</Fato>
        <Fato termo="E-mail">{registro.email || MISSING}</Fato>
        <Fato termo="Telefone">{registro.telefone ? formatPhone(registro.telefone) : MISSING}</Fato>
        <Fato termo="CPF do aluno">{registro.cpfAluno ? formatCpf(registro.cpfAluno) : MISSING}</Fato>
        <Fato termo="CPF do responsável">{registro.cpfResponsavel ? formatCpf(registro.cpfResponsavel) : MISSING}</Fato>
        <Fato termo="Escola">{registro.escola || MISSING}</Fato>
        <Fato termo="Data do evento">{dataTexto(registro.dataEvento)}</Fato>
        <Fato termo="Cidade">{cidadeTexto(registro)}</Fato>
        <Fato termo="Consentimento">
          <Consentimento consentimento={registro.consentimento} />
        </Fato>
        {registro.ativo !== undefined ? (
          <Fato termo="Situação da conta">{registro.ativo ? 'Ativa' : 'Desativada'}</Fato>
        ) : null}
      </dl>
    </article>
  );
}
