import { sql } from 'drizzle-orm';
import { PUBLIC_MESSAGES } from '../../../shared/schemas/public-messages';
import { executeRows, type Transaction } from '../connect';
import { importacaoLinhas, importacoes, leads } from '../schema';

/** The file's header as a spreadsheet of sign-up sheets typed by hand has it, and the fields it maps to. */
const COLUNAS = ['Nome do aluno', 'Nome do responsável', 'E-mail', 'Telefone'];
const CAMPOS = ['nomeAluno', 'nomeResponsavel', 'email', 'telefone'];
/** The header's shape as the import remembers it (modules/importacoes: normalised names joined by '|'). */
const ASSINATURA = 'nomedoaluno|nomedoresponsavel|email|telefone';

/**
 * Issue 50 (ADR 106): each staff account of the demo opens 'Importações' and finds the paper sign-up sheets of
 * Colégio Horizonte's newest event, imported yesterday: three families already signed up online (skipped as
 * duplicates) and one row with a mistyped e-mail (its error downloadable). It created nothing, so the network's
 * figures are the year's own; 'Desfazer' is still offered (it has nothing to remove).
 */
export async function importacoesDaDemo(
  tx: Transaction,
  ids: { franqueadorId: string; horizonteClienteId: string; usuarios: readonly string[] },
  now: Date,
): Promise<number> {
  const familias = await executeRows<{
    evento_id: string;
    nome_aluno: string;
    nome_responsavel: string;
    email: string;
    telefone: string;
  }>(
    tx,
    sql`select l.evento_id, l.nome_aluno, l.nome_responsavel, l.email, l.telefone from ${leads} l
      where l.evento_id = (select l2.evento_id from ${leads} l2 where l2.cliente_id = ${ids.horizonteClienteId}
          group by l2.evento_id having count(*) >= 3 order by max(l2.created_at) desc limit 1)
        and l.telefone is not null
      order by l.created_at limit 3`,
  );
  if (familias.length < 3) return 0;
  const eventoId = familias[0]!.evento_id;
  const ontem = new Date(now.getTime() - 24 * 3600 * 1000);
  const linhas = [
    ...familias.map((f) => ({
      valores: [f.nome_aluno, f.nome_responsavel, f.email, f.telefone],
      resultado: 'ignorado' as const,
      erro: null,
    })),
    {
      valores: ['Pedro Henrique Alves', 'Sandra Alves', 'sandra.alves@', '(19) 99876-1234'],
      resultado: 'erro' as const,
      erro: PUBLIC_MESSAGES.emailInvalido,
    },
  ];
  for (const usuarioId of ids.usuarios) {
    const [importacao] = await tx
      .insert(importacoes)
      .values({
        franqueadorId: ids.franqueadorId,
        usuarioId,
        tipo: 'leads',
        eventoId,
        nomeArquivo: 'fichas-de-inscricao-horizonte.csv',
        formato: 'csv',
        codificacao: 'utf-8',
        separador: ';',
        colunas: COLUNAS,
        campos: CAMPOS,
        assinatura: ASSINATURA,
        linhasTotal: linhas.length,
        status: 'concluida',
        duplicados: 'ignorar',
        baseLegal: 'consentimento',
        processadas: linhas.length,
        resultado: { criar: 0, atualizar: 0, ignorar: 3, erros: 1 },
        createdAt: ontem,
        updatedAt: ontem,
        concluidaEm: ontem,
      })
      .returning({ id: importacoes.id });
    await tx
      .insert(importacaoLinhas)
      .values(linhas.map((l, i) => ({ importacaoId: importacao!.id, linha: i + 2, ...l })));
  }
  return ids.usuarios.length;
}
