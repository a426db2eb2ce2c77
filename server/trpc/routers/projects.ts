import "server-only";
import { z } from "zod";
import { createProject } from "@/server/studio/projects/create-project";
import { getProject } from "@/server/studio/projects/get-project";
import { listProjects } from "@/server/studio/projects/list-projects";
import { ProjectFieldsSchema } from "@/server/studio/projects/project-fields";
import { setProjectArchived } from "@/server/studio/projects/set-project-archived";
import { updateProject } from "@/server/studio/projects/update-project";
import { RequestIdSchema } from "@/server/studio/request-id";
import { permittedProcedure, router, workspaceProcedure } from "../procedures";

const ProjectIdSchema = z.object({ projectId: z.uuid() });

export const projectsRouter = router({
  list: workspaceProcedure()
    .input(z.object({ archived: z.boolean().optional() }))
    .query(({ ctx, input }) => listProjects(ctx.studio, { workspaceId: ctx.workspace.id, archived: input.archived })),

  get: workspaceProcedure()
    .input(ProjectIdSchema)
    .query(({ ctx, input }) => getProject(ctx.studio, { workspaceId: ctx.workspace.id, projectId: input.projectId })),

  create: workspaceProcedure()
    .input(z.object({ fields: ProjectFieldsSchema, requestId: RequestIdSchema }))
    .mutation(({ ctx, input }) =>
      createProject(ctx.studio, { workspaceId: ctx.workspace.id, userId: ctx.user.id, fields: input.fields, requestId: input.requestId }),
    ),

  update: workspaceProcedure()
    .input(ProjectIdSchema.extend({ fields: ProjectFieldsSchema }))
    .mutation(({ ctx, input }) => updateProject(ctx.studio, { ...input, workspaceId: ctx.workspace.id })),

  /** Archiving takes a project out of everyone's list: owners and admins decide. */
  setArchived: permittedProcedure("archive_projects")
    .input(ProjectIdSchema.extend({ archived: z.boolean() }))
    .mutation(({ ctx, input }) => setProjectArchived(ctx.studio, { ...input, workspaceId: ctx.workspace.id })),
});
