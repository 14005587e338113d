-- A withheld tax is part of the bill it was withheld from: the bill's gross is its expense (or revenue) on the
-- accrual basis, and the payable to the government made from the withholding (a document with tax_of_document_id)
-- settles a liability, not a second expense. Until now the summary counted that payable's lines on the accrual
-- basis too, so the DRE by competência showed the withheld amount twice while the cash basis was right.
-- First the tax payables' accrual amounts already stored are taken back (what 0041's backfill and triggers added for
-- them, negated); then the accrual triggers leave such documents out. Their settlements still count on the cash
-- basis, apportioned over their lines as before: paying the bill's net and the tax's payable is paying its gross.
INSERT INTO report_monthly_flows AS r
  (organization_id, unit_id, kind, basis, month, classification_id, cost_centre_id, amount, entries)
SELECT d.organization_id, d.unit_id, d.kind, 'accrual', d.competence, l.classification_id, l.cost_centre_id,
  -sum(coalesce(l.amount, d.gross_amount))::bigint, -count(*)
FROM ledger_documents d
LEFT JOIN ledger_document_lines l ON l.organization_id = d.organization_id AND l.document_id = d.id
WHERE d.status <> 'cancelled' AND d.tax_of_document_id IS NOT NULL
GROUP BY d.organization_id, d.unit_id, d.kind, d.competence, l.classification_id, l.cost_centre_id
ON CONFLICT ON CONSTRAINT report_monthly_flows_key DO UPDATE SET amount = r.amount + excluded.amount, entries = r.entries + excluded.entries;
--> statement-breakpoint
DELETE FROM report_monthly_flows WHERE amount = 0 AND entries = 0;
--> statement-breakpoint
-- The accrual triggers, leaving a withheld tax's payable out.
CREATE OR REPLACE FUNCTION report_flows_add_documents(documents ledger_documents[], factor integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_monthly_flows AS r
    (organization_id, unit_id, kind, basis, month, classification_id, cost_centre_id, amount, entries)
  SELECT d.organization_id, d.unit_id, d.kind, 'accrual', d.competence, l.classification_id, l.cost_centre_id,
    sum(factor * coalesce(l.amount, d.gross_amount))::bigint, factor * count(*)
  FROM unnest(documents) AS d
  LEFT JOIN ledger_document_lines l ON l.organization_id = d.organization_id AND l.document_id = d.id
  WHERE d.status <> 'cancelled' AND d.tax_of_document_id IS NULL
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
    FROM new_rows WHERE status <> 'cancelled' AND tax_of_document_id IS NULL
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
      WHERE d.status <> 'cancelled' AND d.tax_of_document_id IS NULL
      UNION ALL
      SELECT d.organization_id, d.unit_id, d.kind, d.competence, NULL, NULL, -d.gross_amount, -1
      FROM (SELECT organization_id, document_id, count(*) AS added FROM new_rows GROUP BY 1, 2) n
      JOIN ledger_documents d ON d.organization_id = n.organization_id AND d.id = n.document_id
      WHERE d.status <> 'cancelled' AND d.tax_of_document_id IS NULL
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
      WHERE d.status <> 'cancelled' AND d.tax_of_document_id IS NULL
      UNION ALL
      SELECT d.organization_id, d.unit_id, d.kind, d.competence, NULL, NULL, d.gross_amount, 1
      FROM ledger_documents d
      WHERE d.status <> 'cancelled' AND d.tax_of_document_id IS NULL
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
