import { z } from 'zod';
import { indexedSearchSchema, listQuerySchema } from './list-query';
import { type ListCursor, type ListKeyset, checkCursor, cursorShape } from './list-cursor';
import { dateOnlyField } from './fields';
import type { Role } from '../roles';

/**
 * The audit trail (issue 17): who did what, when and from where. Every write, export and sign-in of the product
 * leaves one row, written by the server in the same transaction as the change it records. The actions are
 * listed here once: the server writes only these names, the screen reads their words from here.
 */

/** What an audit row is about: the record kind it links to, in pt-BR for the screen. */
export const AUDIT_ENTIDADES = {
  franquia: 'Franquia',
  micro_franquia: 'Micro-franquia',
  cliente: 'Cliente',
  vendedor: 'Vendedor',
  usuario: 'Usuário',
  curso: 'Curso',
  evento: 'Evento',
  lead: 'Lead',
  pre_matricula: 'Pré-matrícula',
  matricula: 'Matrícula',
  sac_ticket: 'Chamado do SAC',
  sac_nota_interna: 'Nota interna do SAC',
  sessao: 'Sessão',
  relatorio: 'Relatório',
  auditoria: 'Auditoria',
  titular: 'Titular (LGPD)',
  lgpd_pedido: 'Pedido LGPD',
  envio: 'Envio',
  webhook: 'Webhook',
  exportacao: 'Exportação',
  contrato_modelo: 'Modelo de contrato',
  parcela: 'Parcela',
  rede: 'Rede',
  comissao_regra: 'Regra de comissão',
  comissao_fechamento: 'Fechamento de comissões',
  royalty_acordo: 'Acordo de royalties',
  royalty_fechamento: 'Extrato de royalties',
  royalty_fatura: 'Fatura de royalties',
  royalty_contestacao: 'Contestação de royalties',
  meta: 'Meta',
  campanha_custo: 'Custo de campanha',
  visita: 'Visita',
  importacao: 'Importação',
} as const;
export type AuditEntidade = keyof typeof AUDIT_ENTIDADES;
export const AUDIT_ENTIDADE_VALUES = Object.keys(AUDIT_ENTIDADES) as [AuditEntidade, ...AuditEntidade[]];

/**
 * Every action, `<entidade>.<verbo>` in lower case, with the record kind it is about and its words on screen.
 * The public sign-up and activation are the families' own acts and are not audited per row (issue 17).
 */
