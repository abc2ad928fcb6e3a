import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema, loginSchema } from '@shared/schemas/auth';

/** The sign-in page's rules, loaded apart from the page (lazyResolver): the page shows without zod. */
export const loginResolver = zodResolver(loginSchema);
export const forgotPasswordResolver = zodResolver(forgotPasswordSchema);
