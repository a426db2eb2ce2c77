CREATE TABLE "v1"."plan_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"from_plan" text NOT NULL,
	"to_plan" text NOT NULL,
	"monthly_quota" integer NOT NULL,
	"source" text NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio"."stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"object_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "studio"."workspace_billing" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"stripe_customer_id" text,
	"subscription_id" text,
	"subscription_status" text,
	"subscription_plan" text,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"past_due_mailed_for" text,
	"top_up_pack" integer,
	"top_up_stopped_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_billing_pack_positive" CHECK (coalesce("studio"."workspace_billing"."top_up_pack", 1) > 0)
);
--> statement-breakpoint
ALTER TABLE "v1"."accounts" ADD COLUMN "plan_source" text DEFAULT 'operator' NOT NULL;--> statement-breakpoint
ALTER TABLE "v1"."accounts" ADD COLUMN "low_balance_threshold" integer;--> statement-breakpoint
ALTER TABLE "v1"."accounts" ADD COLUMN "top_up_threshold" integer;--> statement-breakpoint
ALTER TABLE "v1"."credit_ledger" ADD COLUMN "grant_key" text;--> statement-breakpoint
ALTER TABLE "v1"."credit_ledger" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "v1"."plan_changes" ADD CONSTRAINT "plan_changes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "v1"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."workspace_billing" ADD CONSTRAINT "workspace_billing_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "studio"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_changes_account_idx" ON "v1"."plan_changes" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_billing_customer_unique" ON "studio"."workspace_billing" USING btree ("stripe_customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_grant_once" ON "v1"."credit_ledger" USING btree ("grant_key");--> statement-breakpoint
ALTER TABLE "v1"."accounts" ADD CONSTRAINT "accounts_plan_source_known" CHECK ("v1"."accounts"."plan_source" in ('signup', 'operator', 'stripe', 'legacy'));--> statement-breakpoint
ALTER TABLE "v1"."accounts" ADD CONSTRAINT "accounts_thresholds_positive" CHECK (coalesce("v1"."accounts"."low_balance_threshold", 1) > 0 and coalesce("v1"."accounts"."top_up_threshold", 1) > 0);