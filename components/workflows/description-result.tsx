import { CopyButton } from "./copy-button";
import { PendingTile } from "./pending-tile";
import type { GenerationView } from "./types";

interface Analysis {
  index: number;
  width: number;
  height: number;
  orientation: string;
  brightness: number;
  dominant_colors: string[];
  room_type: string | null;
  features: string[];
}

/** The listing copy with a copy button, and what the service saw in each photo. */
export function DescriptionResult({ generation }: { generation: GenerationView }) {
  if (generation.status === "running") return <PendingTile label="Reading the photos and writing…" />;
  const description = typeof generation.result?.description === "string" ? generation.result.description : null;
  if (!description) return null;
  const analysis = (generation.result?.imageAnalysis ?? []) as Analysis[];
  return (
    <div className="space-y-4">
      <div className="rounded-lg bg-stone-50 p-4 ring-1 ring-stone-200">
        <p className="whitespace-pre-line text-sm leading-relaxed text-stone-800">{description}</p>
        <div className="mt-3">
          <CopyButton text={description} label="Copy description" />
        </div>
      </div>
      <details className="group">
        <summary className="cursor-pointer text-sm font-medium text-accent-700">Image analysis ({analysis.length} photos)</summary>
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">What the service found in each photo</caption>
          <thead className="text-xs uppercase text-stone-600">
            <tr>
              <th scope="col" className="py-1 pr-3">Photo</th>
              <th scope="col" className="py-1 pr-3">Room</th>
              <th scope="col" className="py-1 pr-3">Size</th>
              <th scope="col" className="py-1 pr-3">Colors</th>
              <th scope="col" className="py-1">Features</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {analysis.map((item) => (
              <tr key={item.index}>
                <td className="py-1.5 pr-3">{item.index + 1}</td>
                <td className="py-1.5 pr-3">{item.room_type?.replace(/_/g, " ") ?? "—"}</td>
                <td className="py-1.5 pr-3 tabular-nums">
                  {item.width}×{item.height} · {item.orientation}
                </td>
                <td className="py-1.5 pr-3">
                  <span className="flex gap-1">
                    {item.dominant_colors.slice(0, 5).map((color) => (
                      <span key={color} title={color} className="size-4 rounded ring-1 ring-stone-300" style={{ backgroundColor: color }}>
                        <span className="sr-only">{color}</span>
                      </span>
                    ))}
                  </span>
                </td>
                <td className="py-1.5">{item.features.join(", ") || "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
