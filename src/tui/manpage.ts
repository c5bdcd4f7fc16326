/**
 * man/audiolib-tui.1, generated from the key table (keys.ts) so the page and the help
 * overlay cannot disagree. Regenerate after a key change:
 *   npx tsc -p tsconfig.json && node -e "import('./dist/tui/manpage.js').then((m) => process.stdout.write(m.renderManPage()))" > man/audiolib-tui.1
 * test/tui/keys.test.ts fails while the committed page differs.
 */
import { CONTEXT_TITLES, KEY_TABLE, displayKey, type KeyContext } from './keys.js';

/** Escapes roff: backslashes, and a leading dot or quote. */
const roff = (text: string) => text.replace(/\\/g, '\\e').replace(/-/g, '\\-').replace(/^([.'])/, '\\&$1');

/** The whole man page as roff text. */
export function renderManPage(): string {
  const out: string[] = [
    '.TH AUDIOLIB\\-TUI 1 "2026" "audiolib 0.1.0" "User Commands"',
    '.SH NAME',
    'audiolib\\-tui \\- browse the audio catalogue and listen through mpv in a terminal',
    '.SH SYNOPSIS',
    '.B audiolib',
    '.br',
    '.B audiolib tui',
    '[\\fB\\-\\-server\\fR \\fIURL\\fR] [\\fB\\-\\-user\\fR \\fINAME\\fR] [\\fB\\-\\-mpv\\-arg\\fR \\fIARG\\fR...] [\\fB\\-\\-data\\-dir\\fR \\fIDIR\\fR]',
    '.SH DESCRIPTION',
    'An Ink terminal application: works list (sort, order, age rating, lyric filter, keyword and advanced search),',
    'circles, tags and voice actors, work detail with the file tree, queue, now playing with synced lyrics,',
    'favourites (history, reviews, progress), the trial catalogue (new works to try: play a downloaded trial,',
    'dislike), the novel section read only (its list and a novel\'s page) and a help overlay.',
    'Audio plays through mpv (JSON IPC);',
    'when mpv is missing, ffplay is used with limited controls.',
    '.PP',
    'Local mode (default) reads the data directory\'s database directly. Remote mode (\\fB\\-\\-server\\fR) logs in',
    'to a running audiolib server and plays its media URLs. In both, play history is saved in the same',
    '{queue, index, seconds} form as the web player, so listening resumes in the browser where the terminal stopped.',
    'At start the latest play history (the browser\'s included) is loaded, paused, into the queue: \\fBSpace\\fR resumes it.',
    '.PP',
    'On a work\'s page \\fBR\\fR rates it (1 to 5), \\fBp\\fR steps its progress mark and \\fBw\\fR writes a short review,',
    'as in the web UI (a guest account is read\\-only: it is told so and nothing is written). \\fBEnter\\fR on a text file',
    '(readme, script, lyric) shows it in a pager, decoded from its encoding (Shift\\-JIS, GBK, Big5, UTF\\-16 or UTF\\-8).',
    'Now playing shows the track\'s lyric file, else the work\'s AI lyric matching the file name, as the web player does.',
    '\\fB:\\fR seeks to a typed time (\\fB1:23:45\\fR, \\fB83:45\\fR or \\fB45\\fR); \\fBm\\fR mutes as in mpv and \\fBM\\fR steps the play mode.',
    '.PP',
    'Run with no command outside a terminal, \\fBaudiolib\\fR prints its usage instead.',
    '.PP',
    '\\fBq\\fR goes back a view, and on a first screen (the number keys 1 to 9 open them) quits; while something',
    'plays it asks first: \\fBquit? [y/N]\\fR on the message line, \\fBy\\fR quits and any other key cancels.',
    'When nothing plays (nothing loaded, or paused), \\fBq\\fR quits at once. \\fBEsc\\fR goes back and never quits.',
    'Ctrl\\-C, SIGTERM and SIGHUP quit without asking. A lost terminal (SIGHUP, a dropped SSH connection, input',
    'or output closed) saves the listening position before anything else and writes nothing more to it.',
    'A search is a view of its own: \\fBq\\fR and \\fBEsc\\fR go back from its results.',
    '.PP',
    'Keys typed faster than the screen draws (key repeat, a slow link, text pasted into the search prompt)',
    'are handled one by one, in order; keys typed while a list loads act on it once it is there.',
    '.PP',
    'mpv ends with the TUI however the TUI ends, \\fBkill \\-9\\fR included: a watchdog process ends it and removes',
    'its temporary folder. Folders left by sessions that ended otherwise are removed at the next start.',
    '.SH OPTIONS',
    '.TP',
    '\\fB\\-\\-server\\fR \\fIURL\\fR',
    'Use a running server (remote mode).',
    '.TP',
    '\\fB\\-\\-user\\fR \\fINAME\\fR',
    'The listener (default: AUDIOLIB_USER, else admin). Remote mode reads the password from AUDIOLIB_PASSWORD, else asks for it.',
    '.TP',
    '\\fB\\-\\-mpv\\-arg\\fR \\fIARG\\fR...',
    'Extra mpv argument (e.g. \\-\\-ao=null).',
    '.TP',
    '\\fB\\-\\-data\\-dir\\fR \\fIDIR\\fR',
    'Data directory: the database of local mode; in both modes the TUI\'s saved state (tui.json).',
    '.SH KEYS',
  ];
  for (const context of Object.keys(CONTEXT_TITLES) as KeyContext[]) {
    out.push('.SS ' + CONTEXT_TITLES[context]);
    for (const b of KEY_TABLE.filter((x) => x.context === context)) {
      out.push('.TP', '\\fB' + b.keys.map((k) => roff(displayKey(k))).join('\\fR, \\fB') + '\\fR', roff(b.help));
    }
  }
  out.push(
    '.SH FILES',
    '.TP', '\\fIDATA_DIR\\fR/tui.json', 'What the TUI keeps between runs (mode 0600): the volume.',
    '.TP', '$TMPDIR/audiolib\\-mpv\\-\\fIPID\\fR\\-*', 'mpv\'s IPC socket, one folder per session.',
    '.SH ENVIRONMENT',
    '.TP', 'AUDIOLIB_PASSWORD', 'Password for remote mode.',
    '.TP', 'AUDIOLIB_USER', 'Default listener name.',
    '.TP', 'AUDIOLIB_DATA_DIR', 'Default data directory.',
    '.SH SEE ALSO',
    '.BR audiolib (1),',
    '.BR mpv (1)',
  );
  return out.join('\n') + '\n';
}
