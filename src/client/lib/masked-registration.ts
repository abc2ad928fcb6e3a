import type { ChangeEvent } from 'react';

/**
 * A text field's props whose input is masked while typing (SPEC §5); the schema strips the mask on submit. Takes
 * react-hook-form's register() or the public pages' light form state (`useSignUpForm`) alike.
 */
export function maskedRegistration<T extends { onChange: (event: ChangeEvent<HTMLInputElement>) => unknown }>(
  registration: T,
  mask: (value: string) => string,
) {
  return {
    ...registration,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      event.target.value = mask(event.target.value);
      return registration.onChange(event);
    },
  };
}
