import "server-only";
import type { z } from "zod";
import { AppError } from "@/server/errors";

export interface FieldProblem {
  field: string;
  message: string;
  /** For an enumerated field: the accepted API values (D14), e.g. `color_change`. */
  accepted?: string[];
}

/** Parses input with a schema; a violation becomes 400 invalid_request naming each bad field. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    throw new AppError("invalid_request", "The request body must be a JSON object.");
  }
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const details: FieldProblem[] = parsed.error.issues.map((issue) => {
    const accepted = acceptedValues(issue);
    return { field: issue.path.map(String).join(".") || "(body)", message: issue.message, ...(accepted ? { accepted } : {}) };
  });
  const fields = [...new Set(details.map((d) => d.field))].join(", ");
  throw new AppError("invalid_request", `Invalid fields: ${fields}.`, { details });
}

/** z.enum issues carry their values; our catalogue refinements put theirs in `params.accepted`. */
function acceptedValues(issue: z.core.$ZodIssue): string[] | undefined {
  if (issue.code === "invalid_value") return issue.values.filter((value): value is string => typeof value === "string");
  if (issue.code === "custom" && Array.isArray(issue.params?.accepted)) return issue.params.accepted as string[];
  return undefined;
}
