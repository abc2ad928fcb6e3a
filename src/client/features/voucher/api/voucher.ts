import type { VoucherView } from '@shared/schemas/inscricao';
import { api } from '@/lib/api-client';

/** The voucher of a sign-up (issue 20): the student's first name and the event. */
export const getVoucher = (token: string) => api.get<VoucherView>(`/api/public/voucher/${encodeURIComponent(token)}`);

/** Gives the seat up; the first family of the waiting list takes it. */
export const cancelarVoucher = (token: string) =>
  api.post<{ message: string }>(`/api/public/voucher/${encodeURIComponent(token)}/cancelar`, {});
