import { z } from 'zod';

/** GET /api/health's answer while the database answers (its response schema, ADR 018); otherwise a 503. */
export const healthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof healthSchema>;
