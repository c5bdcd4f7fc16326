/** The virtualised list: a frame renders only the rows that fit, the cursor always among them. */
import { Text } from 'ink';
import { afterEach, describe, expect, it } from 'vitest';
import { List, windowStart } from '../../src/tui/components/list.js';
import { renderTerminal, type Terminal } from './render.js';

let term: Terminal | null = null;
afterEach(() => { term?.unmount(); term = null; });

describe('List', () => {
  it('renders 10 of 100,000 rows around the cursor', async () => {
    const items = Array.from({ length: 100_000 }, (_, i) => i);
    const rendered: number[] = [];
    term = renderTerminal(
      <List items={items} cursor={54_321} height={10} rowKey={(i) => i} renderRow={(i) => { rendered.push(i); return <Text>{`row ${i}`}</Text>; }} />,
      40, 12,
    );
    const frame = await term.waitFor('row 54321');
    expect(frame.split('\n').filter((l) => l.includes('row '))).toHaveLength(10);
    expect(frame).toContain('› row 54321');
    expect(new Set(rendered).size).toBe(10);
  });

  it('keeps the window inside the list', () => {
    expect(windowStart(5, 4, 10)).toBe(0);
    expect(windowStart(100, 0, 10)).toBe(0);
    expect(windowStart(100, 50, 10)).toBe(45);
    expect(windowStart(100, 99, 10)).toBe(90);
  });
});
