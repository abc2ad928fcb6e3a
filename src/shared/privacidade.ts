/**
 * The privacy notice (issue 18, ADR 026): its text is versioned here, in the code, so each version is in the
 * history of the repository, and every consent stores the version and the checkbox text the visitor saw. A new
 * text is a new entry at the end of AVISOS, with the date it takes effect; the old ones stay (a consent given
 * under version 1 is read against version 1). Plain constants: the public pages read them without zod.
 */

// Types only (erased): the notice's shape is the schema GET /api/public/privacidade answers with.
import type { AvisoPrivacidade, AvisoSecao } from './schemas/lgpd';

export type { AvisoPrivacidade, AvisoSecao };

/** The consent checkbox of both public forms, as stored with each consent. */
export const TEXTO_CONSENTIMENTO =
  'Sou o(a) responsável pelo(a) aluno(a) e autorizo o uso destes dados para contato sobre o crédito educacional e o evento escolhido, conforme a Lei Geral de Proteção de Dados (LGPD).';

export const AVISOS: readonly AvisoPrivacidade[] = [
  {
    versao: '1',
    vigenteDesde: '2026-11-23',
    titulo: 'Aviso de Privacidade',
    secoes: [
      {
        titulo: 'Quem trata os seus dados',
        paragrafos: [
          'A rede de franquias responsável pelo evento escolhido (o franqueador e a franquia da sua região) é a controladora dos dados informados nos formulários de inscrição e de ativação do crédito estudantil.',
          'A escola que realiza o evento e o vendedor da rede que o acompanha têm acesso apenas aos dados dos inscritos nos seus próprios eventos.',
        ],
      },
      {
        titulo: 'Quais dados coletamos',
        paragrafos: [
          'Na inscrição: nome do aluno, nome do responsável, e-mail e telefone. Na ativação do crédito: também o CPF do aluno e o do responsável.',
          'Registramos ainda o momento do consentimento, o endereço IP e o navegador usados, para comprovar a autorização.',
        ],
      },
      {
        titulo: 'Para que usamos',
        paragrafos: [
          'Para entrar em contato sobre o crédito educacional e o evento escolhido, emitir a Declaração de Crédito Estudantil, realizar a pré-matrícula e a matrícula e cumprir obrigações legais.',
          'Os dados de crianças e adolescentes são tratados no seu melhor interesse e somente com o consentimento específico do responsável (LGPD, art. 14).',
        ],
      },
      {
        titulo: 'Por quanto tempo',
        paragrafos: [
          'Inscrições que não se tornaram pré-matrícula nem matrícula são anonimizadas automaticamente após 24 meses. Pré-matrículas e matrículas são mantidas enquanto houver relação com a rede e pelo prazo exigido por lei.',
        ],
      },
      {
        titulo: 'Os seus direitos',
        paragrafos: [
          'Você pode, a qualquer momento e sem custo, confirmar se tratamos os seus dados, acessá-los, baixá-los em formato aberto (portabilidade), pedir a correção, a anonimização e revogar o consentimento (LGPD, art. 18).',
          'Para isso, acesse a página Meus dados (/meus-dados) e informe o seu e-mail: enviaremos um link válido por 24 horas. Respondemos a cada pedido em até 15 dias.',
        ],
      },
      {
        titulo: 'Com quem compartilhamos',
        paragrafos: [
          'Não vendemos os seus dados. Eles são compartilhados somente dentro da rede responsável pelo evento e com prestadores que nos ajudam a operar o sistema (hospedagem e envio de e-mails), sob contrato e com a mesma proteção.',
        ],
      },
    ],
  },
];

/** The notice in force: the last version. */
export const AVISO_VIGENTE: AvisoPrivacidade = AVISOS[AVISOS.length - 1]!;
