/**
 * A one-line prompt (search, sleep time). The App owns the text and feeds it keys from
 * its own input handler (subscribed since start, so the first key typed right after the
 * prompt opens is never lost): `editPrompt` applies one key.
 */
import React from 'react';
import { Box, Text, type Key } from 'ink';

/** What a key does to the prompt text: the new text, 'submit' or 'cancel'. */
export function editPrompt(text: string, input: string, key: Key): string | 'submit' | 'cancel' {
  if (key.return) return 'submit';
  if (key.escape) return 'cancel';
  if (key.backspace || key.delete) return text.slice(0, -1);
  if (key.ctrl && input === 'u') return '';
  if (key.ctrl || key.meta || key.upArrow || key.downArrow || key.leftArrow || key.rightArrow || key.tab) return text;
  return text + input.replace(/[\r\n]/g, '');
}

export function Prompt({ label, value, width }: { label: string; value: string; width: number }): React.ReactElement {
  return (
    <Box width={width}>
      <Text color="cyan">{label}</Text>
      <Box flexShrink={1}><Text wrap="truncate-start">{value}</Text></Box>
      <Text inverse> </Text>
    </Box>
  );
}
