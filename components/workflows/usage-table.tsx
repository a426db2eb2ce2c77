/** One breakdown of the month's usage (by project, member or operation) as a table. */
export function UsageTable({
  caption,
  nameHeader,
  rows,
}: {
  caption: string;
  nameHeader: string;
  rows: { key: string; name: string; credits: number; units: number }[];
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left text-sm font-semibold text-stone-900">{caption}</caption>
        <thead className="border-b border-stone-200 text-xs uppercase tracking-wide text-stone-600">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              {nameHeader}
            </th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">
              Credits
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Requests
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={3} className="py-3 text-stone-600">
                Nothing this month.
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="py-2 pr-4 font-normal text-stone-800">
                  {row.name}
                </th>
                <td className="py-2 pr-4 text-right tabular-nums">{row.credits.toLocaleString("en-US")}</td>
                <td className="py-2 text-right tabular-nums">{row.units.toLocaleString("en-US")}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
