import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_TITLES,
  PROTECTED_ROUTES,
  ROLE_LABELS,
  ROLES,
  SIDEBAR_LINKS,
  canAccessRoute,
  pageHeader,
  type Role,
  type RoutePath,
} from './roles';

describe('route table (SPEC §2)', () => {
  const allowed: Record<RoutePath, Role[]> = {
    '/': [...ROLES],
    '/relatorios': ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente'],
    // Issue 48: the levels that set their children's goals and read their scope's ranking.
    '/metas': ['franqueador', 'franquia', 'micro_franquia', 'vendedor'],
    // Issue 49: the vendedor's and micro-franquia's day of visits; the managers' list of visits.
    '/agenda': ['micro_franquia', 'vendedor'],
    '/visitas': ['franqueador', 'franquia', 'micro_franquia'],
    '/franquias': ['franqueador'],
    '/micro-franquias': ['franqueador', 'franquia'],
    '/clientes': ['franqueador', 'micro_franquia', 'vendedor'],
    '/cursos': ['cliente'],
    // Issue 23 (ADR 030's addendum): the vendedor reaches the events it may create (SPEC §6).
    '/eventos': ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente'],
    // Issue 20: the check-in at the door, for every staff role over its own events.
    '/eventos/:id/check-in': ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente'],
    '/leads': ['cliente'],
    '/leads/:id': ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente'],
    '/interesses': ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente'],
    '/pre-matriculas': ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente'],
    '/matriculas': [...ROLES],
    '/sac': ['franqueador', 'franquia', 'micro_franquia'],
    '/sac/:id': ['franqueador', 'franquia', 'micro_franquia'],
    '/usuarios': ['franqueador', 'micro_franquia'],
    '/auditoria': ['franqueador', 'franquia', 'micro_franquia'],
    '/lgpd': ['franqueador', 'franquia'],
    '/envios': ['franqueador'],
    '/integracoes': ['franqueador'],
    // Issue 42: the franqueador writes the network's contract template, its franquias read it.
    '/contratos': ['franqueador', 'franquia'],
    // Issue 43: Financeiro > Parcelas, for the staff who read matrículas.
    '/financeiro/parcelas': ['franqueador', 'franquia', 'micro_franquia', 'cliente'],
    '/financeiro/inadimplencia': ['franqueador', 'franquia', 'micro_franquia', 'cliente'],
    '/financeiro/regua': ['franqueador', 'franquia'],
    // ADR 080: Financeiro > Conciliação, the franqueador's network and the franquia's own.
    '/financeiro/conciliacao': ['franqueador', 'franquia'],
    // Issue 44 (ADR 088): the network's and franquia's commissions; each seller's and micro-franquia's own.
    '/financeiro/comissoes': ['franqueador', 'franquia'],
    '/financeiro/minhas-comissoes': ['vendedor', 'micro_franquia'],
    // Issue 45 (ADR 092): the network's royalties, the franqueador's; each franquia's own statement.
    '/financeiro/royalties': ['franqueador'],
    '/financeiro/meu-extrato': ['franquia'],
    // Issue 48: the network's and each franquia's campaign costs.
    '/financeiro/custos-campanha': ['franqueador', 'franquia'],
    '/minha-conta': [...ROLES],
    // Issue 51 (ADR 091): the network's WhatsApp texts, the franqueador's; each staff person's own exports.
    '/mensagens-whatsapp': ['franqueador'],
    '/minhas-exportacoes': ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente'],
    // Issue 50: every staff role imports what it may create; the micro-franquia sets its distribution rule.
    '/importacoes': ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente'],
    '/importacoes/:id': ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente'],
    '/distribuicao': ['micro_franquia'],
  };

  it.each(Object.entries(allowed) as [RoutePath, Role[]][])('%s admits exactly %o', (path, roles) => {
    for (const role of ROLES) expect(canAccessRoute(role, path)).toBe(roles.includes(role));
  });
});

