import { requireUser } from "@/server/auth/session";

/** Every studio page needs a signed-in person; others are sent to sign-in. */
export default async function StudioLayout({ children }: { children: React.ReactNode }) {
  await requireUser("/workspaces");
  return children;
}
