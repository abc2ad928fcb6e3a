export { eventoCounts, findEvento, openOn } from './eventos.repository';
export type { AposMudarVagas } from './eventos.service';