describe('sidebar links (SPEC §2, plus Usuários after SAC)', () => {
  const labels = (role: Role) => SIDEBAR_LINKS[role].map((l) => l.label);

  it('gives each role its links in order', () => {
    expect(labels('franqueador')).toEqual([
      'Dashboard',
      'Relatórios',
      'Metas',
      'Visitas',
      'Franquias',
      'Micro-Franquias',
      'Clientes',
      'Importações',
      'Eventos',
      'Interesses',
      'Pré-Matrículas',
      'Matrículas Efetivadas',
      'SAC',
      'Usuários',
      'Envios',
      'Integrações',
      'Contratos',
      'Mensagens de WhatsApp',
      'LGPD',
      'Auditoria',
    ]);
    expect(labels('franquia')).toEqual([
      'Dashboard',
      'Relatórios',
      'Metas',
      'Visitas',
      'Micro-franquias',
      'Importações',
      'Interesses',
      'Pré-Matrículas',
      'Matrículas Efetivadas',
      'SAC',
      'Contratos',
      'LGPD',
      'Auditoria',
    ]);
    expect(labels('micro_franquia')).toEqual([
      'Dashboard',
      'Minha agenda',
      'Relatórios',
      'Metas',
      'Visitas',
      'Clientes',
      'Importações',
      'Eventos',
      'Interesses',
      'Pré-Matrículas',
      'Matrículas Efetivadas',
      'SAC',
      'Usuários',
      'Distribuição de leads',
      'Auditoria',
    ]);
    // Issue 23 (ADR 030's addendum): what its dashboard counts, and the events SPEC §6 lets it create.
    expect(labels('vendedor')).toEqual([
      'Dashboard',
      'Minha agenda',
      'Relatórios',
      'Metas',
      'Clientes',
      'Importações',
      'Eventos',
      'Interesses',
      'Pré-Matrículas',
    ]);
    expect(labels('cliente')).toEqual([
      'Dashboard',
      'Relatórios',
      'Cursos',
      'Eventos',
      'Leads',
      'Importações',
      'Pré-Matrículas',
      'Matrículas Efetivadas',
    ]);
    expect(labels('aluno')).toEqual(['Dashboard']);
  });

  it('leaves Minha conta out of every sidebar (the shell links it under the name)', () => {
    for (const role of ROLES) expect(SIDEBAR_LINKS[role].map((l) => l.path)).not.toContain('/minha-conta');
  });

  it('never links a role to a screen it may not open', () => {
    for (const role of ROLES) {
      for (const link of SIDEBAR_LINKS[role]) expect(canAccessRoute(role, link.path)).toBe(true);
    }
  });
});

describe('labels and headers', () => {
  it('labels the roles as SPEC §1', () => {
    expect(Object.values(ROLE_LABELS)).toEqual([
      'Franqueador',
      'Franquia',
      'Micro-franquia',
      'Vendedor',
      'Cliente',
      'Aluno',
    ]);
  });

  it('titles the dashboard per role', () => {
    expect(pageHeader('franqueador', '/')).toEqual({
      title: 'Dashboard Geral',
      description: 'Visão geral do sistema de franquias',
    });
    expect(pageHeader('aluno', '/')).toEqual(DASHBOARD_TITLES.aluno);
    expect(DASHBOARD_TITLES.cliente.title).toBe('Dashboard do Cliente');
  });

  it('changes the descriptions SPEC makes role-specific', () => {
    expect(pageHeader('franqueador', '/micro-franquias').description).toBe(
      'Visualize todas as micro-franquias do sistema',
    );
    expect(pageHeader('franquia', '/micro-franquias').description).toBe('Gerencie suas micro-franquias');
    expect(pageHeader('franqueador', '/sac').description).toBe('Gerencie todos os tickets de suporte do sistema');
    expect(pageHeader('franquia', '/sac').description).toBe('Visualize e crie tickets de suporte');
    expect(PROTECTED_ROUTES['/leads'].description).toBe('Visualize e gerencie os leads captados nos eventos');
  });

  it('titles Minha conta alike for every role', () => {
    for (const role of ROLES) {
      expect(pageHeader(role, '/minha-conta')).toEqual({
        title: 'Minha conta',
        description: 'Seus dados, sua senha e onde você está conectado',
      });
    }
  });
});
