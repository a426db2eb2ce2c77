/**
 * fast-check arbitraries of hostile requests, derived from the zod schemas that
 * validate them: z.toJSONSchema gives each route's fields, types and bounds; a
 * plausible body is built from that, then broken — a field of the wrong type, a
 * missing required field, huge numbers, odd unicode, deep nesting, unknown and
 * prototype keys. URLs are only ever addresses the fetcher must refuse (private,
 * loopback, metadata, other schemes), so no hostile request can be accepted.
 */
import fc from "fast-check";
import { z } from "zod";

type JsonSchema = {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  examples?: unknown[];
  example?: unknown;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

/** Every one of these must be refused by the SSRF guard or the schema, never fetched. */
export const UNREACHABLE_URLS = [
  "http://10.0.0.1/room.jpg",
  "http://127.0.0.1:9/room.jpg",
  "http://localhost/room.jpg",
  "http://169.254.169.254/latest/meta-data/",
  "http://[::1]/room.jpg",
  "http://[::ffff:127.0.0.1]/room.jpg",
  "http://0x7f000001/room.jpg",
  "http://192.168.1.1/room.jpg",
  "https://0.0.0.0/room.jpg",
  "ftp://example.com/room.jpg",
  "file:///etc/passwd",
  "javascript:alert(1)",
  "data:image/png;base64,AAAA",
  "http://",
  "//example.com/x.jpg",
];

const hugeNumbers = fc.constantFrom(
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  1e21,
  5e-324,
  -0,
  0.1 + 0.2,
  2 ** 31,
  -(2 ** 31) - 1,
);

const oddStrings = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }), // lone surrogates, control characters
  fc.string({ unit: "grapheme", maxLength: 40 }), // emoji and combining sequences
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "\u202e",
    "𝓁𝒾𝓋𝒾𝓃𝑔 𝓇𝑜𝑜𝓂",
    "ＬＩＶＩＮＧ　ＲＯＯＭ",
    "../../etc/passwd",
    "' or 1=1 --",
    "<script>alert(1)</script>",
    "%00",
    "\\u0000",
    "NaN",
    "Infinity",
    "__proto__",
  ),
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => "x".repeat(n)),
);

/** Any JSON value, biased to what breaks parsers and validators. */
export const wildValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: oddStrings },
  { weight: 2, arbitrary: hugeNumbers },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, 0, -1) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.integer({ min: 50, max: 400 }).map(nestedArray) },
  { weight: 1, arbitrary: fc.constantFrom(...UNREACHABLE_URLS) },
);

function nestedArray(depth: number): unknown {
  let value: unknown = "deep";
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** The route's JSON schema, with its top-level $ref resolved. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const doc = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return resolve(doc, doc);
}

function resolve(node: JsonSchema, doc: JsonSchema): JsonSchema {
  if (!node.$ref) return node;
  return doc.$defs![node.$ref.replace("#/$defs/", "")];
}

/** A value that fits the field's declared type, mostly plausible, sometimes at or past its bounds. */
export function plausibleValue(node: JsonSchema): fc.Arbitrary<unknown> {
  if (node.const !== undefined) return fc.oneof({ weight: 3, arbitrary: fc.constant(node.const) }, { weight: 1, arbitrary: hugeNumbers });
  if (node.enum) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...node.enum) }, { weight: 1, arbitrary: oddStrings });
  switch (node.type) {
    case "string": {
      if (node.format === "uri") return fc.constantFrom(...UNREACHABLE_URLS);
      const examples = [node.example, ...(node.examples ?? [])].filter((e) => typeof e === "string") as string[];
      const pool: fc.Arbitrary<string>[] = [
        fc.string({ unit: "grapheme", maxLength: node.maxLength ? Math.min(node.maxLength + 5, 120) : 30 }),
      ];
      if (examples.length) pool.push(fc.constantFrom(...examples));
      return fc.oneof(...pool);
    }
    case "number":
    case "integer": {
      const min = node.minimum ?? -1e6;
      const max = node.maximum ?? 1e6;
      const inside =
        node.type === "integer"
          ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, 2 ** 31 - 1)) })
          : fc.double({ min, max, noNaN: true });
      return fc.oneof({ weight: 3, arbitrary: inside }, { weight: 1, arbitrary: fc.constantFrom(min - 0.01, max + 0.01, min, max) });
    }
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(node.items ? plausibleValue(node.items) : wildValue, { maxLength: 25 });
    case "object":
      return plausibleObject(node);
    default:
      return wildValue;
  }
}

function plausibleObject(node: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = node.properties ?? {};
  const required = new Set(node.required ?? []);
  const entries = Object.entries(properties).map(([name, field]) =>
    required.has(name)
      ? plausibleValue(field).map((v) => [name, v] as const)
      : fc.option(plausibleValue(field), { nil: undefined }).map((v) => [name, v] as const),
  );
  return fc.tuple(...entries).map((pairs) => Object.fromEntries(pairs.filter(([, v]) => v !== undefined)));
}

/** A plausible body, then 1 to 3 breakages: wrong-typed, missing, or extra fields. */
export function hostileObject(node: JsonSchema): fc.Arbitrary<unknown> {
  const fields = Object.keys(node.properties ?? {});
  const breakage = fc.oneof(
    fc.record({ kind: fc.constant("replace" as const), field: fc.constantFrom(...fields), value: wildValue }),
    fc.record({ kind: fc.constant("delete" as const), field: fc.constantFrom(...fields) }),
    fc.record({
      kind: fc.constant("extra" as const),
      field: fc.constantFrom("__proto__", "constructor", "prototype", "x", "🦄", ""),
      value: wildValue,
    }),
    fc.record({ kind: fc.constant("nested" as const), field: fc.constantFrom(...fields) }),
  );
  return fc.tuple(plausibleObject(node), fc.array(breakage, { minLength: 0, maxLength: 3 })).map(([body, breakages]) => {
    const out: Record<string, unknown> = { ...body };
    for (const b of breakages) {
      if (b.kind === "delete") delete out[b.field];
      else if (b.kind === "nested") out[b.field] = { [b.field]: out[b.field] };
      else Object.defineProperty(out, b.field, { value: b.value, enumerable: true, configurable: true, writable: true });
    }
    return out;
  });
}
