CREATE TABLE "studio"."generation_outputs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"generation_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"role" text NOT NULL,
	"position" integer NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"source_key" text,
	"storage_key" text,
	"content_type" text,
	"v1_job_id" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"gate" text,
	"error" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "generation_outputs_role_known" CHECK ("studio"."generation_outputs"."role" in ('staged', 'view', 'inpainted', 'upscaled', 'video'))
);
--> statement-breakpoint
CREATE TABLE "studio"."generations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"created_by" uuid,
	"kind" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"photo_id" uuid,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"v1_id" text,
	"progress" integer,
	"result" jsonb,
	"error" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "generations_kind_known" CHECK ("studio"."generations"."kind" in ('staging', 'multiview', 'inpaint_upscale', 'video', 'description')),
	CONSTRAINT "generations_status_known" CHECK ("studio"."generations"."status" in ('running', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "studio"."share_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"token" text NOT NULL,
	"created_by" uuid,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio"."usage_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid,
	"user_id" uuid,
	"generation_id" uuid,
	"operation" text NOT NULL,
	"v1_job_id" text NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"credits" integer NOT NULL,
	"quota_units" integer NOT NULL,
	"month" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_entries_operation_known" CHECK ("studio"."usage_entries"."operation" in ('job', 'multiview', 'multiview_sibling', 'multiview_redo', 'inpaint', 'upscale', 'video', 'property_description'))
);
--> statement-breakpoint
ALTER TABLE "studio"."generation_outputs" ADD CONSTRAINT "generation_outputs_generation_id_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "studio"."generations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."generation_outputs" ADD CONSTRAINT "generation_outputs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "studio"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."generations" ADD CONSTRAINT "generations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "studio"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."generations" ADD CONSTRAINT "generations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "studio"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."generations" ADD CONSTRAINT "generations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "studio"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."generations" ADD CONSTRAINT "generations_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "studio"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."share_links" ADD CONSTRAINT "share_links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "studio"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."share_links" ADD CONSTRAINT "share_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "studio"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."share_links" ADD CONSTRAINT "share_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "studio"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."usage_entries" ADD CONSTRAINT "usage_entries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "studio"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."usage_entries" ADD CONSTRAINT "usage_entries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "studio"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."usage_entries" ADD CONSTRAINT "usage_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "studio"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."usage_entries" ADD CONSTRAINT "usage_entries_generation_id_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "studio"."generations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "generation_outputs_position_unique" ON "studio"."generation_outputs" USING btree ("generation_id","role","position");--> statement-breakpoint
CREATE INDEX "generation_outputs_workspace_idx" ON "studio"."generation_outputs" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "generations_project_idx" ON "studio"."generations" USING btree ("workspace_id","project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_token_unique" ON "studio"."share_links" USING btree ("token");--> statement-breakpoint
CREATE INDEX "share_links_project_idx" ON "studio"."share_links" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "usage_entries_charge_unique" ON "studio"."usage_entries" USING btree ("v1_job_id","operation","attempt");--> statement-breakpoint
CREATE INDEX "usage_entries_workspace_month_idx" ON "studio"."usage_entries" USING btree ("workspace_id","month");