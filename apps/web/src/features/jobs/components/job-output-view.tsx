import { Box, ScrollArea, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type OutputChunk, outputRuns } from '../job-output.ts';

/** Scrolled to the end as output arrives, unless the reader scrolled up to read. */
const useFollowEnd = (length: number) => {
  const viewport = useRef<HTMLDivElement>(null);
  const isAtEnd = useRef(true);
  useEffect(() => {
    const element = viewport.current;
    if (element && isAtEnd.current && length > 0) element.scrollTop = element.scrollHeight;
  }, [length]);
  const onScroll = () => {
    const element = viewport.current;
    if (element) isAtEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight < 24;
  };
  return { viewport, onScroll };
};

/**
 * A job's output as plain text (never HTML): stdout in the terminal's colour, stderr in red. What
 * the device wrote is shown exactly, including markup.
 */
export const JobOutputView = ({ chunks, emptyText }: { chunks: OutputChunk[]; emptyText: string }) => {
  const { t } = useTranslation();
  const text = chunks.reduce((length, chunk) => length + chunk.data.length, 0);
  const { viewport, onScroll } = useFollowEnd(text);
  return (
    <ScrollArea.Autosize
      mah={420}
      viewportRef={viewport}
      onScrollPositionChange={onScroll}
      bg="dark.8"
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <Box
        component="pre"
        role="log"
        aria-label={t('jobs.run.output')}
        m={0}
        p="sm"
        c="gray.2"
        ff="monospace"
        fz="xs"
        mih={64}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {chunks.length === 0 ? (
          <Text span c="dimmed" fz="xs" ff="monospace">
            {emptyText}
          </Text>
        ) : (
          outputRuns(chunks).map((run) => (
            <Text
              key={run.firstSeq}
              span
              inherit
              c={run.stream === 'stderr' ? 'red.4' : undefined}
              data-stream={run.stream}
            >
              {run.text}
            </Text>
          ))
        )}
      </Box>
    </ScrollArea.Autosize>
  );
};
