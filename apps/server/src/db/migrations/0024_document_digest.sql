ALTER TABLE "documents" ADD COLUMN "content_sha256" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "upload_version" integer;