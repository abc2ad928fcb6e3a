import type { ChangeEvent } from 'react';

/** A text field's props whose input is masked while typing (SPEC §5); the schema strips the mask on submit. */
export function maskedRegistration<T extends { onChange: (event: ChangeEvent<HTMLInputElement>) => void }>(
  registration: T,
  mask: (value: string) => string,
) {
  return {
    ...registration,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      event.target.value = mask(event.target.value);
      registration.onChange(event);
    },
  };
}
