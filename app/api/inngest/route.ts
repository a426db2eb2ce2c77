import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
// Steps may run for minutes (providers, video); the platform default would cut them off.
export const maxDuration = 300;

export const { GET, POST, PUT } = serve({ client: inngest, functions });
