/** Casual: short, chatty sentences with contractions and the odd exclamation. */
import "server-only";
import { at, intent, priceWords, withArticle, type Phrasebook } from "./phrasebook";


export const casual: Phrasebook = {
  opening: [
    (f) => `Check out this ${f.propertyType}${at(f)}${intent(f) ? `, ${intent(f)} right now` : ""}!`,
    (f) => `Here's ${withArticle(f.propertyType)}${at(f)} worth a look${intent(f) ? `, and it's ${intent(f)}` : ""}.`,
    (f) => `Looking for ${withArticle(f.propertyType)}? This one${at(f)}${intent(f) ? ` is ${intent(f)}` : " is worth a look"}.`,
  ],
  price: [
    (f) => `It's listed with ${priceWords(f)}.`,
    (f) => `The numbers: ${priceWords(f)}.`,
  ],
  status: [
    (f) => `Status? It's ${f.status}.`,
    (f) => `Heads up: it's ${f.status}.`,
  ],
  light: {
    bright: [() => "The rooms are bright and sunny in these shots. Lots of natural light!", () => "Plenty of daylight here. The rooms look bright and fresh."],
    balanced: [() => "The light's even and easy on the eye. Nothing harsh, nothing gloomy.", () => "Nice, even light in the photos. It all feels relaxed."],
    dim: [() => "The photos are on the moody side, with low light. Think cosy evenings in.", () => "It's shot in low light, so it feels snug and laid-back."],
  },
  palette: [
    (colors) => `Colour-wise, you're looking at ${colors}.`,
    (colors) => `The vibe? Lots of ${colors}.`,
  ],
  rooms: [
    (rooms) => `You'll see the ${rooms} in the photos.`,
    (rooms) => `The shots cover the ${rooms}.`,
  ],
  features: [
    (features) => `Spotted in the photos: ${features}.`,
    (features) => `A few things we like: ${features}.`,
  ],
  extras: [
    (f) => `It's ${withArticle(f.propertyType)} that's easy to make your own.`,
    () => "Bring your stuff, hang your pictures, and you're set.",
    () => "No fuss, no frills, just a place you could actually live in.",
    () => "Want to know more? Just ask us anything.",
    () => "Swing by for a viewing and check out the layout for yourself.",
    () => "We can usually fit a viewing around your schedule, evenings included.",
    () => "Bring a friend along for a second opinion. We don't mind!",
    () => "Need measurements or a floor plan? We'll sort that out for you.",
    () => "Don't wait too long. Good places don't hang around.",
    () => "We're around all week if you've got questions.",
    () => "Picture your own furniture in there. Easy, right?",
    () => "It's all about how it feels when you walk in, so come find out.",
    () => "Got a checklist? Bring it along and we'll go through it together.",
    () => "Tell us what matters most to you and we'll point out what fits.",
    () => "Every room is ready for you to put your own stamp on it.",
    () => "Think about where the sofa goes, where the desk fits, and how mornings would feel here.",
    () => "It's the kind of place that works for a quiet night in or friends over for dinner.",
    () => "Come with questions about the building, the bills or the neighborhood. We've got answers.",
    () => "Moving is a big deal, so we'll keep things simple and straight with you.",
  ],
  closing: {
    sale: [() => "Want to see it? Drop us a message and we'll set up a viewing.", () => "Interested? Give us a shout and come take a look!"],
    rent: [() => "Want to see it? Drop us a message and we'll set up a viewing.", () => "Keen? Give us a shout and come take a look before it's gone!"],
    any: [() => "Interested? Drop us a message and come take a look.", () => "Give us a shout to set up a viewing!"],
    closed: [() => "Missed this one? Drop us a message and we'll tell you about similar places.", () => "Give us a shout and we'll keep you posted on places like this."],
  },
};
