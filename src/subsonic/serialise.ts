/**
 * The two forms of a Subsonic answer (README.md "Answers"): one tree of plain values,
 * written as JSON (`{"subsonic-response": {...}}`) or as XML in the namespace
 * http://subsonic.org/restapi. The XML rule for the fixed shapes of this API: in an
 * object, a text, number or boolean is an attribute, except the key `value`, which is the
 * element's text (a genre's name, a lyric line); an object is a child element named by
 * its key; a list is one child element per item, named by the key (a list of numbers or
 * texts gives elements holding the value as text). Absent (undefined or null) values are
 * left out of both forms.
 */

/** A value of an answer tree. */
export type SubsonicValue = string | number | boolean | null | undefined | SubsonicNode | readonly SubsonicValue[];
/** An object of an answer tree: an element in XML. */
export interface SubsonicNode { readonly [key: string]: SubsonicValue }

/** Characters XML 1.0 does not allow at all (C0 controls but tab, newline and return; unpaired surrogates; U+FFFE/U+FFFF). */
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;', '\n': '&#10;', '\r': '&#13;', '\t': '&#9;' };

/** A value as XML text: escaped, forbidden characters dropped; `attribute` also escapes line breaks and tabs. */
function xmlText(value: string | number | boolean, attribute: boolean): string {
  const text = String(value).replace(FORBIDDEN, '');
  return text.replace(attribute ? /[&<>"'\n\r\t]/g : /[&<>]/g, (c) => ESCAPES[c]!);
}

const isPlain = (v: SubsonicValue): v is string | number | boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** One element `name` for `value` (an object, or a text/number/boolean held as text). */
function element(name: string, value: SubsonicValue, attributes = ''): string {
  if (value === null || value === undefined) return '';
  if (isPlain(value)) return `<${name}${attributes}>${xmlText(value, false)}</${name}>`;
  if (Array.isArray(value)) return value.map((item) => element(name, item)).join('');
  let attrs = attributes;
  let text = '';
  let children = '';
  for (const [key, v] of Object.entries(value as SubsonicNode)) {
    if (v === null || v === undefined) continue;
    if (key === 'value' && isPlain(v)) text = xmlText(v, false);
    else if (isPlain(v)) attrs += ` ${key}="${xmlText(v, true)}"`;
    else children += element(key, v);
  }
  return text || children ? `<${name}${attrs}>${text}${children}</${name}>` : `<${name}${attrs}/>`;
}

/** The answer tree as an XML document: root element `root` with `namespace` as its default namespace. */
export function toXml(root: string, namespace: string, node: SubsonicNode): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element(root, node, ` xmlns="${xmlText(namespace, true)}"`)}`;
}

/**
 * The answer tree as JSON text, `{root: node}`, absent values left out. JSON.stringify
 * leaves out undefined by itself; nulls need a replacer, which makes it about twice as
 * slow (0.24 against 0.13 ms for search3's 29 KB answer, bench/README.md, catalogue), so it
 * is used only when the plain text holds "null" (a null, or those letters in some text).
 */
export function toJson(root: string, node: SubsonicNode): string {
  const tree = { [root]: node };
  const text = JSON.stringify(tree);
  return text.includes('null') ? JSON.stringify(tree, (_key, v: unknown) => (v === null ? undefined : v)) : text;
}
