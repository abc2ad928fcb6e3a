import { royaltyAcordos, royaltyFaturas, royaltyFechamentos } from '../../src/server/db/schema';
import type { Database } from '../../src/server/db/connect';

/**
 * A franquia's closed month in `fatura` mode and its royalties charge, written straight to the database (issue 45):
 * an agreement from the month's first day, its closing (5 % royalty and 2 % fundo of a base those 7 % make the
 * charge's value of: `valorCentavos` a multiple of 7), and the charge, due on `vencimento`. Answers the charge's id. `charge` sets
 * the charge's other columns (its status, gateway and link); without them it is `pendente`, not at the gateway.
 */
export async function faturaFechada(
  db: Database,
  franquia: { id: string; franqueadorId: string },
  periodo: string,
  {
    valorCentavos,
    vencimento,
    ...charge
  }: { valorCentavos: number; vencimento: string } & Partial<
    Pick<typeof royaltyFaturas.$inferInsert, 'status' | 'provedor' | 'gatewayId' | 'invoiceUrl'>
  >,
): Promise<string> {
  if (valorCentavos % 7 !== 0) throw new Error(`${valorCentavos} centavos are not 7 % of a whole base`);
  const base = (valorCentavos / 7) * 100;
  const [acordo] = await db
    .insert(royaltyAcordos)
    .values({
      franqueadorId: franquia.franqueadorId,
      franquiaId: franquia.id,
      royaltyCentesimos: 500,
      fundoCentesimos: 200,
      inicio: `${periodo}-01`,
      modo: 'fatura',
    })
    .returning({ id: royaltyAcordos.id });
  const [fechamento] = await db
    .insert(royaltyFechamentos)
    .values({
      franqueadorId: franquia.franqueadorId,
      franquiaId: franquia.id,
      periodo,
      acordoId: acordo!.id,
      modo: 'fatura',
      brutoCentavos: base,
      estornosCentavos: 0,
      baseCentavos: base,
      royaltyCentavos: (base / 100) * 5,
      fundoCentavos: (base / 100) * 2,
      ajusteMinimoCentavos: 0,
      retidoCentavos: 0,
      saldoCentavos: valorCentavos,
      linhas: 1,
      fechadoEm: new Date(),
    })
    .returning({ id: royaltyFechamentos.id });
  const [fatura] = await db
    .insert(royaltyFaturas)
    .values({
      fechamentoId: fechamento!.id,
      franqueadorId: franquia.franqueadorId,
      franquiaId: franquia.id,
      valorCentavos,
      vencimento,
      ...charge,
    })
    .returning({ id: royaltyFaturas.id });
  return fatura!.id;
}
