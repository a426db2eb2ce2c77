ALTER TABLE "studio"."generation_outputs" ADD COLUMN "structure_check" jsonb;--> statement-breakpoint
ALTER TABLE "studio"."generation_outputs" ADD COLUMN "looked_right_by" uuid;--> statement-breakpoint
ALTER TABLE "studio"."generation_outputs" ADD COLUMN "looked_right_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "studio"."generation_outputs" ADD CONSTRAINT "generation_outputs_looked_right_by_users_id_fk" FOREIGN KEY ("looked_right_by") REFERENCES "studio"."users"("id") ON DELETE set null ON UPDATE no action;