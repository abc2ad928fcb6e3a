import { formatBRL, formatDateOnly, formatDateTime } from '@shared/format';
import { PUBLIC_MESSAGES } from '@shared/schemas/public-messages';
import type { DeclaracaoVerificada } from '@shared/schemas/public';
import { DocumentoVerificado, VerificacaoPublica } from '@/components/layouts/verificacao-publica';
import { verificarDeclaracao } from '../api/verificar';

function Resultado({ declaracao }: { declaracao: DeclaracaoVerificada }) {
  return (
    <DocumentoVerificado
      rotulo={`Declaração ${declaracao.codigo}`}
      valido={declaracao.valida}
      titulo={declaracao.valida ? 'Declaração válida' : 'Declaração sem validade'}
      motivo="Os dados desta ativação foram apagados a pedido do titular (LGPD)."
      campos={[
        ['Código', declaracao.codigo],
        ...(declaracao.valida
          ? ([
              ['Aluno(a)', declaracao.aluno],
              ['Responsável', declaracao.responsavel],
            ] as [string, string][])
          : []),
        ['Evento', `${declaracao.nomeEscola}, ${formatDateOnly(declaracao.dataEvento)}`],
        ['Cidade', `${declaracao.cidade} - ${declaracao.estado}`],
        ['Valor do crédito', formatBRL(declaracao.valorTotalDesconto)],
        ['Emitida em', formatDateTime(declaracao.emitidaEm)],
      ]}
    />
  );
}

/**
 * /declaracao/<codigo> (issue 23): whether a 'Declaração de Crédito Estudantil' is valid, with the initials of the
 * student and the guardian and nothing else personal, so a school can check a printed or shared declaration.
 */
export function DeclaracaoVerificacao({ codigo }: { codigo: string }) {
  return (
    <VerificacaoPublica
      titulo="Verificação de Declaração de Crédito Estudantil"
      carregando="Verificando a declaração..."
      codigo={codigo}
      buscar={verificarDeclaracao}
      naoEncontrado={PUBLIC_MESSAGES.declaracaoNaoEncontrada}
      nota="Confira se o código, o evento e o valor conferem com a declaração apresentada. Por privacidade, esta página mostra apenas as iniciais dos nomes."
    >
      {(declaracao, index) => <Resultado key={`${declaracao.codigo}-${index}`} declaracao={declaracao} />}
    </VerificacaoPublica>
  );
}
