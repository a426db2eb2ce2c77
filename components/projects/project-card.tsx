import { ImageIcon } from "lucide-react";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { PROPERTY_TYPE_LABELS, type ListingStatus, type ListingType, type PropertyType } from "@/shared/vocabulary";
import { formatPrice, formatRooms, LISTING_STATUS_LABELS, STATUS_TONES } from "./format";

export interface ProjectCardData {
  id: string;
  address: string;
  propertyType: PropertyType;
  listingStatus: ListingStatus;
  listingType: ListingType;
  price: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  photoCount: number;
  coverUrl: string | null;
}

/** A property in the projects grid: cover photo, address, status and key facts. */
export function ProjectCard({ project, href }: { project: ProjectCardData; href: string }) {
  const facts = [PROPERTY_TYPE_LABELS[project.propertyType], formatRooms(project.bedrooms, project.bathrooms)].filter(Boolean).join(" · ");
  return (
    <Link
      href={href}
      className="group flex flex-col overflow-hidden rounded-xl bg-white shadow-card ring-1 ring-stone-200 transition hover:-translate-y-0.5 hover:shadow-pop"
    >
      <div className="relative aspect-[4/3] bg-stone-100">
        {project.coverUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- signed storage URLs, not optimisable
          <img src={project.coverUrl} alt="" className="size-full object-cover" loading="lazy" />
        ) : (
          <div className="flex size-full items-center justify-center text-stone-500">
            <ImageIcon className="size-8" aria-hidden="true" />
          </div>
        )}
        <Badge tone={STATUS_TONES[project.listingStatus]} className="absolute left-3 top-3 shadow-sm">
          {LISTING_STATUS_LABELS[project.listingStatus]}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h2 className="line-clamp-2 font-semibold text-stone-900 group-hover:text-accent-700">{project.address}</h2>
        <p className="text-sm text-stone-600">{facts}</p>
        <div className="mt-auto flex items-center justify-between pt-3 text-sm">
          <span className="font-semibold text-stone-900">{formatPrice(project.price, project.listingType) ?? "No price yet"}</span>
          <span className="text-stone-600">
            {project.photoCount} {project.photoCount === 1 ? "photo" : "photos"}
          </span>
        </div>
      </div>
    </Link>
  );
}
