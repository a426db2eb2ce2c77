import { LISTING_STATUS_LABELS, LISTING_TYPE_LABELS, type ListingStatus } from "@/shared/vocabulary";
import type { BadgeTone } from "@/components/ui/badge";

export function formatPrice(price: number | null, listingType: "sale" | "rent"): string | null {
  if (price === null) return null;
  const amount = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(price);
  return listingType === "rent" ? `${amount}/mo` : amount;
}

export function formatRooms(bedrooms: number | null, bathrooms: number | null): string | null {
  const parts = [bedrooms !== null ? `${bedrooms} bd` : null, bathrooms !== null ? `${bathrooms} ba` : null].filter(Boolean);
  return parts.length ? parts.join(" · ") : null;
}

export const STATUS_TONES: Record<ListingStatus, BadgeTone> = {
  draft: "neutral",
  coming_soon: "info",
  active: "success",
  pending: "warning",
  sold: "accent",
  off_market: "neutral",
};

export { LISTING_STATUS_LABELS, LISTING_TYPE_LABELS };
