/**
 * The door without a signal (issue 49, ADR 105): the offline roster, the batch of check-ins a device's queue uploads
 * and the conflicts between devices. Builds on inscrições (the door's rules) through its index.
 */
export { checkInRoutes } from './check-in.routes';
