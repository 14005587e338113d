-- The reports' monthly summary (decision 0026) is kept by statement-level AFTER triggers with transition tables, in
-- the transaction of the write, under the caller's row security: no write path (the API, a worker, the seeder) can
-- forget it. Money-moving rows are never updated or deleted (a reversal is a new row), so settlements and manual
-- entries only add; documents and their lines add and take back their accrual amounts as they change.
ALTER TABLE report_monthly_flows ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON report_monthly_flows
  USING (organization_id = app_organization_id() AND app_unit_matches(unit_id));
--> statement-breakpoint
-- Cash basis, as the flows report counts it: each settlement's principal + interest + fine − discount (a reversal's
-- negative) in the payment's month, in the installment's unit, split over its document's lines exactly as core's
-- apportion does (floors of the basis points, the centavos left over to the largest remainders, ties to the earlier
-- line, a negative value split as its magnitude); a document without lines keeps it under no classification.
-- Lines are found by their document alone (its id is unique, and its lines carry its organization): the document
-- key's index then serves the lookup even before the planner has statistics of a large load.
CREATE FUNCTION report_flows_add_settlements(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_monthly_flows AS r
    (organization_id, unit_id, kind, basis, month, classification_id, cost_centre_id, amount, entries)
  SELECT organization_id, unit_id, kind, 'cash', month, classification_id, cost_centre_id, sum(part)::bigint, count(*)
  FROM (
    SELECT organization_id, unit_id, kind, month, classification_id, cost_centre_id,
      CASE WHEN share IS NULL THEN value
        ELSE sign(value)::bigint * (floor_part + CASE WHEN rank <= abs(value) - floors THEN 1 ELSE 0 END) END AS part
    FROM (
      SELECT m.organization_id, m.unit_id, m.kind, m.month, m.value, l.classification_id, l.cost_centre_id, l.share,
        abs(m.value) * l.share / 10000 AS floor_part,
        sum(abs(m.value) * l.share / 10000) OVER (PARTITION BY m.settlement_id) AS floors,
        row_number() OVER (PARTITION BY m.settlement_id ORDER BY abs(m.value) * l.share % 10000 DESC, l.id) AS rank
      FROM (
        SELECT s.id AS settlement_id, s.organization_id, i.unit_id, p.kind, i.document_id,
          date_trunc('month', p.paid_date)::date AS month,
          (s.principal + s.interest + s.fine - s.discount)::bigint AS value
        FROM unnest(ids) AS x(id)
        JOIN ledger_settlements s ON s.id = x.id
        JOIN ledger_payments p ON p.organization_id = s.organization_id AND p.id = s.payment_id
        JOIN ledger_installments i ON i.organization_id = s.organization_id AND i.id = s.installment_id
      ) m
      LEFT JOIN ledger_document_lines l ON l.document_id = m.document_id
    ) lines
  ) parts
  GROUP BY organization_id, unit_id, kind, month, classification_id, cost_centre_id
  ORDER BY organization_id, unit_id, kind, month, classification_id, cost_centre_id
  ON CONFLICT ON CONSTRAINT report_monthly_flows_key DO UPDATE SET amount = r.amount + excluded.amount, entries = r.entries + excluded.entries
$$;
--> statement-breakpoint
-- Manual entries and their reversals count on both bases, by their own date: an entry is an inflow when money came
-- in, and its reversal counts (negative) in the direction of the entry it undoes. Payments, fees and transfers are
-- not manual entries.
CREATE FUNCTION report_flows_add_movements(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_monthly_flows AS r
    (organization_id, unit_id, kind, basis, month, classification_id, cost_centre_id, amount, entries)
  SELECT organization_id, unit_id, kind, b.basis, month, classification_id, cost_centre_id, sum(amount)::bigint,
    count(*)
  FROM (
    SELECT m.organization_id, m.unit_id, m.classification_id, m.cost_centre_id,
      date_trunc('month', m.date)::date AS month,
      CASE WHEN inflow THEN 'receivable' ELSE 'payable' END AS kind,
      CASE WHEN inflow THEN m.amount ELSE -m.amount END AS amount
    FROM (
      SELECT m.*, CASE WHEN m.kind = 'manual' THEN m.amount > 0 ELSE m.amount < 0 END AS inflow
      FROM unnest(ids) AS x(id) JOIN account_movements m ON m.id = x.id
      WHERE m.kind IN ('manual', 'manual_reversal')
    ) m
  ) entries CROSS JOIN (VALUES ('cash'), ('accrual')) AS b(basis)
  GROUP BY organization_id, unit_id, kind, b.basis, month, classification_id, cost_centre_id
  ORDER BY organization_id, unit_id, kind, b.basis, month, classification_id, cost_centre_id
  ON CONFLICT ON CONSTRAINT report_monthly_flows_key DO UPDATE SET amount = r.amount + excluded.amount, entries = r.entries + excluded.entries
$$;
--> statement-breakpoint
-- Accrual basis: a document that is not cancelled counts its lines' amounts in its competence and unit (one without
-- lines, its gross under no classification). `documents` are the documents' rows as they were or are now, `factor`
-- adds them (1) or takes them back (−1); their lines are read as they are now.
CREATE FUNCTION report_flows_add_documents(documents ledger_documents[], factor integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_monthly_flows AS r
    (organization_id, unit_id, kind, basis, month, classification_id, cost_centre_id, amount, entries)
  SELECT d.organization_id, d.unit_id, d.kind, 'accrual', d.competence, l.classification_id, l.cost_centre_id,
    sum(factor * coalesce(l.amount, d.gross_amount))::bigint, factor * count(*)
  FROM unnest(documents) AS d
  LEFT JOIN ledger_document_lines l ON l.document_id = d.id
  WHERE d.status <> 'cancelled'
  GROUP BY d.organization_id, d.unit_id, d.kind, d.competence, l.classification_id, l.cost_centre_id
  ORDER BY d.organization_id, d.unit_id, d.kind, d.competence, l.classification_id, l.cost_centre_id
  ON CONFLICT ON CONSTRAINT report_monthly_flows_key DO UPDATE SET amount = r.amount + excluded.amount, entries = r.entries + excluded.entries
$$;
--> statement-breakpoint
CREATE FUNCTION report_flows_on_settlements() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_flows_add_settlements(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_flows AFTER INSERT ON ledger_settlements REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_flows_on_settlements();
--> statement-breakpoint
CREATE FUNCTION report_flows_on_movements() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_flows_add_movements(ARRAY(SELECT id FROM new_rows WHERE kind IN ('manual', 'manual_reversal')));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_flows AFTER INSERT ON account_movements REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_flows_on_movements();
--> statement-breakpoint
CREATE FUNCTION report_flows_on_documents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A new document has no lines yet (they point at it): its gross counts under no classification.
    INSERT INTO report_monthly_flows AS r
      (organization_id, unit_id, kind, basis, month, classification_id, cost_centre_id, amount, entries)
    SELECT organization_id, unit_id, kind, 'accrual', competence, NULL, NULL, sum(gross_amount)::bigint, count(*)
    FROM new_rows WHERE status <> 'cancelled'
    GROUP BY organization_id, unit_id, kind, competence
    ORDER BY organization_id, unit_id, kind, competence
    ON CONFLICT ON CONSTRAINT report_monthly_flows_key DO UPDATE SET amount = r.amount + excluded.amount, entries = r.entries + excluded.entries;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM report_flows_add_documents(ARRAY(SELECT ROW(o.*)::ledger_documents FROM old_rows o), -1);
  ELSE
    -- Only what the summary keys on: a document's cancellation, competence, unit, kind or gross.
    PERFORM report_flows_add_documents(ARRAY(SELECT ROW(o.*)::ledger_documents FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.status = 'cancelled') <> (n.status = 'cancelled') OR o.competence <> n.competence
        OR o.unit_id <> n.unit_id OR o.kind <> n.kind OR o.gross_amount <> n.gross_amount), -1);
    PERFORM report_flows_add_documents(ARRAY(SELECT ROW(n.*)::ledger_documents FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.status = 'cancelled') <> (n.status = 'cancelled') OR o.competence <> n.competence
        OR o.unit_id <> n.unit_id OR o.kind <> n.kind OR o.gross_amount <> n.gross_amount), 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_flows_insert AFTER INSERT ON ledger_documents REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_flows_on_documents();
--> statement-breakpoint
CREATE TRIGGER report_flows_update AFTER UPDATE ON ledger_documents
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_flows_on_documents();
--> statement-breakpoint
CREATE TRIGGER report_flows_delete AFTER DELETE ON ledger_documents REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_flows_on_documents();
--> statement-breakpoint
-- Lines added to or removed from documents (a document edited before its first settlement rewrites them): their
-- amounts come or go, and a document that gains its first lines, or loses its last, moves its gross out of, or back
-- to, no classification.
CREATE FUNCTION report_flows_on_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_monthly_flows AS r
      (organization_id, unit_id, kind, basis, month, classification_id, cost_centre_id, amount, entries)
    SELECT organization_id, unit_id, kind, 'accrual', competence, classification_id, cost_centre_id,
      sum(amount)::bigint, sum(n)::bigint
    FROM (
      SELECT d.organization_id, d.unit_id, d.kind, d.competence, l.classification_id, l.cost_centre_id, l.amount, 1 AS n
      FROM new_rows l JOIN ledger_documents d ON d.organization_id = l.organization_id AND d.id = l.document_id
      WHERE d.status <> 'cancelled'
      UNION ALL
      SELECT d.organization_id, d.unit_id, d.kind, d.competence, NULL, NULL, -d.gross_amount, -1
      FROM (SELECT organization_id, document_id, count(*) AS added FROM new_rows GROUP BY 1, 2) n
      JOIN ledger_documents d ON d.organization_id = n.organization_id AND d.id = n.document_id
      WHERE d.status <> 'cancelled'
        -- The document had no lines before these: all it has now are the new ones.
        AND n.added = (SELECT count(*) FROM ledger_document_lines o WHERE o.document_id = n.document_id)
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
      WHERE d.status <> 'cancelled'
      UNION ALL
      SELECT d.organization_id, d.unit_id, d.kind, d.competence, NULL, NULL, d.gross_amount, 1
      FROM ledger_documents d
      WHERE d.status <> 'cancelled'
        AND (d.organization_id, d.id) IN (SELECT DISTINCT organization_id, document_id FROM old_rows)
        AND NOT EXISTS (SELECT FROM ledger_document_lines o
          WHERE o.document_id = d.id)
    ) changes
    GROUP BY organization_id, unit_id, kind, competence, classification_id, cost_centre_id
    ORDER BY organization_id, unit_id, kind, competence, classification_id, cost_centre_id
    ON CONFLICT ON CONSTRAINT report_monthly_flows_key DO UPDATE SET amount = r.amount + excluded.amount, entries = r.entries + excluded.entries;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_flows_insert AFTER INSERT ON ledger_document_lines REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_flows_on_lines();
--> statement-breakpoint
CREATE TRIGGER report_flows_delete AFTER DELETE ON ledger_document_lines REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_flows_on_lines();
--> statement-breakpoint
-- The books written before this migration, by the same rules.
SELECT report_flows_add_settlements(ARRAY(SELECT id FROM ledger_settlements));
--> statement-breakpoint
SELECT report_flows_add_movements(ARRAY(SELECT id FROM account_movements WHERE kind IN ('manual', 'manual_reversal')));
--> statement-breakpoint
INSERT INTO report_monthly_flows AS r
  (organization_id, unit_id, kind, basis, month, classification_id, cost_centre_id, amount, entries)
SELECT d.organization_id, d.unit_id, d.kind, 'accrual', d.competence, l.classification_id, l.cost_centre_id,
  sum(coalesce(l.amount, d.gross_amount))::bigint, count(*)
FROM ledger_documents d
LEFT JOIN ledger_document_lines l ON l.document_id = d.id
WHERE d.status <> 'cancelled'
GROUP BY d.organization_id, d.unit_id, d.kind, d.competence, l.classification_id, l.cost_centre_id
ON CONFLICT ON CONSTRAINT report_monthly_flows_key DO UPDATE SET amount = r.amount + excluded.amount, entries = r.entries + excluded.entries;