export const AUDIT_ACOES = {
  'franquia.criar': { entidade: 'franquia', rotulo: 'Cadastrou a franquia' },
  'franquia.editar': { entidade: 'franquia', rotulo: 'Alterou a franquia' },
  'franquia.ativar': { entidade: 'franquia', rotulo: 'Ativou a franquia' },
  'franquia.desativar': { entidade: 'franquia', rotulo: 'Desativou a franquia' },
  'micro_franquia.criar': { entidade: 'micro_franquia', rotulo: 'Cadastrou a micro-franquia' },
  'micro_franquia.editar': { entidade: 'micro_franquia', rotulo: 'Alterou a micro-franquia' },
  'micro_franquia.ativar': { entidade: 'micro_franquia', rotulo: 'Ativou a micro-franquia' },
  'micro_franquia.desativar': { entidade: 'micro_franquia', rotulo: 'Desativou a micro-franquia' },
  // Issue 50 (ADR 106): how the micro-franquia's new leads get a vendedor.
  'distribuicao.definir': { entidade: 'micro_franquia', rotulo: 'Alterou a distribuição de leads da micro-franquia' },
  'cliente.criar': { entidade: 'cliente', rotulo: 'Cadastrou o cliente' },
  'cliente.editar': { entidade: 'cliente', rotulo: 'Alterou o cliente' },
  'cliente.ativar': { entidade: 'cliente', rotulo: 'Ativou o cliente' },
  'cliente.desativar': { entidade: 'cliente', rotulo: 'Desativou o cliente' },
  'vendedor.criar': { entidade: 'vendedor', rotulo: 'Cadastrou o vendedor' },
  'usuario.ativar': { entidade: 'usuario', rotulo: 'Ativou o usuário' },
  'usuario.desativar': { entidade: 'usuario', rotulo: 'Desativou o usuário' },
  'usuario.perfil_alterado': { entidade: 'usuario', rotulo: 'Alterou os próprios dados' },
  'usuario.email_solicitado': { entidade: 'usuario', rotulo: 'Pediu a troca do e-mail de acesso' },
  'usuario.email_alterado': { entidade: 'usuario', rotulo: 'Confirmou o novo e-mail de acesso' },
  // Issue 50: a vendedor away (skipped by the distribution of new leads) or back.
  'usuario.ausente': { entidade: 'usuario', rotulo: 'Marcou o vendedor como ausente ou de volta' },
  'curso.criar': { entidade: 'curso', rotulo: 'Cadastrou o curso' },
  'curso.editar': { entidade: 'curso', rotulo: 'Alterou o curso' },
  'curso.modulo_criar': { entidade: 'curso', rotulo: 'Incluiu um módulo no curso' },
  'curso.modulo_editar': { entidade: 'curso', rotulo: 'Alterou um módulo do curso' },
  'curso.modulo_excluir': { entidade: 'curso', rotulo: 'Removeu um módulo do curso' },
  'evento.criar': { entidade: 'evento', rotulo: 'Cadastrou o evento' },
  'evento.editar': { entidade: 'evento', rotulo: 'Alterou o evento' },
  'lead.visualizar': { entidade: 'lead', rotulo: 'Abriu o painel do lead' },
  'lead.editar': { entidade: 'lead', rotulo: 'Alterou o acompanhamento do lead' },
  'lead.contato': { entidade: 'lead', rotulo: 'Registrou um contato com o lead' },
  'lead.nota': { entidade: 'lead', rotulo: 'Anotou no lead' },
  'lead.presenca': { entidade: 'lead', rotulo: 'Registrou a presença no evento' },
  'lead.corrigir': { entidade: 'lead', rotulo: 'Corrigiu os dados do titular na inscrição' },
  'leads.exportar': { entidade: 'lead', rotulo: 'Exportou a lista de interesses' },
  // Issue 50: one bulk action on Leads and Interesses (its count and its selection in the details).
  'leads.lote': { entidade: 'lead', rotulo: 'Alterou leads em lote' },
  'pre_matriculas.exportar': { entidade: 'pre_matricula', rotulo: 'Exportou a lista de pré-matrículas' },
  'matriculas.exportar': { entidade: 'matricula', rotulo: 'Exportou a lista de matrículas' },
  'pre_matricula.curso': { entidade: 'pre_matricula', rotulo: 'Definiu o curso da pré-matrícula' },
  'pre_matricula.corrigir': { entidade: 'pre_matricula', rotulo: 'Corrigiu os dados do titular na pré-matrícula' },
  'matricula.corrigir': { entidade: 'matricula', rotulo: 'Corrigiu os dados do titular na matrícula' },
  'matricula.efetivar': { entidade: 'matricula', rotulo: 'Efetivou a matrícula' },
  // Issue 42, third slice (ADR 066): the family's acceptance and withdrawal (no session: the responsável, by the
  // link and the e-mailed code), and the staff's new link.
  'matricula.aceitar_contrato': { entidade: 'matricula', rotulo: 'O responsável aceitou o contrato' },
  'matricula.desistir': { entidade: 'matricula', rotulo: 'O responsável desistiu da matrícula (arrependimento)' },
  'matricula.reenviar_contrato': { entidade: 'matricula', rotulo: 'Enviou um novo link do contrato' },
  // Issue 42: a cancellation with its fee, the contract's reminder and its expiry (the last two by the system).
  'matricula.cancelar': { entidade: 'matricula', rotulo: 'Cancelou a matrícula (com multa de cancelamento)' },
  'matricula.contrato_lembrete': { entidade: 'matricula', rotulo: 'Lembrou a família de aceitar o contrato' },
  'matricula.contrato_expirado': {
    entidade: 'matricula',
    rotulo: 'Cancelou a matrícula: contrato não aceito em 30 dias',
  },
  // Issue 43 (ADR 071): a parcela's status from the gateway's webhook, and a payment simulated in development.
  'parcela.status_gateway': { entidade: 'parcela', rotulo: 'O gateway de pagamento mudou o status da parcela' },
  'parcela.simular_pagamento': { entidade: 'parcela', rotulo: 'Simulou o pagamento da parcela (desenvolvimento)' },
  // Issue 43 (ADR 076): a baixa manual (paid at the school), what the gateway was asked after it, a withdrawal or a
  // cancellation (by the system's jobs), and a parcela paid at the school refunded by the school on a withdrawal.
  'parcela.baixa': { entidade: 'parcela', rotulo: 'Deu baixa manual na parcela (paga na escola)' },
  'parcela.gateway_encerrada': {
    entidade: 'parcela',
    rotulo: 'Cancelou ou estornou a cobrança da parcela no gateway de pagamento',
  },
  'parcela.estorno_na_escola': {
    entidade: 'parcela',
    rotulo: 'Desistência: a parcela paga na escola é devolvida pela escola',
  },
  // ADR 080: the reconciliation with the gateway -- a run, and a parcela's status it fixed (a lost webhook's).
  'cobranca.conciliar': { entidade: 'parcela', rotulo: 'Conciliou as parcelas com o gateway de pagamento' },
  'parcela.status_conciliacao': {
    entidade: 'parcela',
    rotulo: 'A conciliação corrigiu o status da parcela pelo gateway de pagamento',
  },
  // ADR 077: the Parcelas list's CSV.
  'parcelas.exportar': { entidade: 'parcela', rotulo: 'Exportou a lista de parcelas' },
  // Issue 43 (ADR 078): a franquia's régua de cobrança switched step by step.
  'franquia.editar_regua': { entidade: 'franquia', rotulo: 'Alterou a régua de cobrança' },
  // Issue 43 (ADR 079): a matrícula's open parcelas renegotiated, and the network's cap on its discount.
  'matricula.renegociar': { entidade: 'matricula', rotulo: 'Renegociou as parcelas em aberto da matrícula' },
  'rede.configurar_cobranca': { entidade: 'rede', rotulo: 'Alterou o desconto máximo das renegociações' },
  'comissao_regra.criar': { entidade: 'comissao_regra', rotulo: 'Criou uma regra de comissão' },
  'comissao_regra.editar': { entidade: 'comissao_regra', rotulo: 'Alterou uma regra de comissão' },
  'comissao_fechamento.fechar': { entidade: 'comissao_fechamento', rotulo: 'Fechou o mês das comissões' },
  'comissao_fechamento.exportar': {
    entidade: 'comissao_fechamento',
    rotulo: 'Baixou o arquivo de pagamento das comissões',
  },
  'comissao_fechamento.pagar': { entidade: 'comissao_fechamento', rotulo: 'Confirmou o pagamento das comissões' },
  // ADR 088: whether the network's franquias close their own months.
  'rede.configurar_comissoes': {
    entidade: 'rede',
    rotulo: 'Alterou se as franquias fecham o mês das comissões',
  },
  // Issue 45 (ADR 089): royalties -- an agreement's new version, a month closed (by hand or by the job on the 1st),
  // its charge to the franquia created at the gateway and moved by the gateway's webhook, a line contested.
  'royalty_acordo.criar': { entidade: 'royalty_acordo', rotulo: 'Registrou uma versão do acordo de royalties' },
  'royalty_fechamento.fechar': { entidade: 'royalty_fechamento', rotulo: 'Fechou o extrato de royalties do mês' },
  'royalty_fatura.emitir': {
    entidade: 'royalty_fatura',
    rotulo: 'Emitiu no gateway de pagamento a fatura de royalties da franquia',
  },
  'royalty_fatura.status_gateway': {
    entidade: 'royalty_fatura',
    rotulo: 'O gateway de pagamento alterou o status da fatura de royalties',
  },
  'royalty_linha.contestar': { entidade: 'royalty_contestacao', rotulo: 'Contestou uma linha do extrato de royalties' },
  'sac_ticket.abrir': { entidade: 'sac_ticket', rotulo: 'Abriu o chamado' },
  'sac_ticket.responder': { entidade: 'sac_ticket', rotulo: 'Respondeu o chamado' },
  'sac_ticket.mensagem': { entidade: 'sac_ticket', rotulo: 'Escreveu no chamado' },
  'sac_ticket.alterar': { entidade: 'sac_ticket', rotulo: 'Alterou o chamado' },
  'sac_ticket.avaliar': { entidade: 'sac_ticket', rotulo: 'Avaliou o atendimento do chamado' },
  // Placed on the franqueador's own path, not the requester's: the requester's side never learns a note exists.
  'sac_nota_interna.criar': { entidade: 'sac_nota_interna', rotulo: 'Escreveu uma nota interna em um chamado' },
  'relatorio.exportar': { entidade: 'relatorio', rotulo: 'Exportou o relatório' },
  'auditoria.exportar': { entidade: 'auditoria', rotulo: 'Exportou a auditoria' },
  'auth.login': { entidade: 'usuario', rotulo: 'Entrou no sistema' },
  'auth.login_falhou': { entidade: 'usuario', rotulo: 'Tentativa de entrada recusada' },
  'auth.logout': { entidade: 'usuario', rotulo: 'Saiu do sistema' },
  'auth.senha_esquecida': { entidade: 'usuario', rotulo: 'Pediu a redefinição de senha' },
  'auth.senha_redefinida': { entidade: 'usuario', rotulo: 'Redefiniu a senha pelo link' },
  'auth.senha_alterada': { entidade: 'usuario', rotulo: 'Alterou a própria senha' },
  'sessao.encerrada': { entidade: 'sessao', rotulo: 'Encerrou uma sessão' },
  'sessao.encerrar_outras': { entidade: 'sessao', rotulo: 'Encerrou as outras sessões' },
  'titular.consultar': { entidade: 'titular', rotulo: 'Consultou os dados de um titular' },
  'titular.exportar': { entidade: 'titular', rotulo: 'Exportou os dados de um titular' },
  'titular.anonimizar': { entidade: 'titular', rotulo: 'Anonimizou os dados de um titular' },
  'lgpd_pedido.abrir': { entidade: 'lgpd_pedido', rotulo: 'Titular abriu um pedido LGPD' },
  'lgpd_pedido.atualizar': { entidade: 'lgpd_pedido', rotulo: 'Respondeu um pedido LGPD' },
  'envio.reenviar': { entidade: 'envio', rotulo: 'Reenviou um e-mail ou webhook' },
  'envio.cancelar': { entidade: 'envio', rotulo: 'Cancelou um e-mail ou webhook na fila' },
  'envio.tentar_agora': { entidade: 'envio', rotulo: 'Antecipou a próxima tentativa de um e-mail ou webhook' },
  'webhook.criar': { entidade: 'webhook', rotulo: 'Cadastrou um webhook' },
  'webhook.editar': { entidade: 'webhook', rotulo: 'Alterou um webhook' },
  'webhook.remover': { entidade: 'webhook', rotulo: 'Removeu um webhook' },
  'webhook.testar': { entidade: 'webhook', rotulo: 'Enviou um teste de webhook' },
  'exportacao.criar': { entidade: 'exportacao', rotulo: 'Pediu uma exportação' },
  'exportacao.cancelar': { entidade: 'exportacao', rotulo: 'Cancelou uma exportação' },
  'exportacao.baixar': { entidade: 'exportacao', rotulo: 'Baixou uma exportação' },
  'contrato_modelo.criar': { entidade: 'contrato_modelo', rotulo: 'Criou um rascunho do modelo de contrato' },
  'contrato_modelo.editar': { entidade: 'contrato_modelo', rotulo: 'Alterou o rascunho do modelo de contrato' },
  // Issue 51 (ADR 091): a template of the lead panel's WhatsApp messages rewritten for the network.
  'whatsapp_modelo.editar': { entidade: 'rede', rotulo: 'Alterou um modelo de mensagem de WhatsApp' },
  'contrato_modelo.publicar': { entidade: 'contrato_modelo', rotulo: 'Publicou uma versão do modelo de contrato' },
  // Issue 47 (ADR 103): WhatsApp's Cloud API -- the network's templates, moments and prices; a family's 'SAIR'.
  'whatsapp_cloud.modelo_criar': { entidade: 'rede', rotulo: 'Cadastrou um modelo do WhatsApp oficial' },
  'whatsapp_cloud.modelo_editar': { entidade: 'rede', rotulo: 'Alterou um modelo do WhatsApp oficial' },
  'whatsapp_cloud.modelo_excluir': { entidade: 'rede', rotulo: 'Excluiu um modelo do WhatsApp oficial' },
  'whatsapp_cloud.momentos': { entidade: 'rede', rotulo: 'Escolheu os modelos de cada momento do WhatsApp' },
  'whatsapp_cloud.custos': { entidade: 'rede', rotulo: 'Alterou o custo estimado das mensagens de WhatsApp' },
  // Issue 48: a unit's goal set by hand (its siblings rebalanced, its children rescaled), or split among children.
  'meta.definir': { entidade: 'meta', rotulo: 'Definiu uma meta' },
  'meta.distribuir': { entidade: 'meta', rotulo: 'Distribuiu uma meta entre as unidades abaixo' },
  'lead.whatsapp_sair': { entidade: 'lead', rotulo: 'A família pediu para sair dos avisos pelo WhatsApp' },
  // Issue 48: what an event and a campaign cost.
  'evento.custo_adicionar': { entidade: 'evento', rotulo: 'Lançou um custo do evento' },
  'evento.custo_remover': { entidade: 'evento', rotulo: 'Removeu um custo do evento' },
  'campanha_custo.criar': { entidade: 'campanha_custo', rotulo: 'Lançou um custo de campanha' },
  'campanha_custo.remover': { entidade: 'campanha_custo', rotulo: 'Removeu um custo de campanha' },
  // Issue 49 (ADR 105): a device's queue of check-ins made without a signal, received -- its counts by outcome; each
  // presence it registered has its own 'lead.presenca' row (detalhes.meio 'offline').
  'evento.presencas_lote': { entidade: 'evento', rotulo: 'Enviou check-ins feitos sem conexão' },
  // Issue 49: a vendedor's visit to a school -- scheduled, its outcome logged, its notes or time changed.
  'visita.criar': { entidade: 'visita', rotulo: 'Agendou uma visita' },
  'visita.registrar': { entidade: 'visita', rotulo: 'Registrou o resultado de uma visita' },
  'visita.editar': { entidade: 'visita', rotulo: 'Alterou uma visita' },
  // Issue 50 (ADR 106): a spreadsheet uploaded, imported (its policy and counts) and undone (one row, its counts).
  'importacao.criar': { entidade: 'importacao', rotulo: 'Enviou uma planilha para importar' },
  'importacao.confirmar': { entidade: 'importacao', rotulo: 'Importou uma planilha' },
  'importacao.desfazer': { entidade: 'importacao', rotulo: 'Desfez uma importação' },
} as const satisfies Record<string, { entidade: AuditEntidade; rotulo: string }>;
export type AuditAcao = keyof typeof AUDIT_ACOES;
export const AUDIT_ACAO_VALUES = Object.keys(AUDIT_ACOES) as [AuditAcao, ...AuditAcao[]];

