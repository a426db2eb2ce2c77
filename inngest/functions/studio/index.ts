/** The durable functions of the studio's workflows. */
import { describePropertyFunction } from "./describe-property";
import { inpaintUpscaleFunction } from "./inpaint-upscale-chain";
import { pollMultiviewFunction, pollStagingFunction, pollVideoFunction } from "./poll-functions";

export const studioFunctions = [pollStagingFunction, pollMultiviewFunction, pollVideoFunction, inpaintUpscaleFunction, describePropertyFunction];
