import { campanhaCustos, eventoCustos } from '../schema';
import type { Transaction } from '../connect';

/**
 * Issue 48: what the demo network spent -- the cards, the venue and the gifts of the next events (an event's costs
 * count in Relatórios in the period of the event's day: pick a period reaching the next weeks to see its CPL), and
 * the network's and the São Paulo franquia's campaign costs of the month (Financeiro > Custos de campanha; grouped
 * by campanha in Relatórios once families come through those links).
 */
export async function insertDemoCustos(
  tx: Transaction,
  ids: {
    franqueadorId: string;
    franquiaId: string;
    eventos: string[];
    franqueadorUserId: string;
    franquiaUserId: string;
    dia: (offset: number) => string;
  },
): Promise<void> {
  const [primeiro, segundo] = ids.eventos;
  await tx.insert(eventoCustos).values([
    { eventoId: primeiro!, categoria: 'cartoes', descricao: 'Cartões impressos (500 un.)', valorCentavos: 45_000 },
    { eventoId: primeiro!, categoria: 'brindes', descricao: 'Canetas e squeezes', valorCentavos: 30_000 },
    { eventoId: segundo!, categoria: 'local', descricao: 'Salão do hotel', valorCentavos: 80_000 },
    { eventoId: segundo!, categoria: 'cartoes', valorCentavos: 25_050 },
  ]);
  await tx.insert(campanhaCustos).values([
    {
      franqueadorId: ids.franqueadorId,
      utmCampaign: 'volta-as-aulas',
      data: ids.dia(-10),
      categoria: 'anuncios',
      descricao: 'Anúncios no Instagram',
      valorCentavos: 150_000,
      criadoPorId: ids.franqueadorUserId,
    },
    {
      franqueadorId: ids.franqueadorId,
      franquiaId: ids.franquiaId,
      utmCampaign: 'volta-as-aulas',
      data: ids.dia(-5),
      categoria: 'anuncios',
      descricao: 'Impulsionamento regional',
      valorCentavos: 40_000,
      criadoPorId: ids.franquiaUserId,
    },
  ]);
}
