import { createContext, useContext } from 'react';
import type { SessionUser } from '@shared/schemas/auth';

/** Provided by the protected layout once the session is known, so screens read a user that is never null. */
export const CurrentUserContext = createContext<SessionUser | null>(null);

export function useCurrentUser(): SessionUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser must be used inside the protected layout');
  return user;
}
