/** Every API router, mounted in this order by createApp. */
import { authRouter } from './auth.js';

export const routers = [authRouter];
