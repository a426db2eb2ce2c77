CREATE TABLE "studio"."connected_apps" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"client_name" text NOT NULL,
	"redirect_host" text NOT NULL,
	"scope" text NOT NULL,
	"grant_id" text NOT NULL,
	"api_key_id" uuid NOT NULL,
	"api_key_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "connected_apps_scope_known" CHECK ("studio"."connected_apps"."scope" in ('full', 'read_only'))
);
--> statement-breakpoint
CREATE TABLE "studio"."oauth_records" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oauth_records_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
ALTER TABLE "studio"."connected_apps" ADD CONSTRAINT "connected_apps_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "studio"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."connected_apps" ADD CONSTRAINT "connected_apps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "studio"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio"."connected_apps" ADD CONSTRAINT "connected_apps_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "v1"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connected_apps_workspace_idx" ON "studio"."connected_apps" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "connected_apps_user_idx" ON "studio"."connected_apps" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "oauth_records_grant_idx" ON "studio"."oauth_records" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oauth_records_uid_idx" ON "studio"."oauth_records" USING btree ("model","uid");--> statement-breakpoint
CREATE INDEX "oauth_records_expires_idx" ON "studio"."oauth_records" USING btree ("expires_at");