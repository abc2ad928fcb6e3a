import type { ReactNode } from 'react';
import { MISSING, formatBRL, formatCpf, formatDateOnly, formatDateTime, formatPhone } from '@shared/format';
// Types only (erased): the public page loads no zod for them.
import type {
  PedidoView,
  TitularAcompanhamento,
  TitularCobranca,
  TitularContrato,
  TitularRegistro,
} from '@shared/schemas/lgpd';

/**
 * A titular's records as the portal (/meus-dados) and the staff's LGPD screen both show them (issue 18): plain
 * components over the shared shapes, so the public page takes them without anything of the staff application.
 */

export const REGISTRO_TIPO_LABELS: Record<TitularRegistro['tipo'], string> = {
  lead: 'Inscrição em evento',
  pre_matricula: 'Pré-matrícula (ativação do crédito)',
  matricula: 'Matrícula',
  conta: 'Conta de aluno',
  ativacao_repetida: 'Ativação repetida (guardada para análise)',
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

/**
 * Every consent the record holds (issue 39 item 3): the notice's version and when, the address and browser it
 * came from, the checkbox text, and when it was revoked.
 */
function Consentimentos({ registro }: { registro: TitularRegistro }) {
  const lista = registro.consentimentos ?? [];
  if (!lista.length) {
    const unico = registro.consentimento;
    if (!unico) return <>{MISSING}</>;
    return (
      <span className="grid">
        <span>
          Aviso versão {unico.versao}, em {momentoTexto(unico.em)}
        </span>
        {unico.revogadoEm ? (
          <span className="font-medium text-destructive">revogado em {momentoTexto(unico.revogadoEm)}</span>
        ) : null}
      </span>
    );
  }
  return (
    <ul className="grid gap-2">
      {lista.map((c, index) => (
        <li key={`${c.em}-${index}`} className="grid">
          <span>
            Aviso versão {c.versao}, em {momentoTexto(c.em)}
          </span>
          <span className="text-muted-foreground">Endereço IP: {c.ip || MISSING}</span>
          <span className="text-muted-foreground">Navegador: {c.userAgent || MISSING}</span>
          <span className="text-muted-foreground">Texto aceito: {c.texto}</span>
          {c.revogadoEm ? (
            <span className="font-medium text-destructive">revogado em {momentoTexto(c.revogadoEm)}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

const simNao = (v: boolean) => (v ? 'Sim' : 'Não');

/**
 * What the network recorded about a sign-up (issue 39 item 15): the follow-up, the seat, the voucher and every
 * contact and note of its history.
 */
function Acompanhamento({
  acompanhamento: a,
  Heading,
}: {
  acompanhamento: TitularAcompanhamento;
  Heading: 'h4' | 'h5';
}) {
  return (
    <section className="grid gap-2 border-t border-border pt-3" aria-label="O que a rede registrou">
      <Heading className="text-sm font-semibold text-foreground">O que a rede registrou</Heading>
      <dl className="grid gap-x-4 text-sm sm:grid-cols-[minmax(0,auto)_minmax(0,1fr)] sm:gap-y-1.5">
        <Fato termo="Situação do atendimento">{a.situacao}</Fato>
        <Fato termo="Responsável pelo atendimento">{a.responsavel || MISSING}</Fato>
        <Fato termo="Próximo contato">{dataTexto(a.proximoContatoEm)}</Fato>
        <Fato termo="Motivo da perda">{a.motivoPerda || MISSING}</Fato>
        <Fato termo="Primeiro contato">{momentoTexto(a.primeiroContatoEm)}</Fato>
        <Fato termo="Lista de espera">{simNao(a.listaEspera)}</Fato>
        <Fato termo="Inscrição cancelada em">{momentoTexto(a.canceladoEm)}</Fato>
        <Fato termo="Presença no evento">
          {a.presenteEm ? `Registrada em ${momentoTexto(a.presenteEm)}` : 'Não registrada'}
        </Fato>
        <Fato termo="Voucher">
          {a.voucher
            ? `${a.voucher.situacao} · emitido em ${momentoTexto(a.voucher.emitidoEm)} · válido até ${momentoTexto(a.voucher.validoAte)}`
            : MISSING}
        </Fato>
      </dl>
      <div className="grid gap-1 text-sm">
        <span className="text-muted-foreground">Contatos e anotações</span>
        {a.historico.length ? (
          <ol className="grid gap-1.5">
            {a.historico.map((h, index) => (
              <li key={`${h.em}-${index}`} className="rounded-md bg-muted/60 px-2 py-1.5 [overflow-wrap:anywhere]">
                <span className="font-medium">{h.tipo}</span>{' '}
                <span className="text-xs text-muted-foreground">({momentoTexto(h.em)})</span>
                {h.descricao ? <span className="block">{h.descricao}</span> : null}
              </li>
            ))}
          </ol>
        ) : (
          <span>Nenhum contato ou anotação.</span>
        )}
      </div>
    </section>
  );
}

/** 'R$ 1.200,00 em 10x de R$ 120,00' (the last parcela apart when it differs). */
function precoTexto(c: TitularContrato): string {
  const total = formatBRL(c.valorTotal);
  if (c.parcelas === 1) return `${total} à vista`;
  if (c.valorUltimaParcela === c.valorParcela) return `${total} em ${c.parcelas}x de ${formatBRL(c.valorParcela)}`;
  return `${total} em ${c.parcelas - 1}x de ${formatBRL(c.valorParcela)} e 1x de ${formatBRL(c.valorUltimaParcela)}`;
}

/**
 * A matrícula's contract (issue 42): its version and price, where it stands, its acceptance and cancellation; an
 * accepted one says why it is kept after an anonymisation (LGPD art. 16 I). Its whole text is in the download.
 */
function Contrato({ contrato: c, Heading }: { contrato: TitularContrato; Heading: 'h4' | 'h5' }) {
  return (
    <section className="grid gap-2 border-t border-border pt-3" aria-label="Contrato da matrícula">
      <Heading className="text-sm font-semibold text-foreground">Contrato da matrícula</Heading>
      <dl className="grid gap-x-4 text-sm sm:grid-cols-[minmax(0,auto)_minmax(0,1fr)] sm:gap-y-1.5">
        <Fato termo="Contrato">
          {c.titulo} (versão {c.versao})
        </Fato>
        <Fato termo="Valor">{precoTexto(c)}</Fato>
        <Fato termo="Multa de cancelamento prevista">{c.multaCancelamentoPct}% do valor restante</Fato>
        <Fato termo="Situação">{c.situacao}</Fato>
        <Fato termo="Aceito em">{momentoTexto(c.aceitoEm)}</Fato>
        <Fato termo="Cancelado em">{momentoTexto(c.canceladaEm)}</Fato>
        <Fato termo="Multa cobrada">{c.multaCancelamento === null ? MISSING : formatBRL(c.multaCancelamento)}</Fato>
      </dl>
      {c.guardaLegal ? (
        <p className="rounded-md bg-muted/60 px-2 py-1.5 text-sm [overflow-wrap:anywhere]">{c.guardaLegal}</p>
      ) : null}
      <p className="text-xs text-muted-foreground">O texto completo do contrato está no arquivo de download (JSON).</p>
    </section>
  );
}

/**
 * A matrícula's parcelas (issue 43): who bills them and each one's value, due day, situation and payment; why they
 * are kept after an anonymisation. A list, so a phone reads each parcela whole.
 */
function Cobranca({ cobranca: c, Heading }: { cobranca: TitularCobranca; Heading: 'h4' | 'h5' }) {
  return (
    <section className="grid gap-2 border-t border-border pt-3" aria-label="Parcelas da matrícula">
      <Heading className="text-sm font-semibold text-foreground">Parcelas da matrícula</Heading>
      <dl className="grid gap-x-4 text-sm sm:grid-cols-[minmax(0,auto)_minmax(0,1fr)] sm:gap-y-1.5">
        <Fato termo="Meio de pagamento">{c.meioDePagamento}</Fato>
      </dl>
      <ol className="grid gap-1.5 text-sm">
        {c.parcelas.map((p) => (
          <li key={p.numero} className="rounded-md bg-muted/60 px-2 py-1.5 [overflow-wrap:anywhere]">
            <span className="font-medium">{p.titulo}</span>: {formatBRL(p.valor)} · vence em {dataTexto(p.vencimento)} ·{' '}
            {p.situacao}
            {p.pagaEm ? ` em ${dataTexto(p.pagaEm)}` : ''}
          </li>
        ))}
      </ol>
      <p className="rounded-md bg-muted/60 px-2 py-1.5 text-sm [overflow-wrap:anywhere]">{c.guardaLegal}</p>
    </section>
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
        {registro.situacao !== undefined ? <Fato termo="Situação">{registro.situacao}</Fato> : null}
        {registro.cursoInteresse !== undefined ? (
          <Fato termo="Curso de interesse">{registro.cursoInteresse || MISSING}</Fato>
        ) : null}
        {registro.efetivadaEm !== undefined ? (
          <Fato termo="Efetivada em">{momentoTexto(registro.efetivadaEm)}</Fato>
        ) : null}
        {registro.dataNascimento !== undefined ? (
          <Fato termo="Data de nascimento">{dataTexto(registro.dataNascimento)}</Fato>
        ) : null}
        {registro.endereco !== undefined ? <Fato termo="Endereço">{registro.endereco || MISSING}</Fato> : null}
        <Fato termo="Consentimento">
          <Consentimentos registro={registro} />
        </Fato>
        {registro.ativo !== undefined ? (
          <Fato termo="Situação da conta">{registro.ativo ? 'Ativa' : 'Desativada'}</Fato>
        ) : null}
      </dl>
      {registro.acompanhamento ? (
        <Acompanhamento acompanhamento={registro.acompanhamento} Heading={Heading === 'h3' ? 'h4' : 'h5'} />
      ) : null}
      {registro.contrato ? <Contrato contrato={registro.contrato} Heading={Heading === 'h3' ? 'h4' : 'h5'} /> : null}
      {registro.cobranca ? <Cobranca cobranca={registro.cobranca} Heading={Heading === 'h3' ? 'h4' : 'h5'} /> : null}
    </article>
  );
}
