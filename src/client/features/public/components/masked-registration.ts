import type { ChangeEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** A register() result whose input is masked while typing (SPEC §5); the schema strips the mask on submit. */
export function maskedRegistration<T extends UseFormRegisterReturn>(registration: T, mask: (value: string) => string) {
  return {
    ...registration,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      event.target.value = mask(event.target.value);
      return registration.onChange(event);
    },
  };
}
