CREATE TABLE "appointment_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "financing_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"created_by" uuid,
	"amount_cents" integer NOT NULL,
	"purpose" text NOT NULL,
	"term_months" integer NOT NULL,
	"phone" text NOT NULL,
	"state" text DEFAULT 'SUBMITTED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financing_requests_amount_check" CHECK ("financing_requests"."amount_cents" > 0),
	CONSTRAINT "financing_requests_term_check" CHECK ("financing_requests"."term_months" between 1 and 360)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"business_case_id" uuid,
	"order_type" text NOT NULL,
	"order_source" text NOT NULL,
	"status" text NOT NULL,
	"onboarding_url" text,
	"banking_portal" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_check" CHECK (("orders"."order_type" = 'BANKACCOUNT' and "orders"."status" in ('CREATED','INTERNAL_CHECK','LEGITIMISED','USER_DATA_COMPLETED','SET_UP'))
        or ("orders"."order_type" = 'TIORDER' and "orders"."status" in ('HARDWARE_ORDERED','SMCB_ORDERED','PRE_CHECK_BOOKED','INSTALLATION_BOOKED','INSTALLATION_FINISHED')))
);
--> statement-breakpoint
CREATE TABLE "ti_order_status" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"is_registered_at_egbr" boolean DEFAULT false NOT NULL,
	"is_ehba_card_requested" boolean DEFAULT false NOT NULL,
	"is_ehba_card_ordered" boolean DEFAULT false NOT NULL,
	"is_smcb_card_requested" boolean DEFAULT false NOT NULL,
	"is_smcb_card_ordered" boolean DEFAULT false NOT NULL,
	"pre_check_appointment" text,
	"installation_appointment" text,
	"error_message" text
);
--> statement-breakpoint
ALTER TABLE "appointment_bookings" ADD CONSTRAINT "appointment_bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_requests" ADD CONSTRAINT "financing_requests_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_business_case_id_business_cases_id_fk" FOREIGN KEY ("business_case_id") REFERENCES "public"."business_cases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ti_order_status" ADD CONSTRAINT "ti_order_status_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_bookings_slot_idx" ON "appointment_bookings" USING btree ("date","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_bookings_order_idx" ON "appointment_bookings" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "financing_requests_institution_idx" ON "financing_requests" USING btree ("institution_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_institution_idx" ON "orders" USING btree ("institution_id","created_at");