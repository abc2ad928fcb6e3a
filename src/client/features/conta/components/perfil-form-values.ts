import { z } from 'zod';
import { maskPhone } from '@shared/format';
import { perfilSchema, type Perfil } from '@shared/schemas/conta';

/** What the 'Dados pessoais' form holds: the phone as typed, with its mask. */
export interface PerfilFormValues {
  nome: string;
  telefone: string;
}

export function perfilFormValues(perfil: Perfil | undefined): PerfilFormValues {
  return { nome: perfil?.nome ?? '', telefone: maskPhone(perfil?.telefone ?? '') };
}

/** The form's rules: an empty phone removes it (null); the rest is the API's own schema. */
export const perfilFormSchema = z
  .object({ nome: z.string(), telefone: z.string() })
  .transform((v): z.input<typeof perfilSchema> => ({
    nome: v.nome,
    telefone: v.telefone.trim() === '' ? null : v.telefone,
  }))
  .pipe(perfilSchema);
