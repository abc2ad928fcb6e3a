/**
 * The one table of who may open which screen, which links each role sees in the sidebar, and each
 * screen's title and description (SPEC §2). The client router guard and the server read it alike.
 */
export const ROLES = ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente', 'aluno'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  franqueador: 'Franqueador',
  franquia: 'Franquia',
  micro_franquia: 'Micro-franquia',
  vendedor: 'Vendedor',
  cliente: 'Cliente',
  aluno: 'Aluno',
};

export const STAFF_ROLES = [
  'franqueador',
  'franquia',
  'micro_franquia',
  'vendedor',
  'cliente',
] as const satisfies readonly Role[];

/** Who reads matrículas (DESIGN §4.1: never a vendedor); permissions.ts names what each may do with them. */
export const MATRICULA_READERS = [
  'franqueador',
  'franquia',
  'micro_franquia',
  'cliente',
  'aluno',
] as const satisfies readonly Role[];

export type RoutePath =
  | '/'
  | '/relatorios'
  | '/metas'
  | '/agenda'
  | '/visitas'
  | '/franquias'
  | '/micro-franquias'
  | '/clientes'
  | '/cursos'
  | '/eventos'
  | '/eventos/:id/check-in'
  | '/leads'
  | '/leads/:id'
  | '/interesses'
  | '/pre-matriculas'
  | '/matriculas'
  | '/sac'
  | '/sac/:id'
  | '/usuarios'
  | '/auditoria'
  | '/lgpd'
  | '/envios'
  | '/integracoes'
  | '/contratos'
  | '/mensagens-whatsapp'
  | '/minhas-exportacoes'
  | '/importacoes'
  | '/importacoes/:id'
  | '/distribuicao'
  | '/financeiro/parcelas'
  | '/financeiro/inadimplencia'
  | '/financeiro/regua'
  | '/financeiro/conciliacao'
  | '/financeiro/comissoes'
  | '/financeiro/minhas-comissoes'
  | '/financeiro/royalties'
  | '/financeiro/meu-extrato'
  | '/financeiro/custos-campanha'
  | '/minha-conta';

export interface ProtectedRoute {
  path: RoutePath;
  roles: readonly Role[];
  /** Page header title; the dashboard's depends on the role (DASHBOARD_TITLES). */
  title: string;
  description: string;
}

