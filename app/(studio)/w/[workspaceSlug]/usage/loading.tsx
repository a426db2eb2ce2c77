import { PageSkeleton, Skeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return (
    <PageSkeleton
      label="Loading usage"
      titleWidth="w-32"
      leadWidth="w-96"
      grid="grid gap-4 lg:grid-cols-3"
      tiles={3}
      tile="h-28 w-full rounded-xl"
    >
      <Skeleton className="mt-6 h-80 w-full rounded-xl" />
    </PageSkeleton>
  );
}
