CREATE TABLE "purchase_order_attachments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"quotation" integer,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_order_attachments_quotation_check" CHECK (quotation IS NULL OR quotation BETWEEN 0 AND 2)
);
--> statement-breakpoint
ALTER TABLE "purchase_order_attachments" ADD CONSTRAINT "purchase_order_attachments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_attachments" ADD CONSTRAINT "purchase_order_attachments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_attachments" ADD CONSTRAINT "purchase_order_attachments_organization_id_order_id_purchase_orders_organization_id_id_fk" FOREIGN KEY ("organization_id","order_id") REFERENCES "public"."purchase_orders"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_order_attachments_order_idx" ON "purchase_order_attachments" USING btree ("organization_id","order_id");