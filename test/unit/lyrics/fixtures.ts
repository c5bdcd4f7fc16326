/** The fixture work with .lrc, .vtt and .srt lyrics beside its mp3 files. */
import fs from 'node:fs';
import path from 'node:path';
import { libraryDir } from '../../helpers/server.js';

export const workDir = path.join(libraryDir, fs.readdirSync(libraryDir).find((n) => n.startsWith('RJ01012345'))!);
export const fixture = (name: string) => path.join(workDir, name);
export const readFixture = (name: string) => fs.readFileSync(fixture(name), 'utf8');
