/**
 * The whole listing in one download, as the public page shows it (its published version;
 * the team's draft while nothing is published): the results in the page's order, named by
 * the shared numbering (`photo-01-virtually-staged.jpg`, as the remark and the page say
 * "Photo 1"), altered images labelled with a QR code to their own disclosure page, the
 * MLS remark text, and a manifest of what was altered and how (disclosure, edit,
 * provider, change map). The zip's name, the remark and the manifest say which version
 * it holds (`…-listing-v3.zip`, "Version 3, published 6 Dec 2026"), or that it is a
 * draft. Streamed: each file is made when the zip reaches it.
 */
import "server-only";
import type { Readable } from "node:stream";
import { AppError } from "@/server/errors";
import { fileSlug } from "@/shared/listing-numbering";
import type { StudioContext } from "../context";
import { generationEdit } from "../generations/output-disclosure";
import { changeMapOf } from "../exports/change-map-of";
import { disclosedFile } from "../exports/labelled-copy";
import { showListingRemarks } from "../exports/show-listing-remarks";
import { zipStream, type ZipEntry } from "../exports/zip-stream";
import { getProject } from "../projects/get-project";
import type { ListingEntry } from "./load-listing";
import { shownListing } from "./published-listing";

export interface ManifestEntry {
  file: string;
  name: string;
  caption: string | null;
  label: string | null;
  disclosure: string | null;
  edit: string | null;
  provider: string | null;
  made: string;
  disclosurePage: string | null;
  changes: { summary: string; changedPercent: number; regions: string[] } | null;
}

export async function listingZip(
  ctx: StudioContext,
  input: { workspaceId: string; projectId: string; userId: string },
): Promise<{ fileName: string; stream: Readable }> {
  const project = await getProject(ctx, input);
  const { version, entries: listing } = await shownListing(ctx, input);
  if (listing.length === 0) {
    throw new AppError(
      "conflict",
      version
        ? `Version ${version.number} of the listing page shows no results: the zip holds what the page shows.`
        : "Nothing is picked for the listing page yet: the zip holds what the page shows.",
    );
  }
  const remarks = await showListingRemarks(ctx, input);
  const manifest: ManifestEntry[] = [];
  const files: ZipEntry[] = listing.map((entry) => {
    const name = fileName(entry);
    return {
      name,
      bytes: async () => {
        const { bytes, pageUrl } = await disclosedFile(ctx, input, entry.output, entry.medium === "photo" ? entry.disclosure.label : null);
        const changes = entry.medium === "photo" ? await changeMapOf(ctx.storage, { generation: entry, output: entry.output }) : null;
        manifest.push({
          file: name,
          name: entry.name,
          caption: entry.caption,
          label: entry.disclosure.label,
          disclosure: entry.disclosure.remark,
          edit: generationEdit(entry),
          provider: entry.output.provider,
          made: entry.output.updatedAt.toISOString(),
          disclosurePage: pageUrl,
          changes: changes ? { summary: changes.summary, changedPercent: changes.changedPercent, regions: changes.regions } : null,
        });
        return bytes;
      },
    };
  });
  const remarkText = [
    remarks.remark ?? `No photo on the listing page is staged or altered.${remarks.versionStamp ? ` (${remarks.versionStamp})` : ""}`,
    "",
    ...remarks.photoSuffixes.map((p) => `${p.photo}${p.suffix}`),
    ...(version ? [] : ["", DRAFT_NOTE]),
  ].join("\n");
  // Last: by then every file above was written and has its line.
  const extra: ZipEntry[] = [
    { name: "mls-remark.txt", compress: true, bytes: async () => Buffer.from(`${remarkText.trim()}\n`) },
    {
      name: "manifest.json",
      compress: true,
      bytes: async () =>
        Buffer.from(
          JSON.stringify(
            {
              address: project.address,
              listingPage: remarks.shareUrl,
              version: version
                ? { number: version.number, publishedAt: version.publishedAt.toISOString(), stamp: remarks.versionStamp }
                : null,
              ...(version ? {} : { draft: DRAFT_NOTE }),
              files: manifest,
            },
            null,
            2,
          ),
        ),
    },
  ];
  const which = version ? `v${version.number}` : "draft";
  return { fileName: `${fileSlug(project.address) || "listing"}-listing-${which}.zip`, stream: zipStream([...files, ...extra]) };
}

const DRAFT_NOTE = "Draft: the listing page is not published. Its photos and numbers may change before it is.";

/** `photo-01-virtually-staged.jpg`, `photo-02.jpg` (not altered), `video-01.mp4`. */
export function fileName(entry: ListingEntry): string {
  const labelled = entry.medium === "photo" && entry.disclosure.label && entry.output.sourceKey;
  const extension = labelled ? "jpg" : (entry.output.storageKey.split(".").pop() ?? "bin");
  return `${entry.fileStem}${labelled ? `-${fileSlug(entry.disclosure.label!)}` : ""}.${extension}`;
}
