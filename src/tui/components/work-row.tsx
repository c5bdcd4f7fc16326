/** One work in a list: code, title (cut by display width), rating, release. */
import React from 'react';
import { Box, Text } from 'ink';
import stringWidth from 'string-width';
import { formatWorkCode, type Work } from '../../model/index.js';
import { cutToWidth } from '../text-width.js';

export function WorkRow({ work, selected, width, extra }: { work: Work; selected: boolean; width: number; extra?: string }): React.ReactElement {
  const code = formatWorkCode(work.id, work.code_prefix ?? 'RJ');
  const showRelease = width >= 64 && extra === undefined;
  const right = extra ?? (work.rate_average_2dp ? `★${work.rate_average_2dp.toFixed(1)}` : '');
  const rightWidth = extra ? Math.floor(width * 0.45) : stringWidth(right);
  const titleWidth = width - code.length - 1 - (right ? rightWidth + 1 : 0) - (showRelease ? 11 : 0);
  return (
    <Box width={width}>
      <Box width={code.length + 1} flexShrink={0}><Text inverse={selected}>{code} </Text></Box>
      <Box flexGrow={1} flexShrink={1}><Text inverse={selected}>{cutToWidth(work.title, titleWidth)}</Text></Box>
      {right ? (
        <Box flexShrink={0} marginLeft={1} width={extra ? Math.floor(width * 0.45) : undefined}>
          <Text dimColor={!selected} inverse={selected}>{cutToWidth(right, rightWidth)}</Text>
        </Box>
      ) : null}
      {showRelease ? <Box width={11} flexShrink={0} justifyContent="flex-end"><Text dimColor>{work.release ?? ''}</Text></Box> : null}
    </Box>
  );
}
