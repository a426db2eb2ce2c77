/** Options of a select over a word list (shared/vocabulary.ts), each typed by its word. */
import { idLabel } from "@/shared/vocabulary";

export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
}

/** The words as options, labelled from `labels` or else by the word itself ("living_room" → "Living room"). */
export function optionsOf<W extends string>(words: readonly W[], labels?: Readonly<Record<W, string>>): SelectOption<W>[] {
  return words.map((word) => ({ value: word, label: labels?.[word] ?? idLabel(word) }));
}

/** A label table's words as options, in the table's order. */
export function optionsFrom<W extends string>(labels: Readonly<Record<W, string>>): SelectOption<W>[] {
  return optionsOf(Object.keys(labels) as W[], labels);
}

/** The word of `words` a form field holds, or `fallback` when it holds none of them. */
export function wordOf<W extends string>(words: readonly W[], value: FormDataEntryValue | null, fallback: W): W {
  return words.find((word) => word === value) ?? fallback;
}
