import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { AppProviders, AppRoutes } from '@/app';
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
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { ...result, queryClient };
}

/** The current address, for a test to read (`getByRole('status', { name: 'address' })`). */
export function Address() {
  const location = useLocation();
  return <output aria-label="address">{`${location.pathname}${location.search}`}</output>;
}

/** The browser's back button, for a test to press. */
function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Browser back
    </button>
  );
}

/** The whole app's routes at `route` (the console's sections are routes, issue 20), with the address and a back button beside them. */
export function renderApp(route: string, options: { waitForSession?: boolean } = {}) {
  return renderWithProviders(
    <>
      <AppRoutes />
      <Address />
      <BackButton />
    </>,
    { ...options, route },
  );
}
