import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ToasterHost } from '@/components/ui/toaster-host';
import { createQueryClient } from '@/lib/query-client';

export interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client. */
  queryClient?: QueryClient;
}

export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      {children}
      <ToasterHost />
    </QueryClientProvider>
  );
}
