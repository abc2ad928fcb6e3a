import type { RoutePath } from '@shared/roles';

/** The route handle that ties a protected route to its row in roles.ts. */
export interface ScreenHandle {
  screen: RoutePath;
}

export const screenHandle = (screen: RoutePath): ScreenHandle => ({ screen });

export function screenPathOf(handle: unknown): RoutePath | undefined {
  if (typeof handle === 'object' && handle !== null && 'screen' in handle) {
    return (handle as ScreenHandle).screen;
  }
  return undefined;
}
