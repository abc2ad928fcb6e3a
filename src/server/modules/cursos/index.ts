/** What other modules read of the courses: an event's active ones with their price and hours (issue 42). */
export { cursosAtivosDoEvento } from './cursos.repository';
