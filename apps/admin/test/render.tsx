import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders, ROUTER_FUTURE } from '@/app';
import { createQueryClient } from '@/lib/query-client';
import { QUERY_PATHS } from '@/lib/query-paths';
import { mockedSessionUser } from './mock-api';

/**
 * Renders inside the app's providers (query client, session, toaster) and a router.
 * A session mockApi answers with a user starts known, as the console shows a tab
 * only once the session is (what a role may do, issue 19, is known from the start);
 * `waitForSession: false` loads it as the app does, for pages that show its loading.
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', waitForSession = true }: { route?: string; waitForSession?: boolean } = {},
) {
  const queryClient = createQueryClient();
  const user = mockedSessionUser();
  if (waitForSession && user !== undefined) queryClient.setQueryData([QUERY_PATHS.session], user);
  const result = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]} future={ROUTER_FUTURE}>
        {ui}
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, queryClient };
}
