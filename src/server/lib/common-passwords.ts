import { dictionary } from '@zxcvbn-ts/language-common';
import { badRequest } from './http-error';
import { PASSWORD_MESSAGES } from '../../shared/schemas/fields';

/**
 * The ~49,000 most common passwords of the zxcvbn-ts common list (Portuguese ones such as "senha123" included),
 * checked on the server whenever a password is set (issue "Trust, second round"). SPEC's 6-character minimum
 * stays the form's rule; the list stays out of the browser bundle.
 */
const COMMON = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

/** 400 with the message under `field` when the password is one of the common ones. */
export function assertUncommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw badRequest(PASSWORD_MESSAGES.tooCommon, { [field]: PASSWORD_MESSAGES.tooCommon });
  }
}
