CREATE TABLE "studio"."image_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"output_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"token_sealed" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio"."listing_pages" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"description" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio"."listing_picks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"output_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"caption" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "studio"."image_pages" ADD CONSTRAINT "image_pages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "studio"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."image_pages" ADD CONSTRAINT "image_pages_output_id_generation_outputs_id_fk" FOREIGN KEY ("output_id") REFERENCES "studio"."generation_outputs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."image_pages" ADD CONSTRAINT "image_pages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "studio"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."listing_pages" ADD CONSTRAINT "listing_pages_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "studio"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."listing_pages" ADD CONSTRAINT "listing_pages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "studio"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."listing_pages" ADD CONSTRAINT "listing_pages_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "studio"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."listing_picks" ADD CONSTRAINT "listing_picks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "studio"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."listing_picks" ADD CONSTRAINT "listing_picks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "studio"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."listing_picks" ADD CONSTRAINT "listing_picks_output_id_generation_outputs_id_fk" FOREIGN KEY ("output_id") REFERENCES "studio"."generation_outputs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "image_pages_output_unique" ON "studio"."image_pages" USING btree ("output_id");--> statement-breakpoint
CREATE UNIQUE INDEX "image_pages_token_hash_unique" ON "studio"."image_pages" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_picks_output_unique" ON "studio"."listing_picks" USING btree ("project_id","output_id");--> statement-breakpoint
CREATE INDEX "listing_picks_project_idx" ON "studio"."listing_picks" USING btree ("workspace_id","project_id","position");