/** Casual: short, chatty sentences with contractions and the odd exclamation. */
import "server-only";
import { at, intent, priceWords, withArticle, type Phrasebook } from "./phrasebook";

export const casual: Phrasebook = {
  opening: [
    (f) => `Check out this ${f.propertyType}${at(f)}${intent(f) ? `, ${intent(f)} right now` : ""}!`,
    (f) => `Here's ${withArticle(f.propertyType)}${at(f)} worth a look${intent(f) ? `, and it's ${intent(f)}` : ""}.`,
    (f) => `Looking for ${withArticle(f.propertyType)}? This one${at(f)}${intent(f) ? ` is ${intent(f)}` : " is worth a look"}.`,
  ],
  price: [(f) => `It's listed with ${priceWords(f)}.`, (f) => `The numbers: ${priceWords(f)}.`],
  status: [(f) => `Status? It's ${f.status}.`, (f) => `Heads up: it's ${f.status}.`],
  light: {
    bright: [
      () => "The rooms are bright and sunny in these shots. Lots of natural light!",
      () => "Plenty of daylight here. The rooms look bright and fresh.",
    ],
    balanced: [
      () => "The light's even and easy on the eye. Nothing harsh, nothing gloomy.",
      () => "Nice, even light in the photos. It all feels relaxed.",
    ],
    dim: [
      () => "The photos are on the moody side, with low light. Think cozy evenings in.",
      () => "It's shot in low light, so it feels snug and laid-back.",
    ],
  },
  palette: [(colors) => `Color-wise, you're looking at ${colors}.`, (colors) => `The vibe? Lots of ${colors}.`],
  rooms: [(rooms) => `You'll see the ${rooms} in the photos.`, (rooms) => `The shots cover the ${rooms}.`],
  features: [(features) => `Spotted in the photos: ${features}.`, (features) => `A few things we like: ${features}.`],
  roomDetail: [(room, features) => `The ${room} has the ${features}.`, (room, features) => `In the ${room}, check out the ${features}.`],
  closing: {
    sale: [() => "Want to see it? Drop us a message and we'll set up a showing.", () => "Interested? Give us a call and come take a look!"],
    rent: [
      () => "Want to see it? Drop us a message and we'll set up a showing.",
      () => "Interested? Give us a call and come take a look before it's gone!",
    ],
    any: [() => "Interested? Drop us a message and come take a look.", () => "Give us a call to set up a showing!"],
    closed: [
      () => "Missed this one? Drop us a message and we'll tell you about similar places.",
      () => "Give us a call and we'll keep you posted on places like this.",
    ],
  },
};
