DROP INDEX "account_movements_account_date_idx";--> statement-breakpoint
ALTER TABLE "account_movements" ADD COLUMN "transfer_id" uuid;--> statement-breakpoint
ALTER TABLE "account_movements" ADD COLUMN "classification_id" uuid;--> statement-breakpoint
ALTER TABLE "account_movements" ADD COLUMN "cost_centre_id" uuid;--> statement-breakpoint
ALTER TABLE "account_movements" ADD COLUMN "reversal_of" uuid;--> statement-breakpoint
ALTER TABLE "account_movements" ADD CONSTRAINT "account_movements_organization_id_classification_id_classifications_organization_id_id_fk" FOREIGN KEY ("organization_id","classification_id") REFERENCES "public"."classifications"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_movements" ADD CONSTRAINT "account_movements_organization_id_cost_centre_id_cost_centres_organization_id_id_fk" FOREIGN KEY ("organization_id","cost_centre_id") REFERENCES "public"."cost_centres"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_movements" ADD CONSTRAINT "account_movements_organization_id_reversal_of_account_movements_organization_id_id_fk" FOREIGN KEY ("organization_id","reversal_of") REFERENCES "public"."account_movements"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_movements_statement_idx" ON "account_movements" USING btree ("organization_id","account_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "account_movements_transfer_idx" ON "account_movements" USING btree ("organization_id","transfer_id") WHERE "account_movements"."transfer_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "account_movements" ADD CONSTRAINT "account_movements_reversal_of_key" UNIQUE("reversal_of");--> statement-breakpoint
ALTER TABLE "account_movements" ADD CONSTRAINT "account_movements_source_check" CHECK ("account_movements"."kind" IN ('payment', 'reversal', 'fee', 'fee_reversal') AND "account_movements"."payment_id" IS NOT NULL AND "account_movements"."transfer_id" IS NULL
        OR "account_movements"."kind" IN ('transfer', 'transfer_reversal') AND "account_movements"."transfer_id" IS NOT NULL AND "account_movements"."payment_id" IS NULL
        OR "account_movements"."kind" IN ('manual', 'manual_reversal') AND "account_movements"."classification_id" IS NOT NULL AND "account_movements"."payment_id" IS NULL AND "account_movements"."transfer_id" IS NULL);--> statement-breakpoint
ALTER TABLE "account_movements" ADD CONSTRAINT "account_movements_reversal_check" CHECK (("account_movements"."reversal_of" IS NOT NULL) = ("account_movements"."kind" IN ('transfer_reversal', 'manual_reversal')));