import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { meQueryOptions } from '../features/account/api/get-me';
import { createQueryClient } from '../lib/query-client';
import { AppRoutes } from './router';

export function App() {
  // One client per mounted app (tests mount many apps). Who is signed in decides the nav: start asking
  // before the first page renders.
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    void client.prefetchQuery(meQueryOptions());
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
