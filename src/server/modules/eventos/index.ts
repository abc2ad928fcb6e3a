export { eventoCounts, findEvento } from './eventos.repository';
export type { AposMudarVagas } from './eventos.service';
