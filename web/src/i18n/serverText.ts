/**
 * What the server says, in the UI's language. Every answer's `message`, refusal's
 * `error`, scanner message and log line carries a `code` and `params` beside its English
 * text (src/model/messages.ts); the translations are the `server.<code>` keys of zh-CN.ts
 * and en.ts, filled with the same params by i18next. A text without a code, or with one
 * this build does not know (a newer server), is shown as the server wrote it.
 * Uses the i18next instance that index.ts sets up (the package's default instance).
 */
import i18next from 'i18next';
import type { MessageParams } from '@model';

/** A text from the server: `message` (answers, scanner lines) or `error` (refusals), with `code` and `params`. */
export interface ServerText {
  message?: string;
  error?: string;
  code?: string;
  params?: MessageParams;
}

/** Whether a parsed answer body carries a coded text. */
export function isServerText(body: unknown): body is ServerText {
  return typeof body === 'object' && body !== null && typeof (body as ServerText).code === 'string';
}

/** `text` in the current UI language; a plain string is shown as it is. */
export function serverText(text: ServerText | string): string {
  if (typeof text === 'string') return text;
  const english = text.message ?? text.error ?? '';
  const key = `server.${text.code}`;
  if (!text.code || !i18next.exists(key)) return english;
  return i18next.t(key, { ...text.params });
}
