import { MATRICULA_READERS, ROLES, STAFF_ROLES, type Role } from './roles';

/**
 * Who may do what (SPEC §2, DESIGN §4.1), once for both sides: each API route's `config.access` names its action
 * here, and each screen asks `can(role, action)` before it offers a button. Which rows an allowed role reaches is
 * another rule, the server's `access/scope.ts`.
 */
export const PERMISSIONS = {
  'dashboard.ler': ROLES,
  /** 'Retornos de hoje', 'Atrasados', 'Leads sem contato há mais de 48 h' (issue 16). */
  'dashboard.acompanhamento': ['vendedor', 'cliente'],
  /** Relatórios (issue 15): every staff role, each over its own scope. */
  'relatorios.ler': STAFF_ROLES,
  'cep.consultar': STAFF_ROLES,

  'franquias.ler': ['franqueador', 'franquia'],
  'franquias.criar': ['franqueador'],
  'franquias.editar': ['franqueador'],

  'microFranquias.ler': ['franqueador', 'franquia', 'micro_franquia'],
  'microFranquias.criar': ['franquia'],
  'microFranquias.editar': ['franquia'],

  'clientes.ler': STAFF_ROLES,
  'clientes.criar': ['micro_franquia', 'vendedor'],
  'clientes.editar': ['micro_franquia', 'vendedor'],

  'vendedores.criar': ['micro_franquia'],
  'usuarios.gerenciar': ['franqueador', 'micro_franquia'],

  'cursos.ler': STAFF_ROLES,
  'cursos.gerenciar': ['cliente'],

  'eventos.ler': STAFF_ROLES,
  'eventos.criar': ['cliente', 'vendedor', 'micro_franquia'],
  'eventos.editar': ['franquia', 'micro_franquia', 'vendedor', 'cliente'],
  /**
   * Moving an event to another cliente shows its matrículas to the new cliente: only a role that already reads
   * them may do it (TRUST.md, "Escalation by sequences of allowed calls").
   */
  'eventos.trocarCliente': ['franquia', 'micro_franquia', 'cliente'],
  /** Issue 20: the check-in at the event's door, for the school, its vendedor and micro-franquia, and above. */
  'eventos.checkin': STAFF_ROLES,
  /** Issue 48: an event's costs -- read by whoever reads the event, entered and removed by the roles that edit it. */
  'eventos.custos.ler': STAFF_ROLES,
  'eventos.custos.editar': ['franquia', 'micro_franquia', 'vendedor', 'cliente'],
  /** Issue 48: the campaigns' costs (utm_campaign), the franqueador's network's and each franquia's own. */
  'campanhas.custos': ['franqueador', 'franquia'],

  /** Issue 48: the vendedor's own share link and its QR code ('Meu link de indicação'). */
  'indicacao.meuLink': ['vendedor'],

  'leads.ler': STAFF_ROLES,
  /**
   * Follow-up (issue 16): whoever sees a lead registers contacts and notes, sets its status and return date
   * (schools call families too); only the network above the vendedores assigns a lead to one of them.
   */
  'leads.acompanhar': STAFF_ROLES,
  'leads.atribuir': ['franqueador', 'franquia', 'micro_franquia'],
  /**
   * Issue 39 item 14 (LGPD art. 18 III): whoever follows a lead corrects the family's names, e-mail and phone
   * on it -- audited, the family told by e-mail.
   */
  'leads.corrigirDados': STAFF_ROLES,
  /** The funnel's event filter: every role, the aluno's own events included. */
  'leads.eventos': ROLES,
  'preMatriculas.ler': [...STAFF_ROLES, 'aluno'],
  /**
   * Issue 23: whoever of the staff sees a pending pré-matrícula sets or changes its course of interest, among its
   * event's courses (the public activation's course is optional).
   */
  'preMatriculas.definirCurso': STAFF_ROLES,
  /** Issue 39 item 14: the staff who manage a pré-matrícula correct its names, e-mail and phone. */
  'preMatriculas.corrigirDados': STAFF_ROLES,
  'matriculas.ler': MATRICULA_READERS,
  'matriculas.efetivar': STAFF_ROLES,
  /** Issue 42: a matrícula's frozen contract, for the staff who read the matrícula (the aluno's page is later). */
  'matriculas.contrato': ['franqueador', 'franquia', 'micro_franquia', 'cliente'],
  /** Issue 42, third slice (ADR 066): the same staff send the family a new link to its contract. */
  'matriculas.contrato.reenviar': ['franqueador', 'franquia', 'micro_franquia', 'cliente'],
  /**
   * Issue 42: cancelling an accepted contract after the 7-day withdrawal term, with its fee (and its preview): the
   * roles that efetivam and read matrículas -- the vendedor efetiva but never sees a matrícula (DESIGN §4.1).
   */
  'matriculas.cancelar': ['franqueador', 'franquia', 'micro_franquia', 'cliente'],

  /**
   * Cobrança (issue 43, ADR 071): a matrícula's parcelas for whoever reads the matrícula (the aluno its own); the
   * 'Financeiro' > 'Parcelas' list for the staff who read matrículas; the aluno's 'Minhas parcelas'; and, in
   * development with the simulated gateway, the payment simulated by the staff.
   */
  'parcelas.ler': MATRICULA_READERS,
  'parcelas.listar': ['franqueador', 'franquia', 'micro_franquia', 'cliente'],
  'parcelas.minhas': ['aluno'],
  'parcelas.simularPagamento': ['franqueador', 'franquia', 'micro_franquia', 'cliente'],
  /**
   * ADR 076: the baixa manual of a parcela paid at the school -- the staff who may cancel a matrícula (its money
   * decisions are theirs): 'matriculas.cancelar''s roles.
   */
  'parcelas.baixa': ['franqueador', 'franquia', 'micro_franquia', 'cliente'],
  /** Issue 43 (ADR 078): the régua de cobrança, a franquia's own, the franqueador's for any of its franquias. */
  'cobranca.regua': ['franqueador', 'franquia'],
  /**
   * ADR 079: renegotiating a matrícula's open parcelas -- the baixa's roles ('matriculas.cancelar''s: who decides a
   * matrícula's money); they read the network's cap on its discount. Only the franqueador sets that cap.
   */
  'parcelas.renegociar': ['franqueador', 'franquia', 'micro_franquia', 'cliente'],
  'cobranca.configuracao.ler': ['franqueador', 'franquia', 'micro_franquia', 'cliente'],
  'cobranca.configuracao': ['franqueador'],
  /**
   * Comissões (issue 44, ADR 081): the rules, the franqueador's for its network (or one franquia), a franquia's for
   * its subtree; a franquia reads its network's general rules too.
   */
  'comissoes.regras': ['franqueador', 'franquia'],
  /**
   * ADR 082: the ledger -- its lines and totals per beneficiary read by the franqueador (its network) and the
   * franquia (its subtree); each vendedor and micro-franquia reads its own statement ('Minhas comissões'); a month
   * closed and its payout confirmed by the franqueador, or by a franquia for its subtree when the network allows it.
   */
  'comissoes.ver': ['franqueador', 'franquia'],
  'comissoes.minhas': ['vendedor', 'micro_franquia'],
  'comissoes.fechar': ['franqueador', 'franquia'],
  /**
   * ADR 088: the network's "a franquia may close its months" flag -- read by the roles that read the ledger (the
   * franquia's screen offers closing only when it holds), set by the franqueador alone.
   */
  'comissoes.configuracao': ['franqueador'],
  /**
   * Royalties e fundo de propaganda (issue 45, ADR 089): the agreements and monthly statements, read by the
   * franqueador (every franquia of its network) and a franquia (its own); the agreement written and a month closed
   * by the franqueador alone; a statement's line contested by the franquia it charges.
   */
  /**
   * Metas e rankings (issue 48): every staff role reads its own unit's goals (the dashboard); each level above the
   * cliente sets its children's (the franqueador the network's too) and reads the ranking of its scope.
   */
  'metas.ler': STAFF_ROLES,
  'metas.definir': ['franqueador', 'franquia', 'micro_franquia', 'vendedor'],
  'metas.ranking': ['franqueador', 'franquia', 'micro_franquia', 'vendedor'],

  /**
   * Visitas (issue 49, ADR 105): the vendedores' visits to schools -- read, scheduled and logged by the vendedor (its
   * own) and by the levels above it (their subtree's, each picking a vendedor of the school's micro-franquia); their
   * agenda ('Minha agenda') and Relatórios' visits per vendedor. Never the cliente or the aluno.
   */
  'visitas.ver': ['franqueador', 'franquia', 'micro_franquia', 'vendedor'],
  'visitas.gerir': ['franqueador', 'franquia', 'micro_franquia', 'vendedor'],

  /**
   * Importação (issue 50, ADR 106): every staff role imports leads into an event of its scope; clientes and
   * vendedores only by the roles that create them by hand ('clientes.criar', 'vendedores.criar'), which the
   * service checks per file.
   */
  'importacoes.usar': STAFF_ROLES,
  /**
   * Distribuição (issue 50): a micro-franquia's rule for its new leads -- read by the levels above it, set by the
   * micro-franquia itself and by its franquia (which manages its micro-franquias).
   */
  'distribuicao.ler': ['franqueador', 'franquia', 'micro_franquia'],
  'distribuicao.definir': ['franquia', 'micro_franquia'],
  /**
   * Ações em lote on Leads and Interesses (issue 50): each action asks its own permission in the service --
   * assigning is 'leads.atribuir', a status 'leads.acompanhar', exporting 'leads.ler'.
   */
  'leads.lote': STAFF_ROLES,

  'royalties.ver': ['franqueador', 'franquia'],
  'royalties.acordos.editar': ['franqueador'],
  'royalties.fechar': ['franqueador'],
  'royalties.contestar': ['franquia'],
  /**
   * ADR 080: the reconciliation with the gateway -- its last run's differences read by the franqueador (its network)
   * and the franquia (its own matrículas'); a run asked for by the franqueador alone, as it compares the whole
   * gateway account (the daily job runs it anyway).
   */
  'cobranca.conciliacao.ver': ['franqueador', 'franquia'],
  'cobranca.conciliacao.executar': ['franqueador'],

  /**
   * Modelos de contrato (issue 42, ADR 064): the franqueador writes and publishes its network's template; its
   * franquias read the current version, never edit it.
   */
  'contratos.ler': ['franqueador', 'franquia'],
  'contratos.gerenciar': ['franqueador'],

  /** Auditoria (issue 17): each level reads its subtree's trail. */
  'auditoria.ler': ['franqueador', 'franquia', 'micro_franquia'],

  /** LGPD (issue 18): the franqueador answers for its network, a franquia for its subtree. */
  'lgpd.gerir': ['franqueador', 'franquia'],

  /** Issue 22: the network's e-mails and webhooks, dead letters resent; the webhooks' endpoints. */
  'envios.gerir': ['franqueador'],
  'integracoes.gerir': ['franqueador'],
  /** Issue 22: a list's export as a job with progress, for whoever may export that list. */
  'exportacoes.criar': STAFF_ROLES,
  /**
   * Issue 51 (ADR 091): the lead panel's WhatsApp messages -- every staff role that follows leads reads its network's
   * templates; the franqueador writes them for the network.
   */
  'whatsapp.modelos.ler': STAFF_ROLES,
  'whatsapp.modelos.editar': ['franqueador'],

  'sac.abrir': ['franqueador', 'franquia', 'micro_franquia'],
  'sac.responder': ['franqueador'],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof PERMISSIONS;

/** The roles allowed an action: what a route's `config.access` declares. */
export function rolesFor<A extends Action>(action: A): (typeof PERMISSIONS)[A] {
  return PERMISSIONS[action];
}

export function can(role: Role, action: Action): boolean {
  return (PERMISSIONS[action] as readonly Role[]).includes(role);
}
