/** Professional: third person, measured, factual sentences of agency copy. */
import { COLOR_PHRASES } from "./color-names";
import { at, intent, photoCountWords, priceWords, roomOf, withArticle, type Phrasebook } from "./phrasebook";

const lightWords = { bright: "well lit", balanced: "evenly lit", dim: "in low, subdued light" } as const;

export const professional: Phrasebook = {
  opening: [
    (f) => `This ${f.propertyType}${at(f)}${intent(f) ? `, offered ${intent(f)},` : ""} is presented through a clear and well-composed set of photographs.`,
    (f) => `This ${f.propertyType}${at(f)} is ${intent(f) ? `now offered ${intent(f)}` : "presented here"} for anyone who values a practical, well-documented listing.`,
    (f) => `Presenting ${withArticle(f.propertyType)}${at(f)}${intent(f) ? `, available ${intent(f)}` : ""}, with the key spaces shown in the accompanying photographs.`,
  ],
  price: [
    (f) => `The property is listed with ${priceWords(f)}.`,
    (f) => `It is offered at ${priceWords(f)}, with further details available on request.`,
  ],
  status: [
    (f) => `Current listing status: ${f.status}.`,
    (f) => `The listing is currently ${f.status}.`,
  ],
  light: {
    bright: [
      () => "The photographs show bright, naturally lit rooms with an open, orderly feel.",
      () => "Good natural light is evident throughout the photographs, giving the rooms a clean and open appearance.",
    ],
    balanced: [
      () => "The rooms appear evenly lit in the photographs, with a balanced and comfortable atmosphere.",
      () => "Light in the photographs is even and moderate, presenting the rooms in a neutral, true-to-life way.",
    ],
    dim: [
      () => "The photographs were taken in subdued light, giving the rooms a calm, low-key character.",
      () => "The images show the rooms in soft, low light, which lends them a quiet and understated mood.",
    ],
  },
  palette: [
    (colors) => `The colour scheme is defined by ${colors}, a neutral base that suits a wide range of furnishings.`,
    (colors) => `Finishes in the photographs lean towards ${colors}, giving the interior a coherent look.`,
  ],
  rooms: [
    (rooms) => `The photographs cover the ${rooms}.`,
    (rooms) => `Spaces shown include the ${rooms}, giving a useful overview of the layout.`,
  ],
  features: [
    (features) => `Features visible in the photographs include ${features}.`,
    (features) => `Notable details shown in the images are ${features}.`,
  ],
  photoSet: [
    (f) => `The listing includes ${photoCountWords(f)}${f.orientation === "landscape" ? ", mostly wide landscape shots that show each room in context" : f.orientation === "portrait" ? ", mostly portrait shots focused on individual details" : " in a mix of wide and detailed framings"}.`,
    (f) => `This listing is accompanied by ${photoCountWords(f)}, documenting the property as it currently stands.`,
  ],
  photo: [
    (p) => `Photo ${p.number} shows ${roomOf(p)} ${lightWords[p.light]}, with ${p.colors.map((c) => COLOR_PHRASES[c]).slice(0, 2).join(" and ")}.`,
    (p) => `In photo ${p.number}, ${roomOf(p)} is pictured ${lightWords[p.light]}, its palette dominated by ${COLOR_PHRASES[p.colors[0]]}.`,
  ],
  extras: [
    (f) => `The ${f.propertyType} will suit buyers looking for a straightforward, well-presented option.`,
    () => "Each space is presented plainly, so prospective occupants can judge proportions and finishes for themselves.",
    () => "The layout shown lends itself to a range of furnishing approaches, from minimal to more traditional.",
    () => "Measurements, floor plans and any further documentation can be provided on request.",
    () => "We recommend reviewing the full photo set in sequence to gain a sense of how the rooms relate to one another.",
    () => "An in-person viewing is the best way to appreciate the proportions and the finish of each room.",
    () => "Our team is happy to answer questions about the property, the building and the surrounding area.",
    () => "Viewings can be arranged at short notice, including outside standard office hours where possible.",
    () => "All information is provided in good faith and should be confirmed during a viewing.",
    () => "Prospective occupants are encouraged to register their interest early to secure a preferred viewing time.",
  ],
  closing: {
    sale: [() => "Contact us to arrange a viewing or to discuss an offer.", () => "Viewings are strictly by appointment; please contact us to book."],
    rent: [() => "Contact us to arrange a viewing or to begin an application.", () => "Viewings are by appointment; please contact us to book."],
    any: [() => "Contact us for further details or to arrange a viewing.", () => "Please get in touch to book a viewing."],
    closed: [() => "Please contact us to hear about similar properties as they come to market.", () => "Contact us to register for comparable listings."],
  },
};
