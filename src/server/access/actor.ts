import type { Role } from '../../shared/roles';

/** The signed-in user as the server sees it: who it is and where it sits in the network tree. */
export interface Actor {
  id: string;
  email: string;
  nome: string | null;
  role: Role;
  franqueadorId: string | null;
  franquiaId: string | null;
  microFranquiaId: string | null;
  clienteId: string | null;
  vendedorId: string | null;
}
