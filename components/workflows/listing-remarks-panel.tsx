"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useWorkspace } from "@/components/shell/workspace-context";
import { errorMessage, useTRPC } from "@/components/trpc/client";
import { Panel, Skeleton } from "@/components/ui";
import { COPY_LANGUAGES, type CopyLanguage } from "@/shared/vocabulary";
import { CopyButton } from "./copy-button";
import { useGenerations } from "./use-generations";

const LANGUAGE_NAMES: Record<CopyLanguage, string> = {
  en: "English",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
  it: "Italiano",
  pt: "Português",
  nl: "Nederlands",
};

/**
 * The listing-ready disclosure text of the project: the MLS remark line and the note
 * each altered photo's description carries (photos numbered as on the published listing
 * page, which the remark names by version; the draft's while nothing is published),
 * each copied with one click, in the listing's language (the latest description's,
 * until chosen here).
 */
export function ListingRemarksPanel({ projectId }: { projectId: string }) {
  const trpc = useTRPC();
  const workspace = useWorkspace();
  const queryClient = useQueryClient();
  const [language, setLanguage] = useState<CopyLanguage | null>(null);
  const input = { workspaceId: workspace.id, projectId };
  const remarks = useQuery(trpc.compliance.listingRemarks.queryOptions({ ...input, language }));
  // Read again whenever a result finishes or the share link changes: they decide the wording.
  const generations = useGenerations(projectId);
  const link = useQuery(trpc.exports.shareLink.queryOptions(input));
  const listing = useQuery(trpc.listings.show.queryOptions(input));
  const unpublished = listing.data?.version ? listing.data.changes.count : 0;
  const finished =
    generations.data
      ?.filter((g) => g.status !== "running")
      .map((g) => g.id)
      .join(",") ?? "";
  const linkPath = link.data?.path ?? null;
  const remarksKey = trpc.compliance.listingRemarks.queryKey();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: remarksKey });
  }, [finished, linkPath, queryClient]);
  const data = remarks.data;
  const which = data
    ? data.version
      ? (data.versionStamp ?? `Version ${data.version.number}`)
      : "Draft preview: the listing page is not published, so its numbers may still change."
    : null;
  const photoNotes = data?.photoSuffixes.map((p) => `${p.photo}${p.suffix}`).join("\n") ?? "";

  return (
    <Panel
      title="Listing remarks"
      description="The remark line and photo notes MLS rules ask for when listing photos were staged or altered, worded from what was done to each photo on the listing page."
    >
      <div className="space-y-4" data-testid="listing-remarks">
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor="remark-language" className="text-sm font-medium text-stone-800">
            Listing language
          </label>
          <select
            id="remark-language"
            value={data?.language ?? language ?? "en"}
            onChange={(e) => setLanguage(COPY_LANGUAGES.find((code) => code === e.target.value) ?? null)}
            className="h-8 rounded-lg bg-white px-2 text-sm ring-1 ring-stone-300"
          >
            {COPY_LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </select>
        </div>
        {which ? (
          <p className="text-sm text-stone-600" data-testid="remark-version">
            {which}
            {unpublished
              ? ` The ${unpublished === 1 ? "unpublished change is" : `${unpublished} unpublished changes are`} not in it until published.`
              : null}
          </p>
        ) : null}
        {remarks.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : remarks.isError ? (
          <p className="text-sm text-red-700">{errorMessage(remarks.error)}</p>
        ) : !data?.remark ? (
          <p className="text-sm text-stone-600">
            No staged or altered result is on the listing page, so the listing needs no remark. The remark numbers photos as the listing
            page does.
          </p>
        ) : (
          <>
            <figure className="space-y-2">
              <figcaption className="text-sm font-medium text-stone-800">Remark line</figcaption>
              <p
                className="rounded-lg bg-stone-50 p-3 text-sm text-stone-800 ring-1 ring-stone-200 [overflow-wrap:anywhere]"
                data-testid="remark-line"
                lang={data.language}
              >
                {data.remark}
              </p>
              <CopyButton text={data.remark} label="Copy remark" />
            </figure>
            <figure className="space-y-2">
              <figcaption className="text-sm font-medium text-stone-800">Add to each photo&apos;s description</figcaption>
              <ul className="space-y-1 text-sm text-stone-700" lang={data.language}>
                {data.photoSuffixes.map((p) => (
                  <li key={p.number}>
                    <span className="font-medium">{p.photo}</span>
                    {p.suffix}
                  </li>
                ))}
              </ul>
              <CopyButton text={photoNotes} label="Copy photo notes" />
            </figure>
            {data.originalLinkMissing ? (
              <p className="text-sm text-amber-800" role="note">
                Your MLS rules ask for a link to the unaltered originals: publish the listing page and the remark line will include it.
              </p>
            ) : null}
          </>
        )}
      </div>
    </Panel>
  );
}
