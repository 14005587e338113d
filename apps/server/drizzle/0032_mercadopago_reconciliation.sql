CREATE TABLE "mercadopago_reconciliation_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"reconciliation_id" uuid NOT NULL,
	"movement_id" uuid NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "mercadopago_reconciliation_entries_movement_key" UNIQUE("organization_id","movement_id")
);
--> statement-breakpoint
CREATE TABLE "mercadopago_reconciliations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"settlement_id" uuid NOT NULL,
	"sale_id" uuid,
	"origin" text NOT NULL,
	"score" integer,
	"reasons" jsonb,
	"payment_id" uuid,
	"reversed_payment_id" uuid,
	"document_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" uuid,
	"undo_reason" text,
	CONSTRAINT "mercadopago_reconciliations_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "mercadopago_reconciliations_sale_check" CHECK (("mercadopago_reconciliations"."sale_id" IS NULL) = ("mercadopago_reconciliations"."origin" <> 'reversal')),
	CONSTRAINT "mercadopago_reconciliations_undone_check" CHECK (("mercadopago_reconciliations"."undone_at" IS NULL) = ("mercadopago_reconciliations"."undone_by" IS NULL) AND ("mercadopago_reconciliations"."undone_at" IS NULL) = ("mercadopago_reconciliations"."undo_reason" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "mercadopago_release_bookings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"movement_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" uuid,
	CONSTRAINT "mercadopago_release_bookings_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "mercadopago_release_bookings_amount_check" CHECK (amount <> 0 AND abs(amount) <= 99999999999 * 1000),
	CONSTRAINT "mercadopago_release_bookings_undone_check" CHECK (("mercadopago_release_bookings"."undone_at" IS NULL) = ("mercadopago_release_bookings"."undone_by" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "mercadopago_settings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"pending_account_id" uuid NOT NULL,
	"fee_classification_id" uuid NOT NULL,
	"cost_centre_id" uuid,
	"payout_account_id" uuid,
	"customer_id" uuid,
	"receivable_classification_id" uuid,
	"payment_method_id" uuid,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mercadopago_settings_account_key" UNIQUE("organization_id","account_id"),
	CONSTRAINT "mercadopago_settings_accounts_check" CHECK ("mercadopago_settings"."pending_account_id" <> "mercadopago_settings"."account_id" AND "mercadopago_settings"."payout_account_id" IS DISTINCT FROM "mercadopago_settings"."account_id"
        AND "mercadopago_settings"."payout_account_id" IS DISTINCT FROM "mercadopago_settings"."pending_account_id")
);
--> statement-breakpoint
ALTER TABLE "mercadopago_reconciliation_entries" ADD CONSTRAINT "mercadopago_reconciliation_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_reconciliation_entries" ADD CONSTRAINT "mercadopago_reconciliation_entries_organization_id_reconciliation_id_mercadopago_reconciliations_organization_id_id_fk" FOREIGN KEY ("organization_id","reconciliation_id") REFERENCES "public"."mercadopago_reconciliations"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_reconciliation_entries" ADD CONSTRAINT "mercadopago_reconciliation_entries_organization_id_movement_id_account_movements_organization_id_id_fk" FOREIGN KEY ("organization_id","movement_id") REFERENCES "public"."account_movements"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_reconciliations" ADD CONSTRAINT "mercadopago_reconciliations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_reconciliations" ADD CONSTRAINT "mercadopago_reconciliations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_reconciliations" ADD CONSTRAINT "mercadopago_reconciliations_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_reconciliations" ADD CONSTRAINT "mercadopago_reconciliations_organization_id_unit_id_units_organization_id_id_fk" FOREIGN KEY ("organization_id","unit_id") REFERENCES "public"."units"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_reconciliations" ADD CONSTRAINT "mercadopago_reconciliations_organization_id_account_id_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."accounts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_reconciliations" ADD CONSTRAINT "mercadopago_reconciliations_organization_id_settlement_id_mercadopago_settlements_organization_id_id_fk" FOREIGN KEY ("organization_id","settlement_id") REFERENCES "public"."mercadopago_settlements"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_reconciliations" ADD CONSTRAINT "mercadopago_reconciliations_organization_id_sale_id_mercadopago_reconciliations_organization_id_id_fk" FOREIGN KEY ("organization_id","sale_id") REFERENCES "public"."mercadopago_reconciliations"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_reconciliations" ADD CONSTRAINT "mercadopago_reconciliations_organization_id_payment_id_ledger_payments_organization_id_id_fk" FOREIGN KEY ("organization_id","payment_id") REFERENCES "public"."ledger_payments"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_reconciliations" ADD CONSTRAINT "mercadopago_reconciliations_organization_id_reversed_payment_id_ledger_payments_organization_id_id_fk" FOREIGN KEY ("organization_id","reversed_payment_id") REFERENCES "public"."ledger_payments"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_reconciliations" ADD CONSTRAINT "mercadopago_reconciliations_organization_id_document_id_ledger_documents_organization_id_id_fk" FOREIGN KEY ("organization_id","document_id") REFERENCES "public"."ledger_documents"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_release_bookings" ADD CONSTRAINT "mercadopago_release_bookings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_release_bookings" ADD CONSTRAINT "mercadopago_release_bookings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_release_bookings" ADD CONSTRAINT "mercadopago_release_bookings_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_release_bookings" ADD CONSTRAINT "mercadopago_release_bookings_organization_id_unit_id_units_organization_id_id_fk" FOREIGN KEY ("organization_id","unit_id") REFERENCES "public"."units"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_release_bookings" ADD CONSTRAINT "mercadopago_release_bookings_organization_id_account_id_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."accounts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_release_bookings" ADD CONSTRAINT "mercadopago_release_bookings_organization_id_movement_id_account_movements_organization_id_id_fk" FOREIGN KEY ("organization_id","movement_id") REFERENCES "public"."account_movements"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_settings" ADD CONSTRAINT "mercadopago_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_settings" ADD CONSTRAINT "mercadopago_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_settings" ADD CONSTRAINT "mercadopago_settings_organization_id_account_id_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."accounts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_settings" ADD CONSTRAINT "mercadopago_settings_organization_id_pending_account_id_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","pending_account_id") REFERENCES "public"."accounts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_settings" ADD CONSTRAINT "mercadopago_settings_organization_id_payout_account_id_accounts_organization_id_id_fk" FOREIGN KEY ("organization_id","payout_account_id") REFERENCES "public"."accounts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_settings" ADD CONSTRAINT "mercadopago_settings_organization_id_fee_classification_id_classifications_organization_id_id_fk" FOREIGN KEY ("organization_id","fee_classification_id") REFERENCES "public"."classifications"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_settings" ADD CONSTRAINT "mercadopago_settings_organization_id_receivable_classification_id_classifications_organization_id_id_fk" FOREIGN KEY ("organization_id","receivable_classification_id") REFERENCES "public"."classifications"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_settings" ADD CONSTRAINT "mercadopago_settings_organization_id_cost_centre_id_cost_centres_organization_id_id_fk" FOREIGN KEY ("organization_id","cost_centre_id") REFERENCES "public"."cost_centres"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_settings" ADD CONSTRAINT "mercadopago_settings_organization_id_customer_id_parties_organization_id_id_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."parties"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mercadopago_settings" ADD CONSTRAINT "mercadopago_settings_organization_id_payment_method_id_payment_methods_organization_id_id_fk" FOREIGN KEY ("organization_id","payment_method_id") REFERENCES "public"."payment_methods"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mercadopago_reconciliation_entries_idx" ON "mercadopago_reconciliation_entries" USING btree ("organization_id","reconciliation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mercadopago_reconciliations_live_key" ON "mercadopago_reconciliations" USING btree ("organization_id","settlement_id") WHERE "mercadopago_reconciliations"."undone_at" IS NULL;--> statement-breakpoint
CREATE INDEX "mercadopago_reconciliations_sale_idx" ON "mercadopago_reconciliations" USING btree ("organization_id","sale_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mercadopago_release_bookings_live_key" ON "mercadopago_release_bookings" USING btree ("organization_id","account_id","day","kind") WHERE "mercadopago_release_bookings"."undone_at" IS NULL;