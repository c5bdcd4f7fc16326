/**
 * What the server says, in the UI's language. Every answer's `message`, refusal's
 * `error`, scanner message and log line carries a `code` and `params` beside its English
 * text (src/model/messages.ts); the translations are the `server.<code>` keys of zh-CN.ts
 * and en.ts, filled with the same params by i18next. A text without a code, or with one
 * this build does not know (a newer server), is shown as the server wrote it. A param that
 * is a coded text itself (`paramTexts`, such as a failed fetch's `reason`) is said in the
 * UI language first, then put in.
 * Uses the i18next instance that index.ts sets up (the package's default instance).
 */
import i18next from 'i18next';
import type { MessageParams } from '@model';

/** A text from the server: `message` (answers, scanner lines) or `error` (refusals), with `code`, `params` and coded params. */
export interface ServerText {
  message?: string;
  error?: string;
  code?: string;
  params?: MessageParams;
  paramTexts?: Readonly<Record<string, ServerText>>;
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
  const said = Object.fromEntries(Object.entries(text.paramTexts ?? {}).map(([name, inner]) => [name, serverText(inner)]));
  return i18next.t(key, { ...text.params, ...said });
}
