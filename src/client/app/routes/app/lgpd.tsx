import { RoutePage } from '@/app/shell/route-page';

/** Placeholder replaced by the LGPD screen. */
export default function LgpdRoute() {
  return <RoutePage path="/lgpd">{null}</RoutePage>;
}
