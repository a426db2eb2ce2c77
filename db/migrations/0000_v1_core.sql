CREATE SCHEMA "v1";
--> statement-breakpoint
CREATE TABLE "v1"."accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"plan" text NOT NULL,
	"monthly_quota" integer NOT NULL,
	"credit_balance" integer DEFAULT 0 NOT NULL,
	"webhook_url" text,
	"webhook_secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_balance_not_negative" CHECK ("v1"."accounts"."credit_balance" >= 0),
	CONSTRAINT "accounts_plan_known" CHECK ("v1"."accounts"."plan" in ('free', 'premium', 'business')),
	CONSTRAINT "accounts_quota_not_negative" CHECK ("v1"."accounts"."monthly_quota" >= 0)
);
--> statement-breakpoint
CREATE TABLE "v1"."api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "v1"."credit_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"charge_key" text,
	"refund_of" bigint,
	"job_id" text,
	"operation" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_kind_known" CHECK ("v1"."credit_ledger"."kind" in ('grant', 'debit', 'refund')),
	CONSTRAINT "credit_ledger_sign" CHECK (("v1"."credit_ledger"."kind" = 'debit' and "v1"."credit_ledger"."amount" < 0 and "v1"."credit_ledger"."charge_key" is not null) or ("v1"."credit_ledger"."kind" = 'refund' and "v1"."credit_ledger"."amount" > 0 and "v1"."credit_ledger"."refund_of" is not null) or "v1"."credit_ledger"."kind" = 'grant')
);
--> statement-breakpoint
CREATE TABLE "v1"."idempotency_keys" (
	"account_id" uuid NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_account_id_key_pk" PRIMARY KEY("account_id","key")
);
--> statement-breakpoint
CREATE TABLE "v1"."job_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"redesign_type" text NOT NULL,
	"room_type" text NOT NULL,
	"style" text,
	"color" text,
	"intensity" real NOT NULL,
	"environment" text NOT NULL,
	"source_url" text NOT NULL,
	"inspiration_image" text,
	"mask_prompt" text,
	"output_count" integer NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "v1"."job_outputs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"output_key" text,
	"provider" text,
	"provider_status_url" text,
	"error" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "v1"."media_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"request" jsonb NOT NULL,
	"result" jsonb,
	"error" jsonb,
	"credits_charged" integer,
	"progress" integer DEFAULT 0 NOT NULL,
	"output_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "v1"."quota_usage" (
	"account_id" uuid NOT NULL,
	"month" text NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quota_usage_account_id_month_pk" PRIMARY KEY("account_id","month"),
	CONSTRAINT "quota_usage_units_not_negative" CHECK ("v1"."quota_usage"."units" >= 0)
);
--> statement-breakpoint
CREATE TABLE "v1"."render_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"room_type" text NOT NULL,
	"style" text NOT NULL,
	"intensity" real NOT NULL,
	"color" text,
	"status" text DEFAULT 'processing' NOT NULL,
	"error" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "v1"."render_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"set_id" uuid NOT NULL,
	"view_index" integer NOT NULL,
	"source_url" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"output_key" text,
	"error" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"charged" boolean DEFAULT false NOT NULL,
	"gate_verdict" text,
	"gate_score" real,
	"gate_details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "render_views_attempts_cap" CHECK ("v1"."render_views"."attempts" <= 4)
);
--> statement-breakpoint
CREATE TABLE "v1"."webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"type" text NOT NULL,
	"body" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_response_status" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "v1"."api_keys" ADD CONSTRAINT "api_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "v1"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "v1"."credit_ledger" ADD CONSTRAINT "credit_ledger_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "v1"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "v1"."idempotency_keys" ADD CONSTRAINT "idempotency_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "v1"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "v1"."job_groups" ADD CONSTRAINT "job_groups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "v1"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "v1"."job_outputs" ADD CONSTRAINT "job_outputs_group_id_job_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "v1"."job_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "v1"."media_jobs" ADD CONSTRAINT "media_jobs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "v1"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "v1"."quota_usage" ADD CONSTRAINT "quota_usage_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "v1"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "v1"."render_sets" ADD CONSTRAINT "render_sets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "v1"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "v1"."render_views" ADD CONSTRAINT "render_views_set_id_render_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "v1"."render_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "v1"."webhook_events" ADD CONSTRAINT "webhook_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "v1"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_unique" ON "v1"."api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_prefix_idx" ON "v1"."api_keys" USING btree ("prefix");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_debit_once" ON "v1"."credit_ledger" USING btree ("charge_key") WHERE "v1"."credit_ledger"."kind" = 'debit';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_refund_once" ON "v1"."credit_ledger" USING btree ("refund_of");--> statement-breakpoint
CREATE INDEX "credit_ledger_account_idx" ON "v1"."credit_ledger" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "job_groups_account_created_idx" ON "v1"."job_groups" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_outputs_group_position" ON "v1"."job_outputs" USING btree ("group_id","position");--> statement-breakpoint
CREATE INDEX "media_jobs_account_idx" ON "v1"."media_jobs" USING btree ("account_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "render_sets_account_idx" ON "v1"."render_sets" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "render_views_set_index" ON "v1"."render_views" USING btree ("set_id","view_index");--> statement-breakpoint
CREATE INDEX "webhook_events_account_idx" ON "v1"."webhook_events" USING btree ("account_id","created_at");