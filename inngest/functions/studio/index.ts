/** The durable functions of the studio's workflows (and whole-listing staging). */
import { describePropertyFunction } from "./describe-property";
import { inpaintUpscaleFunction } from "./inpaint-upscale-chain";
import { pollMultiviewFunction, pollStagingFunction, pollVideoFunction } from "./poll-functions";
import { stageBatchFunction } from "./stage-batch";

export const studioFunctions = [pollStagingFunction, pollMultiviewFunction, pollVideoFunction, inpaintUpscaleFunction, describePropertyFunction, stageBatchFunction];
