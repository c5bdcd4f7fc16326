/**
 * The Web Audio graph behind the visualiser (spec 000 section 9 "Visualiser"): made once
 * per <audio> element, on first use (a media element can feed only one source node).
 *   source -> analyser (fftSize 256, -81..-11 dB, smoothing 0.82 / 0.8 iOS / 0.71 Android) -> speakers
 *   source -> splitter -> left / right analysers (the equaliser on the back of the cover)
 * With the channel swap on, the sound goes source -> splitter -> crossed merger -> analyser.
 */
import { isAndroid, isIOS } from './settings';

export const FFT_SIZE = 256;
export const MIN_DB = -81;
export const MAX_DB = -11;

/** Analyser smoothing by platform: 0.8 on iOS, 0.71 on Android, else 0.82. */
export function analyserSmoothing(ios: boolean, android: boolean): number {
  return ios ? 0.8 : android ? 0.71 : 0.82;
}

export interface AudioGraph {
  context: AudioContext;
  analyser: AnalyserNode;
  left: AnalyserNode;
  right: AnalyserNode;
  /** Swaps (true) or restores the left and right channels of what is heard. */
  setSwapped(swapped: boolean): void;
  swapped(): boolean;
}

let graph: AudioGraph | null = null;
let graphEl: HTMLAudioElement | null = null;

function analyserOf(context: AudioContext): AnalyserNode {
  const a = context.createAnalyser();
  a.fftSize = FFT_SIZE;
  a.minDecibels = MIN_DB;
  a.maxDecibels = MAX_DB;
  a.smoothingTimeConstant = analyserSmoothing(isIOS(), isAndroid());
  return a;
}

/** The graph of `el` (made on first call; the context resumed). */
export function audioGraphOf(el: HTMLAudioElement): AudioGraph {
  if (graph && graphEl === el) {
    void graph.context.resume();
    return graph;
  }
  const context = new AudioContext();
  const source = context.createMediaElementSource(el);
  const analyser = analyserOf(context);
  const left = analyserOf(context);
  const right = analyserOf(context);
  const splitter = context.createChannelSplitter(2);
  const merger = context.createChannelMerger(2);
  analyser.connect(context.destination);
  source.connect(splitter);
  splitter.connect(left, 0);
  splitter.connect(right, 1);
  merger.connect(analyser);
  let swapped = false;
  const unroute = () => {
    try { source.disconnect(analyser); } catch { /* not connected */ }
    try { splitter.disconnect(merger); } catch { /* not connected */ }
  };
  source.connect(analyser);
  graph = {
    context, analyser, left, right,
    swapped: () => swapped,
    setSwapped(next) {
      if (next === swapped) return;
      unroute();
      if (next) {
        splitter.connect(merger, 0, 1);
        splitter.connect(merger, 1, 0);
      } else {
        source.connect(analyser);
      }
      swapped = next;
    },
  };
  graphEl = el;
  void context.resume();
  return graph;
}
