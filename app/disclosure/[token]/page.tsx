import { ShieldCheck } from "lucide-react";
import type { Metadata } from "next";
import { AlteredImagePair } from "@/components/share/altered-image-pair";
import { BrokerageMark } from "@/components/share/brokerage-mark";
import { orNotFound, serverApi } from "@/server/trpc/server-caller";

type Params = Promise<{ token: string }>;

// Links to images are signed per request.
export const dynamic = "force-dynamic";

async function load(params: Params) {
  const { token } = await params;
  return orNotFound((await serverApi()).exports.imagePage({ token }));
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const page = await load(params);
  return { title: `${page.item.label} · ${page.address}`, robots: { index: false, follow: false } };
}

/**
 * The page a labelled download's QR code opens: that one altered image beside its
 * unaltered original, with the label of what was done (California AB 723: the unaltered
 * image one scan away). Nothing else of the listing is shown. A deleted result is the 404.
 */
export default async function ImageDisclosurePage({ params }: { params: Params }) {
  const page = await load(params);
  return (
    <div className="min-h-dvh bg-stone-50">
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-4 sm:px-6">
          <BrokerageMark name={page.brokerage} />
          <span className="inline-flex items-center gap-1.5 text-sm text-stone-600">
            <ShieldCheck className="size-4 text-accent-700" aria-hidden="true" />
            Altered image disclosed
          </span>
        </div>
      </header>
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
        <div className="space-y-1">
          <h1 className="text-xl font-semibold text-stone-900">{page.address}</h1>
          <p className="max-w-3xl text-sm text-stone-700">This listing photo was altered. Here it is beside the unaltered original, with a label saying what was done.</p>
        </div>
        <AlteredImagePair item={page.item} name={page.item.label} />
      </main>
      <footer className="border-t border-stone-200 bg-white">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-stone-600 sm:px-6">Published by {page.brokerage} with Atrium.</p>
      </footer>
    </div>
  );
}
