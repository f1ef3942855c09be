import { Fragment, type ReactNode } from 'react';

/** A copy template with each `{name}` replaced by a node (e.g. visitor text inside `<bdi>`); unknown names stay. */
export default function Template({ text, values }: { text: string; values: Record<string, ReactNode> }) {
  const parts = text.split(/(\{\w+\})/);
  return (
    <>
      {parts.map((part, index) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        return <Fragment key={index}>{name !== undefined && name in values ? values[name] : part}</Fragment>;
      })}
    </>
  );
}
