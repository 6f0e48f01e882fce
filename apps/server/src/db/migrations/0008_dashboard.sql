CREATE TABLE "institution_logos" (
	"institution_id" uuid PRIMARY KEY NOT NULL,
	"icon_sha256" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tile_definitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"business_case_type_id" uuid NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"title" text,
	"short_description" text,
	"description" text,
	"target" text NOT NULL,
	"is_internal" boolean NOT NULL,
	"tile_type" text NOT NULL,
	"icon_sha256" text,
	"is_dyeable" boolean DEFAULT false NOT NULL,
	"priority" integer DEFAULT 3 NOT NULL,
	"query_params" jsonb,
	"notification_count" integer,
	"one_path" text,
	"tile_group_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tile_definitions_priority_check" CHECK ("tile_definitions"."priority" between 1 and 5),
	CONSTRAINT "tile_definitions_tile_type_check" CHECK ("tile_definitions"."tile_type" in ('PRIMARY', 'FUNCTIONAL', 'MARKETING')),
	CONSTRAINT "tile_definitions_version_check" CHECK ("tile_definitions"."version" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tile_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"short_description" text,
	"icon_sha256" text
);
--> statement-breakpoint
CREATE TABLE "tile_icons" (
	"sha256" text PRIMARY KEY NOT NULL,
	"media_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tile_icons_sha256_check" CHECK ("tile_icons"."sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "tile_icons_media_type_check" CHECK ("tile_icons"."media_type" in ('image/png', 'image/svg+xml', 'image/webp'))
);
--> statement-breakpoint
ALTER TABLE "institution_logos" ADD CONSTRAINT "institution_logos_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_logos" ADD CONSTRAINT "institution_logos_icon_sha256_tile_icons_sha256_fk" FOREIGN KEY ("icon_sha256") REFERENCES "public"."tile_icons"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tile_definitions" ADD CONSTRAINT "tile_definitions_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tile_definitions" ADD CONSTRAINT "tile_definitions_business_case_type_id_business_case_types_id_fk" FOREIGN KEY ("business_case_type_id") REFERENCES "public"."business_case_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tile_definitions" ADD CONSTRAINT "tile_definitions_icon_sha256_tile_icons_sha256_fk" FOREIGN KEY ("icon_sha256") REFERENCES "public"."tile_icons"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tile_definitions" ADD CONSTRAINT "tile_definitions_tile_group_id_tile_groups_id_fk" FOREIGN KEY ("tile_group_id") REFERENCES "public"."tile_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tile_groups" ADD CONSTRAINT "tile_groups_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tile_groups" ADD CONSTRAINT "tile_groups_icon_sha256_tile_icons_sha256_fk" FOREIGN KEY ("icon_sha256") REFERENCES "public"."tile_icons"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tile_definitions_institution_type_idx" ON "tile_definitions" USING btree ("institution_id","business_case_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tile_groups_institution_name_idx" ON "tile_groups" USING btree ("institution_id","name");