import type {
  AceiteContrato,
  ConfirmacaoContrato,
  ContratoConfirmado,
  ContratoMensagem,
  ContratoPublico,
  ContratoVerificado,
} from '@shared/schemas/contrato-aceite';
import { api } from '@/lib/api-client';

/** The family's contract by its link (issue 42, ADR 066): no session, the token in the address. */
const base = (token: string) => `/api/public/contratos/${encodeURIComponent(token)}`;

export const getContratoPublico = (token: string) => api.get<ContratoPublico>(base(token));

/** A new 6-digit code to the responsável's e-mail (to accept, or to withdraw once accepted). */
export const pedirCodigo = (token: string) => api.post<ContratoMensagem>(`${base(token)}/codigo`, {});

/** Issue 43: with the due day the family chose for its parcelas (omitted, the server's default: the 10th). */
export const aceitarContrato = (token: string, body: AceiteContrato) =>
  api.post<ContratoConfirmado>(`${base(token)}/aceitar`, body);

export const desistirDaMatricula = (token: string, body: ConfirmacaoContrato) =>
  api.post<ContratoConfirmado>(`${base(token)}/desistir`, body);

/** The accepted contract's PDF: a plain link, so the phone downloads it as any file. */
export const pdfUrl = (token: string) => `${base(token)}/pdf`;

/** An accepted contract's check by the code printed on its PDF: initials only. */
export const verificarContrato = (codigo: string) =>
  api.get<ContratoVerificado[]>(`/api/public/contratos/verificar/${encodeURIComponent(codigo)}`);
