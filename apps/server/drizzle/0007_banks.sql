CREATE TABLE "banks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text,
	"ispb" text,
	"name" text NOT NULL,
	"short_name" text,
	CONSTRAINT "banks_org_code_key" UNIQUE("organization_id","code"),
	CONSTRAINT "banks_org_ispb_key" UNIQUE("organization_id","ispb")
);
--> statement-breakpoint
ALTER TABLE "banks" ADD CONSTRAINT "banks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banks_org_name_idx" ON "banks" USING btree ("organization_id","name");