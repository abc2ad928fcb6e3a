/** What other modules use of auth: the set-password e-mail of a new account. Other modules import from here only. */
export { sendInviteEmail, sendSetPasswordEmail } from './auth.service';
