CREATE TABLE "mercadopago_credentials" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"sealed_token" text NOT NULL,
	"token_last4" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_fetch_at" timestamp with time zone,
	"last_fetch_outcome" text,
	"last_fetch_message" text,
	CONSTRAINT "mercadopago_credentials_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "mercadopago_credentials_account_key" UNIQUE("organization_id","account_id"),
	CONSTRAINT "mercadopago_credentials_last4_check" CHECK (char_length("mercadopago_credentials"."token_last4") = 4),
	CONSTRAINT "mercadopago_credentials_sealed_check" CHECK ("mercadopago_credentials"."sealed_token" ~ '^v[0-9]+\.'),
	CONSTRAINT "mercadopago_credentials_last_fetch_check" CHECK (("mercadopago_credentials"."last_fetch_at" IS NULL) = ("mercadopago_credentials"."last_fetch_outcome" IS NULL)
        AND char_length("mercadopago_credentials"."last_fetch_message") <= 500)
);
--> statement-breakpoint
ALTER TABLE "mercadopago_credentials" ADD CONSTRAINT "mercadopago_credentials_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_credentials" ADD CONSTRAINT "mercadopago_credentials_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_credentials" ADD CONSTRAINT "mercadopago_credentials_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_credentials" ADD CONSTRAINT "mercadopago_credentials_organization_id_account_id_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."accounts"("organization_id","id") ON DELETE no action ON UPDATE no action;