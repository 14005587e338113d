-- The views through which a module's rows are read by other modules (decision 0032): each owner publishes a table
-- as a view of the same name with "_view" (its views.ts), and other modules' queries name the view, never the table.
-- A simple view is inlined by the planner, so a query reads the same indexes as before; security_invoker keeps the
-- reader's own rights and row-level security on the table beneath.

-- ledger
CREATE VIEW "ledger_documents_view" WITH (security_invoker = true) AS SELECT "id", "organization_id", "unit_id", "kind", "party_id", "description", "document_number", "document_type", "issue_date", "competence", "payment_method_id", "account_id", "notes", "gross_amount", "withheld_amount", "net_amount", "interest_rate", "fine_rate", "status", "cancelled_at", "cancelled_by", "cancel_reason", "contract_id", "contract_period", "recurrence_id", "recurrence_period", "tax_of_document_id", "purchase_order_id", "nfe_key", "created_by", "created_at", "updated_at", "version" FROM "ledger_documents";--> statement-breakpoint
CREATE VIEW "ledger_document_lines_view" WITH (security_invoker = true) AS SELECT "id", "organization_id", "document_id", "classification_id", "cost_centre_id", "share", "amount" FROM "ledger_document_lines";--> statement-breakpoint
CREATE VIEW "ledger_installments_view" WITH (security_invoker = true) AS SELECT "id", "organization_id", "unit_id", "document_id", "kind", "party_id", "document_number", "number", "count", "due_date", "amount", "settled", "status", "barcode", "pix_code", "updated_at" FROM "ledger_installments";--> statement-breakpoint
CREATE VIEW "ledger_payments_view" WITH (security_invoker = true) AS SELECT "id", "organization_id", "unit_id", "kind", "paid_date", "account_id", "payment_method_id", "total", "fees", "notes", "reversal_of", "reversal_reason", "created_by", "created_at" FROM "ledger_payments";--> statement-breakpoint
CREATE VIEW "ledger_settlements_view" WITH (security_invoker = true) AS SELECT "id", "organization_id", "payment_id", "installment_id", "principal", "interest", "fine", "discount" FROM "ledger_settlements";--> statement-breakpoint
CREATE VIEW "account_movements_view" WITH (security_invoker = true) AS SELECT "id", "organization_id", "unit_id", "account_id", "date", "amount", "kind", "payment_id", "transfer_id", "classification_id", "cost_centre_id", "reversal_of", "description", "created_by", "created_at" FROM "account_movements";--> statement-breakpoint
CREATE VIEW "ledger_recurrences_view" WITH (security_invoker = true) AS SELECT "id", "organization_id", "unit_id", "kind", "party_id", "description", "document_type", "amount", "lines", "payment_method_id", "account_id", "periodicity", "due_day", "start_date", "end_date", "generated_until", "status", "version", "created_by", "created_at", "updated_at" FROM "ledger_recurrences";--> statement-breakpoint

