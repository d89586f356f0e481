import type { User } from '@repo/api-client';
import type { LoginInput, RegisterInput } from '@repo/validation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { api } from '@/lib/api';

export const SESSION_QUERY_KEY = ['/api/user'] as const;

interface SessionContextValue {
  user: User | null;
  isLoading: boolean;
  login: (input: LoginInput) => Promise<User>;
  register: (input: RegisterInput) => Promise<User>;
  logout: () => Promise<void>;
  isLoggingIn: boolean;
  isRegistering: boolean;
  isLoggingOut: boolean;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // Spec section 6: the session query treats 401 as 'no user'.
  const session = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: () => api.getOrNullOn401<User>('/api/user'),
  });

  const signedIn = (user: User) => {
    // A new user must never see the previous user's cached admin data.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== '/api/user' });
    queryClient.setQueryData(SESSION_QUERY_KEY, user);
  };

  const loginMutation = useMutation({
    mutationFn: (input: LoginInput) => api.post<User>('/api/login', input),
    onSuccess: signedIn,
  });
  const registerMutation = useMutation({
    mutationFn: (input: RegisterInput) => api.post<User>('/api/register', input),
    onSuccess: signedIn,
  });
  const logoutMutation = useMutation({
    mutationFn: () => api.post<unknown>('/api/logout'),
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== '/api/user' });
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
    },
  });

  const value = useMemo<SessionContextValue>(
    () => ({
      user: session.data ?? null,
      isLoading: session.isPending,
      login: loginMutation.mutateAsync,
      register: registerMutation.mutateAsync,
      logout: async () => {
        await logoutMutation.mutateAsync();
      },
      isLoggingIn: loginMutation.isPending,
      isRegistering: registerMutation.isPending,
      isLoggingOut: logoutMutation.isPending,
    }),
    [
      session.data,
      session.isPending,
      loginMutation.mutateAsync,
      loginMutation.isPending,
      registerMutation.mutateAsync,
      registerMutation.isPending,
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
