"use client";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/** Signs out and opens sign-in (`signInHref`: the invited address filled in, coming back to the invitation). */
export function SwitchAccountButton({ signInHref }: { signInHref: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      size="lg"
      className="w-full"
      loading={busy}
      onClick={() => {
        setBusy(true);
        void signOut({ callbackUrl: signInHref });
      }}
    >
      Sign in with the invited address
    </Button>
  );
}
