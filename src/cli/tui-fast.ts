/**
 * The launcher's entry on a terminal (bin/audiolib.js): a TUI command line (tui-args.ts)
 * starts the TUI straight away, without loading the CLI (commander and the command
 * table): a faster first frame. Any other command line goes to the CLI (main.ts).
 * Failures are reported the CLI's way (`audiolib: message`, its exit codes).
 */
import { describeError } from './failure.js';
import { startTui } from './tui.js';
import { tuiCommandLine } from './tui-args.js';

const line = tuiCommandLine(process.argv);
if (!line) {
  await import('./main.js');
} else {
  try {
    await startTui(line.global, line.flags);
  } catch (err) {
    const { message, exit } = describeError(err);
    process.stderr.write(`audiolib: ${message}\n`);
    process.exit(exit);
  }
}