export const PROTECTED_ROUTES: Record<RoutePath, ProtectedRoute> = {
  '/': { path: '/', roles: ROLES, title: 'Dashboard', description: '' },
  '/relatorios': {
    path: '/relatorios',
    roles: STAFF_ROLES,
    title: 'Relatórios',
    description: 'Onde a rede converte e onde perde famílias',
  },
  /** Metas (issue 48): each level above the cliente sets its children's goals and reads its scope's ranking. */
  '/metas': {
    path: '/metas',
    roles: ['franqueador', 'franquia', 'micro_franquia', 'vendedor'],
    title: 'Metas',
    description: 'As metas do mês, divididas pela rede, com o realizado, a projeção e o ranking',
  },
  /**
   * Minha agenda (issue 49, ADR 105): the day's and the week's school visits, the follow-up due and the events
   * worked, made for a phone -- the vendedor's own, the micro-franquia's vendedores'.
   */
  '/agenda': {
    path: '/agenda',
    roles: ['micro_franquia', 'vendedor'],
    title: 'Minha agenda',
    description: 'As visitas às escolas de hoje e da semana, os retornos a fazer e os próximos eventos',
  },
  /** Visitas (issue 49): every visit of the levels above the vendedor's subtree, by vendedor, status and period. */
  '/visitas': {
    path: '/visitas',
    roles: ['franqueador', 'franquia', 'micro_franquia'],
    title: 'Visitas',
    description: 'As visitas dos vendedores às escolas: quando, com que objetivo e como foram',
  },
  '/franquias': {
    path: '/franquias',
    roles: ['franqueador'],
    title: 'Franquias',
    description: 'Gerencie todas as franquias cadastradas no sistema',
  },
  '/micro-franquias': {
    path: '/micro-franquias',
    roles: ['franqueador', 'franquia'],
    title: 'Micro-franquias',
    description: 'Gerencie suas micro-franquias',
  },
  '/clientes': {
    path: '/clientes',
    roles: ['franqueador', 'micro_franquia', 'vendedor'],
    title: 'Clientes',
    description: 'Gerencie os clientes cadastrados',
  },
  '/cursos': {
    path: '/cursos',
    roles: ['cliente'],
    title: 'Meus Cursos',
    description: 'Gerencie os cursos oferecidos',
  },
  '/eventos': {
    path: '/eventos',
    // The vendedor creates and edits its clientes' events (SPEC §6), so it reaches the screen too (issue 23).
    roles: ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente'],
    title: 'Eventos',
    description: 'Visualize e gerencie todos os eventos do sistema',
  },
  /**
   * The check-in at an event's door (issue 20): the school (cliente), its vendedor and micro-franquia, and the
   * network above; reached from the event's card, never from the sidebar. Each reaches only its own events.
   */
  '/eventos/:id/check-in': {
    path: '/eventos/:id/check-in',
    roles: STAFF_ROLES,
    title: 'Check-in do evento',
    description: 'Leia o voucher ou procure a família pelo nome',
  },
  '/leads': {
    path: '/leads',
    roles: ['cliente'],
    title: 'Leads',
    description: 'Visualize e gerencie os leads captados nos eventos',
  },
  /**
   * A lead's follow-up panel (issue 16), for every role that follows leads: it opens over the role's list
   * (Leads for the cliente, Interesses for the others), whose header the screen shows.
   */
  '/leads/:id': {
    path: '/leads/:id',
    roles: STAFF_ROLES,
    title: 'Acompanhamento do lead',
    description: 'Contatos, status, retorno e histórico do lead',
  },
  '/interesses': {
    path: '/interesses',
    roles: ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente'],
    title: 'Interesses',
    description: 'Acompanhe os interesses registrados nos eventos',
  },
  '/pre-matriculas': {
    path: '/pre-matriculas',
    roles: ['franqueador', 'franquia', 'micro_franquia', 'vendedor', 'cliente'],
    title: 'Pré-Matrículas',
    description: 'Acompanhe as pré-matrículas e efetive as matrículas',
  },
  '/matriculas': {
    path: '/matriculas',
    roles: ROLES,
    title: 'Matrículas Efetivadas',
    description: 'Visualize as matrículas efetivadas',
  },
  '/sac': {
    path: '/sac',
    roles: ['franqueador', 'franquia', 'micro_franquia'],
    title: 'SAC - Suporte ao Cliente',
    description: 'Visualize e crie tickets de suporte',
  },
  /** A ticket's page (issue 19): its conversation, deadlines, attachments and rating. */
  '/sac/:id': {
    path: '/sac/:id',
    roles: ['franqueador', 'franquia', 'micro_franquia'],
    title: 'Ticket do SAC',
    description: 'Conversa, prazos e anexos do ticket',
  },
  '/usuarios': {
    path: '/usuarios',
    roles: ['franqueador', 'micro_franquia'],
    title: 'Usuários',
    description: 'Gerencie os usuários do sistema',
  },
  /** Auditoria (issue 17): who did what, when and from where, in the reader's subtree. */
  '/auditoria': {
    path: '/auditoria',
    roles: ['franqueador', 'franquia', 'micro_franquia'],
    title: 'Auditoria',
    description: 'Quem fez o quê, quando e de onde',
  },
  /** LGPD (issue 18): the titulares' requests with their legal deadline, a titular's records, anonymisation. */
  '/lgpd': {
    path: '/lgpd',
    roles: ['franqueador', 'franquia'],
    title: 'LGPD',
    description: 'Pedidos dos titulares, prazos e anonimização',
  },
  /** Envios (issue 22): the network's e-mails and webhooks as durable jobs; dead letters resent. */
  '/envios': {
    path: '/envios',
    roles: ['franqueador'],
    title: 'Envios',
    description: 'E-mails, WhatsApp e webhooks da rede: situação, tentativas e reenvio',
  },
  /** Integrações (issue 22): webhooks to the network's own tools, signed, with their delivery log. */
  '/integracoes': {
    path: '/integracoes',
    roles: ['franqueador'],
    title: 'Integrações',
    description:
      'Webhooks que avisam suas ferramentas de cada novo lead, pré-matrícula, matrícula e chamado, e os avisos pelo WhatsApp',
  },
  /** Contratos (issue 42): the network's contract template, written by the franqueador, read by its franquias. */
  '/contratos': {
    path: '/contratos',
    roles: ['franqueador', 'franquia'],
    title: 'Contratos',
    description: 'O modelo de contrato de matrícula da rede, suas versões e os campos que ele preenche',
  },
  /**
   * Mensagens de WhatsApp (issue 51, ADR 091): the texts the lead panel's WhatsApp button opens with, written by the
   * franqueador for its network.
   */
  '/mensagens-whatsapp': {
    path: '/mensagens-whatsapp',
    roles: ['franqueador'],
    title: 'Mensagens de WhatsApp',
    description: 'Os textos que o botão de WhatsApp do acompanhamento do lead já abre escritos, para toda a rede',
  },
  /**
   * Minhas exportações (issue 51, ADR 091): the exports the person started in the last 24 h, to download again.
   * Reached from the user's name in the shell, as Minha conta.
   */
  '/minhas-exportacoes': {
    path: '/minhas-exportacoes',
    roles: STAFF_ROLES,
    title: 'Minhas exportações',
    description: 'Os arquivos CSV que você exportou nas últimas 24 horas: situação, tamanho e download',
  },
  /**
   * Importações (issue 50, ADR 106): the caller's spreadsheets of clientes, leads and vendedores brought in with a
   * preview, a choice for duplicates and an undo; each role imports only what it may create.
   */
  '/importacoes': {
    path: '/importacoes',
    roles: STAFF_ROLES,
    title: 'Importações',
    description: 'Traga planilhas de clientes, leads e vendedores com prévia, tratamento de repetidos e desfazer',
  },
  /** One import's four steps (issue 50): the step its status is at. */
  '/importacoes/:id': {
    path: '/importacoes/:id',
    roles: STAFF_ROLES,
    title: 'Importação',
    description: 'Arquivo, colunas, prévia e resultado da importação',
  },
  /** Distribuição de leads (issue 50): how the micro-franquia's new leads get a vendedor responsável. */
  '/distribuicao': {
    path: '/distribuicao',
    roles: ['micro_franquia'],
    title: 'Distribuição de leads',
    description: 'Como cada novo lead ganha um vendedor responsável: rodízio, por cidade ou manualmente',
  },
  /** Financeiro > Parcelas (issue 43): the parcelas of the matrículas the role reads, billed at the gateway. */
  '/financeiro/parcelas': {
    path: '/financeiro/parcelas',
    roles: ['franqueador', 'franquia', 'micro_franquia', 'cliente'],
    title: 'Parcelas',
    description: 'As parcelas das matrículas: vencimento, valor, situação e link de pagamento',
  },
  /** Financeiro > Inadimplência (issue 43, ADR 077): the overdue rate and aging, for the roles that read Parcelas. */
  '/financeiro/inadimplencia': {
    path: '/financeiro/inadimplencia',
    roles: ['franqueador', 'franquia', 'micro_franquia', 'cliente'],
    title: 'Inadimplência',
    description: 'A taxa de inadimplência e o aging das parcelas vencidas, por unidade da rede',
  },
  /** Financeiro > Régua de cobrança (issue 43, ADR 078): the e-mails that chase each franquia's parcelas. */
  '/financeiro/regua': {
    path: '/financeiro/regua',
    roles: ['franqueador', 'franquia'],
    title: 'Régua de cobrança',
    description: 'Os e-mails que lembram as famílias das parcelas: antes, no dia e depois do vencimento',
  },
  /** Financeiro > Conciliação (issue 43, ADR 080): the gateway's payments against the parcelas. */
  '/financeiro/conciliacao': {
    path: '/financeiro/conciliacao',
    roles: ['franqueador', 'franquia'],
    title: 'Conciliação',
    description: 'As diferenças entre as cobranças do gateway de pagamento e as parcelas, corrigidas ou a verificar',
  },
  /**
   * Financeiro > Comissões (issue 44, ADR 088): a period's commissions per beneficiary with their lines, the rules,
   * the monthly closing and its payout file -- the network's for the franqueador, its subtree's for a franquia.
   */
  '/financeiro/comissoes': {
    path: '/financeiro/comissoes',
    roles: ['franqueador', 'franquia'],
    title: 'Comissões',
    description: 'Quanto cada vendedor e unidade recebe por período, as regras e o fechamento do mês',
  },
  /** Financeiro > Minhas comissões (issue 44, ADR 088): the seller's and micro-franquia's own statement. */
  '/financeiro/minhas-comissoes': {
    path: '/financeiro/minhas-comissoes',
    roles: ['vendedor', 'micro_franquia'],
    title: 'Minhas comissões',
    description: 'O que você recebe de cada matrícula: liberada, prevista, fechada e paga',
  },
  /**
   * Financeiro > Royalties (issue 45, ADR 089, 092): every franquia's statement of a month, its closing, a franquia's
   * history and the fee agreements -- the franqueador's.
   */
  '/financeiro/royalties': {
    path: '/financeiro/royalties',
    roles: ['franqueador'],
    title: 'Royalties',
    description: 'Royalties e fundo de propaganda de cada franquia por mês, o fechamento e os acordos',
  },
  /** Financeiro > Meu extrato (issue 45, ADR 089, 092): the franquia's own monthly statements, its charge, contests. */
  '/financeiro/meu-extrato': {
    path: '/financeiro/meu-extrato',
    roles: ['franquia'],
    title: 'Meu extrato',
    description: 'Os royalties e o fundo de propaganda da sua franquia, mês a mês, com a cobrança e as contestações',
  },
  /** Financeiro > Custos de campanha (issue 48): the network's and each franquia's campaign costs (utm_campaign). */
  '/financeiro/custos-campanha': {
    path: '/financeiro/custos-campanha',
    roles: ['franqueador', 'franquia'],
    title: 'Custos de campanha',
    description:
      'O que cada campanha (utm_campaign) custou, para os Relatórios mostrarem o custo por lead e por matrícula',
  },
  /**
   * Minha conta (issue 17): every signed-in person's own data, password and sessions. Reached from the user's name
   * in the shell, never from the sidebar (SPEC's sidebars stay as they are).
   */
  '/minha-conta': {
    path: '/minha-conta',
    roles: ROLES,
    title: 'Minha conta',
    description: 'Seus dados, sua senha e onde você está conectado',
  },
};

