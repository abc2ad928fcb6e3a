import { RoutePage } from '@/app/shell/route-page';

/** Relatórios (issue 15): the screen lands with its feature; the route and its guard are in place. */
export default function RelatoriosRoute() {
  return <RoutePage path="/relatorios">{null}</RoutePage>;
}
