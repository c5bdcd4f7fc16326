/** Sign-in and the signed-in user (spec 000 section 6). */
import type { AuthMeAnswer, LoginAnswer, SharedConfigAnswer, VersionAnswer } from '../../model/index.js';
import { route } from '../route.js';
import type { LoginSchema } from '../schemas/auth.js';

export const authRoutes = {
  /** POST {name, password} -> {token, user}; 401 for a wrong name or password. */
  login: route<LoginAnswer, typeof LoginSchema>()('POST', '/api/auth/me'),
  /** The caller: {user, auth, reg}. */
  me: route<AuthMeAnswer>()('GET', '/api/auth/me'),
  /** The server's version and the newest release known. */
  version: route<VersionAnswer>()('GET', '/api/version'),
  /** The settings every client reads (seek steps, ...). */
  sharedConfig: route<SharedConfigAnswer>()('GET', '/api/config/shared'),
};
