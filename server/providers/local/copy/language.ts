/**
 * The local writer composes English only. Machine-assembling grammatical copy in other
 * languages (gender, agreement, word order) from phrase fragments would read worse than
 * honest English, so for any other BCP 47 tag it writes English and opens with a one-line
 * note saying so — in the requested language where one is known, else in English.
 */

const ENGLISH_ONLY_NOTES: Record<string, string> = {
  es: "Nota: esta descripción está en inglés; el redactor local solo escribe en inglés.",
  fr: "Remarque : cette description est rédigée en anglais ; le rédacteur local n'écrit qu'en anglais.",
  de: "Hinweis: Diese Beschreibung ist auf Englisch verfasst; der lokale Texter schreibt nur Englisch.",
  it: "Nota: questa descrizione è in inglese; il redattore locale scrive solo in inglese.",
  pt: "Nota: esta descrição está em inglês; o redator local escreve apenas em inglês.",
  nl: "Let op: deze beschrijving is in het Engels; de lokale schrijver schrijft alleen Engels.",
};

/** The primary language subtag of a BCP 47 tag, lower-cased: "pt-BR" → "pt". */
export function primaryLanguage(tag: string): string {
  return tag.trim().split(/[-_]/)[0].toLowerCase();
}

/** null for English; otherwise the note that precedes the English text. */
export function englishOnlyNote(tag: string): string | null {
  const language = primaryLanguage(tag);
  if (language === "en" || language === "") return null;
  // The tag is echoed only when it looks like one, so the note never carries arbitrary input.
  const named = /^[a-z]{2,8}(-[a-z0-9]{1,8})*$/i.test(tag.trim()) ? `"${tag.trim()}"` : "this language";
  return ENGLISH_ONLY_NOTES[language] ?? `Note: this description is in English; the local writer does not write ${named}.`;
}
