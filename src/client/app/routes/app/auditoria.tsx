import { RoutePage } from '@/app/shell/route-page';

export default function AuditoriaRoute() {
  return <RoutePage path="/auditoria">{null}</RoutePage>;
}
