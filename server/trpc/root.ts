/**
 * The studio's root router. Add a domain router here (see README.md in this folder).
 */
import "server-only";
import { createCallerFactory, router } from "./procedures";
import { auditRouter } from "./routers/audit";
import { authRouter } from "./routers/auth";
import { batchesRouter } from "./routers/batches";
import { billingRouter } from "./routers/billing";
import { complianceRouter } from "./routers/compliance";
import { developersRouter } from "./routers/developers";
import { exportsRouter } from "./routers/exports";
import { generationsRouter } from "./routers/generations";
import { invitationsRouter } from "./routers/invitations";
import { listingsRouter } from "./routers/listings";
import { membersRouter } from "./routers/members";
import { photosRouter } from "./routers/photos";
import { projectsRouter } from "./routers/projects";
import { usageRouter } from "./routers/usage";
import { workspacesRouter } from "./routers/workspaces";

export const appRouter = router({
  auth: authRouter,
  workspaces: workspacesRouter,
  members: membersRouter,
  invitations: invitationsRouter,
  projects: projectsRouter,
  photos: photosRouter,
  generations: generationsRouter,
  exports: exportsRouter,
  listings: listingsRouter,
  batches: batchesRouter,
  usage: usageRouter,
  compliance: complianceRouter,
  audit: auditRouter,
  billing: billingRouter,
  developers: developersRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
