import type { FocusEvent } from 'react';
import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { MASK_MAX_LENGTH, maskCep, maskCnpj, maskCpf, maskHora, maskPhone } from '@shared/format';
import { maskedRegistration } from '@/lib/masked-registration';

/** The masks of SPEC §5 and the input attributes that go with each. */
const MASKS = {
  cpf: { mask: maskCpf, maxLength: MASK_MAX_LENGTH.cpf, placeholder: '000.000.000-00', inputMode: 'numeric' },
  // An alphanumeric CNPJ carries letters: capitals, also on a phone's keyboard.
  cnpj: {
    mask: maskCnpj,
    maxLength: MASK_MAX_LENGTH.cnpj,
    placeholder: '00.000.000/0000-00',
    autoCapitalize: 'characters',
  },
  phone: { mask: maskPhone, maxLength: MASK_MAX_LENGTH.phone, placeholder: '(00) 00000-0000' },
  cep: { mask: maskCep, maxLength: MASK_MAX_LENGTH.cep, placeholder: '00000-000', inputMode: 'numeric' },
  // A time of day, 24-hour hh:mm in every browser language (never a native time input).
  hora: { mask: maskHora, maxLength: MASK_MAX_LENGTH.hora, placeholder: 'hh:mm', inputMode: 'numeric' },
  uf: { mask: (value: string) => value.toUpperCase(), maxLength: 2, placeholder: 'UF', autoCapitalize: 'characters' },
} as const;

export type InputMask = keyof typeof MASKS;

export interface MaskedRegisterOptions {
  /** Runs after react-hook-form's own blur, with the masked value (the CEP lookup). */
  afterBlur?: (value: string) => unknown;
}

/**
 * react-hook-form's register() for a masked text field: `masked('cpf', 'cpf')` gives the input its mask while
 * typing, its maximum length, placeholder and keyboard; the shared schema strips the mask on submit. Call it where
 * the field is rendered, so the first invalid field in reading order takes the focus.
 */
export function useMaskedRegister<T extends FieldValues>(register: UseFormRegister<T>) {
  return (name: Path<T>, mask: InputMask, { afterBlur }: MaskedRegisterOptions = {}) => {
    const { mask: apply, ...attributes } = MASKS[mask];
    const registration = register(name);
    return {
      ...attributes,
      ...maskedRegistration(registration, apply),
      ...(afterBlur && {
        onBlur: async (event: FocusEvent<HTMLInputElement>) => {
          await registration.onBlur(event);
          await afterBlur(event.target.value);
        },
      }),
    };
  };
}
