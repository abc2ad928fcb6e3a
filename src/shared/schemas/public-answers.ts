import type { ActivationReceived, CreditDeclaration } from './public';

/** A repeat activation's answer (ADR 030), told from a declaration. Plain TypeScript: the pages load no zod for it. */
export const isActivationReceived = (answer: CreditDeclaration | ActivationReceived): answer is ActivationReceived =>
  'situacao' in answer;