/** Texts that change with the role (SPEC §2). */
export const ROLE_SPECIFIC_DESCRIPTIONS: Partial<Record<RoutePath, Partial<Record<Role, string>>>> = {
  '/micro-franquias': { franqueador: 'Visualize todas as micro-franquias do sistema' },
  '/sac': { franqueador: 'Gerencie todos os tickets de suporte do sistema' },
};

export const DASHBOARD_TITLES: Record<Role, { title: string; description: string }> = {
  franqueador: { title: 'Dashboard Geral', description: 'Visão geral do sistema de franquias' },
  franquia: { title: 'Dashboard da Franquia', description: 'Visão geral das suas micro-franquias' },
  micro_franquia: { title: 'Dashboard da Micro-franquia', description: 'Visão geral dos seus clientes e vendedores' },
  vendedor: { title: 'Dashboard do Vendedor', description: 'Visão geral dos seus clientes' },
  cliente: { title: 'Dashboard do Cliente', description: 'Visão geral dos seus cursos e eventos' },
  aluno: { title: 'Dashboard do Aluno', description: 'Seus interesses e pré-matrículas' },
};

export interface SidebarLink {
  path: RoutePath;
  label: string;
}

const link = (path: RoutePath, label: string): SidebarLink => ({ path, label });
const DASHBOARD = link('/', 'Dashboard');
const RELATORIOS = link('/relatorios', 'Relatórios');
/** Issue 48: after Relatórios, for the levels that set goals. */
const METAS = link('/metas', 'Metas');
/** Issue 49: the school visits -- the vendedor's and micro-franquia's day ('Minha agenda'), the managers' list. */
const AGENDA = link('/agenda', 'Minha agenda');
const VISITAS = link('/visitas', 'Visitas');
/** Issue 17: last in the sidebars of the three levels that read a subtree's trail. */
const AUDITORIA = link('/auditoria', 'Auditoria');
/** Issue 18: the titulares' rights, for the franqueador and the franquia, before Auditoria. */
const LGPD = link('/lgpd', 'LGPD');
/** Issue 42: the network's contract template, before LGPD. */
const CONTRATOS = link('/contratos', 'Contratos');
/** Issue 50: the spreadsheets a unit brings in, beside the records they fill. */
const IMPORTACOES = link('/importacoes', 'Importações');

