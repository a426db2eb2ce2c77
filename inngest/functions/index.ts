/** Every function served at /api/inngest. Add new functions here. */
import { billingFunctions } from "./billing";
import { sampleChainFunction } from "./sample-chain";
import { studioFunctions } from "./studio";
import { v1Functions } from "./v1";

export const functions = [sampleChainFunction, ...v1Functions, ...studioFunctions, ...billingFunctions];
