/** Every function served at /api/inngest. Add new functions here. */
import { sampleChainFunction } from "./sample-chain";

export const functions = [sampleChainFunction];
