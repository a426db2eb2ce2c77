import type { OutputView } from "./types";

const score = (value: number) => value.toFixed(2);

/** The quality gate's verdict on a sibling view, with each measure against its threshold. */
export function GateVerdict({ view }: { view: OutputView }) {
  if (view.position === 0 || !view.gate) return null;
  const scores = view.gateScores;
  const passed = view.gate === "passed";
  return (
    <div
      className={
        passed ? "rounded-lg bg-emerald-50 px-3 py-2 text-xs text-emerald-900" : "rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-950"
      }
    >
      <p className="font-semibold">{passed ? "Quality gate passed" : "Quality gate: held back"}</p>
      {scores ? (
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
          {scores.style !== null ? (
            <>
              <dt>Style match with the anchor</dt>
              <dd className="tabular-nums">
                {score(scores.style)} <span className="opacity-80">(passes at {score(scores.thresholds.style)})</span>
              </dd>
            </>
          ) : null}
          {scores.structure !== null ? (
            <>
              <dt>Room structure kept</dt>
              <dd className="tabular-nums">
                {score(scores.structure)} <span className="opacity-80">(passes at {score(scores.thresholds.structure)})</span>
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {!passed ? (
        <p className="mt-1">
          {view.url ? "The earlier image that passed is kept. " : ""}
          The new image did not match the anchor closely enough to be used. Redo the view for another variation.
        </p>
      ) : null}
    </div>
  );
}
