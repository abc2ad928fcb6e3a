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
  eventoIndisponivel: 'Evento não encontrado ou encerrado para inscrições',
  leadSuccess: 'Inscrição realizada com sucesso!',
  leadSuccessDescription: 'Em breve você receberá mais informações sobre o evento selecionado.',
  leadError: 'Erro ao realizar inscrição',
  leadErrorFallback: 'Erro ao enviar formulário',
  ativacaoError: 'Erro ao ativar crédito',
} as const;