/** What Minha conta lists as the account's own recent activity: its sign-ins and refused attempts. */
export const ATIVIDADE_ACOES = ['auth.login', 'auth.login_falhou'] as const satisfies readonly AuditAcao[];
export const ATIVIDADE_DIAS = 90;

export const AUDITORIA_MESSAGES = {
  acaoInvalida: 'Ação inválida',
  entidadeInvalida: 'Tipo de registro inválido',
  entidadeIdInvalido: 'Identificador do registro inválido',
  usuarioIdInvalido: 'Usuário inválido',
  deInvalida: 'Data inicial inválida',
  ateInvalida: 'Data final inválida',
  periodoInvertido: 'A data inicial deve ser anterior ou igual à data final',
  naoEncontrado: 'Registro de auditoria não encontrado',
} as const;

/**
 * Above this many matching rows the total is not counted: `X-Total-Count: 1000` with `X-Total-Count-Exact: false`,
 * and the screen says 'mais de 1.000'. Counting ten times as many cost the franqueador's first page most of its
 * time at five million rows (ADR 023); filters narrow a trail, nobody pages through it.
 */
export const AUDITORIA_TOTAL_LIMITE = 1_000;
export { TOTAL_COUNT_EXACT_HEADER } from './list-query';

const optional = <T extends z.ZodType<string, string>>(field: T) =>
  z
    .union([z.literal(''), field])
    .transform((v) => (v ? v : undefined))
    .optional();

