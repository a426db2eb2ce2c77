import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Atrium", template: "%s · Atrium" },
  description: "Virtual staging, renders and listing media for real-estate brokerages.",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
