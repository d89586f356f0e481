import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders, ROUTER_FUTURE } from '@/app';
import { createQueryClient } from '@/lib/query-client';

/** Renders inside the app's providers (query client, session, toaster) and a router. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = createQueryClient();
  const result = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]} future={ROUTER_FUTURE}>
        {ui}
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, queryClient };
}
