CREATE TABLE "v1"."provider_tasks" (
	"work_key" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"task_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
