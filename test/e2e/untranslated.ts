/**
 * The watch every page of the browser tests carries (browser.ts): a text that shows on
 * the page, a notice included, while the UI speaks zh-CN is reported when it is
 * - a raw message key (`works.noMore`, `server.trial.disliked`: a code this build has no text for),
 * - an English text of the UI (en.ts, novel-en.ts) whose Chinese differs, the server's
 *   English templates included (src/model/messages.ts, the `server.` keys of en.ts),
 * - a validator's English (`Invalid input: expected number, received NaN`, `Too small: ...`).
 * Each text node the page adds or changes is matched whole (trimmed); the page reports a
 * match through an exposed binding, and the harness fails the test file at its end.
 */
import type { BrowserContext } from 'playwright-core';
import en from '../../web/src/i18n/en';
import zhCN from '../../web/src/i18n/zh-CN';
import novelEn from '../../web/src/i18n/novel-en';
import novelZhCN from '../../web/src/i18n/novel-zh-CN';

/** One untranslated text: where it showed and what it said. */
export interface Untranslated { url: string; text: string }

type Strings = { [key: string]: string | Strings };

/** The English strings whose Chinese differs, as [en, zh] pairs. */
function englishOnly(enTree: Strings, zhTree: Strings | undefined, out: string[]): string[] {
  for (const [key, value] of Object.entries(enTree)) {
    const zh = zhTree?.[key];
    if (typeof value === 'string') {
      if (value !== zh) out.push(value);
    } else {
      englishOnly(value, typeof zh === 'object' ? zh : undefined, out);
    }
  }
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A whole-text pattern of an i18next template: `{{n}} × 10k words` -> /^.+? × 10k words$/. */
function templatePattern(template: string): string | null {
  const literal = template.replace(/\{\{\w+\}\}/g, '');
  // a template of placeholders and punctuation only ('{{field}}: {{reason}}') would match any text
  if ((literal.match(/[A-Za-z]/g) ?? []).length < 3) return null;
  // one lower-case word ('admin', 'user') is as likely a name the data holds (a user, a tag) as a label
  if (/^[a-z]+$/.test(template.trim())) return null;
  return `^${template.split(/\{\{\w+\}\}/).map(escape).join('[\\s\\S]+?')}$`;
}

/** The patterns the page matches each text against (sources, for the init script). */
export function untranslatedPatterns(): { whole: string[]; inside: string[]; keyNamespaces: string[] } {
  const english = [...englishOnly(en as unknown as Strings, zhCN as unknown as Strings, []), ...englishOnly(novelEn as unknown as Strings, novelZhCN as unknown as Strings, [])];
  const whole = [...new Set(english.map(templatePattern).filter((p): p is string => p !== null))];
  const inside = [
    'Invalid input', 'Too small: expected', 'Too big: expected', 'expected \\w+, received \\w+', 'Invalid option: expected', 'Unrecognized key',
  ];
  return { whole, inside, keyNamespaces: [...new Set([...Object.keys(en), 'novel'])] };
}

/** The page side: watches every text node and reports the untranslated ones through `report`. */
function watch({ whole, inside, keyNamespaces, binding }: ReturnType<typeof untranslatedPatterns> & { binding: string }): void {
  const wholeRe = whole.map((p) => new RegExp(p));
  const insideRe = new RegExp(inside.join('|'));
  const keyRe = new RegExp(`^(?:${keyNamespaces.join('|')})(?:\\.[\\w-]+)+$`);
  const seen = new Set<string>();
  const check = (text: string | null) => {
    // only while the page speaks Chinese (i18n/index.ts sets the document's language)
    if (document.documentElement.lang !== 'zh-CN') return;
    const s = (text ?? '').trim();
    if (!s || s.length > 400 || seen.has(s)) return;
    if (keyRe.test(s) || insideRe.test(s) || wholeRe.some((re) => re.test(s))) {
      seen.add(s);
      (window as unknown as Record<string, (url: string, text: string) => void>)[binding]?.(location.pathname + location.search, s);
    }
  };
  const scan = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) { check(node.textContent); return; }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const el = node as Element;
    if (el.tagName === 'SCRIPT' || el.tagName === 'STYLE') return;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      const parent = t.parentElement?.tagName;
      if (parent !== 'SCRIPT' && parent !== 'STYLE') check(t.textContent);
    }
  };
  const start = () => {
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'characterData') check(r.target.textContent);
        else r.addedNodes.forEach(scan);
      }
    }).observe(document.documentElement, { childList: true, subtree: true, characterData: true });
    scan(document.documentElement);
  };
  if (document.documentElement) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}

const BINDING = '__audiolibUntranslated';

/** Puts the watch on every page of `context`; reports go into `found`. */
export async function watchUntranslated(context: BrowserContext, found: Untranslated[]): Promise<void> {
  await context.exposeBinding(BINDING, (_source, url: string, text: string) => { found.push({ url, text }); });
  await context.addInitScript(watch, { ...untranslatedPatterns(), binding: BINDING });
}
