import { periodoPorExtenso } from '@shared/comissoes/lancamentos';
import { BENEFICIARIO_LABELS } from '@shared/comissoes/regras';
import { formatBRL, formatDateOnly } from '@shared/format';
import type { LancamentoView } from '@shared/schemas/comissao';
import { RecordSheet } from '@/components/ui/record-sheet';
import { LancamentoEstadoBadge } from './lancamento-estado-badge';

/**
 * A ledger line opened from its row: the matrícula it came from as the vendedor's other screens show a family --
 * the student's name and course, never a contact or a CPF (ADR 082) -- the parcela and its commission, and every
 * line of the same matrícula the caller reads (`linhas`), so a credit and its reversal read side by side.
 */
export function LancamentoSheet({
  lancamento,
  linhas,
  mostraBeneficiario = false,
  onClose,
}: {
  lancamento: LancamentoView | null;
  linhas: readonly LancamentoView[];
  /** The franqueador's and franquia's view names whom the line pays. */
  mostraBeneficiario?: boolean;
  onClose: () => void;
}) {
  const l = lancamento;
  const daMatricula = l ? linhas.filter((x) => x.matriculaId === l.matriculaId) : [];
  return (
    <RecordSheet
      open={l !== null}
      onClose={onClose}
      title={l ? `Matrícula de ${l.aluno}` : ''}
      description="Comissão desta matrícula. Contato e documentos da família ficam com a escola."
      fields={
        l
          ? [
              { label: 'Aluno', value: l.aluno },
              { label: 'Curso', value: l.curso ?? '-' },
              ...(mostraBeneficiario
                ? [
                    {
                      label: 'Beneficiário',
                      value: `${l.nomeBeneficiario ?? '-'} (${BENEFICIARIO_LABELS[l.beneficiario]})`,
                    },
                  ]
                : []),
              { label: 'Parcela', value: `${l.parcelaNumero}ª parcela de ${formatBRL(l.base)}` },
              { label: 'Comissão', value: <span className="tabular-nums">{formatBRL(l.valor)}</span> },
              { label: 'Situação', value: <LancamentoEstadoBadge estado={l.estado} /> },
              {
                label: l.tipo === 'estorno' ? 'Estornada em' : 'Paga pela família em',
                value: formatDateOnly(l.ocorridoEm),
              },
              { label: 'Período', value: periodoPorExtenso(l.periodo) },
            ]
          : []
      }
    >
      {daMatricula.length > 1 ? (
        <section aria-label="Lançamentos desta matrícula" className="grid w-full gap-2">
          <h3 className="text-sm font-semibold">Lançamentos desta matrícula</h3>
          <ul className="grid gap-1 text-sm">
            {daMatricula.map((x) => (
              <li key={x.id} className="flex flex-wrap items-center justify-between gap-2 border-b border-border py-1">
                <span>
                  {x.parcelaNumero}ª parcela · {formatDateOnly(x.ocorridoEm)}
                </span>
                <span className="flex items-center gap-2">
                  <span className="tabular-nums">{formatBRL(x.valor)}</span>
                  <LancamentoEstadoBadge estado={x.estado} />
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </RecordSheet>
  );
}
