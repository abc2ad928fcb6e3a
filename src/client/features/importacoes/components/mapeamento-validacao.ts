import {
  IMPORTACAO_CAMPOS,
  IMPORTACAO_MESSAGES,
  type CampoImportacao,
  type ImportacaoTipo,
} from '@shared/schemas/importacao';

/** What is wrong with a mapping, as the step 'Colunas' shows it beside the columns. */
export interface MapeamentoProblemas {
  /** The required fields no column fills. */
  faltando: CampoImportacao[];
  /** The fields chosen for more than one column, with those columns' positions. */
  repetidos: { campo: CampoImportacao; colunas: number[] }[];
  /** Every problem in pt-BR, the repeated fields first (they are fixed on a column), then the missing ones. */
  mensagens: string[];
}

/**
 * The server's rule (`mapeamentoCompleto`) read on the client, so the screen says at once which field is missing
 * or repeated while the mapping is saved: one field per column at most, every required field once.
 */
export function validarMapeamento(tipo: ImportacaoTipo, campos: readonly (string | null)[]): MapeamentoProblemas {
  const porCampo = new Map<string, number[]>();
  campos.forEach((campo, coluna) => {
    if (!campo) return;
    porCampo.set(campo, [...(porCampo.get(campo) ?? []), coluna]);
  });
  const definicoes = IMPORTACAO_CAMPOS[tipo];
  const repetidos = definicoes
    .map((campo) => ({ campo, colunas: porCampo.get(campo.campo) ?? [] }))
    .filter(({ colunas }) => colunas.length > 1);
  const faltando = definicoes.filter((campo) => campo.obrigatorio && !porCampo.has(campo.campo));
  return {
    faltando,
    repetidos,
    mensagens: [
      ...repetidos.map(({ campo }) => IMPORTACAO_MESSAGES.campoRepetido(campo.rotulo)),
      ...faltando.map((campo) => IMPORTACAO_MESSAGES.campoObrigatorio(campo.rotulo)),
    ],
  };
}

/** A row problem as the preview lists it: 'CNPJ inválido na linha 37' (the server may already say the line). */
export function erroDaLinha({ linha, mensagem }: { linha: number; mensagem: string }): string {
  return /\blinhas?\b/.test(mensagem) ? mensagem : IMPORTACAO_MESSAGES.linha(mensagem, linha);
}
