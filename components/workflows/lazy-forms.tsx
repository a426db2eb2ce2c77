"use client";
import dynamic from "next/dynamic";

/**
 * The project page's workflow forms other than Stage, each in its own chunk: a tab's
 * form loads when the tab is first opened (Tabs renders only opened panels), so the
 * page's first load carries the Stage form alone. With `?tab=` in the URL the server
 * renders that form and the browser fetches its chunk before hydrating. A run's card
 * (with every workflow's result view) is its own chunk too: a new project has none, so
 * opening it right after "Create project" evaluates none of that code.
 */
const loading = () => <div aria-hidden="true" className="h-48 w-full animate-pulse rounded-lg bg-stone-100" />;

export const ListingBatchForm = dynamic(() => import("@/components/batches/listing-batch-form").then((m) => m.ListingBatchForm), {
  loading,
});
export const MultiviewForm = dynamic(() => import("./multiview-form").then((m) => m.MultiviewForm), { loading });
export const InpaintForm = dynamic(() => import("./inpaint-form").then((m) => m.InpaintForm), { loading });
export const VideoForm = dynamic(() => import("./video-form").then((m) => m.VideoForm), { loading });
export const DescriptionForm = dynamic(() => import("./description-form").then((m) => m.DescriptionForm), { loading });
export const GenerationCard = dynamic(() => import("./generation-card").then((m) => m.GenerationCard), { loading });
