/**
 * The texts of the public credit pages (SPEC §2, §5, §8) and of the answers the public API gives. Plain
 * constants, apart from the zod rules in public.ts: the pages show them before the rules have loaded.
 */
export const PUBLIC_MESSAGES = {
  eventoId: 'Selecione um evento',
  cidade: 'Selecione uma cidade',
  para: "Use 'inscricao' ou 'ativacao'",
  nomeAluno: 'Nome do aluno é obrigatório',
  cpfAluno: 'CPF do aluno é obrigatório',
  nomeResponsavel: 'Nome do responsável é obrigatório',
  cpfResponsavel: 'CPF do responsável é obrigatório',
  cursoId: 'Escolha um curso oferecido neste evento',
  consentimento: 'É necessário autorizar o uso dos dados',
  /** Issue 23: what a family reads on the public forms, rather than the staff forms' terse words. */
  emailVazio: 'Informe o e-mail',
  emailInvalido: 'Email inválido',
  telefone: 'Informe o telefone com DDD',
  nomeLetras: 'Informe o nome com pelo menos duas letras',
  nomeFormula: 'O nome não pode começar com =, +, - ou @',
  eventoIndisponivel: 'Evento não encontrado ou encerrado para inscrições',
  leadSuccess: 'Inscrição realizada com sucesso!',
  leadSuccessDescription: 'Em breve você receberá mais informações sobre o evento selecionado.',
  leadSuccessProximoPasso:
    'No dia do evento, a escola entrega o cartão do crédito. Com ele em mãos, ative o crédito do aluno para receber a Declaração de Crédito Estudantil.',
  leadSuccessAtivar: 'Ativar o crédito',
  leadSuccessOutra: 'Fazer outra inscrição',
  leadError: 'Erro ao realizar inscrição',
  leadErrorFallback: 'Erro ao enviar formulário',
  ativacaoError: 'Erro ao ativar crédito',
  /** /declaracao/<codigo> (issue 23). */
  declaracaoCodigo: 'Código de declaração inválido: são 8 letras e números, como aparece na declaração',
  declaracaoNaoEncontrada: 'Nenhuma declaração com este código.',
  /** A repeat activation (issue 23, ADR 030): received, never a stored record shown. */
  ativacaoRecebida: 'Solicitação recebida',
  ativacaoRecebidaTexto:
    'Recebemos a sua solicitação de ativação do crédito. A Declaração de Crédito Estudantil deste aluno é enviada para o e-mail cadastrado na ativação.',
  ativacaoRecebidaCorrigir:
    'Precisa corrigir o nome do aluno ou do responsável? Peça a correção em Meus dados, com o e-mail cadastrado.',
  ativacaoRecebidaOutroEmail: 'Se o e-mail cadastrado não for o seu, procure a escola do evento.',
  ativacaoRecebidaMeusDados: 'Corrigir meus dados',
  /**
   * Issue 47: the public forms' WhatsApp option, the words kept with its consent (WHATSAPP_CLOUD_MESSAGES.opcao reads
   * them here: whatsapp-cloud.ts holds zod, which the public pages load only with their rules).
   */
  whatsappOpcao: 'Quero receber avisos pelo WhatsApp',
  whatsappOpcaoDica: 'Avisos do evento, do contrato e das parcelas no telefone informado. Para parar, responda SAIR.',
} as const;
