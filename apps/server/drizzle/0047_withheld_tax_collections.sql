-- Withheld taxes are collected once a month per collection code (decision 0037): a tax type names its DARF code, the
-- day of the next month it is due and who collects it, and a month's collection is one payable (tax_collection,
-- tax_period) made from every withholding of that code and month, and the earlier ones below the DARF minimum.
-- Like the payables made per bill before (tax_of_document_id), such a payable settles a liability: the accrual basis
-- leaves it out (its bills count their gross); its settlements count on the cash basis over its lines.
ALTER TABLE "ledger_documents" ADD COLUMN "tax_collection" text;--> statement-breakpoint
ALTER TABLE "ledger_documents" ADD COLUMN "tax_period" date;--> statement-breakpoint
ALTER TABLE "tax_types" ADD COLUMN "collection_code" text;--> statement-breakpoint
ALTER TABLE "tax_types" ADD COLUMN "due_day" integer;--> statement-breakpoint
ALTER TABLE "tax_types" ADD COLUMN "collector_party_id" uuid;--> statement-breakpoint
ALTER TABLE "tax_types" ADD CONSTRAINT "tax_types_organization_id_collector_party_id_parties_organization_id_id_fk" FOREIGN KEY ("organization_id","collector_party_id") REFERENCES "public"."parties"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_documents_tax_collection_key" ON "ledger_documents" USING btree ("organization_id","unit_id","tax_collection","tax_period") WHERE "ledger_documents"."tax_collection" IS NOT NULL AND "ledger_documents"."status" <> 'cancelled';--> statement-breakpoint
ALTER TABLE "ledger_documents" ADD CONSTRAINT "ledger_documents_tax_collection_check" CHECK (("ledger_documents"."tax_collection" IS NULL) = ("ledger_documents"."tax_period" IS NULL) AND extract(day FROM "ledger_documents"."tax_period") = 1);--> statement-breakpoint
ALTER TABLE "tax_types" ADD CONSTRAINT "tax_types_collection_code_check" CHECK ("tax_types"."collection_code" ~ '^[0-9]{4}(-[0-9]{2})?$');--> statement-breakpoint
ALTER TABLE "tax_types" ADD CONSTRAINT "tax_types_due_day_check" CHECK ("tax_types"."due_day" BETWEEN 1 AND 31);--> statement-breakpoint
CREATE OR REPLACE VIEW "tax_types_view" WITH (security_invoker = true) AS SELECT "id", "organization_id", "name", "rate", "status", "withheld", "kind", "collection_code", "due_day", "collector_party_id" FROM "tax_types";--> statement-breakpoint
CREATE OR REPLACE VIEW "ledger_documents_view" WITH (security_invoker = true) AS SELECT "id", "organization_id", "unit_id", "kind", "party_id", "description", "document_number", "document_type", "issue_date", "competence", "payment_method_id", "account_id", "notes", "gross_amount", "withheld_amount", "net_amount", "interest_rate", "fine_rate", "status", "cancelled_at", "cancelled_by", "cancel_reason", "contract_id", "contract_period", "recurrence_id", "recurrence_period", "tax_of_document_id", "purchase_order_id", "nfe_key", "created_by", "created_at", "updated_at", "version", "tax_collection", "tax_period" FROM "ledger_documents";
--> statement-breakpoint
-- The accrual triggers, leaving a month's collection out as they leave out a payable made per bill.
CREATE OR REPLACE FUNCTION report_flows_add_documents(documents ledger_documents[], factor integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_monthly_flows AS r
    (organization_id, unit_id, kind, basis, month, classification_id, cost_centre_id, amount, entries)
  SELECT d.organization_id, d.unit_id, d.kind, 'accrual', d.competence, l.classification_id, l.cost_centre_id,
    sum(factor * coalesce(l.amount, d.gross_amount))::bigint, factor * count(*)
  FROM unnest(documents) AS d
  LEFT JOIN ledger_document_lines l ON l.organization_id = d.organization_id AND l.document_id = d.id
  WHERE d.status <> 'cancelled' AND d.tax_of_document_id IS NULL AND tax_period IS NULL
  GROUP BY d.organization_id, d.unit_id, d.kind, d.competence, l.classification_id, l.cost_centre_id
  ORDER BY d.organization_id, d.unit_id, d.kind, d.competence, l.classification_id, l.cost_centre_id
  ON CONFLICT ON CONSTRAINT report_monthly_flows_key DO UPDATE SET amount = r.amount + excluded.amount, entries = r.entries + excluded.entries
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_flows_on_documents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A new document has no lines yet (they point at it): its gross counts under no classification.
    INSERT INTO report_monthly_flows AS r
      (organization_id, unit_id, kind, basis, month, classification_id, cost_centre_id, amount, entries)
    SELECT organization_id, unit_id, kind, 'accrual', competence, NULL, NULL, sum(gross_amount)::bigint, count(*)
    FROM new_rows WHERE status <> 'cancelled' AND tax_of_document_id IS NULL AND tax_period IS NULL
    GROUP BY organization_id, unit_id, kind, competence
    ORDER BY organization_id, unit_id, kind, competence
    ON CONFLICT ON CONSTRAINT report_monthly_flows_key DO UPDATE SET amount = r.amount + excluded.amount, entries = r.entries + excluded.entries;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_flows_add_documents(ARRAY(SELECT ROW(o.*)::ledger_documents FROM old_rows o), -1);
  ELSE
    -- Only what the summary keys on: a document's cancellation, competence, unit, kind or gross.
    PERFORM report_flows_add_documents(ARRAY(SELECT ROW(o.*)::ledger_documents FROM old_rows o JOIN new_rows n
      ON n.organization_id = o.organization_id AND n.id = o.id
      WHERE (o.status = 'cancelled') <> (n.status = 'cancelled') OR o.competence <> n.competence
        OR o.unit_id <> n.unit_id OR o.kind <> n.kind OR o.gross_amount <> n.gross_amount), -1);
    PERFORM report_flows_add_documents(ARRAY(SELECT ROW(n.*)::ledger_documents FROM old_rows o JOIN new_rows n
      ON n.organization_id = o.organization_id AND n.id = o.id
      WHERE (o.status = 'cancelled') <> (n.status = 'cancelled') OR o.competence <> n.competence
        OR o.unit_id <> n.unit_id OR o.kind <> n.kind OR o.gross_amount <> n.gross_amount), 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_flows_on_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_monthly_flows AS r
      (organization_id, unit_id, kind, basis, month, classification_id, cost_centre_id, amount, entries)
    SELECT organization_id, unit_id, kind, 'accrual', competence, classification_id, cost_centre_id,
      sum(amount)::bigint, sum(n)::bigint
    FROM (
      SELECT d.organization_id, d.unit_id, d.kind, d.competence, l.classification_id, l.cost_centre_id, l.amount, 1 AS n
      FROM new_rows l JOIN ledger_documents d ON d.organization_id = l.organization_id AND d.id = l.document_id
      WHERE d.status <> 'cancelled' AND d.tax_of_document_id IS NULL AND tax_period IS NULL
      UNION ALL
      SELECT d.organization_id, d.unit_id, d.kind, d.competence, NULL, NULL, -d.gross_amount, -1
      FROM (SELECT organization_id, document_id, count(*) AS added FROM new_rows GROUP BY 1, 2) n
      JOIN ledger_documents d ON d.organization_id = n.organization_id AND d.id = n.document_id
      WHERE d.status <> 'cancelled' AND d.tax_of_document_id IS NULL AND tax_period IS NULL
        -- The document had no lines before these: all it has now are the new ones.
        AND n.added = (SELECT count(*) FROM ledger_document_lines o
          WHERE o.organization_id = n.organization_id AND o.document_id = n.document_id)
    ) changes
    GROUP BY organization_id, unit_id, kind, competence, classification_id, cost_centre_id
    ORDER BY organization_id, unit_id, kind, competence, classification_id, cost_centre_id
    ON CONFLICT ON CONSTRAINT report_monthly_flows_key DO UPDATE SET amount = r.amount + excluded.amount, entries = r.entries + excluded.entries;
  ELSE
    INSERT INTO report_monthly_flows AS r
      (organization_id, unit_id, kind, basis, month, classification_id, cost_centre_id, amount, entries)
    SELECT organization_id, unit_id, kind, 'accrual', competence, classification_id, cost_centre_id,
      sum(amount)::bigint, sum(n)::bigint
    FROM (
      SELECT d.organization_id, d.unit_id, d.kind, d.competence, l.classification_id, l.cost_centre_id, -l.amount AS amount, -1 AS n
      FROM old_rows l JOIN ledger_documents d ON d.organization_id = l.organization_id AND d.id = l.document_id
      WHERE d.status <> 'cancelled' AND d.tax_of_document_id IS NULL AND tax_period IS NULL
      UNION ALL
      SELECT d.organization_id, d.unit_id, d.kind, d.competence, NULL, NULL, d.gross_amount, 1
      FROM ledger_documents d
      WHERE d.status <> 'cancelled' AND d.tax_of_document_id IS NULL AND tax_period IS NULL
        AND (d.organization_id, d.id) IN (SELECT DISTINCT organization_id, document_id FROM old_rows)
        AND NOT EXISTS (SELECT FROM ledger_document_lines o
          WHERE o.organization_id = d.organization_id AND o.document_id = d.id)
    ) changes
    GROUP BY organization_id, unit_id, kind, competence, classification_id, cost_centre_id
    ORDER BY organization_id, unit_id, kind, competence, classification_id, cost_centre_id
    ON CONFLICT ON CONSTRAINT report_monthly_flows_key DO UPDATE SET amount = r.amount + excluded.amount, entries = r.entries + excluded.entries;
  END IF;
  RETURN NULL;
END $$;
