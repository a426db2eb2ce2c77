/** The durable functions of the studio's workflows (and whole-listing staging), photo housekeeping, the daily upload sweep, account mail, the mail about a disabled webhook endpoint, the mail about what left with a member and the daily sweep of expired OAuth records. */
import { describePropertyFunction } from "./describe-property";
import { inpaintUpscaleFunction } from "./inpaint-upscale-chain";
import { mailDisabledEndpointFunction } from "./mail-disabled-endpoint";
import { mailMemberDepartureFunction } from "./mail-member-departure";
import { makeMissingCopiesFunction } from "./make-missing-copies";
import { pollMultiviewFunction, pollStagingFunction, pollVideoFunction } from "./poll-functions";
import { purgeDeletedPhotoFunction } from "./purge-deleted-photo";
import { removeStaleUploadsFunction } from "./remove-stale-uploads";
import { sendAccountEmailFunction } from "./send-account-email";
import { stageBatchFunction } from "./stage-batch";
import { sweepOAuthRecordsFunction } from "./sweep-oauth-records";

export const studioFunctions = [
  pollStagingFunction,
  pollMultiviewFunction,
  pollVideoFunction,
  inpaintUpscaleFunction,
  describePropertyFunction,
  stageBatchFunction,
  makeMissingCopiesFunction,
  purgeDeletedPhotoFunction,
  removeStaleUploadsFunction,
  sendAccountEmailFunction,
  mailDisabledEndpointFunction,
  mailMemberDepartureFunction,
  sweepOAuthRecordsFunction,
];