-- registries
CREATE VIEW "parties_view" WITH (security_invoker = true) AS SELECT "id", "organization_id", "status", "version", "created_at", "updated_at", "roles", "person_type", "document", "name", "trade_name", "state_registration", "municipal_registration", "email", "phone", "cep", "street", "number", "complement", "district", "city", "uf", "bank_id", "branch", "account_number", "pix_key_type", "pix_key", "apportionment_template_id", "search_text" FROM "parties";--> statement-breakpoint
CREATE VIEW "accounts_view" WITH (security_invoker = true) AS SELECT "id", "organization_id", "status", "version", "created_at", "updated_at", "name", "account_type_id", "bank_id", "branch", "number", "opening_balance", "opening_date", "unit_ids" FROM "accounts";--> statement-breakpoint
CREATE VIEW "account_types_view" WITH (security_invoker = true) AS SELECT "id", "organization_id", "name", "kind" FROM "account_types";--> statement-breakpoint
CREATE VIEW "banks_view" WITH (security_invoker = true) AS SELECT "id", "organization_id", "code", "name" FROM "banks";--> statement-breakpoint
CREATE VIEW "classifications_view" WITH (security_invoker = true) AS SELECT "id", "organization_id", "status", "version", "created_at", "updated_at", "parent_id", "code", "name", "nature", "apportionment_template_id", "dre_group" FROM "classifications";--> statement-breakpoint
CREATE VIEW "cost_centres_view" WITH (security_invoker = true) AS SELECT "id", "organization_id", "status", "version", "created_at", "updated_at", "parent_id", "code", "name" FROM "cost_centres";--> statement-breakpoint
CREATE VIEW "payment_methods_view" WITH (security_invoker = true) AS SELECT "id", "organization_id", "name" FROM "payment_methods";--> statement-breakpoint
CREATE VIEW "tax_types_view" WITH (security_invoker = true) AS SELECT "id", "organization_id", "name", "rate", "status", "withheld" FROM "tax_types";--> statement-breakpoint
CREATE VIEW "products_view" WITH (security_invoker = true) AS SELECT "id", "organization_id", "code", "name", "classification_id" FROM "products";--> statement-breakpoint
CREATE VIEW "contracts_view" WITH (security_invoker = true) AS SELECT "id", "organization_id", "status", "party_id", "object", "value", "periodicity", "start_date", "end_date", "classification_id", "cost_centre_id" FROM "contracts";--> statement-breakpoint
CREATE VIEW "apportionment_templates_view" WITH (security_invoker = true) AS SELECT "id", "organization_id", "name", "lines" FROM "apportionment_templates";--> statement-breakpoint
CREATE VIEW "purchasing_centres_view" WITH (security_invoker = true) AS SELECT "id", "organization_id", "name", "status", "department_ids", "approvers" FROM "purchasing_centres";--> statement-breakpoint
CREATE VIEW "split_configs_view" WITH (security_invoker = true) AS SELECT "id", "organization_id", "status", "version", "created_at", "updated_at", "name", "partners", "coverage", "classification_id", "product_id", "contract_id", "covered_party_id" FROM "split_configs";--> statement-breakpoint

-- tenancy
CREATE VIEW "organizations_view" WITH (security_invoker = true) AS SELECT "id", "name", "cnpj" FROM "organizations";--> statement-breakpoint
CREATE VIEW "units_view" WITH (security_invoker = true) AS SELECT "id", "organization_id", "name" FROM "units";--> statement-breakpoint
CREATE VIEW "departments_view" WITH (security_invoker = true) AS SELECT "id", "organization_id", "unit_id", "name", "status" FROM "departments";--> statement-breakpoint
CREATE VIEW "memberships_view" WITH (security_invoker = true) AS SELECT "id", "organization_id", "user_id", "status" FROM "memberships";--> statement-breakpoint
CREATE VIEW "profiles_view" WITH (security_invoker = true) AS SELECT "id", "organization_id", "name" FROM "profiles";--> statement-breakpoint

-- identity
CREATE VIEW "users_view" WITH (security_invoker = true) AS SELECT "id", "username", "name", "email", "email_verified", "phone_number", "picture", "locale", "status", "organization_creation_enabled", "mfa_required" FROM "users";--> statement-breakpoint

-- audit
CREATE VIEW "event_log_view" WITH (security_invoker = true) AS SELECT "id", "organization_id", "created_at", "actor_user_id", "action", "entity", "entity_id", "before", "after", "ip" FROM "event_log";--> statement-breakpoint

-- banking
CREATE VIEW "bank_statement_lines_view" WITH (security_invoker = true) AS SELECT "id", "organization_id", "account_id", "import_id", "date", "amount", "memo", "fit_id", "reference", "type", "line_key", "reconciled", "status", "created_at" FROM "bank_statement_lines";--> statement-breakpoint
CREATE VIEW "bank_reconciliation_links_view" WITH (security_invoker = true) AS SELECT "id", "organization_id", "group_id", "account_id", "line_id", "movement_id", "amount", "origin", "created_by", "created_at", "undone_at", "undone_by" FROM "bank_reconciliation_links";
