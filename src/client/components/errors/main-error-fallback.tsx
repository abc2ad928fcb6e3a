import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorScreen } from './error-screen';

/** Shown when a screen's code fails to load or a screen throws while rendering. */
export function MainErrorFallback() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);

  return <ErrorScreen />;
}
