/**
 * Listing-ready disclosure text, from which photos of a project were staged or altered:
 * the MLS remark line and the suffix each altered photo's description carries, in the
 * listing's language. Labels come from shared/disclosure.ts (one vocabulary); this module
 * only words them for a listing. Pure: the studio's server and its copy buttons use it.
 */
import { DISCLOSURE_LABELS, type DisclosureLabel } from "./disclosure";
import { mlsRuleSet } from "./mls-rules";
import { COPY_LANGUAGES, type CopyLanguage } from "./vocabulary";

type LabelKey = keyof typeof DISCLOSURE_LABELS;

interface Wording {
  labels: Record<LabelKey, string>;
  photo: string;
  photos: string;
  and: string;
  /** The remark's first sentence when a photo was virtually staged or rendered. */
  lead: string;
  /** …and when none was, only altered (removals, recoloring, style previews): never "staged" for those. */
  leadAltered: string;
  originals: string;
  /** "Version 3, published 6 Dec 2026": which published version of the listing page the text came from. */
  version: (number: number, date: string) => string;
  /** The locale dates are written in. */
  locale: string;
}

const WORDING: Record<CopyLanguage, Wording> = {
  en: {
    labels: {
      virtuallyStaged: "virtually staged",
      virtuallyRendered: "virtually rendered from a sketch",
      stylePreview: "style preview (colors only, not staged)",
      itemsRemoved: "digitally altered: items removed",
      itemsReplaced: "digitally altered: items replaced",
      wallsRecolored: "digitally altered: walls recolored",
      upscaled: "digitally enhanced: upscaled",
      aiVideo: "AI-generated video",
    },
    photo: "Photo",
    photos: "Photos",
    and: "and",
    lead: "Some listing photos are virtually staged or digitally altered.",
    leadAltered: "Some listing photos are digitally altered.",
    originals: "Unaltered originals:",
    version: (n, date) => `Version ${n}, published ${date}`,
    locale: "en-GB",
  },
  es: {
    labels: {
      virtuallyStaged: "amueblada virtualmente",
      virtuallyRendered: "renderizada virtualmente a partir de un boceto",
      stylePreview: "vista previa de estilo (solo colores, sin amueblar)",
      itemsRemoved: "alterada digitalmente: objetos eliminados",
      itemsReplaced: "alterada digitalmente: objetos sustituidos",
      wallsRecolored: "alterada digitalmente: paredes recoloreadas",
      upscaled: "mejorada digitalmente: resolución aumentada",
      aiVideo: "vídeo generado por IA",
    },
    photo: "Foto",
    photos: "Fotos",
    and: "y",
    lead: "Algunas fotos del anuncio están amuebladas virtualmente o alteradas digitalmente.",
    leadAltered: "Algunas fotos del anuncio están alteradas digitalmente.",
    originals: "Originales sin alterar:",
    version: (n, date) => `Versión ${n}, publicada el ${date}`,
    locale: "es",
  },
  fr: {
    labels: {
      virtuallyStaged: "meublée virtuellement",
      virtuallyRendered: "rendu virtuel à partir d'un croquis",
      stylePreview: "aperçu de style (couleurs seulement, non meublée)",
      itemsRemoved: "modifiée numériquement : objets retirés",
      itemsReplaced: "modifiée numériquement : objets remplacés",
      wallsRecolored: "modifiée numériquement : murs recolorés",
      upscaled: "améliorée numériquement : résolution augmentée",
      aiVideo: "vidéo générée par IA",
    },
    photo: "Photo",
    photos: "Photos",
    and: "et",
    lead: "Certaines photos de l'annonce sont meublées virtuellement ou modifiées numériquement.",
    leadAltered: "Certaines photos de l'annonce sont modifiées numériquement.",
    originals: "Originaux non modifiés :",
    version: (n, date) => `Version ${n}, publiée le ${date}`,
    locale: "fr",
  },
  de: {
    labels: {
      virtuallyStaged: "virtuell eingerichtet",
      virtuallyRendered: "virtuell aus einer Skizze gerendert",
      stylePreview: "Stilvorschau (nur Farben, nicht eingerichtet)",
      itemsRemoved: "digital bearbeitet: Gegenstände entfernt",
      itemsReplaced: "digital bearbeitet: Gegenstände ersetzt",
      wallsRecolored: "digital bearbeitet: Wandfarbe geändert",
      upscaled: "digital verbessert: Auflösung erhöht",
      aiVideo: "KI-generiertes Video",
    },
    photo: "Foto",
    photos: "Fotos",
    and: "und",
    lead: "Einige Fotos dieses Angebots sind virtuell eingerichtet oder digital bearbeitet.",
    leadAltered: "Einige Fotos dieses Angebots sind digital bearbeitet.",
    originals: "Unbearbeitete Originale:",
    version: (n, date) => `Version ${n}, veröffentlicht am ${date}`,
    locale: "de",
  },
  it: {
    labels: {
      virtuallyStaged: "arredata virtualmente",
      virtuallyRendered: "resa virtualmente da uno schizzo",
      stylePreview: "anteprima di stile (solo colori, non arredata)",
      itemsRemoved: "modificata digitalmente: oggetti rimossi",
      itemsReplaced: "modificata digitalmente: oggetti sostituiti",
      wallsRecolored: "modificata digitalmente: pareti ricolorate",
      upscaled: "migliorata digitalmente: risoluzione aumentata",
      aiVideo: "video generato dall'IA",
    },
    photo: "Foto",
    photos: "Foto",
    and: "e",
    lead: "Alcune foto dell'annuncio sono arredate virtualmente o modificate digitalmente.",
    leadAltered: "Alcune foto dell'annuncio sono modificate digitalmente.",
    originals: "Originali non modificati:",
    version: (n, date) => `Versione ${n}, pubblicata il ${date}`,
    locale: "it",
  },
  pt: {
    labels: {
      virtuallyStaged: "mobiliada virtualmente",
      virtuallyRendered: "renderizada virtualmente a partir de um esboço",
      stylePreview: "pré-visualização de estilo (só cores, sem mobília)",
      itemsRemoved: "alterada digitalmente: objetos removidos",
      itemsReplaced: "alterada digitalmente: objetos substituídos",
      wallsRecolored: "alterada digitalmente: paredes recoloridas",
      upscaled: "melhorada digitalmente: resolução aumentada",
      aiVideo: "vídeo gerado por IA",
    },
    photo: "Foto",
    photos: "Fotos",
    and: "e",
    lead: "Algumas fotos do anúncio estão mobiliadas virtualmente ou alteradas digitalmente.",
    leadAltered: "Algumas fotos do anúncio estão alteradas digitalmente.",
    originals: "Originais sem alterações:",
    version: (n, date) => `Versão ${n}, publicada em ${date}`,
    locale: "pt",
  },
  nl: {
    labels: {
      virtuallyStaged: "virtueel ingericht",
      virtuallyRendered: "virtueel gerenderd vanuit een schets",
      stylePreview: "stijlvoorbeeld (alleen kleuren, niet ingericht)",
      itemsRemoved: "digitaal bewerkt: voorwerpen verwijderd",
      itemsReplaced: "digitaal bewerkt: voorwerpen vervangen",
      wallsRecolored: "digitaal bewerkt: muren van kleur veranderd",
      upscaled: "digitaal verbeterd: resolutie verhoogd",
      aiVideo: "door AI gegenereerde video",
    },
    photo: "Foto",
    photos: "Foto's",
    and: "en",
    lead: "Sommige foto's van deze woning zijn virtueel ingericht of digitaal bewerkt.",
    leadAltered: "Sommige foto's van deze woning zijn digitaal bewerkt.",
    originals: "Onbewerkte originelen:",
    version: (n, date) => `Versie ${n}, gepubliceerd op ${date}`,
    locale: "nl",
  },
};

