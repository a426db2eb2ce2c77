import { Skeleton } from "@/components/ui/skeleton";

/** A project page while it loads (a new project opens here): its title, facts and photo area, not the projects grid. */
export default function Loading() {
  return (
    <div role="status" aria-label="Loading the project">
      <Skeleton className="mb-4 h-4 w-20" />
      <Skeleton className="mb-2 h-8 w-72 max-w-full" />
      <Skeleton className="mb-8 h-4 w-56 max-w-full" />
      <Skeleton className="mb-4 h-6 w-24" />
      <Skeleton className="h-40 w-full rounded-xl" />
    </div>
  );
}