/**
 * SPEC §2's sidebars, plus 'Usuários' after SAC for franqueador and micro_franquia (the screen is real here,
 * not the old system's placeholder; see docs/decisions), 'Relatórios' (ADR 021) and 'Auditoria' (ADR 023).
 */
export const SIDEBAR_LINKS: Record<Role, readonly SidebarLink[]> = {
  franqueador: [
    DASHBOARD,
    RELATORIOS,
    METAS,
    VISITAS,
    link('/franquias', 'Franquias'),
    link('/micro-franquias', 'Micro-Franquias'),
    link('/clientes', 'Clientes'),
    IMPORTACOES,
    link('/eventos', 'Eventos'),
    link('/interesses', 'Interesses'),
    link('/pre-matriculas', 'Pré-Matrículas'),
    link('/matriculas', 'Matrículas Efetivadas'),
    link('/sac', 'SAC'),
    link('/usuarios', 'Usuários'),
    link('/envios', 'Envios'),
    link('/integracoes', 'Integrações'),
    CONTRATOS,
    // Issue 51 (ADR 091): the lead panel's WhatsApp texts, the network's, after its contract template.
    link('/mensagens-whatsapp', 'Mensagens de WhatsApp'),
    LGPD,
    AUDITORIA,
  ],
  franquia: [
    DASHBOARD,
    RELATORIOS,
    METAS,
    VISITAS,
    link('/micro-franquias', 'Micro-franquias'),
    IMPORTACOES,
    link('/interesses', 'Interesses'),
    link('/pre-matriculas', 'Pré-Matrículas'),
    link('/matriculas', 'Matrículas Efetivadas'),
    link('/sac', 'SAC'),
    CONTRATOS,
    LGPD,
    AUDITORIA,
  ],
  micro_franquia: [
    DASHBOARD,
    AGENDA,
    RELATORIOS,
    METAS,
    VISITAS,
    link('/clientes', 'Clientes'),
    IMPORTACOES,
    link('/eventos', 'Eventos'),
    link('/interesses', 'Interesses'),
    link('/pre-matriculas', 'Pré-Matrículas'),
    link('/matriculas', 'Matrículas Efetivadas'),
    link('/sac', 'SAC'),
    link('/usuarios', 'Usuários'),
    // Issue 50: how its new leads get a vendedor, beside the vendedores it manages.
    link('/distribuicao', 'Distribuição de leads'),
    AUDITORIA,
  ],
  // Issue 23: what its dashboard counts, and the events it may create (SPEC §6); issue 49: its day of visits first.
  vendedor: [
    DASHBOARD,
    AGENDA,
    RELATORIOS,
    METAS,
    link('/clientes', 'Clientes'),
    IMPORTACOES,
    link('/eventos', 'Eventos'),
    link('/interesses', 'Interesses'),
    link('/pre-matriculas', 'Pré-Matrículas'),
  ],
  cliente: [
    DASHBOARD,
    RELATORIOS,
    link('/cursos', 'Cursos'),
    link('/eventos', 'Eventos'),
    link('/leads', 'Leads'),
    IMPORTACOES,
    link('/pre-matriculas', 'Pré-Matrículas'),
    link('/matriculas', 'Matrículas Efetivadas'),
  ],
  aluno: [DASHBOARD],
};

