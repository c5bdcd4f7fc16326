/**
 * A call's parameters (README.md "Calls"): the query string, and for POST the form body
 * (OpenSubsonic formPost, `application/x-www-form-urlencoded`, up to 1 MB), merged; a
 * name may repeat (`id=a&id=b`). Typed readers answer code 10 for a missing parameter and
 * code 0 for a malformed one. A parameter holding a NUL byte (name or value) refuses the
 * whole call with code 0 naming it, before any endpoint runs: neither database can take
 * one (the input guard of src/server/middleware/input.ts does the same for /api).
 */
import type { AppContext } from '../server/context.js';
import { Code, SubsonicError, missing } from './errors.js';

/** Largest form body read, in bytes (a queue of 5000 song ids fits). */
const FORM_LIMIT = 1024 * 1024;

/** Reads the raw form body of a POST (the app's JSON body parser leaves other types unread). */
async function formBody(ctx: AppContext): Promise<string> {
  if (ctx.method !== 'POST' || !ctx.is('application/x-www-form-urlencoded')) return '';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > FORM_LIMIT) throw new SubsonicError(Code.Generic, 'form body too large', 413);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The parameters of one call. */
export class Params {
  private constructor(private readonly values: URLSearchParams) {}

  /** Reads the query string and a POST form body of `ctx`; throws SubsonicError code 0 (HTTP 413) for a form body over 1 MB. */
  static async of(ctx: AppContext): Promise<Params> {
    const values = new URLSearchParams(ctx.querystring);
    for (const [k, v] of new URLSearchParams(await formBody(ctx))) values.append(k, v);
    return new Params(values);
  }

  /**
   * Refuses a call whose parameters hold a NUL byte: throws SubsonicError code 0
   * `parameter NAME must not contain NUL bytes` for the first such name or value.
   */
  refuseNul(): void {
    for (const [k, v] of this.values) {
      if (k.includes('\0') || v.includes('\0')) throw new SubsonicError(Code.Generic, `parameter ${k.replaceAll('\0', '\\0')} must not contain NUL bytes`);
    }
  }

  /** The first value of `name`; undefined when absent. */
  get(name: string): string | undefined {
    return this.values.get(name) ?? undefined;
  }

  /** Every value of `name`, in order (none: []). */
  all(name: string): string[] {
    return this.values.getAll(name);
  }

  /** The first value of `name`; code 10 when absent or empty. */
  required(name: string): string {
    const v = this.get(name);
    if (v === undefined || v === '') throw missing(name);
    return v;
  }

  /** An integer in min..max, `fallback` when absent; code 0 when it is no integer or out of range. */
  int(name: string, fallback: number, min: number, max: number): number {
    const v = this.get(name);
    if (v === undefined || v === '') return fallback;
    return parseInteger(name, v, min, max);
  }

  /** A required integer in min..max (code 10 when absent). */
  requiredInt(name: string, min: number, max: number): number {
    return parseInteger(name, this.required(name), min, max);
  }

  /** `true`/`false` (any case), `fallback` when absent; code 0 for anything else. */
  bool(name: string, fallback: boolean): boolean {
    const v = this.get(name)?.toLowerCase();
    if (v === undefined || v === '') return fallback;
    if (v !== 'true' && v !== 'false') throw new SubsonicError(Code.Generic, `parameter ${name} must be true or false`);
    return v === 'true';
  }
}

function parseInteger(name: string, text: string, min: number, max: number): number {
  if (!/^-?\d{1,15}$/.test(text)) throw new SubsonicError(Code.Generic, `parameter ${name} must be an integer`);
  const n = Number(text);
  if (n < min || n > max) throw new SubsonicError(Code.Generic, `parameter ${name} must be between ${min} and ${max}`);
  return n;
}
