import { MatriculaContrato } from '../matriculas/matricula-contrato';
import { MatriculaParcelas, type ParcelaAcao, type ParcelasAcao } from '../matriculas/matricula-parcelas';
import { CancelarMatricula } from '../matriculas/cancelar-matricula';
import { MatriculaStatusBadge } from '../matriculas/matricula-status-badge';
import { Link } from 'react-router';
import { BookOpen, ClipboardList, FileText, Users } from 'lucide-react';
import { MISSING, formatCount, formatDateTime } from '@shared/format';
import { descricaoDoPreco } from '@shared/schemas/matricula';
import {
  PRE_MATRICULA_STATUS_LABELS,
  eventoLabel,
  type MatriculaItem,
  type PreMatriculaItem,
} from '@shared/schemas/funnel';
import { Button } from '@/components/ui/button';
import { RecordSheet, type RecordField } from '@/components/ui/record-sheet';
import { ContactLinks } from '../lista/contact-links';
import { CURSO_A_DEFINIR } from './definir-curso-dialog';
import type { LeadListPath } from '../leads/acompanhar-link';

/** The links a funnel record offers: the event's leads on the role's list, and the lead's follow-up panel. */
export interface FunnelRecordLinks {
  /** The role's list of leads ('/leads' for the cliente, '/interesses' for the others); null for the aluno. */
  leadsPath: LeadListPath | null;
}

export const eventoLeadsHref = (leadsPath: LeadListPath, eventoId: string) =>
  `${leadsPath}?eventoId=${encodeURIComponent(eventoId)}`;

/** What both records link to: the event's leads on the role's list, and the lead's follow-up panel when known. */
function EventoLeadLinks({
  leadsPath,
  eventoId,
  leadId,
}: {
  leadsPath: LeadListPath;
  eventoId: string;
  leadId: string | null;
}) {
  return (
    <>
      <Button asChild variant="outline" size="sm">
        <Link to={eventoLeadsHref(leadsPath, eventoId)}>
          <Users aria-hidden="true" />
          Leads do evento
        </Link>
      </Button>
      {leadId ? (
        <Button asChild variant="outline" size="sm">
          <Link to={`/leads/${encodeURIComponent(leadId)}`}>
            <ClipboardList aria-hidden="true" />
            Acompanhamento do lead
          </Link>
        </Button>
      ) : null}
    </>
  );
}

/** A pré-matrícula's record (issue 23): what was collected, its course, its event, and where it leads. */
export function PreMatriculaRecord({
  preMatricula: pre,
  onClose,
  leadsPath,
  onDefinirCurso,
}: FunnelRecordLinks & {
  preMatricula: PreMatriculaItem | null;
  onClose: () => void;
  /** Absent when the row's course may not be changed (an effective one, or a role that may not). */
  onDefinirCurso?: (pre: PreMatriculaItem) => void;
}) {
  if (!pre) return <RecordSheet open={false} onClose={onClose} title="" description="" fields={[]} />;
  const fields: RecordField[] = [
    { label: 'Aluno', value: pre.nomeAluno ?? pre.nome },
    ...(pre.cpfAluno ? [{ label: 'CPF do aluno', value: pre.cpfAluno }] : []),
    { label: 'Responsável', value: pre.nomeResponsavel ?? MISSING },
    ...(pre.cpfResponsavel ? [{ label: 'CPF do responsável', value: pre.cpfResponsavel }] : []),
    {
      label: 'Contato',
      value: (
        <ContactLinks
          nome={pre.nome}
          email={pre.email}
          telefone={pre.telefone}
          consentimentoRevogado={pre.consentimentoRevogado}
        />
      ),
    },
    { label: 'Curso de interesse', value: pre.cursoInteresse ?? CURSO_A_DEFINIR },
    {
      label: 'Evento',
      value: eventoLabel(pre.evento),
    },
    ...(pre.cliente ? [{ label: 'Cliente', value: pre.cliente.nomeFantasia }] : []),
    { label: 'Situação', value: PRE_MATRICULA_STATUS_LABELS[pre.status] },
    { label: 'Ativada em', value: formatDateTime(pre.createdAt, { withTime: true }) },
  ];
  return (
    <RecordSheet
      open
      onClose={onClose}
      title={`Pré-matrícula de ${pre.nome}`}
      description="Dados da ativação do crédito"
      fields={fields}
    >
      {onDefinirCurso && pre.status === 'pendente' ? (
        <Button size="sm" onClick={() => onDefinirCurso(pre)}>
          <BookOpen aria-hidden="true" />
          Definir curso
        </Button>
      ) : null}
      {leadsPath ? <EventoLeadLinks leadsPath={leadsPath} eventoId={pre.eventoId} leadId={pre.leadId} /> : null}
    </RecordSheet>
  );
}

