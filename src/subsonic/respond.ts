/**
 * Writing an answer (README.md "Answers"): `subsonic-response` with status, version
 * 1.16.1, type `audiolib`, serverVersion and `openSubsonic: true`, in XML (the default,
 * namespace http://subsonic.org/restapi) or JSON (`f=json`). `f=jsonp` and other formats
 * are refused in XML with code 0.
 */
import type { AppContext } from '../server/context.js';
import { current as serverVersion } from '../server/routes/version.js';
import { Code, SubsonicError } from './errors.js';
import { toJson, toXml, type SubsonicNode } from './serialise.js';

export const API_VERSION = '1.16.1';
export const NAMESPACE = 'http://subsonic.org/restapi';
const ROOT = 'subsonic-response';

export type Format = 'xml' | 'json';

/** The format `f` asks for; throws SubsonicError (answered in XML) for jsonp or an unknown one. */
export function formatOf(f: string | undefined): Format {
  if (f === undefined || f === '' || f === 'xml') return 'xml';
  if (f === 'json') return 'json';
  throw new SubsonicError(Code.Generic, f === 'jsonp' ? 'f=jsonp is not supported: use f=json or f=xml' : `unknown format f=${f}: use f=json or f=xml`);
}

/** Answers `payload` (status ok) or `error` (status failed) in `format`. */
export function respond(ctx: AppContext, format: Format, payload: SubsonicNode, error?: SubsonicError): void {
  const node: SubsonicNode = {
    status: error ? 'failed' : 'ok',
    version: API_VERSION,
    type: 'audiolib',
    serverVersion,
    openSubsonic: true,
    ...(error ? { error: { code: error.code, message: error.message } } : payload),
  };
  ctx.status = error?.httpStatus ?? 200;
  ctx.set('Cache-Control', 'no-store');
  if (format === 'json') {
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = toJson(ROOT, node);
  } else {
    ctx.type = 'text/xml; charset=utf-8';
    ctx.body = toXml(ROOT, NAMESPACE, node);
  }
}
