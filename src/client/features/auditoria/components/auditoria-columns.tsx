import { Link } from 'react-router';
import { History, ListFilter } from 'lucide-react';
import { ROLE_LABELS, type Role } from '@shared/roles';
import { AUDIT_ACOES, type AuditoriaItem } from '@shared/schemas/auditoria';
import { Button } from '@/components/ui/button';
import type { DataTableColumn } from '@/components/ui/data-table';
import { VAZIO, quando } from './campos';
import { IpAddress } from './ip-address';
import { entidadeLabel, idCurto, registroHref } from './registro';

/** Who acted, in words: the person's name (or e-mail); a sign-in by an unknown e-mail, nobody; otherwise the system. */
export function quemNome(item: AuditoriaItem): string {
  if (item.usuario) return item.usuario.nome || item.usuario.email;
  return item.acao.startsWith('auth.') ? VAZIO : 'Sistema';
}

export const acaoRotulo = (item: AuditoriaItem) => AUDIT_ACOES[item.acao]?.rotulo ?? item.acao;

const filterLinkClass =
  'inline-flex min-h-6 min-w-6 shrink-0 items-center justify-center gap-1 rounded text-muted-foreground hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

export interface AuditoriaColumnsOptions {
  role: Role;
  /** This view's address with some filters changed: where a row's filter links point. */
  searchWith: (patch: Record<string, string | undefined>) => string;
  /** Opens a row; `from` is the button that did, where focus returns when the dialog closes. */
  onDetails: (item: AuditoriaItem, from: HTMLElement) => void;
}

/**
 * Quando, Quem (with a link to everything that person did), Ação in words, O quê (the record's screen where it
 * still exists and the reader may open it, and its whole history), IP, and the button that opens the row.
 */
export function auditoriaColumns({
  role,
  searchWith,
  onDetails,
}: AuditoriaColumnsOptions): DataTableColumn<AuditoriaItem>[] {
  return [
    {
      key: 'quando',
      header: 'Quando',
      className: 'whitespace-nowrap',
      cell: (item) => (
        <time dateTime={item.em} className="tabular-nums">
          {quando(item.em)}
        </time>
      ),
    },
    {
      key: 'quem',
      header: 'Quem',
      cell: (item) => {
        const nome = quemNome(item);
        return (
          <span className="flex min-w-0 items-start gap-1">
            <span className="grid min-w-0">
              <span className="font-medium [overflow-wrap:anywhere]">{nome}</span>
              {item.papel ? <span className="text-xs text-muted-foreground">{ROLE_LABELS[item.papel]}</span> : null}
            </span>
            {item.usuario ? (
              <Link
                to={{ search: searchWith({ usuarioId: item.usuario.id, usuarioNome: nome }) }}
                className={filterLinkClass}
                aria-label={`Ver só o que ${nome} fez`}
                title={`Ver só o que ${nome} fez`}
              >
                <ListFilter aria-hidden="true" className="size-4" />
              </Link>
            ) : null}
          </span>
        );
      },
    },
    { key: 'acao', header: 'Ação', cell: (item) => acaoRotulo(item) },
    {
      key: 'oque',
      header: 'O quê',
      cell: (item) => {
        const label = entidadeLabel(item);
        const href = registroHref(item, role);
        return (
          <span className="grid justify-items-start">
            {href ? (
              <Link
                to={href}
                className="font-medium text-primary underline-offset-4 hover:underline"
                title={`Abrir ${label}`}
              >
                {label}
              </Link>
            ) : (
              <span>{label}</span>
            )}
            {item.entidadeId ? (
              <Link
                to={{
                  search: searchWith({
                    entidadeId: item.entidadeId,
                    entidadeNome: `${label} ${idCurto(item.entidadeId)}`,
                  }),
                }}
                className={`${filterLinkClass} text-xs`}
                aria-label={`Ver todo o histórico do registro ${idCurto(item.entidadeId)}`}
                title="Ver todo o histórico deste registro"
              >
                <History aria-hidden="true" className="size-3.5" />
                <span className="font-mono">{idCurto(item.entidadeId)}</span>
              </Link>
            ) : null}
          </span>
        );
      },
    },
    {
      key: 'ip',
      header: 'IP',
      className: 'tabular-nums',
      cell: (item) => (item.ip ? <IpAddress ip={item.ip} /> : VAZIO),
    },
    {
      key: 'detalhes',
      header: 'Detalhes',
      className: 'text-right',
      cell: (item) => (
        <Button
          variant="outline"
          size="sm"
          aria-label={`Detalhes: ${acaoRotulo(item)}, ${quando(item.em)}`}
          data-detalhes={item.id}
          onClick={(event) => onDetails(item, event.currentTarget)}
        >
          Detalhes
        </Button>
      ),
    },
  ];
}
