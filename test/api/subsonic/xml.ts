/**
 * A strict reader of the XML the API answers, for the tests: elements, attributes in
 * double or single quotes, text, the five named entities and character references, an
 * optional prolog. Anything malformed (an unclosed or mismatched tag, a duplicate or
 * unquoted attribute, a bare '&' or '<', a forbidden character, text after the root)
 * throws. Also the element tree a JSON answer stands for, to compare the two forms.
 */

export interface XmlElement { name: string; attrs: Record<string, string>; text: string; children: XmlElement[] }

const NAME = /[A-Za-z_][\w.:-]*/y;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

/** Parses a whole document; throws Error with the offset of the first fault. */
export function parseXml(doc: string): XmlElement {
  if (FORBIDDEN.test(doc)) throw new Error('forbidden character');
  let i = 0;
  const fail = (what: string): never => { throw new Error(`${what} at ${i}: ${JSON.stringify(doc.slice(i, i + 30))}`); };
  const skipSpace = () => { while (/\s/.test(doc[i] ?? '')) i++; };
  const name = () => {
    NAME.lastIndex = i;
    const m = NAME.exec(doc);
    if (!m) fail('name expected');
    i += m![0].length;
    return m![0];
  };
  const decode = (raw: string) => raw.replace(/&([^;]*);?/g, (whole, ref: string) => {
    if (!whole.endsWith(';')) fail('bare &');
    if (ref in ENTITIES) return ENTITIES[ref]!;
    const m = /^#(?:x([0-9a-fA-F]+)|(\d+))$/.exec(ref);
    if (!m) return fail(`unknown entity &${ref};`);
    return String.fromCodePoint(m[1] ? parseInt(m[1], 16) : Number(m[2]));
  });
  const element = (): XmlElement => {
    if (doc[i] !== '<') fail('< expected');
    i++;
    const el: XmlElement = { name: name(), attrs: {}, text: '', children: [] };
    for (;;) {
      const before = i;
      skipSpace();
      if (doc.startsWith('/>', i)) { i += 2; return el; }
      if (doc[i] === '>') { i++; break; }
      if (i === before) fail('space expected before an attribute');
      const key = name();
      if (key in el.attrs) fail(`duplicate attribute ${key}`);
      if (doc[i] !== '=') fail('= expected');
      const quote = doc[++i];
      if (quote !== '"' && quote !== "'") fail('quoted value expected');
      const end = doc.indexOf(quote!, ++i);
      if (end < 0) fail('unterminated value');
      const raw = doc.slice(i, end);
      if (raw.includes('<')) fail('< in an attribute');
      el.attrs[key] = decode(raw);
      i = end + 1;
    }
    for (;;) {
      const lt = doc.indexOf('<', i);
      if (lt < 0) fail(`</${el.name}> expected`);
      el.text += decode(doc.slice(i, lt));
      i = lt;
      if (doc.startsWith('</', i)) {
        i += 2;
        if (name() !== el.name) fail(`</${el.name}> expected`);
        skipSpace();
        if (doc[i] !== '>') fail('> expected');
        i++;
        return el;
      }
      el.children.push(element());
    }
  };
  if (doc.startsWith('<?xml')) {
    i = doc.indexOf('?>');
    if (i < 0) fail('unterminated prolog');
    i += 2;
  }
  skipSpace();
  const root = element();
  skipSpace();
  if (i !== doc.length) fail('text after the root element');
  return root;
}

/**
 * The element a JSON value stands for under the API's rule (src/subsonic/serialise.ts):
 * texts, numbers and booleans are attributes (`value` is the text), objects are child
 * elements, lists are repeated elements.
 */
export function elementOfJson(name: string, value: unknown): XmlElement[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap((v) => elementOfJson(name, v));
  if (typeof value !== 'object') return [{ name, attrs: {}, text: String(value), children: [] }];
  const el: XmlElement = { name, attrs: {}, text: '', children: [] };
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (k === 'value' && typeof v !== 'object') el.text = String(v);
    else if (v !== null && typeof v !== 'object') el.attrs[k] = String(v);
    else el.children.push(...elementOfJson(k, v));
  }
  return [el];
}
