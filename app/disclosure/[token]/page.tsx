import type { Metadata } from "next";
import { AlteredImagePair } from "@/components/share/altered-image-pair";
import { PublicListingFrame } from "@/components/share/public-listing-frame";
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
    <PublicListingFrame brokerage={page.brokerage} disclosed="Altered image disclosed">
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
        <div className="space-y-1">
          <h1 className="text-xl font-semibold text-stone-900">{page.address}</h1>
          <p className="max-w-3xl text-sm text-stone-700">
            This listing photo was altered. Here it is beside the unaltered original, with a label saying what was done.
          </p>
        </div>
        <AlteredImagePair item={page.item} name={page.item.label} />
      </main>
    </PublicListingFrame>
  );
}
