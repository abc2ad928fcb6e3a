import { BRASILIA_TIME_ZONE } from '@shared/brasilia';
import { ACEITE_MESSAGES } from '@shared/contrato/aceite';
import { formatDateTime } from '@shared/format';
import type { ContratoVerificado } from '@shared/schemas/contrato-aceite';
import { DocumentoVerificado, VerificacaoPublica } from '@/components/layouts/verificacao-publica';
import { verificarContrato } from '../api/contrato-publico';

function Resultado({ contrato }: { contrato: ContratoVerificado }) {
  return (
    <DocumentoVerificado
      rotulo={`Contrato ${contrato.codigo}`}
      valido={contrato.valido}
      titulo={contrato.valido ? 'Contrato válido' : 'Contrato sem validade'}
      motivo={
        contrato.status === 'cancelada'
          ? 'A matrícula deste contrato foi cancelada.'
          : 'Os dados deste contrato foram apagados a pedido do titular (LGPD).'
      }
      campos={[
        ['Código', contrato.codigo],
        ['Contrato', contrato.titulo],
        ['Versão do modelo', String(contrato.versao)],
        [
          'Aceito em',
          `${formatDateTime(contrato.aceitoEm, { withTime: true, timeZone: BRASILIA_TIME_ZONE })} (Brasília)`,
        ],
        ...(contrato.aluno ? ([['Aluno(a)', contrato.aluno]] as [string, string][]) : []),
        ...(contrato.responsavel ? ([['Responsável', contrato.responsavel]] as [string, string][]) : []),
      ]}
    />
  );
}

/**
 * /contrato/verificar/<codigo> (issue 42, ADR 066), as the declaration's check (issue 23): whether an accepted
 * contract is valid, its version and acceptance date, the initials of the student and the guardian, nothing else.
 */
export function ContratoVerificacao({ codigo }: { codigo: string }) {
  return (
    <VerificacaoPublica
      titulo="Verificação de contrato de matrícula"
      carregando="Verificando o contrato..."
      codigo={codigo}
      buscar={verificarContrato}
      naoEncontrado={ACEITE_MESSAGES.verificacaoNaoEncontrada}
      nota="Confira se o código, a versão e a data de aceite conferem com o PDF apresentado. Por privacidade, esta página mostra apenas as iniciais dos nomes."
    >
      {(contrato, index) => <Resultado key={`${contrato.codigo}-${index}`} contrato={contrato} />}
    </VerificacaoPublica>
  );
}
