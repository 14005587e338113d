ALTER TABLE "departments" ADD CONSTRAINT "departments_org_id_key" UNIQUE("organization_id","id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_org_id_key" UNIQUE("organization_id","id");--> statement-breakpoint
CREATE TABLE "purchase_order_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" uuid NOT NULL,
	"description" text NOT NULL,
	"reason" text,
	"total" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_order_events_action_check" CHECK ("purchase_order_events"."action" IN ('criar', 'editar', 'enviar', 'aprovar', 'reprovar', 'concluir', 'cancelar'))
);
--> statement-breakpoint
CREATE TABLE "purchase_order_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid,
	"description" text NOT NULL,
	"quantity" bigint NOT NULL,
	"unit" text NOT NULL,
	"unit_price" bigint NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "purchase_order_items_position_key" UNIQUE("organization_id","order_id","position"),
	CONSTRAINT "purchase_order_items_amounts_check" CHECK ("purchase_order_items"."quantity" > 0 AND "purchase_order_items"."unit_price" > 0),
	CONSTRAINT "purchase_order_items_total_check" CHECK (total = (quantity * unit_price + 500) / 1000)
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"unit_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"requester_id" uuid NOT NULL,
	"supplier_id" uuid,
	"needed_by" date,
	"justification" text NOT NULL,
	"classification_id" uuid,
	"cost_centre_id" uuid,
	"status" text DEFAULT 'criada' NOT NULL,
	"total" bigint NOT NULL,
	"approved_total" bigint,
	"approvals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"waiting_for" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quotations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"chosen_quotation" integer,
	"quotation_reason" text,
	"payable_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "purchase_orders_org_id_key" UNIQUE("organization_id","id"),
	CONSTRAINT "purchase_orders_org_number_key" UNIQUE("organization_id","number"),
	CONSTRAINT "purchase_orders_payable_key" UNIQUE("organization_id","payable_id"),
	CONSTRAINT "purchase_orders_total_check" CHECK (total > 0 AND total <= 99999999999),
	CONSTRAINT "purchase_orders_status_check" CHECK ("purchase_orders"."status" IN ('criada', 'aguardando_aprovacao', 'aprovada', 'reprovada', 'concluida', 'cancelada')),
	CONSTRAINT "purchase_orders_number_check" CHECK ("purchase_orders"."number" > 0),
	CONSTRAINT "purchase_orders_payable_check" CHECK (("purchase_orders"."status" = 'concluida') = ("purchase_orders"."payable_id" IS NOT NULL)),
	CONSTRAINT "purchase_orders_approved_check" CHECK ("purchase_orders"."status" <> 'aprovada' OR "purchase_orders"."approved_total" = "purchase_orders"."total"),
	CONSTRAINT "purchase_orders_texts_check" CHECK (char_length("purchase_orders"."justification") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "ledger_documents" ADD COLUMN "purchase_order_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_documents" ADD COLUMN "nfe_key" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "cnpj" text;--> statement-breakpoint
ALTER TABLE "purchase_order_events" ADD CONSTRAINT "purchase_order_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_events" ADD CONSTRAINT "purchase_order_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_events" ADD CONSTRAINT "purchase_order_events_organization_id_order_id_purchase_orders_organization_id_id_fk" FOREIGN KEY ("organization_id","order_id") REFERENCES "public"."purchase_orders"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_items" ADD CONSTRAINT "purchase_order_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_items" ADD CONSTRAINT "purchase_order_items_organization_id_order_id_purchase_orders_organization_id_id_fk" FOREIGN KEY ("organization_id","order_id") REFERENCES "public"."purchase_orders"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_items" ADD CONSTRAINT "purchase_order_items_organization_id_product_id_products_organization_id_id_fk" FOREIGN KEY ("organization_id","product_id") REFERENCES "public"."products"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_organization_id_unit_id_units_organization_id_id_fk" FOREIGN KEY ("organization_id","unit_id") REFERENCES "public"."units"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_organization_id_department_id_departments_organization_id_id_fk" FOREIGN KEY ("organization_id","department_id") REFERENCES "public"."departments"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_organization_id_supplier_id_parties_organization_id_id_fk" FOREIGN KEY ("organization_id","supplier_id") REFERENCES "public"."parties"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_organization_id_classification_id_classifications_organization_id_id_fk" FOREIGN KEY ("organization_id","classification_id") REFERENCES "public"."classifications"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_organization_id_cost_centre_id_cost_centres_organization_id_id_fk" FOREIGN KEY ("organization_id","cost_centre_id") REFERENCES "public"."cost_centres"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_organization_id_payable_id_ledger_documents_organization_id_id_fk" FOREIGN KEY ("organization_id","payable_id") REFERENCES "public"."ledger_documents"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_order_events_order_idx" ON "purchase_order_events" USING btree ("organization_id","order_id","at");--> statement-breakpoint
CREATE INDEX "purchase_orders_list_idx" ON "purchase_orders" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE INDEX "purchase_orders_department_idx" ON "purchase_orders" USING btree ("organization_id","department_id","status");--> statement-breakpoint
ALTER TABLE "ledger_documents" ADD CONSTRAINT "ledger_documents_purchase_order_key" UNIQUE("organization_id","purchase_order_id");--> statement-breakpoint
ALTER TABLE "ledger_documents" ADD CONSTRAINT "ledger_documents_nfe_key" UNIQUE("organization_id","nfe_key");--> statement-breakpoint
ALTER TABLE "ledger_documents" ADD CONSTRAINT "ledger_documents_nfe_key_check" CHECK ("ledger_documents"."nfe_key" ~ '^[0-9]{44}$');--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_cnpj_check" CHECK ("organizations"."cnpj" ~ '^[0-9]{14}$');