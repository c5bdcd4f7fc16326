/**
 * A stand-in for DLsite and HVDB: a local HTTP server answering recorded pages at the
 * real paths, so the crawler runs with its base URLs (dlsiteBaseUrl, dlsiteImgBaseUrl,
 * hvdbBaseUrl) pointed here. The tests use it (test/helpers/fake-store.ts) and so does
 * `npm run demo` (scripts/demo.js), both with the recordings of test/fixtures:
 * `{fixturesDir}/dlsite/work/RJxxxxxx.html`, `{fixturesDir}/dlsite/ajax/RJxxxxxx.json`,
 * `{fixturesDir}/dlsite/img/RJxxxxxx_img_main.jpg` and `{fixturesDir}/hvdb/RJxxxxxx.html`.
 * The demo adds its own folder of the same layout (`overlayDir`, scripts/demo-store: new
 * releases that are not in the sample library, their listing and trial archives), whose
 * files come before those of `fixturesDir`.
 *
 * Paths served (any work code of the fixtures, or aliased to one):
 * - GET /maniax/work/=/product_id/RJxxxxxx.html            work page (404 page when unknown)
 * - GET /maniax/product/info/ajax?product_id=RJa,RJb       dynamic info keyed by code; `[]` when none known
 * - GET /modpub/images2/work/doujin/RJ{id up to 1000}/RJxxxxxx_img_main.jpg, ..._img_sam.jpg and
 *       /resize/images2/work/doujin/RJ.../RJxxxxxx_img_main_240x240.jpg   the recorded main image
 *       (404 when the folder does not follow the rounding rule)
 * - GET /Dashboard/WorkDetails/{id}                         HVDB page (404 when none recorded)
 * - GET /maniax/new/=/work_type_category/audio               the new-release listing (config
 *       trialListingPath), `{fixturesDir}/dlsite/listing/new.html`
 * - GET /doujin/RJ{id up to 1000}/RJxxxxxx_trial.zip         a trial archive (the trial host,
 *       config dlsiteTrialBaseUrl), `{fixturesDir}/dlsite/trial/RJxxxxxx_trial.zip` (404 when none)
 * Switches: `failTimes` (answer an error status N times), `hang` (never answer),
 * `unknown` (the store forgets a code), `alias` (serve one recorded work under another code),
 * `trialArchive` (serve another archive of dlsite/trial/ for a code).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
}

export interface RecordedStore {
  /** Base URL of the server (use it for all three base URL config keys). */
  url: string;
  /** The config keys pointing the crawler (and the trial downloader) here. */
  config: { dlsiteBaseUrl: string; dlsiteImgBaseUrl: string; hvdbBaseUrl: string; dlsiteTrialBaseUrl: string };
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** How many requests had a path containing `part`. */
  count(part: string): number;
  /** The next `times` requests whose path contains `part` get `status` (default 503). */
  failTimes(part: string, times: number, status?: number): void;
  /** Requests whose path contains `part` are never answered (the socket stays open until close). */
  hang(part: string): void;
  /** The store forgets this code: 404 page, `[]` dynamic info, 404 images. */
  unknown(code: string): void;
  /** Serve the recorded DLsite answers of `fixtureCode` (page, dynamic info, images) under `code`. */
  alias(code: string, fixtureCode: string): void;
  /** Serve `file` (a name in dlsite/trial/, e.g. 'zip-slip_trial.zip', or an absolute path: an archive a test built) as the trial archive of `code`. */
  trialArchive(code: string, file: string): void;
  close(): Promise<void>;
}

/** The names (without `ext`) of the files ending in `ext` in the folders `dirs` that exist. */
const recorded = (dirs: readonly string[], ext: string) =>
  new Set(
    dirs
      .filter((dir) => fs.existsSync(dir))
      .flatMap((dir) => fs.readdirSync(dir))
      .filter((f) => f.endsWith(ext))
      .map((f) => f.slice(0, -ext.length)),
  );

export interface RecordedStoreOptions {
  /** The folder holding `dlsite/` and `hvdb/` recordings (the layout above). */
  fixturesDir: string;
  /** A folder of the same layout whose files answer first (a work, listing or archive it has); none: `fixturesDir` alone. */
  overlayDir?: string;
}

/**
 * Starts the store on 127.0.0.1 with a free port (its address in `url`). Rejects when
 * `fixturesDir` has no `dlsite/work` folder.
 */
