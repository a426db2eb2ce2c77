CREATE TABLE "v1"."free_redos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "v1"."job_groups" ADD COLUMN "review_redo_of" uuid;--> statement-breakpoint
ALTER TABLE "v1"."job_outputs" ADD COLUMN "output_check" jsonb;--> statement-breakpoint
ALTER TABLE "v1"."render_views" ADD COLUMN "output_check" jsonb;--> statement-breakpoint
ALTER TABLE "v1"."free_redos" ADD CONSTRAINT "free_redos_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "v1"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "free_redos_subject_created_idx" ON "v1"."free_redos" USING btree ("account_id","subject","created_at");