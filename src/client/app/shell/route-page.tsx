import type { ReactNode } from 'react';
import { pageHeader, type RoutePath } from '@shared/roles';
import { PageHeader } from '@/components/layouts/page-header';
import { useCurrentUser } from './current-user';

export interface RoutePageProps {
  path: RoutePath;
  actions?: ReactNode;
  children: ReactNode;
}

/** A protected screen: the document title and the header from roles.ts for the user's role, then the body. */
export function RoutePage({ path, actions, children }: RoutePageProps) {
  const { role } = useCurrentUser();
  const { title, description } = pageHeader(role, path);
  return (
    <>
      <title>{`${title} | Rede Crédito Educacional`}</title>
      <PageHeader title={title} description={description} actions={actions} />
      {children}
    </>
  );
}
