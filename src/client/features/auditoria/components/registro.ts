import { type Role, type RoutePath, canAccessRoute } from '@shared/roles';
import { AUDIT_ENTIDADES, type AuditEntidade, type AuditoriaItem } from '@shared/schemas/auditoria';

/** The screen that shows each kind of record: the lead's own panel, the others' lists. */
const REGISTRO_SCREENS: Partial<Record<AuditEntidade, { route: RoutePath; href: (id: string) => string }>> = {
  lead: { route: '/leads/:id', href: (id) => `/leads/${encodeURIComponent(id)}` },
  franquia: { route: '/franquias', href: () => '/franquias' },
  micro_franquia: { route: '/micro-franquias', href: () => '/micro-franquias' },
  cliente: { route: '/clientes', href: () => '/clientes' },
  vendedor: { route: '/usuarios', href: () => '/usuarios' },
  usuario: { route: '/usuarios', href: () => '/usuarios' },
  evento: { route: '/eventos', href: () => '/eventos' },
  pre_matricula: { route: '/pre-matriculas', href: () => '/pre-matriculas' },
  matricula: { route: '/matriculas', href: () => '/matriculas' },
  sac_ticket: { route: '/sac', href: () => '/sac' },
  sac_nota_interna: { route: '/sac', href: () => '/sac' },
  envio: { route: '/envios', href: () => '/envios' },
  lgpd_pedido: { route: '/lgpd', href: () => '/lgpd' },
};

/**
 * Where a row's record opens: only while it still exists, and only on a screen the reader's role may open
 * (roles.ts, the guard's table); otherwise null and the record is named without a link.
 */
export function registroHref(item: AuditoriaItem, role: Role): string | null {
  if (!item.entidadeExiste || !item.entidadeId) return null;
  const screen = REGISTRO_SCREENS[item.entidade];
  if (!screen || !canAccessRoute(role, screen.route)) return null;
  return screen.href(item.entidadeId);
}

export const entidadeLabel = (item: Pick<AuditoriaItem, 'entidade'>) => AUDIT_ENTIDADES[item.entidade] ?? item.entidade;

/** A record's id as the lists show ids: its first 8 characters. */
export const idCurto = (id: string) => id.slice(0, 8);
