import type {
  AcceptInviteRequest,
  LoginResponse,
  PendingRegistration,
  RegisterRequest,
  RegisterResponse,
  SecondFactorRequired,
  User,
} from '@repo/api-client';
import type { LoginInput } from '@repo/validation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import { api } from '@/lib/api';
import { QUERY_PATHS } from '@/lib/query-paths';

const SESSION_QUERY_KEY = [QUERY_PATHS.session] as const;

interface SessionContextValue {
  user: User | null;
  isLoading: boolean;
  /** Signs in, unless the account has a second factor: then the answer names its methods (issue 19). */
  login: (input: LoginInput) => Promise<LoginResponse>;
  /** Signs in, unless the account is pending until its owner confirms the emailed link. */
  register: (input: RegisterRequest) => Promise<RegisterResponse>;
  acceptInvite: (input: AcceptInviteRequest) => Promise<User>;
  /** A sign-in finished elsewhere (a passkey, issue 19): this user is now signed in. */
  completeSignIn: (user: User) => void;
  logout: () => Promise<void>;
  isLoggingIn: boolean;
  isRegistering: boolean;
  isAcceptingInvite: boolean;
  isLoggingOut: boolean;
}

/** A right password for an account with a second factor: no session until the second step. */
export function isSecondFactorRequired(response: LoginResponse): response is SecondFactorRequired {
  return 'status' in response && response.status === 'second_factor_required';
}

export function isPendingRegistration(response: RegisterResponse): response is PendingRegistration {
  return response.status === 'pending';
}

/** Every cached read but the session's own: what a change of user clears. */
function notSession(query: { queryKey: readonly unknown[] }): boolean {
  return query.queryKey[0] !== QUERY_PATHS.session;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // Spec section 6: the session query treats 401 as 'no user'.
  const session = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: api.auth.user,
  });

  const signedIn = useCallback(
    (user: User) => {
      // A new user must never see the previous user's cached admin data.
      queryClient.removeQueries({ predicate: notSession });
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
    },
    [queryClient],
  );

  const loginMutation = useMutation({
    mutationFn: (input: LoginInput) => api.auth.login(input),
    onSuccess: (response) => {
      if (!isSecondFactorRequired(response)) signedIn(response);
    },
  });
  const registerMutation = useMutation({
    mutationFn: (input: RegisterRequest) => api.auth.register(input),
    onSuccess: (response) => {
      // Issue 8: after the first account, a new account has no session until it is confirmed.
      if (!isPendingRegistration(response)) signedIn(response);
    },
  });
  const acceptInviteMutation = useMutation({
    mutationFn: (input: AcceptInviteRequest) => api.auth.acceptInvite(input),
    onSuccess: signedIn,
  });
  const logoutMutation = useMutation({
    // Reads still loading are aborted first: once the session ends they would only be refused.
    onMutate: () => queryClient.cancelQueries({ predicate: notSession }),
    mutationFn: () => api.auth.logout(),
    onSuccess: (answer) => {
      // Issue 35: a provider sign-in also ends at the provider, when it offers that.
      if (answer.endSessionUrl) window.location.assign(answer.endSessionUrl);
      queryClient.removeQueries({ predicate: notSession });
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
    },
  });

  const value = useMemo<SessionContextValue>(
    () => ({
      user: session.data ?? null,
      isLoading: session.isPending,
      login: loginMutation.mutateAsync,
      register: registerMutation.mutateAsync,
      acceptInvite: acceptInviteMutation.mutateAsync,
      completeSignIn: signedIn,
      logout: async () => {
        await logoutMutation.mutateAsync();
      },
      isLoggingIn: loginMutation.isPending,
      isRegistering: registerMutation.isPending,
      isAcceptingInvite: acceptInviteMutation.isPending,
      isLoggingOut: logoutMutation.isPending,
    }),
    [
      session.data,
      session.isPending,
      loginMutation.mutateAsync,
      loginMutation.isPending,
      registerMutation.mutateAsync,
      registerMutation.isPending,
      acceptInviteMutation.mutateAsync,
      acceptInviteMutation.isPending,
      signedIn,
      logoutMutation,
    ],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** Spec section 8: using the session context outside its provider raises an error. */
export function useSession(): SessionContextValue {
  const context = useContext(SessionContext);
  if (!context) throw new Error('useSession must be used within a SessionProvider');
  return context;
}
