/**
 * The signed-in session (spec 000 section 6): GET /api/auth/me answers {user, auth}.
 * `AuthProvider` loads it once and again after login; `useAuth()` reads it;
 * `RequireAuth` guards the main routes (no valid session -> /login).
 * With authentication off the server accepts calls without a token, so /me succeeds.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Center, Loader } from '@mantine/core';
import type { AuthMeAnswer } from '@model';
import { api, ApiError, notifyError, setToken, setUnauthorizedHandler } from './client';

interface AuthState {
  /** undefined while loading, null when signed out. */
  me: AuthMeAnswer | null | undefined;
  /** Reloads GET /api/auth/me (after login). */
  refresh(): Promise<void>;
  /** Drops the token and goes to /login. */
  logout(): void;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [me, setMe] = useState<AuthMeAnswer | null | undefined>(undefined);
  const navigate = useNavigate();

  const refresh = useCallback(async () => {
    try {
      setMe(await api<AuthMeAnswer>('/api/auth/me', { on401: 'throw' }));
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) setToken(null);
      else notifyError(err);
      setMe(null);
    }
  }, []);

  const logout = useCallback(() => {
    setToken(null);
    setMe(null);
    navigate('/login');
  }, [navigate]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      setMe(null);
      navigate('/login');
    });
    void refresh();
  }, [navigate, refresh]);

  const value = useMemo(() => ({ me, refresh, logout }), [me, refresh, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}

/** Renders its children for a signed-in session, else redirects to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { me } = useAuth();
  const location = useLocation();
  if (me === undefined) return <Center h="50vh"><Loader /></Center>;
  if (me === null) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}
