import { Badge } from "@/components/ui/badge";
import { Time } from "./time";

export interface EndpointView {
  id: string;
  url: string;
  description: string;
  eventTypes: string[];
  createdBy: string;
  /** Who answers for it when not its maker: the owner it was handed to, or who turned it back on. */
  heldBy: string | null;
  createdAt: Date;
  previousSecretExpiresAt: Date | null;
  failingSince: Date | null;
  disabledAt: Date | null;
  disabledReason: string | null;
}

/** Enabled, failing (since when) or disabled, in one badge. */
export function EndpointStatus({ endpoint }: { endpoint: EndpointView }) {
  if (endpoint.disabledAt) return <Badge tone="danger">Disabled</Badge>;
  if (endpoint.failingSince) {
    return (
      <Badge tone="warning">
        Failing since&nbsp;
        <Time date={endpoint.failingSince} />
      </Badge>
    );
  }
  return <Badge tone="success">Enabled</Badge>;
}
