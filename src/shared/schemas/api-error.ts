/** The error body of every API failure (DESIGN §4.3). */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string>;
  requestId?: string;
}
