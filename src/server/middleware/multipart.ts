/**
 * Reading a multipart/form-data upload (busboy) into memory, with a size limit: one
 * file and a few short text fields. A file over the limit answers 413 `{error}` and
 * nothing of it is kept; a request that is not multipart, that is malformed or torn (the
 * body ends inside a part), that has no file, or whose fields or file name hold a NUL
 * byte answers 400. Every stream of the parse has an error listener: no body a client
 * sends can raise an unhandled 'error' event (which would stop the process).
 */
import busboy from 'busboy';
import { Invalid, say } from '../../model/index.js';
import type { AppContext } from '../context.js';
import { HttpError } from './errors.js';
import { nulRefusal } from './input.js';

/** What an upload held: the text fields and the one file (its client-given name is for display only). */
export interface Upload { fields: Record<string, string>; file: { field: string; name: string; bytes: Buffer } }

/** Bytes a multipart body may carry beyond its file (boundaries, part headers, fields) before it is refused unread. */
const OVERHEAD = 64 * 1024;

/**
 * Reads the multipart body of `ctx` (one file of at most `maxBytes` bytes, up to 20
 * fields of at most 1,000 bytes each). Throws HttpError 413 for a larger file (or a
 * Content-Length beyond maxBytes plus the multipart overhead), Invalid for a body that is
 * not multipart/form-data, that is malformed or ends inside a part (`upload.malformed`),
 * that holds no file (`upload.noFile`), or whose field values, field names or file name
 * hold a NUL byte (`input.nul`, naming the field; the file name as `filename`).
 */
export async function readUpload(ctx: AppContext, maxBytes: number): Promise<Upload> {
  const tooLarge = () => new HttpError(413, say('upload.tooLarge', { max: maxBytes }));
  if (!ctx.is('multipart/form-data')) throw new Invalid(say('upload.notMultipart'));
  if (Number(ctx.get('content-length') || 0) > maxBytes + OVERHEAD) throw tooLarge();
  let parser: busboy.Busboy;
  try {
    // one byte more than allowed: busboy flags a file reaching its limit as truncated
    parser = busboy({ headers: ctx.req.headers, defParamCharset: 'utf8', limits: { files: 1, fileSize: maxBytes + 1, fields: 20, fieldSize: 1000 } });
  } catch (err) {
    throw new Invalid(say('upload.malformed', { reason: (err as Error).message }));
  }
  const fields: Record<string, string> = {};
  let file: Upload['file'] | undefined;
  let truncated = false;
  await new Promise<void>((resolve, reject) => {
    const malformed = (err: Error) => {
      // the rest of the body is read and dropped, so the answer goes out on a clean connection
      ctx.req.unpipe(parser);
      ctx.req.resume();
      reject(new Invalid(say('upload.malformed', { reason: err.message })));
    };
    parser.on('field', (name, value) => { fields[name] = value; });
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      // a body that ends inside the file ('Unexpected end of form') fails this stream as well as the parser
      stream.on('error', malformed);
      stream.on('data', (chunk: Buffer) => { if (!truncated) chunks.push(chunk); });
      stream.on('limit', () => { truncated = true; chunks.length = 0; });
      stream.on('end', () => { if (!truncated) file = { field, name: info.filename ?? '', bytes: Buffer.concat(chunks) }; });
    });
    parser.on('close', resolve);
    parser.on('error', malformed);
    ctx.req.on('error', reject);
    ctx.req.pipe(parser);
  });
  if (truncated || (file && file.bytes.length > maxBytes)) throw tooLarge();
  if (!file) throw new Invalid(say('upload.noFile'));
  // [field named in the refusal, text checked]: each field's name and value, the file's name and field name
  const texts: (readonly [string, string])[] = Object.entries(fields).flatMap(([name, value]) => [[name, name], [name, value]] as const);
  const nul = nulRefusal([...texts, ['filename', file.name], [file.field, file.field]]);
  if (nul) throw nul;
  return { fields, file };
}
