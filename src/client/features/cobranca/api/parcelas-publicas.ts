import type { ParcelasPublicas } from '@shared/schemas/regua';
import { api } from '@/lib/api-client';

/** The responsável's parcelas by its link (issue 43, ADR 078): no session, the token in the address. */
export const getParcelasPublicas = (token: string) =>
  api.get<ParcelasPublicas>(`/api/public/parcelas/${encodeURIComponent(token)}`);
