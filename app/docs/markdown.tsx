/**
 * Renders the little markdown the OpenAPI descriptions use: `## headings`, pipe tables,
 * `-` lists, `code` and **bold**. Anything else is plain text (React escapes it).
 */
import type { ReactNode } from "react";

export function Inline({ text }: { text: string }) {
  const parts = text.split(/(`[^`]+`|\*\*[^*]+\*\*)/g).filter(Boolean);
  return (
    <>
      {parts.map((part, i) =>
        part.startsWith("`") ? (
          <code key={i} className="rounded bg-stone-100 px-1 py-0.5 font-mono text-[0.85em] text-stone-800">
            {part.slice(1, -1)}
          </code>
        ) : part.startsWith("**") ? (
          <strong key={i}>{part.slice(2, -2)}</strong>
        ) : (
          part
        ),
      )}
    </>
  );
}

const cells = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, "")
    .split("|")
    .map((cell) => cell.trim());

function Table({ rows }: { rows: string[] }) {
  const [head, , ...body] = rows;
  return (
    // Focusable so keyboard users can scroll a wide table on a phone.
    <div className="my-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Table">
      <table className="w-full border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-stone-300">
            {cells(head).map((cell, i) => (
              <th key={i} className="py-1.5 pr-4 font-semibold">
                <Inline text={cell} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {body.map((row, r) => (
            <tr key={r} className="border-b border-stone-200 align-top">
              {cells(row).map((cell, i) => (
                <td key={i} className="py-1.5 pr-4">
                  <Inline text={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Blocks are separated by blank lines; a block of `|` lines is a table. */
export function Markdown({ text }: { text: string }) {
  const blocks: ReactNode[] = [];
  text.split(/\n{2,}/).forEach((block, i) => {
    const lines = block.split("\n");
    if (lines[0].startsWith("## ")) {
      blocks.push(
        <h3 key={`h${i}`} className="mt-6 text-lg font-semibold text-stone-900">
          {lines[0].slice(3)}
        </h3>,
      );
      lines.shift();
    }
    if (lines.length === 0) return;
    if (lines.every((line) => line.trim().startsWith("|"))) blocks.push(<Table key={i} rows={lines} />);
    else if (lines.every((line) => /^(\d+\.|-) /.test(line)))
      blocks.push(
        <ul key={i} className="my-2 list-disc space-y-1 pl-6 text-stone-700">
          {lines.map((line, n) => (
            <li key={n}>
              <Inline text={line.replace(/^(\d+\.|-) /, "")} />
            </li>
          ))}
        </ul>,
      );
    else
      blocks.push(
        <p key={i} className="my-2 leading-relaxed text-stone-700">
          <Inline text={lines.join(" ")} />
        </p>,
      );
  });
  return <>{blocks}</>;
}