export const auditoriaFilterShape = {
  de: optional(dateOnlyField(AUDITORIA_MESSAGES.deInvalida)),
  ate: optional(dateOnlyField(AUDITORIA_MESSAGES.ateInvalida)),
  acao: optional(z.enum(AUDIT_ACAO_VALUES, { error: AUDITORIA_MESSAGES.acaoInvalida })),
  entidade: optional(z.enum(AUDIT_ENTIDADE_VALUES, { error: AUDITORIA_MESSAGES.entidadeInvalida })),
  entidadeId: optional(z.uuid(AUDITORIA_MESSAGES.entidadeIdInvalido)),
  usuarioId: optional(z.uuid(AUDITORIA_MESSAGES.usuarioIdInvalido)),
};

function checkPeriod(value: { de?: string; ate?: string }, ctx: z.RefinementCtx) {
  if (value.de && value.ate && value.de > value.ate) {
    ctx.addIssue({ code: 'custom', path: ['de'], message: AUDITORIA_MESSAGES.periodoInvertido });
  }
}

/** The trail's one order, newest first, and its cursors' keys (issue 46): the moment and the id. */
export const AUDITORIA_ORDEM = '-em';
export const auditoriaKeyset: ListKeyset<{ apos?: ListCursor; antes?: ListCursor }> = {
  lista: 'auditoria',
  ordem: () => AUDITORIA_ORDEM,
  chaves: { em: ['instante', 'uuid'] },
};

