ALTER TABLE "documents" ADD COLUMN "upload_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_upload_key_idx" ON "documents" USING btree ("institution_id","uploaded_by","upload_key");