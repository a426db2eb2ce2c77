CREATE SCHEMA "executor";
--> statement-breakpoint
CREATE TABLE "executor"."events" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "executor"."runs" (
	"id" text PRIMARY KEY NOT NULL,
	"function_id" text NOT NULL,
	"event_id" text NOT NULL,
	"event" jsonb NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"next_call_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer,
	"disable_immediate_execution" boolean DEFAULT false NOT NULL,
	"stack" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"output" jsonb,
	"error" jsonb,
	"parent_run_id" text,
	"parent_step_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "executor"."steps" (
	"run_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone,
	"data" jsonb,
	"error" jsonb,
	"wait_event" text,
	"wait_if" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "steps_run_id_id_pk" PRIMARY KEY("run_id","id")
);
--> statement-breakpoint
ALTER TABLE "executor"."steps" ADD CONSTRAINT "steps_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "executor"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "executor_events_name_idx" ON "executor"."events" USING btree ("name","received_at");--> statement-breakpoint
CREATE INDEX "executor_runs_created_idx" ON "executor"."runs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "executor_runs_event_idx" ON "executor"."runs" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "executor_runs_status_idx" ON "executor"."runs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "executor_steps_wait_idx" ON "executor"."steps" USING btree ("wait_event","status");