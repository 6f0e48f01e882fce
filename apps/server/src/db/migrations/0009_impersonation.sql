CREATE TABLE "impersonation_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event" text NOT NULL,
	"session_id" text NOT NULL,
	"impersonator_id" uuid NOT NULL,
	"impersonator_name" text NOT NULL,
	"user_id" uuid NOT NULL,
	"user_name" text NOT NULL,
	"contractor_ids" uuid[] NOT NULL,
	"customer_ids" uuid[] NOT NULL,
	"address" text,
	"user_agent" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "impersonation_audit_session_idx" ON "impersonation_audit" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "impersonation_audit_customers_idx" ON "impersonation_audit" USING gin ("customer_ids");--> statement-breakpoint
CREATE INDEX "impersonation_audit_created_idx" ON "impersonation_audit" USING btree ("created_at");