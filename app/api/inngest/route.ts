import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions";

// Steps may run for minutes (providers, video); the platform default would cut them off.
export const maxDuration = 300;

export const { GET, POST, PUT } = serve({ client: inngest, functions });