export function remarkLanguage(language: string | null | undefined): CopyLanguage {
  const base = (language ?? "en").toLowerCase().split("-")[0];
  return (COPY_LANGUAGES as readonly string[]).includes(base) ? (base as CopyLanguage) : "en";
}

function labelKey(label: DisclosureLabel): LabelKey {
  return (Object.keys(DISCLOSURE_LABELS) as LabelKey[]).find((key) => DISCLOSURE_LABELS[key] === label)!;
}

/** One photo of the project (numbered as listed) and the disclosure labels of what was made from it. */
export interface PhotoAlterations {
  number: number;
  labels: DisclosureLabel[];
}

/** A published version of the listing page, as the remark and the zip name it. */
export interface PublishedVersion {
  number: number;
  publishedAt: Date;
}

/** "Version 3, published 6 Dec 2026" in the listing's language (dates in UTC, as stored). */
export function versionStamp(version: PublishedVersion, language?: string | null): string {
  const wording = WORDING[remarkLanguage(language)];
  const date = new Intl.DateTimeFormat(wording.locale, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
    version.publishedAt,
  );
  return wording.version(version.number, date);
}

export interface ListingRemarks {
  language: CopyLanguage;
  /** The MLS remark line; null when no photo was altered. */
  remark: string | null;
  /** Per altered photo, its name ("Photo 2", in the language) and the text to append to its description, e.g. " (Virtually staged)". */
  photoSuffixes: { number: number; photo: string; suffix: string }[];
  /** The rule set asks for a link to the originals and the project has no share link yet. */
  originalLinkMissing: boolean;
  /** Which published version the text came from (null: the team's draft, never published as such). */
  versionStamp: string | null;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function numbers(list: number[], wording: Wording): string {
  const word = list.length === 1 ? wording.photo : wording.photos;
  const body = list.length === 1 ? String(list[0]) : `${list.slice(0, -1).join(", ")} ${wording.and} ${list[list.length - 1]}`;
  return `${word} ${body}`;
}

export function listingRemarks(input: {
  photos: PhotoAlterations[];
  language?: string | null;
  ruleSetId?: string | null;
  shareUrl?: string | null;
  version?: PublishedVersion | null;
}): ListingRemarks {
  const language = remarkLanguage(input.language);
  const wording = WORDING[language];
  const rules = mlsRuleSet(input.ruleSetId);
  const altered = input.photos.filter((p) => p.labels.length > 0).sort((a, b) => a.number - b.number);
  const wordsOf = (labels: DisclosureLabel[]) => [...new Set(labels.map((label) => wording.labels[labelKey(label)]))].join("; ");
  const photoSuffixes = altered.map((p) => ({
    number: p.number,
    photo: `${wording.photo} ${p.number}`,
    suffix: ` (${capitalised(wordsOf(p.labels))})`,
  }));
  const stamp = input.version ? versionStamp(input.version, language) : null;
  if (altered.length === 0) return { language, remark: null, photoSuffixes, originalLinkMissing: false, versionStamp: stamp };

  // Photos with the same wording are listed together: "Photos 2 and 5: virtually staged."
  const groups = new Map<string, number[]>();
  for (const p of altered) groups.set(wordsOf(p.labels), [...(groups.get(wordsOf(p.labels)) ?? []), p.number]);
  const sentences = [...groups].map(([words, list]) => `${numbers(list, wording)}: ${words}.`);
  const link = input.shareUrl ? ` ${wording.originals} ${input.shareUrl}` : "";
  const staged = altered.some((p) =>
    p.labels.some((label) => label === DISCLOSURE_LABELS.virtuallyStaged || label === DISCLOSURE_LABELS.virtuallyRendered),
  );
  const lead = staged ? wording.lead : wording.leadAltered;
  // The stamp tells whoever pastes the remark which page it numbers; the page shows its own.
  const stamped = stamp ? ` (${stamp})` : "";
  return {
    language,
    remark: `${lead} ${sentences.join(" ")}${link}${stamped}`,
    photoSuffixes,
    originalLinkMissing: rules.originalLinkRequired && !input.shareUrl,
    versionStamp: stamp,
  };
}
