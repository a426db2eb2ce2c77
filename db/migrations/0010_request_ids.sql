ALTER TABLE "studio"."invitations" ADD COLUMN "request_id" uuid;--> statement-breakpoint
ALTER TABLE "studio"."projects" ADD COLUMN "request_id" uuid;--> statement-breakpoint
ALTER TABLE "studio"."workspaces" ADD COLUMN "request_id" uuid;--> statement-breakpoint
ALTER TABLE "studio"."share_links" ADD COLUMN "request_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_request_unique" ON "studio"."invitations" USING btree ("workspace_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_request_unique" ON "studio"."projects" USING btree ("workspace_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workspaces_request_unique" ON "studio"."workspaces" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_request_unique" ON "studio"."share_links" USING btree ("workspace_id","request_id");