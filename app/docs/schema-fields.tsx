/**
 * A JSON Schema object of the OpenAPI document as a table of fields, nested objects
 * flattened to dotted names, so a reader sees every request field with its rules.
 */
import { Inline } from "./markdown";

export type Schema = {
  [key: string]: unknown;
  $ref?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
};
export type Resolve = (schema: Schema) => Schema;

export function refName(schema: Schema): string | null {
  const ref = schema.$ref ?? schema.anyOf?.find((option) => option.$ref)?.$ref;
  return ref ? ref.split("/").pop()! : null;
}

function typeLabel(schema: Schema, resolve: Resolve): string {
  const resolved = resolve(schema);
  if (resolved.anyOf) return resolved.anyOf.map((option) => refName(option) ?? typeLabel(option, resolve)).join(" | ");
  const type = Array.isArray(resolved.type) ? resolved.type.join(" | ") : String(resolved.type ?? "any");
  if (resolved.type === "array" && resolved.items) return `array of ${typeLabel(resolved.items, resolve)}`;
  return type;
}

function rules(schema: Schema): string {
  const notes: string[] = [];
  if (Array.isArray(schema.enum)) notes.push(`one of ${schema.enum.map((v) => `\`${String(v)}\``).join(", ")}`);
  if (schema.format === "uri") notes.push("an http(s) URL");
  else if (typeof schema.format === "string") notes.push(`format ${schema.format}`);
  if (schema.default !== undefined) notes.push(`default \`${JSON.stringify(schema.default)}\``);
  if (schema.minimum !== undefined) notes.push(`min ${String(schema.minimum)}`);
  if (schema.maximum !== undefined) notes.push(`max ${String(schema.maximum)}`);
  if (schema.minItems !== undefined || schema.maxItems !== undefined)
    notes.push(`${String(schema.minItems ?? 0)} to ${String(schema.maxItems ?? "∞")} items`);
  if (schema.maxLength !== undefined) notes.push(`at most ${String(schema.maxLength)} characters`);
  if (typeof schema.description === "string") notes.push(schema.description);
  return notes.join("; ");
}

function rows(schema: Schema, resolve: Resolve, prefix = ""): { name: string; type: string; required: boolean; rules: string }[] {
  const object = resolve(schema);
  return Object.entries(object.properties ?? {}).flatMap(([key, property]) => {
    const name = prefix + key;
    const resolved = resolve(property);
    const row = { name, type: typeLabel(property, resolve), required: object.required?.includes(key) ?? false, rules: rules(resolved) };
    return resolved.properties && !property.$ref ? [row, ...rows(resolved, resolve, `${name}.`)] : [row];
  });
}

export function SchemaFields({ schema, resolve }: { schema: Schema; resolve: Resolve }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Fields">
      <table className="w-full border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-stone-300 text-stone-600">
            <th className="py-1.5 pr-4 font-medium">Field</th>
            <th className="py-1.5 pr-4 font-medium">Type</th>
            <th className="py-1.5 font-medium">Rules</th>
          </tr>
        </thead>
        <tbody>
          {rows(schema, resolve).map((row) => (
            <tr key={row.name} className="border-b border-stone-200 align-top">
              <td className="py-1.5 pr-4 font-mono text-[0.85em] whitespace-nowrap">
                {row.name}
                {row.required ? (
                  <span className="ml-1 text-red-700" title="required">
                    *
                  </span>
                ) : null}
              </td>
              <td className="py-1.5 pr-4 whitespace-nowrap text-stone-600">{row.type}</td>
              <td className="py-1.5 text-stone-700">
                <Inline text={row.rules} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
