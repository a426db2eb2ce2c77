/** The pollers of the studio's asynchronous workflows: staging jobs, multi-view sets, videos. */
import { multiviewPoll, stagingPoll, videoPoll } from "@/inngest/studio-events";
import { checkMultiview } from "@/server/studio/generations/multiview/check-multiview";
import { checkStaging } from "@/server/studio/generations/staging/check-staging";
import { checkVideo } from "@/server/studio/generations/video/check-video";
import { definePollFunction } from "./poll-generation";

export const pollStagingFunction = definePollFunction("studio-poll-staging", stagingPoll, checkStaging);
export const pollMultiviewFunction = definePollFunction("studio-poll-multiview", multiviewPoll, checkMultiview);
export const pollVideoFunction = definePollFunction("studio-poll-video", videoPoll, checkVideo);