/** GET /api/auditoria: the filters, `q` (the user's name or e-mail) and the page, by number or by cursor. */
export const auditoriaQuerySchema = listQuerySchema
  // Issue 46: a search too short to answer answers with the hint, as every list's.
  .extend({ q: indexedSearchSchema, ...auditoriaFilterShape, ...cursorShape })
  .superRefine(checkPeriod)
  .superRefine(checkCursor(auditoriaKeyset));
export type AuditoriaQuery = z.infer<typeof auditoriaQuerySchema>;

/** GET /api/auditoria/export.csv: the same filters, every matching row. */
export const auditoriaExportQuerySchema = z
  .object({ q: indexedSearchSchema, ...auditoriaFilterShape })
  .superRefine(checkPeriod);
export type AuditoriaExportQuery = z.infer<typeof auditoriaExportQuerySchema>;

/** A field's change: before and after, personal data masked (CPF, e-mail, phone, names), secrets never. */
export type Alteracoes = Record<string, [unknown, unknown]>;

export interface AuditoriaItem {
  id: string;
  em: string;
  usuario: { id: string; nome: string | null; email: string } | null;
  papel: Role | null;
  acao: AuditAcao;
  entidade: AuditEntidade;
  entidadeId: string | null;
  /** The linked record still exists and the reader sees it: the screen links to it. */
  entidadeExiste: boolean;
  alteracoes: Alteracoes | null;
  detalhes: Record<string, unknown> | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
}

