/** Warm: second person, homely and inviting, longer flowing sentences. */
import "server-only";
import { at, intent, priceWords, withArticle, type Phrasebook } from "./phrasebook";

export const warm: Phrasebook = {
  opening: [
    (f) =>
      `Welcome to this inviting ${f.propertyType}${at(f)}${intent(f) ? `, ${intent(f)} now` : ""}, a place you could easily picture yourself coming home to.`,
    (f) =>
      `Imagine settling into ${withArticle(f.propertyType)}${at(f)}${intent(f) ? ` that is ${intent(f)}` : ""}, where every room shown feels ready to welcome you.`,
    (f) =>
      `If you have been looking for ${withArticle(f.propertyType)} with real warmth, this one${at(f)}${intent(f) ? `, ${intent(f)},` : ""} deserves a closer look.`,
  ],
  price: [
    (f) => `It comes with ${priceWords(f)}, and we would love to talk it through with you.`,
    (f) => `You can make it yours with ${priceWords(f)}.`,
  ],
  status: [(f) => `Good to know: the listing is ${f.status}.`, (f) => `Right now the listing is ${f.status}, so do get in touch early.`],
  light: {
    bright: [
      () => "Sunlight fills the rooms in these photos, so mornings here promise to feel bright and easy.",
      () => "You will notice how bright, naturally lit rooms greet you in photo after photo.",
    ],
    balanced: [
      () => "The rooms are softly and evenly lit, the kind of light that makes a space feel calm and lived-in.",
      () => "Gentle, balanced light runs through the photos, giving every room a relaxed, comfortable feel.",
    ],
    dim: [
      () => "The photos capture the rooms in soft, low light, which gives them a snug, cocooning feel for quiet evenings.",
      () => "Low, gentle light in these photos shows how cozy the rooms can feel once the day winds down.",
    ],
  },
  palette: [
    (colors) => `You will find ${colors} throughout, a palette that feels welcoming from the moment you step inside.`,
    (colors) => `Touches of ${colors} give the rooms a homely, lived-in character that is easy to make your own.`,
  ],
  rooms: [
    (rooms) => `The photos take you through the ${rooms}, so you can start imagining daily life here.`,
    (rooms) => `Picture yourself moving between the ${rooms}, each shown just as it is today.`,
  ],
  features: [
    (features) => `Little things you will love, visible in the photos, include ${features}.`,
    (features) => `Look closely and you will spot ${features}, details that help a place feel like home.`,
  ],
  roomDetail: [
    (room, features) => `In the ${room}, you will love the ${features}.`,
    (room, features) => `Step into the ${room} and you will find the ${features}.`,
  ],
  closing: {
    sale: [
      () => "Get in touch today to arrange a visit; we would love to show you around your next home.",
      () => "Reach out to schedule a showing and see whether this could be the one for you.",
    ],
    rent: [
      () => "Get in touch today to arrange a visit; we would love to show you around your next home.",
      () => "Reach out to schedule a showing and start picturing your move.",
    ],
    any: [
      () => "Get in touch to arrange a visit; we would love to show you around.",
      () => "Reach out to schedule a showing at a time that suits you.",
    ],
    closed: [
      () => "Get in touch and we will let you know as soon as something similar comes along.",
      () => "Reach out so we can help you find a home just like this one.",
    ],
  },
};