export async function startRecordedStore(opts: RecordedStoreOptions): Promise<RecordedStore> {
  const roots = opts.overlayDir ? [opts.overlayDir, opts.fixturesDir] : [opts.fixturesDir];
  /** The first of the folders' `dlsite/{sub}/{name}` that exists (else the last folder's, which answers 404 below). */
  const dlsite = (sub: string, name: string) => {
    const files = roots.map((r) => path.join(r, 'dlsite', sub, name));
    return files.find((f) => fs.existsSync(f)) ?? files[files.length - 1]!;
  };
  const hvdbDir = path.join(opts.fixturesDir, 'hvdb');
  const pages = recorded(roots.map((r) => path.join(r, 'dlsite', 'work')), '.html');
  const requests: RecordedRequest[] = [];
  const failures: Array<{ part: string; left: number; status: number }> = [];
  const hanging: string[] = [];
  const unknownCodes = new Set<string>();
  const aliases = new Map<string, string>();
  const archives = new Map<string, string>();

  /** The recorded code answering for `code`, or null when the store does not know it. */
  const source = (code: string): string | null => {
    const upper = code.toUpperCase();
    if (unknownCodes.has(upper)) return null;
    const fixture = aliases.get(upper) ?? upper;
    return pages.has(fixture) ? fixture : null;
  };

  const send = (res: http.ServerResponse, status: number, type: string, body: string | Buffer) => {
    res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };
  const notFound = (res: http.ServerResponse) => send(res, 404, 'text/html; charset=utf-8', '<html><body><h1>404 Not Found</h1></body></html>');

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://store.invalid');
    const p = url.pathname + url.search;
    requests.push({ path: p, headers: req.headers });
    if (hanging.some((part) => p.includes(part))) return; // never answered
    const failure = failures.find((f) => f.left > 0 && p.includes(f.part));
    if (failure) {
      failure.left--;
      return send(res, failure.status, 'text/plain', `failing on purpose (${failure.left} left)`);
    }

    let m = /^\/maniax\/work\/=\/product_id\/(RJ\d{6,8})\.html$/.exec(url.pathname);
    if (m) {
      const fixture = source(m[1]!);
      return fixture ? send(res, 200, 'text/html; charset=utf-8', fs.readFileSync(dlsite('work', `${fixture}.html`))) : notFound(res);
    }

    if (url.pathname === '/maniax/product/info/ajax') {
      const answer: Record<string, unknown> = {};
      for (const code of (url.searchParams.get('product_id') ?? '').split(',').filter(Boolean)) {
        const fixture = source(code);
        if (!fixture) continue;
        const json = JSON.parse(fs.readFileSync(dlsite('ajax', `${fixture}.json`), 'utf8')) as Record<string, unknown>;
        answer[code.toUpperCase()] = json[fixture];
      }
      return send(res, 200, 'application/json', JSON.stringify(Object.keys(answer).length ? answer : []));
    }

    m = /^\/(?:modpub\/images2\/work\/doujin\/RJ(\d+)\/(RJ(\d+))_img_(?:main|sam)\.jpg|resize\/images2\/work\/doujin\/RJ(\d+)\/(RJ(\d+))_img_main_240x240\.jpg)$/.exec(url.pathname);
    if (m) {
      const folder = Number(m[1] ?? m[4]);
      const code = (m[2] ?? m[5])!;
      const id = Number(m[3] ?? m[6]);
      const fixture = source(code);
      if (!fixture || folder !== Math.ceil(id / 1000) * 1000) return notFound(res);
      return send(res, 200, 'image/jpeg', fs.readFileSync(dlsite('img', `${fixture}_img_main.jpg`)));
    }

    if (url.pathname === '/maniax/new/=/work_type_category/audio') {
      return send(res, 200, 'text/html; charset=utf-8', fs.readFileSync(dlsite('listing', 'new.html')));
    }

    m = /^\/doujin\/RJ(\d+)\/(RJ(\d+))_trial\.zip$/.exec(url.pathname);
    if (m) {
      const code = m[2]!.toUpperCase();
      const chosen = archives.get(code) ?? `${code}_trial.zip`;
      const file = path.isAbsolute(chosen) ? chosen : dlsite('trial', chosen);
      if (Number(m[1]) !== Math.ceil(Number(m[3]) / 1000) * 1000 || !fs.existsSync(file)) return notFound(res);
      return send(res, 200, 'application/zip', fs.readFileSync(file));
    }

    m = /^\/Dashboard\/WorkDetails\/(\d+)$/.exec(url.pathname);
    if (m) {
      const file = path.join(hvdbDir, `RJ${m[1]!.padStart(6, '0')}.html`);
      return fs.existsSync(file) ? send(res, 200, 'text/html; charset=utf-8', fs.readFileSync(file)) : notFound(res);
    }
    notFound(res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    config: { dlsiteBaseUrl: url, dlsiteImgBaseUrl: url, hvdbBaseUrl: url, dlsiteTrialBaseUrl: url },
    requests,
    count: (part) => requests.filter((r) => r.path.includes(part)).length,
    failTimes: (part, times, status = 503) => void failures.push({ part, left: times, status }),
    hang: (part) => void hanging.push(part),
    unknown: (code) => void unknownCodes.add(code.toUpperCase()),
    alias: (code, fixtureCode) => void aliases.set(code.toUpperCase(), fixtureCode.toUpperCase()),
    trialArchive: (code, file) => void archives.set(code.toUpperCase(), path.isAbsolute(file) ? file : path.basename(file)),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