/** A matrícula's record (issue 23): the family, its course, its event and when it was made effective. */
export function MatriculaRecord({
  matricula: m,
  onClose,
  leadsPath,
  onCancelada,
  parcelaAcao,
  parcelasAcao,
}: FunnelRecordLinks & {
  matricula: MatriculaItem | null;
  onClose: () => void;
  /** Issue 42: present for a role that may cancel; told the matrícula's new status once cancelled. */
  onCancelada?: (m: MatriculaItem) => void;
  /** Issue 43 (ADR 076): what each parcela offers ('Dar baixa'), for a role that may. */
  parcelaAcao?: ParcelaAcao;
  /** Issue 43 (ADR 079): what the parcelas offer as a whole ('Renegociar'), for a role that may. */
  parcelasAcao?: ParcelasAcao;
}) {
  if (!m) return <RecordSheet open={false} onClose={onClose} title="" description="" fields={[]} />;
  const fields: RecordField[] = [
    { label: 'Aluno', value: m.nome },
    {
      label: 'Contato',
      value: (
        <ContactLinks
          nome={m.nome}
          email={m.email}
          telefone={m.telefone}
          consentimentoRevogado={m.consentimentoRevogado}
        />
      ),
    },
    { label: 'Curso de interesse', value: m.cursoInteresse ?? MISSING },
    // Issue 42: the course and the price as they were at Efetivar.
    { label: 'Curso da matrícula', value: m.cursoTitulo ?? MISSING },
    { label: 'Carga horária', value: m.cursoCargaHoraria === null ? MISSING : `${formatCount(m.cursoCargaHoraria)}h` },
    { label: 'Valor', value: descricaoDoPreco(m) ?? MISSING },
    {
      label: 'Evento',
      value: eventoLabel(m.evento),
    },
    ...(m.cliente ? [{ label: 'Cliente', value: m.cliente.nomeFantasia }] : []),
    { label: 'Efetivada em', value: formatDateTime(m.efetivadaEm, { withTime: true }) },
    // Issue 42: where its contract stands.
    { label: 'Status', value: <MatriculaStatusBadge status={m.status} motivo={m.motivoCancelamento} /> },
  ];
  return (
    <RecordSheet
      open
      onClose={onClose}
      title={`Matrícula de ${m.nome}`}
      description="Matrícula efetivada a partir da pré-matrícula"
      fields={fields}
    >
      {leadsPath ? (
        <Button asChild variant="outline" size="sm">
          <Link to={`/pre-matriculas?eventoId=${encodeURIComponent(m.eventoId)}`}>
            <FileText aria-hidden="true" />
            Pré-matrículas do evento
          </Link>
        </Button>
      ) : null}
      {leadsPath ? <EventoLeadLinks leadsPath={leadsPath} eventoId={m.eventoId} leadId={m.leadId} /> : null}
      {/* Issue 42: the staff's cancellation after the family's 7 days, its fee shown before confirming. */}
      {leadsPath && onCancelada ? (
        <CancelarMatricula
          key={m.id}
          matriculaId={m.id}
          nome={m.nome}
          onCancelada={(feito) =>
            onCancelada({
              ...m,
              status: feito.status,
              motivoCancelamento: feito.motivoCancelamento,
              canceladaEm: feito.canceladaEm ?? m.canceladaEm,
            })
          }
        />
      ) : null}
      {/* The staff's record (the aluno's has no links): the contract frozen at Efetivar. */}
      {leadsPath ? <MatriculaContrato matriculaId={m.id} /> : null}
      {/* Issue 43: its parcelas at the payment gateway, once the contract was accepted. */}
      {leadsPath && m.status !== 'aguardando_aceite' ? (
        <MatriculaParcelas matriculaId={m.id} status={m.status} acao={parcelaAcao} acaoGeral={parcelasAcao} />
      ) : null}
    </RecordSheet>
  );
}
