/**
 * The signed-in session (spec 000 section 6): GET /api/auth/me answers {user, auth}.
 * `AuthProvider` loads it once and again after login; `useAuth()` reads it;
 * `RequireAuth` guards the main routes (no valid session -> /login, naming the page asked
 * for: redirect.ts); so does a 401 on a later call.
 * With authentication off the server accepts calls without a token, so /me succeeds.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Center, Loader } from '@mantine/core';
import type { AuthMeAnswer } from '@model';
import { ApiError, call, notifyError, routes, setToken, setUnauthorizedHandler } from './client';
import { loginPathFor } from './redirect';
import { canWrite } from '@model';

interface AuthState {
  /** undefined while loading, null when signed out. */
  me: AuthMeAnswer | null | undefined;
  /** Reloads GET /api/auth/me (after login). */
  refresh(): Promise<void>;
  /** Drops the token and goes to /login. */
  logout(): void;
  /** True after logout(): the guard then goes to the plain /login, not back to the page left. */
  loggedOut: boolean;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [me, setMe] = useState<AuthMeAnswer | null | undefined>(undefined);
  const [loggedOut, setLoggedOut] = useState(false);
  const navigate = useNavigate();

  const refresh = useCallback(async () => {
    try {
      setMe(await call(routes.auth.me, { on401: 'throw' }));
      setLoggedOut(false);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) setToken(null);
      else notifyError(err);
      setMe(null);
    }
  }, []);

  const logout = useCallback(() => {
    setToken(null);
    setLoggedOut(true);
    setMe(null);
    navigate('/login');
  }, [navigate]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      setMe(null);
      const { pathname, search, hash } = window.location;
      if (pathname !== '/login') navigate(loginPathFor(pathname + search + hash));
    });
    void refresh();
  }, [navigate, refresh]);

  const value = useMemo(() => ({ me, refresh, logout, loggedOut }), [me, refresh, logout, loggedOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}

/** Whether the signed-in user may write (src/model/policy.ts: not a guest); true before the session is known. */
export function useCanWrite(): boolean {
  const { me } = useAuth();
  return !me || canWrite(me.user);
}

/** Renders its children for a signed-in session, else redirects to /login, which returns here after signing in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { me, loggedOut } = useAuth();
  const location = useLocation();
  if (me === undefined) return <Center h="50vh"><Loader /></Center>;
  if (me === null) return <Navigate to={loggedOut ? '/login' : loginPathFor(location.pathname + location.search + location.hash)} replace />;
  return <>{children}</>;
}
