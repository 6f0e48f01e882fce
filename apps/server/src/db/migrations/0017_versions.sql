ALTER TABLE "institutions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ti_order_status" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;