export { findEvento } from './eventos.repository';
