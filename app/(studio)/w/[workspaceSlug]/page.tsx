import { redirect } from "next/navigation";

export default async function WorkspaceHome({ params }: { params: Promise<{ workspaceSlug: string }> }) {
  redirect(`/w/${(await params).workspaceSlug}/projects`);
}
