/**
 * Keyboard shortcuts on desktop (spec 000 section 5 and 9): space play/pause, left and
 * right arrows rewind / forward by the configured steps, up and down arrows volume by
 * 0.04, n next, p previous. Ignored while an input (or a slider) is focused, when no work
 * is playing (empty queue), with a modifier key, and on touch-only devices. Handled keys
 * are default-prevented, so space on a focused button does not also click it.
 */
import { stepVolume } from '../../../src/player/index.js';
import { player } from './store';

/** True when the key went to something that takes keys itself (input, textarea, select, contenteditable, a slider). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.getAttribute('role') === 'slider';
}

function onKey(e: KeyboardEvent): void {
  if (e.ctrlKey || e.metaKey || e.altKey || e.repeat && e.key === ' ') return;
  if (isTypingTarget(e.target) || isTypingTarget(document.activeElement)) return;
  const s = player.getState();
  if (!s.queue.length) return;
  switch (e.key) {
    case ' ': player.toggle(); break;
    case 'ArrowLeft': player.rewind(); break;
    case 'ArrowRight': player.forward(); break;
    case 'ArrowUp': player.setVolume(stepVolume(s.volume, 1)); break;
    case 'ArrowDown': player.setVolume(stepVolume(s.volume, -1)); break;
    case 'n': case 'N': player.next(); break;
    case 'p': case 'P': player.previous(); break;
    default: return;
  }
  e.preventDefault();
}

/** Installs the shortcuts on desktop (a fine pointer); returns the uninstaller. */
export function installKeyboard(): () => void {
  if (window.matchMedia('(pointer: coarse)').matches && !window.matchMedia('(pointer: fine)').matches) return () => undefined;
  window.addEventListener('keydown', onKey);
  return () => window.removeEventListener('keydown', onKey);
}
