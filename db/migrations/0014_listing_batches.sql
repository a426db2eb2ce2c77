CREATE TABLE "studio"."staging_batch_photos" (
	"batch_id" uuid NOT NULL,
	"photo_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"room_type" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"generation_id" uuid,
	"error" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staging_batch_photos_batch_id_photo_id_pk" PRIMARY KEY("batch_id","photo_id"),
	CONSTRAINT "staging_batch_photos_state_known" CHECK ("studio"."staging_batch_photos"."state" in ('queued', 'started', 'canceled', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "studio"."staging_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"created_by" uuid,
	"request_id" uuid NOT NULL,
	"style" text NOT NULL,
	"intensity" real NOT NULL,
	"seed" integer NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "staging_batches_status_known" CHECK ("studio"."staging_batches"."status" in ('running', 'paused', 'canceled', 'completed'))
);
--> statement-breakpoint
ALTER TABLE "v1"."job_groups" ADD COLUMN "seed" integer;--> statement-breakpoint
ALTER TABLE "studio"."staging_batch_photos" ADD CONSTRAINT "staging_batch_photos_batch_id_staging_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "studio"."staging_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."staging_batch_photos" ADD CONSTRAINT "staging_batch_photos_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "studio"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."staging_batches" ADD CONSTRAINT "staging_batches_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "studio"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."staging_batches" ADD CONSTRAINT "staging_batches_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "studio"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."staging_batches" ADD CONSTRAINT "staging_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "studio"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staging_batch_photos_generation_unique" ON "studio"."staging_batch_photos" USING btree ("generation_id");--> statement-breakpoint
CREATE INDEX "staging_batch_photos_order_idx" ON "studio"."staging_batch_photos" USING btree ("batch_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "staging_batches_request_unique" ON "studio"."staging_batches" USING btree ("workspace_id","request_id");--> statement-breakpoint
CREATE INDEX "staging_batches_project_idx" ON "studio"."staging_batches" USING btree ("workspace_id","project_id","created_at");