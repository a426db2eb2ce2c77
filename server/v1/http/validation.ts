import type { z } from "zod";
import { AppError } from "@/server/errors";

export interface FieldProblem {
  field: string;
  message: string;
}

/** Parses input with a schema; a violation becomes 400 invalid_request naming each bad field. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    throw new AppError("invalid_request", "The request body must be a JSON object.");
  }
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const details: FieldProblem[] = parsed.error.issues.map((issue) => ({
    field: issue.path.map(String).join(".") || "(body)",
    message: issue.message,
  }));
  const fields = [...new Set(details.map((d) => d.field))].join(", ");
  throw new AppError("invalid_request", `Invalid fields: ${fields}.`, { details });
}
