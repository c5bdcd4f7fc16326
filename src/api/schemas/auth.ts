/** Request schema of sign-in (spec 000 sections 5 and 7). */
import { z } from 'zod';

/** POST /api/auth/me {name, password}: both at least 5 characters. */
export const LoginSchema = z.object({
  body: z.object({
    name: z.string().min(5, 'password length at least 5'),
    password: z.string().min(5, 'password length at least 5'),
  }),
});
