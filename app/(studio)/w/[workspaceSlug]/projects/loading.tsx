import { PageSkeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return (
    <PageSkeleton
      label="Loading projects"
      titleWidth="w-48"
      leadWidth="w-80"
      grid="grid gap-5 sm:grid-cols-2 xl:grid-cols-3"
      tiles={6}
      tile="aspect-[4/3] w-full rounded-xl"
    />
  );
}
