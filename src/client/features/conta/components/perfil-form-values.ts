import { z } from 'zod';
import { maskPhone } from '@shared/format';
import { perfilSchema, type Perfil } from '@shared/schemas/conta';

/** What the 'Dados pessoais' form holds: the phone as typed, with its mask; the PIX key as typed (issue 44). */
export interface PerfilFormValues {
  nome: string;
  telefone: string;
  chavePix: string;
}

export function perfilFormValues(perfil: Perfil | undefined): PerfilFormValues {
  return { nome: perfil?.nome ?? '', telefone: maskPhone(perfil?.telefone ?? ''), chavePix: perfil?.chavePix ?? '' };
}

/** The form's rules: an empty phone or PIX key removes it (null); the rest is the API's own schema. */
export const perfilFormSchema = z
  .object({ nome: z.string(), telefone: z.string(), chavePix: z.string() })
  .transform((v): z.input<typeof perfilSchema> => ({
    nome: v.nome,
    telefone: v.telefone.trim() === '' ? null : v.telefone,
    chavePix: v.chavePix.trim() === '' ? null : v.chavePix,
  }))
  .pipe(perfilSchema);
