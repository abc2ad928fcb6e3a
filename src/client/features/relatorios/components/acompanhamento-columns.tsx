import { Link } from 'react-router';
import { MISSING, formatCount } from '@shared/format';
import { MOTIVOS_PERDA, MOTIVO_PERDA_LABELS, type MotivoPerda } from '@shared/schemas/acompanhamento';
import { AGRUPAMENTO_LABELS, type Agrupamento, type AcompanhamentoGrupo } from '@shared/schemas/relatorios';
import type { DataTableColumn } from '@/components/ui/data-table';
import { formatHoras } from './horas';
import { grupoLabel } from './ranking-columns';

/** A group of the follow-up as a table row, keyed like the ranking's (two cities may share a name). */
export interface AcompanhamentoRow {
  id: string;
  grupo: AcompanhamentoGrupo;
}

export function acompanhamentoRows(grupos: AcompanhamentoGrupo[]): AcompanhamentoRow[] {
  return grupos.map((grupo) => ({ id: `${grupo.estado ?? ''}|${grupo.id ?? '-'}`, grupo }));
}

/** The reasons lost most often (every one tied for first), and how many each; null without a loss. */
export function principalMotivo(
  motivos: Record<MotivoPerda, number>,
): { motivos: MotivoPerda[]; quantidade: number } | null {
  const quantidade = Math.max(0, ...MOTIVOS_PERDA.map((motivo) => motivos[motivo] ?? 0));
  if (quantidade === 0) return null;
  return { motivos: MOTIVOS_PERDA.filter((motivo) => motivos[motivo] === quantidade), quantidade };
}

/** 'Distância (3)'; a tie names each reason: 'Preço, Distância (2 cada)'. */
export function formatPrincipalMotivo(motivos: Record<MotivoPerda, number>): string {
  const principal = principalMotivo(motivos);
  if (!principal) return MISSING;
  const labels = principal.motivos.map((motivo) => MOTIVO_PERDA_LABELS[motivo]).join(', ');
  const quantidade = formatCount(principal.quantidade);
  return principal.motivos.length > 1 ? `${labels} (${quantidade} cada)` : `${labels} (${quantidade})`;
}

export interface AcompanhamentoColumnsOptions {
  agrupar: Agrupamento;
  /** The group's leads on Interesses; null when no list holds just its rows ('Sem vendedor'). */
  leadsHref: (grupo: AcompanhamentoGrupo) => string | null;
}

const NUMERIC = 'text-right tabular-nums whitespace-nowrap';

/** The follow-up per group: its name (opening its leads), the contacted, the median wait, the lost and why. */
export function acompanhamentoColumns({
  agrupar,
  leadsHref,
}: AcompanhamentoColumnsOptions): DataTableColumn<AcompanhamentoRow>[] {
  return [
    {
      key: 'rotulo',
      header: AGRUPAMENTO_LABELS[agrupar],
      cell: ({ grupo }) => {
        const href = leadsHref(grupo);
        const label = grupoLabel(grupo);
        return href ? (
          <Link
            to={href}
            className="min-w-0 font-medium text-primary underline-offset-4 [overflow-wrap:anywhere] hover:underline"
          >
            {label}
          </Link>
        ) : (
          <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{label}</span>
        );
      },
    },
    {
      key: 'contatados',
      header: 'Contatados',
      className: NUMERIC,
      cell: ({ grupo }) => formatCount(grupo.contatados),
    },
    {
      key: 'medianaPrimeiroContatoHoras',
      header: 'Tempo mediano até o 1º contato',
      className: NUMERIC,
      cell: ({ grupo }) => formatHoras(grupo.medianaPrimeiroContatoHoras),
    },
    {
      key: 'perdidos',
      header: 'Perdidos',
      className: NUMERIC,
      cell: ({ grupo }) => formatCount(grupo.perdidos),
    },
    {
      key: 'principalMotivo',
      header: 'Principal motivo de perda',
      cell: ({ grupo }) => formatPrincipalMotivo(grupo.motivosPerda),
    },
  ];
}
