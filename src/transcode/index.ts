/** Transcoding with ffmpeg (README.md): formats, the decision, the command line, the process, the limit. */
export * from './formats.js';
export * from './plan.js';
export * from './args.js';
export * from './process.js';
export * from './transcoder.js';
export * from './source.js';
