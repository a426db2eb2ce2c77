"use client";
import type { ReactNode } from "react";
import { TRPCReactProvider } from "./trpc/client";
import { ToastProvider } from "./ui/toast";

/** Client-side providers for the whole app, mounted once in app/layout.tsx. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <TRPCReactProvider>
      <ToastProvider>{children}</ToastProvider>
    </TRPCReactProvider>
  );
}
