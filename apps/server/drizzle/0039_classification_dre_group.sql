ALTER TABLE "classifications" ADD COLUMN "dre_group" text;--> statement-breakpoint
ALTER TABLE "classifications" ADD CONSTRAINT "classifications_dre_group_check" CHECK (dre_group IN ('gross_revenue', 'deductions', 'costs', 'expenses', 'financial_income', 'financial_expenses'));--> statement-breakpoint
-- The default plan's groups of organizations made before the column: their children inherit the group.
UPDATE "classifications" SET "dre_group" = CASE "name"
    WHEN 'Receitas operacionais' THEN 'gross_revenue'
    WHEN 'Deduções da receita' THEN 'deductions'
    WHEN 'Custos' THEN 'costs'
    WHEN 'Despesas operacionais' THEN 'expenses'
    WHEN 'Receitas financeiras' THEN 'financial_income'
    WHEN 'Despesas financeiras' THEN 'financial_expenses'
  END
  WHERE "parent_id" IS NULL AND "dre_group" IS NULL AND "name" IN ('Receitas operacionais', 'Deduções da receita',
    'Custos', 'Despesas operacionais', 'Receitas financeiras', 'Despesas financeiras');
