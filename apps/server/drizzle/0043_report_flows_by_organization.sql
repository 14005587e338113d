-- The summary's triggers (0041) found a document's lines by the document alone, through the document key's index;
-- that key now begins with organization_id (0042), so every lookup names the organization too and is served by a
-- key's index whichever role runs it (the seeder and the bench loaders bypass row security, which otherwise adds
-- the organization). Settlements and movements are still found by id: under row security the policy's organization
-- makes that the primary key's lookup.
CREATE OR REPLACE FUNCTION report_flows_add_settlements(ids uuid[]) RETURNS void LANGUAGE sql AS $$
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
      LEFT JOIN ledger_document_lines l ON l.organization_id = m.organization_id AND l.document_id = m.document_id
    ) lines
  ) parts
  GROUP BY organization_id, unit_id, kind, month, classification_id, cost_centre_id
  ORDER BY organization_id, unit_id, kind, month, classification_id, cost_centre_id
  ON CONFLICT ON CONSTRAINT report_monthly_flows_key DO UPDATE SET amount = r.amount + excluded.amount, entries = r.entries + excluded.entries
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_flows_add_documents(documents ledger_documents[], factor integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_monthly_flows AS r
    (organization_id, unit_id, kind, basis, month, classification_id, cost_centre_id, amount, entries)
  SELECT d.organization_id, d.unit_id, d.kind, 'accrual', d.competence, l.classification_id, l.cost_centre_id,
    sum(factor * coalesce(l.amount, d.gross_amount))::bigint, factor * count(*)
  FROM unnest(documents) AS d
  LEFT JOIN ledger_document_lines l ON l.organization_id = d.organization_id AND l.document_id = d.id
  WHERE d.status <> 'cancelled'
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
    FROM new_rows WHERE status <> 'cancelled'
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
      WHERE d.status <> 'cancelled'
      UNION ALL
      SELECT d.organization_id, d.unit_id, d.kind, d.competence, NULL, NULL, -d.gross_amount, -1
      FROM (SELECT organization_id, document_id, count(*) AS added FROM new_rows GROUP BY 1, 2) n
      JOIN ledger_documents d ON d.organization_id = n.organization_id AND d.id = n.document_id
      WHERE d.status <> 'cancelled'
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
      WHERE d.status <> 'cancelled'
      UNION ALL
      SELECT d.organization_id, d.unit_id, d.kind, d.competence, NULL, NULL, d.gross_amount, 1
      FROM ledger_documents d
      WHERE d.status <> 'cancelled'
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