const alteracoesSchema = z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).nullable();

export const auditoriaItemSchema = z.object({
  id: z.string(),
  em: z.string(),
  usuario: z.object({ id: z.string(), nome: z.string().nullable(), email: z.string() }).nullable(),
  papel: z.string().nullable(),
  acao: z.enum(AUDIT_ACAO_VALUES),
  entidade: z.enum(AUDIT_ENTIDADE_VALUES),
  entidadeId: z.string().nullable(),
  entidadeExiste: z.boolean(),
  alteracoes: alteracoesSchema,
  detalhes: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
});

/**
 * GET /api/user/atividade: the account's own sign-ins and refused attempts of the last 90 days (the route's
 * response schema, ADR 018). `em`: an ISO moment.
 */
export const atividadeItemSchema = z.object({
  id: z.string(),
  em: z.string(),
  acao: z.enum(ATIVIDADE_ACOES),
  ip: z.string().nullable(),
  dispositivo: z.string(),
});
export type AtividadeItem = z.infer<typeof atividadeItemSchema>;

export const AUDITORIA_CSV_COLUMNS = [
  'Quando',
  'Quem',
  'E-mail',
  'Papel',
  'Ação',
  'Código da ação',
  'Registro',
  'Identificador',
  'Alterações',
  'IP',
  'Navegador',
  'Requisição',
] as const;

export function auditoriaCsvFileName(hoje: string): string {
  return `auditoria-${hoje}.csv`;
}
