/** Professional: third person, measured, factual sentences of agency copy. */
import "server-only";
import { at, intent, priceWords, withArticle, type Phrasebook } from "./phrasebook";

export const professional: Phrasebook = {
  opening: [
    (f) =>
      `This ${f.propertyType}${at(f)}${intent(f) ? `, offered ${intent(f)},` : ""} is presented through a clear and well-composed set of photographs.`,
    (f) =>
      `This ${f.propertyType}${at(f)} is ${intent(f) ? `now offered ${intent(f)}` : "presented here"} for anyone who values a practical, well-documented listing.`,
    (f) =>
      `Presenting ${withArticle(f.propertyType)}${at(f)}${intent(f) ? `, available ${intent(f)}` : ""}, with the key spaces shown in the accompanying photographs.`,
  ],
  price: [
    (f) => `The property is listed with ${priceWords(f)}.`,
    (f) => `It is offered at ${priceWords(f)}, with further details available on request.`,
  ],
  status: [(f) => `Current listing status: ${f.status}.`, (f) => `The listing is currently ${f.status}.`],
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
    (colors) => `The color scheme is defined by ${colors}, a neutral base that suits a wide range of furnishings.`,
    (colors) => `Finishes in the photographs lean toward ${colors}, giving the interior a coherent look.`,
  ],
  rooms: [
    (rooms) => `The photographs cover the ${rooms}.`,
    (rooms) => `Spaces shown include the ${rooms}, giving a useful overview of the layout.`,
  ],
  features: [
    (features) => `Features visible in the photographs include ${features}.`,
    (features) => `Notable details shown in the images are ${features}.`,
  ],
  roomDetail: [(room, features) => `The ${room} includes ${features}.`, (room, features) => `Fittings in the ${room} include ${features}.`],
  closing: {
    sale: [
      () => "Contact us to schedule a showing or to discuss an offer.",
      () => "Showings are strictly by appointment; please contact us to book.",
    ],
    rent: [
      () => "Contact us to schedule a showing or to begin an application.",
      () => "Showings are by appointment; please contact us to book.",
    ],
    any: [() => "Contact us for further details or to schedule a showing.", () => "Please get in touch to schedule a showing."],
    closed: [
      () => "Please contact us to hear about similar properties as they come to market.",
      () => "Contact us to register for comparable listings.",
    ],
  },
};
