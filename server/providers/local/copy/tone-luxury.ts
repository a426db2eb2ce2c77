/** Luxury: refined, unhurried sentences with elevated vocabulary and a discreet close. */
import "server-only";
import { at, intent, priceWords, type Phrasebook } from "./phrasebook";

export const luxury: Phrasebook = {
  opening: [
    (f) =>
      `An exceptional ${f.propertyType}${at(f)}${intent(f) ? `, now offered ${intent(f)}` : ""}, presented with the quiet confidence of a truly considered residence.`,
    (f) =>
      `Discreetly presented${intent(f) ? ` ${intent(f)}` : ""}, this distinguished ${f.propertyType}${at(f)} offers an elegant setting for the discerning buyer.`,
    (f) =>
      `Refined, composed and thoughtfully presented, this ${f.propertyType}${at(f)}${intent(f) ? ` is offered ${intent(f)} and` : ""} invites an unhurried appreciation.`,
  ],
  price: [
    (f) => `The residence is offered at ${priceWords(f)}.`,
    (f) => `Guided by ${priceWords(f)}, it represents a rare opportunity of its kind.`,
  ],
  status: [(f) => `The residence is currently ${f.status}.`, (f) => `Please note that this residence is ${f.status}.`],
  light: {
    bright: [
      () => "Generous natural light graces every photographed room, lending the interiors a luminous, gallery-like serenity.",
      () => "Bright, naturally lit rooms unfold throughout the collection, each one poised and serene.",
    ],
    balanced: [
      () => "A softly balanced light lends the interiors a composed and timeless elegance.",
      () => "The photographs reveal interiors in measured, harmonious light, a setting of calm sophistication.",
    ],
    dim: [
      () => "Captured in an intimate, low-lit ambience, the interiors convey a sense of depth, privacy and evening repose.",
      () => "Subdued, atmospheric light gives the rooms a moody elegance, reminiscent of a private members' lounge.",
    ],
  },
  palette: [
    (colors) => `A curated palette of ${colors} speaks of a restrained, sophisticated sensibility.`,
    (colors) => `The interiors are composed in ${colors}, an understated backdrop for fine furnishings and art.`,
  ],
  rooms: [
    (rooms) => `The collection of photographs encompasses the ${rooms}, each space rendered with care.`,
    (rooms) => `Spanning the ${rooms}, the photographed spaces reveal a residence of considered proportions.`,
  ],
  features: [
    (features) => `Distinguishing details captured in the photographs include ${features}.`,
    (features) => `Among the refinements on view are ${features}.`,
  ],
  roomDetail: [
    (room, features) => `The ${room} is distinguished by the ${features}.`,
    (room, features) => `Within the ${room}, note the ${features}.`,
  ],
  closing: {
    sale: [
      () => "Private showings are available strictly by appointment through our office.",
      () => "To arrange a discreet private showing, please contact our office.",
    ],
    rent: [
      () => "Private showings for prospective residents are available strictly by appointment.",
      () => "To arrange a private showing, please contact our office.",
    ],
    any: [() => "Private showings are available strictly by appointment.", () => "Please contact our office to arrange a private showing."],
    closed: [
      () => "Please contact our office to be informed, in confidence, of comparable residences.",
      () => "Our office will gladly advise you, in confidence, on similar residences.",
    ],
  },
};
