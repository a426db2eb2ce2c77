import { CenteredPage } from "@/components/shell/centered-page";

export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <CenteredPage>
      <div className="w-full max-w-md">{children}</div>
    </CenteredPage>
  );
}