/**
 * The sidebar's 'Financeiro' section (issue 43), below SPEC's links ('Menu principal' keeps SPEC's list as it is):
 * the staff roles that read matrículas; the vendedor (ADR 088) for its own commissions only.
 */
const INADIMPLENCIA = link('/financeiro/inadimplencia', 'Inadimplência');
const CONCILIACAO = link('/financeiro/conciliacao', 'Conciliação');
/** Issue 44 (ADR 088): the network's and franquia's commissions, and each seller's and micro-franquia's own. */
const COMISSOES = link('/financeiro/comissoes', 'Comissões');
const MINHAS_COMISSOES = link('/financeiro/minhas-comissoes', 'Minhas comissões');
/** Issue 45 (ADR 092): beside 'Comissões', the network's royalties and each franquia's own statement. */
const ROYALTIES = link('/financeiro/royalties', 'Royalties');
const MEU_EXTRATO = link('/financeiro/meu-extrato', 'Meu extrato');
/** Issue 48: what each campaign cost, beside the money the network and a franquia follow. */
const CUSTOS_CAMPANHA = link('/financeiro/custos-campanha', 'Custos de campanha');
export const FINANCEIRO_LINKS: Record<Role, readonly SidebarLink[]> = {
  franqueador: [
    link('/financeiro/parcelas', 'Parcelas'),
    INADIMPLENCIA,
    link('/financeiro/regua', 'Régua de cobrança'),
    CONCILIACAO,
    COMISSOES,
    ROYALTIES,
    CUSTOS_CAMPANHA,
  ],
  franquia: [
    link('/financeiro/parcelas', 'Parcelas'),
    INADIMPLENCIA,
    link('/financeiro/regua', 'Régua de cobrança'),
    CONCILIACAO,
    COMISSOES,
    MEU_EXTRATO,
    CUSTOS_CAMPANHA,
  ],
  micro_franquia: [link('/financeiro/parcelas', 'Parcelas'), INADIMPLENCIA, MINHAS_COMISSOES],
  vendedor: [MINHAS_COMISSOES],
  cliente: [link('/financeiro/parcelas', 'Parcelas'), INADIMPLENCIA],
  aluno: [],
};

export function canAccessRoute(role: Role, path: RoutePath): boolean {
  return PROTECTED_ROUTES[path].roles.includes(role);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The header of a protected screen for a role. */
export function pageHeader(role: Role, path: RoutePath): { title: string; description: string } {
  if (path === '/') return DASHBOARD_TITLES[role];
  const route = PROTECTED_ROUTES[path];
  return { title: route.title, description: ROLE_SPECIFIC_DESCRIPTIONS[path]?.[role] ?? route.description };
}
