/** The enumerations of SPEC §3 with the labels a user reads. The database enums are built from these lists. */

export interface Option<T extends string = string> {
  value: T;
  label: string;
}

function options<T extends string>(labels: Record<T, string>): Option<T>[] {
  return (Object.keys(labels) as T[]).map((value) => ({ value, label: labels[value] }));
}

export const PRODUTOS = [
  'todos_pela_educacao',
  'church_educacao',
  'start_universitario',
  'especializa_mais',
  'collab_educacao',
] as const;
export type Produto = (typeof PRODUTOS)[number];
export const PRODUTO_LABELS: Record<Produto, string> = {
  todos_pela_educacao: 'Todos Pela Educação',
  church_educacao: 'Church Educação',
  start_universitario: 'Start Universitário',
  especializa_mais: 'Especializa +',
  collab_educacao: 'Collab Educação',
};

export const KITS = ['essencial', 'premium', 'card', 'padrao', 'digital'] as const;
export type Kit = (typeof KITS)[number];
export const KIT_LABELS: Record<Kit, string> = {
  essencial: 'Essencial',
  premium: 'Premium',
  card: 'Card',
  padrao: 'Padrão',
  digital: 'Digital',
};

export const TIPOS_ESCOLA = ['publica', 'privada'] as const;
export type TipoEscola = (typeof TIPOS_ESCOLA)[number];
export const TIPO_ESCOLA_LABELS: Record<TipoEscola, string> = { publica: 'Pública', privada: 'Privada' };

export const LOCAIS_EVENTO = ['escola', 'comercial', 'igreja', 'hotel', 'outros'] as const;
export type LocalEvento = (typeof LOCAIS_EVENTO)[number];
export const LOCAL_EVENTO_LABELS: Record<LocalEvento, string> = {
  escola: 'Na Escola',
  comercial: 'Associação Comercial',
  igreja: 'Igreja',
  hotel: 'Hotel',
  outros: 'Outros',
};

export const EVENTO_STATUSES = ['agendado', 'em_andamento', 'concluido', 'cancelado'] as const;
export type EventoStatus = (typeof EVENTO_STATUSES)[number];
export const EVENTO_STATUS_LABELS: Record<EventoStatus, string> = {
  agendado: 'Agendado',
  em_andamento: 'Em Andamento',
  concluido: 'Concluído',
  cancelado: 'Cancelado',
};

export const TICKET_STATUSES = ['em_andamento', 'aguardando_solicitante', 'concluido', 'cancelado'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  em_andamento: 'Em Andamento',
  aguardando_solicitante: 'Aguardando solicitante',
  concluido: 'Concluído',
  cancelado: 'Cancelado',
};

export const DEPARTAMENTOS = ['comercial', 'marketing', 'administrativo', 'ti', 'logistica'] as const;
export type Departamento = (typeof DEPARTAMENTOS)[number];
export const DEPARTAMENTO_LABELS: Record<Departamento, string> = {
  comercial: 'Comercial',
  marketing: 'Marketing',
  administrativo: 'Administrativo',
  ti: 'TI',
  logistica: 'Logística',
};

export const TICKET_PRIORIDADES = ['baixa', 'media', 'alta', 'critica'] as const;
export type TicketPrioridade = (typeof TICKET_PRIORIDADES)[number];
export const TICKET_PRIORIDADE_LABELS: Record<TicketPrioridade, string> = {
  baixa: 'Baixa',
  media: 'Média',
  alta: 'Alta',
  critica: 'Crítica',
};

/** A pre-enrolment stays listed after it is made effective, with an 'Efetivada' badge (DESIGN §4.5). */
export const PRE_MATRICULA_STATUSES = ['pendente', 'efetivada'] as const;
export type PreMatriculaStatus = (typeof PRE_MATRICULA_STATUSES)[number];

export const produtoOptions = options(PRODUTO_LABELS);
export const kitOptions = options(KIT_LABELS);
export const tipoEscolaOptions = options(TIPO_ESCOLA_LABELS);
export const localEventoOptions = options(LOCAL_EVENTO_LABELS);
export const eventoStatusOptions = options(EVENTO_STATUS_LABELS);
export const ticketStatusOptions = options(TICKET_STATUS_LABELS);
export const departamentoOptions = options(DEPARTAMENTO_LABELS);
export const ticketPrioridadeOptions = options(TICKET_PRIORIDADE_LABELS);
