import "server-only";
import { z } from "zod";
import { DISCLOSURE_LABELS } from "@/shared/disclosure";

/**
 * Fields every image result carries beside `provider` (D14): whether the output is only
 * a style preview (made without a generative model) and the disclosure to publish it
 * with. Both derive from shared/disclosure.ts.
 */
export const DisclosureFieldsSchema = z.object({
  preview: z.boolean().meta({
    description:
      "true when the output was made without a generative model (provider `local`): a style preview, never to be presented as virtual staging.",
  }),
  disclosure: z
    .enum(Object.values(DISCLOSURE_LABELS) as [string, ...string[]])
    .nullable()
    .meta({ description: "The label to publish the output with (MLS rules), or null when nothing was altered." }),
});

/** Legacy GET /jobs/{jobSource} keeps its body; these headers name the provider of a finished group (D14). */
export const PROVIDER_HEADERS = { provider: "Atrium-Provider", preview: "Atrium-Preview", disclosure: "Atrium-Disclosure" } as const;
