CREATE TABLE "studio"."description_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"generation_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"text" text NOT NULL,
	"edited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "studio"."generation_outputs" ADD COLUMN "gate_scores" jsonb;--> statement-breakpoint
ALTER TABLE "studio"."generation_outputs" ADD COLUMN "held_back_key" text;--> statement-breakpoint
ALTER TABLE "studio"."description_revisions" ADD CONSTRAINT "description_revisions_generation_id_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "studio"."generations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."description_revisions" ADD CONSTRAINT "description_revisions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "studio"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."description_revisions" ADD CONSTRAINT "description_revisions_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "studio"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "description_revisions_generation_idx" ON "studio"."description_revisions" USING btree ("generation_id","created_at");