CREATE TABLE "studio"."listing_version_items" (
	"version_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"output_id" uuid,
	"caption" text,
	"storage_key" text NOT NULL,
	"content_type" text,
	"provider" text,
	"attempts" integer NOT NULL,
	"resized" boolean NOT NULL,
	CONSTRAINT "listing_version_items_version_id_position_pk" PRIMARY KEY("version_id","position")
);
--> statement-breakpoint
CREATE TABLE "studio"."listing_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"description" text,
	"published_by" uuid,
	"published_at" timestamp with time zone NOT NULL,
	"request_id" uuid
);
--> statement-breakpoint
DROP INDEX "studio"."share_links_request_unique";--> statement-breakpoint
ALTER TABLE "studio"."workspaces" ADD COLUMN "agent_grants" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "studio"."listing_version_items" ADD CONSTRAINT "listing_version_items_version_id_listing_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "studio"."listing_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."listing_version_items" ADD CONSTRAINT "listing_version_items_output_id_generation_outputs_id_fk" FOREIGN KEY ("output_id") REFERENCES "studio"."generation_outputs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."listing_versions" ADD CONSTRAINT "listing_versions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "studio"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."listing_versions" ADD CONSTRAINT "listing_versions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "studio"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."listing_versions" ADD CONSTRAINT "listing_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "studio"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_version_items_output_idx" ON "studio"."listing_version_items" USING btree ("output_id");--> statement-breakpoint
CREATE INDEX "listing_version_items_key_idx" ON "studio"."listing_version_items" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_versions_number_unique" ON "studio"."listing_versions" USING btree ("project_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_versions_request_unique" ON "studio"."listing_versions" USING btree ("project_id","request_id");--> statement-breakpoint
ALTER TABLE "studio"."share_links" DROP COLUMN "request_id";--> statement-breakpoint
ALTER TABLE "studio"."workspaces" ADD CONSTRAINT "workspaces_agent_grants_known" CHECK ("studio"."workspaces"."agent_grants" <@ array['publish_listing']::text[]);