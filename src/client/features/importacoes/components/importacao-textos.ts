import { formatCount } from '@shared/format';
import type { ImportacaoContagem } from '@shared/schemas/importacao';

const linhasComErro = (erros: number) =>
  erros === 0 ? 'nenhuma linha com erro' : erros === 1 ? '1 linha com erro' : `${formatCount(erros)} linhas com erro`;

/** What 'Importar' will do under one duplicates policy: 'Serão criados 450, atualizados 30, ignorados 0; ...'. */
export function descreverPrevisao(c: ImportacaoContagem): string {
  return `Serão criados ${formatCount(c.criar)}, atualizados ${formatCount(c.atualizar)}, ignorados ${formatCount(c.ignorar)}; ${linhasComErro(c.erros)}`;
}

/** Whether 'Desfazer importação' is still offered (the server's 7 days, `desfazerAte`). */
export function podeDesfazer(importacao: { status: string; desfazerAte: string | null }, agora = Date.now()): boolean {
  return (
    importacao.status === 'concluida' &&
    importacao.desfazerAte !== null &&
    new Date(importacao.desfazerAte).getTime() > agora
  );
}
