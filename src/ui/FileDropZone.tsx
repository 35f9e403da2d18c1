import { Card, type MantineSpacing } from '@mantine/core';
import { type ReactNode, useState } from 'react';

/**
 * A dashed card a file can be dropped on (its children carry the file button and what was chosen): the
 * staff preview and the back office's plan import. Answers the first file dropped.
 */
export function FileDropZone(props: {
  onFile(file: File | null): void;
  padding: MantineSpacing;
  testId: string;
  children: ReactNode;
}) {
  const [dragging, setDragging] = useState(false);
  return (
    <Card
      withBorder
      padding={props.padding}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        props.onFile(e.dataTransfer.files[0] ?? null);
      }}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        background: dragging ? 'var(--mantine-color-violet-0)' : undefined,
      }}
      data-testid={props.testId}
    >
      {props.children}
    </Card>
  );
}
