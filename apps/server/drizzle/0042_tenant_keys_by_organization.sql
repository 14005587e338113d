-- Every tenant table's primary key becomes (organization_id, id), and every unique key includes organization_id, so
-- the schema can be distributed by organization (decision 0028). The unique (organization_id, id) keys the foreign
-- keys used until now would repeat the new primary keys, so they go; the foreign keys depend on them, so they are
-- dropped first and added back last, against the primary keys, all in this migration's transaction.
ALTER TABLE account_movements DROP CONSTRAINT account_movements_organization_id_account_id_accounts_organizat;--> statement-breakpoint
ALTER TABLE account_movements DROP CONSTRAINT account_movements_organization_id_classification_id_classificat;--> statement-breakpoint
ALTER TABLE account_movements DROP CONSTRAINT account_movements_organization_id_cost_centre_id_cost_centres_o;--> statement-breakpoint
ALTER TABLE account_movements DROP CONSTRAINT account_movements_organization_id_payment_id_ledger_payments_or;--> statement-breakpoint
ALTER TABLE account_movements DROP CONSTRAINT account_movements_organization_id_reversal_of_account_movements;--> statement-breakpoint
ALTER TABLE account_movements DROP CONSTRAINT account_movements_organization_id_unit_id_units_organization_id;--> statement-breakpoint
ALTER TABLE accounts DROP CONSTRAINT accounts_organization_id_account_type_id_account_types_organiza;--> statement-breakpoint
ALTER TABLE accounts DROP CONSTRAINT accounts_organization_id_bank_id_banks_organization_id_id_fk;--> statement-breakpoint
ALTER TABLE bank_csv_mappings DROP CONSTRAINT bank_csv_mappings_organization_id_bank_id_banks_organization_id;--> statement-breakpoint
ALTER TABLE bank_reconciliation_links DROP CONSTRAINT bank_reconciliation_links_organization_id_account_id_accounts_o;--> statement-breakpoint
ALTER TABLE bank_reconciliation_links DROP CONSTRAINT bank_reconciliation_links_organization_id_line_id_bank_statemen;--> statement-breakpoint
ALTER TABLE bank_reconciliation_links DROP CONSTRAINT bank_reconciliation_links_organization_id_movement_id_account_m;--> statement-breakpoint
ALTER TABLE bank_reconciliation_rules DROP CONSTRAINT bank_reconciliation_rules_organization_id_account_id_accounts_o;--> statement-breakpoint
ALTER TABLE bank_reconciliation_rules DROP CONSTRAINT bank_reconciliation_rules_organization_id_classification_id_cla;--> statement-breakpoint
ALTER TABLE bank_reconciliation_rules DROP CONSTRAINT bank_reconciliation_rules_organization_id_cost_centre_id_cost_c;--> statement-breakpoint
ALTER TABLE bank_statement_imports DROP CONSTRAINT bank_statement_imports_organization_id_account_id_accounts_orga;--> statement-breakpoint
ALTER TABLE bank_statement_lines DROP CONSTRAINT bank_statement_lines_organization_id_account_id_accounts_organi;--> statement-breakpoint
ALTER TABLE bank_statement_lines DROP CONSTRAINT bank_statement_lines_organization_id_import_id_bank_statement_i;--> statement-breakpoint
ALTER TABLE classifications DROP CONSTRAINT classifications_organization_id_apportionment_template_id_appor;--> statement-breakpoint
ALTER TABLE classifications DROP CONSTRAINT classifications_organization_id_parent_id_classifications_organ;--> statement-breakpoint
ALTER TABLE contract_attachments DROP CONSTRAINT contract_attachments_organization_id_contract_id_contracts_orga;--> statement-breakpoint
ALTER TABLE contracts DROP CONSTRAINT contracts_organization_id_classification_id_classifications_org;--> statement-breakpoint
ALTER TABLE contracts DROP CONSTRAINT contracts_organization_id_cost_centre_id_cost_centres_organizat;--> statement-breakpoint
ALTER TABLE contracts DROP CONSTRAINT contracts_organization_id_party_id_parties_organization_id_id_f;--> statement-breakpoint
ALTER TABLE cost_centres DROP CONSTRAINT cost_centres_organization_id_parent_id_cost_centres_organizatio;--> statement-breakpoint
ALTER TABLE departments DROP CONSTRAINT departments_organization_id_unit_id_units_organization_id_id_fk;--> statement-breakpoint
ALTER TABLE ledger_attachments DROP CONSTRAINT ledger_attachments_organization_id_document_id_ledger_documents;--> statement-breakpoint
ALTER TABLE ledger_attachments DROP CONSTRAINT ledger_attachments_organization_id_payment_id_ledger_payments_o;--> statement-breakpoint
ALTER TABLE ledger_document_lines DROP CONSTRAINT ledger_document_lines_organization_id_classification_id_classif;--> statement-breakpoint
ALTER TABLE ledger_document_lines DROP CONSTRAINT ledger_document_lines_organization_id_cost_centre_id_cost_centr;--> statement-breakpoint
ALTER TABLE ledger_document_lines DROP CONSTRAINT ledger_document_lines_organization_id_document_id_ledger_docume;--> statement-breakpoint
ALTER TABLE ledger_document_taxes DROP CONSTRAINT ledger_document_taxes_organization_id_document_id_ledger_docume;--> statement-breakpoint
ALTER TABLE ledger_document_taxes DROP CONSTRAINT ledger_document_taxes_organization_id_tax_document_id_ledger_do;--> statement-breakpoint
ALTER TABLE ledger_document_taxes DROP CONSTRAINT ledger_document_taxes_organization_id_tax_type_id_tax_types_org;--> statement-breakpoint
ALTER TABLE ledger_documents DROP CONSTRAINT ledger_documents_organization_id_account_id_accounts_organizati;--> statement-breakpoint
ALTER TABLE ledger_documents DROP CONSTRAINT ledger_documents_organization_id_contract_id_contracts_organiza;--> statement-breakpoint
ALTER TABLE ledger_documents DROP CONSTRAINT ledger_documents_organization_id_party_id_parties_organization_;--> statement-breakpoint
ALTER TABLE ledger_documents DROP CONSTRAINT ledger_documents_organization_id_payment_method_id_payment_meth;--> statement-breakpoint
ALTER TABLE ledger_documents DROP CONSTRAINT ledger_documents_organization_id_recurrence_id_ledger_recurrenc;--> statement-breakpoint
ALTER TABLE ledger_documents DROP CONSTRAINT ledger_documents_organization_id_tax_of_document_id_ledger_docu;--> statement-breakpoint
ALTER TABLE ledger_documents DROP CONSTRAINT ledger_documents_organization_id_unit_id_units_organization_id_;--> statement-breakpoint
ALTER TABLE ledger_installments DROP CONSTRAINT ledger_installments_organization_id_document_id_ledger_document;--> statement-breakpoint
ALTER TABLE ledger_installments DROP CONSTRAINT ledger_installments_organization_id_party_id_parties_organizati;--> statement-breakpoint
ALTER TABLE ledger_installments DROP CONSTRAINT ledger_installments_organization_id_unit_id_units_organization_;--> statement-breakpoint
ALTER TABLE ledger_payments DROP CONSTRAINT ledger_payments_organization_id_account_id_accounts_organizatio;--> statement-breakpoint
ALTER TABLE ledger_payments DROP CONSTRAINT ledger_payments_organization_id_payment_method_id_payment_metho;--> statement-breakpoint
ALTER TABLE ledger_payments DROP CONSTRAINT ledger_payments_organization_id_reversal_of_ledger_payments_org;--> statement-breakpoint
ALTER TABLE ledger_payments DROP CONSTRAINT ledger_payments_organization_id_unit_id_units_organization_id_i;--> statement-breakpoint
ALTER TABLE ledger_recurrences DROP CONSTRAINT ledger_recurrences_organization_id_account_id_accounts_organiza;--> statement-breakpoint
ALTER TABLE ledger_recurrences DROP CONSTRAINT ledger_recurrences_organization_id_party_id_parties_organizatio;--> statement-breakpoint
ALTER TABLE ledger_recurrences DROP CONSTRAINT ledger_recurrences_organization_id_payment_method_id_payment_me;--> statement-breakpoint
ALTER TABLE ledger_recurrences DROP CONSTRAINT ledger_recurrences_organization_id_unit_id_units_organization_i;--> statement-breakpoint
ALTER TABLE ledger_settlements DROP CONSTRAINT ledger_settlements_organization_id_installment_id_ledger_instal;--> statement-breakpoint
ALTER TABLE ledger_settlements DROP CONSTRAINT ledger_settlements_organization_id_payment_id_ledger_payments_o;--> statement-breakpoint
ALTER TABLE memberships DROP CONSTRAINT memberships_organization_id_profile_id_profiles_organization_id;--> statement-breakpoint
ALTER TABLE mercadopago_credentials DROP CONSTRAINT mercadopago_credentials_organization_id_account_id_accounts_org;--> statement-breakpoint
ALTER TABLE mercadopago_reconciliation_entries DROP CONSTRAINT mercadopago_reconciliation_entries_organization_id_movement_id_;--> statement-breakpoint
ALTER TABLE mercadopago_reconciliation_entries DROP CONSTRAINT mercadopago_reconciliation_entries_organization_id_reconciliati;--> statement-breakpoint
ALTER TABLE mercadopago_reconciliations DROP CONSTRAINT mercadopago_reconciliations_organization_id_account_id_accounts;--> statement-breakpoint
ALTER TABLE mercadopago_reconciliations DROP CONSTRAINT mercadopago_reconciliations_organization_id_document_id_ledger_;--> statement-breakpoint
ALTER TABLE mercadopago_reconciliations DROP CONSTRAINT mercadopago_reconciliations_organization_id_payment_id_ledger_p;--> statement-breakpoint
ALTER TABLE mercadopago_reconciliations DROP CONSTRAINT mercadopago_reconciliations_organization_id_reversed_payment_id;--> statement-breakpoint
ALTER TABLE mercadopago_reconciliations DROP CONSTRAINT mercadopago_reconciliations_organization_id_sale_id_mercadopago;--> statement-breakpoint
ALTER TABLE mercadopago_reconciliations DROP CONSTRAINT mercadopago_reconciliations_organization_id_settlement_id_merca;--> statement-breakpoint
ALTER TABLE mercadopago_reconciliations DROP CONSTRAINT mercadopago_reconciliations_organization_id_unit_id_units_organ;--> statement-breakpoint
ALTER TABLE mercadopago_release_bookings DROP CONSTRAINT mercadopago_release_bookings_organization_id_account_id_account;--> statement-breakpoint
ALTER TABLE mercadopago_release_bookings DROP CONSTRAINT mercadopago_release_bookings_organization_id_movement_id_accoun;--> statement-breakpoint
ALTER TABLE mercadopago_release_bookings DROP CONSTRAINT mercadopago_release_bookings_organization_id_unit_id_units_orga;--> statement-breakpoint
ALTER TABLE mercadopago_releases DROP CONSTRAINT mercadopago_releases_organization_id_account_id_accounts_organi;--> statement-breakpoint
ALTER TABLE mercadopago_releases DROP CONSTRAINT mercadopago_releases_organization_id_import_id_mercadopago_repo;--> statement-breakpoint
ALTER TABLE mercadopago_report_imports DROP CONSTRAINT mercadopago_report_imports_organization_id_account_id_accounts_;--> statement-breakpoint
ALTER TABLE mercadopago_settings DROP CONSTRAINT mercadopago_settings_organization_id_account_id_accounts_organi;--> statement-breakpoint
ALTER TABLE mercadopago_settings DROP CONSTRAINT mercadopago_settings_organization_id_cost_centre_id_cost_centre;--> statement-breakpoint
ALTER TABLE mercadopago_settings DROP CONSTRAINT mercadopago_settings_organization_id_customer_id_parties_organi;--> statement-breakpoint
ALTER TABLE mercadopago_settings DROP CONSTRAINT mercadopago_settings_organization_id_fee_classification_id_clas;--> statement-breakpoint
ALTER TABLE mercadopago_settings DROP CONSTRAINT mercadopago_settings_organization_id_payment_method_id_payment_;--> statement-breakpoint
ALTER TABLE mercadopago_settings DROP CONSTRAINT mercadopago_settings_organization_id_payout_account_id_accounts;--> statement-breakpoint
ALTER TABLE mercadopago_settings DROP CONSTRAINT mercadopago_settings_organization_id_pending_account_id_account;--> statement-breakpoint
ALTER TABLE mercadopago_settings DROP CONSTRAINT mercadopago_settings_organization_id_receivable_classification_;--> statement-breakpoint
ALTER TABLE mercadopago_settlements DROP CONSTRAINT mercadopago_settlements_organization_id_account_id_accounts_org;--> statement-breakpoint
ALTER TABLE mercadopago_settlements DROP CONSTRAINT mercadopago_settlements_organization_id_import_id_mercadopago_r;--> statement-breakpoint
ALTER TABLE parties DROP CONSTRAINT parties_organization_id_apportionment_template_id_apportionment;--> statement-breakpoint
ALTER TABLE parties DROP CONSTRAINT parties_organization_id_bank_id_banks_organization_id_id_fk;--> statement-breakpoint
ALTER TABLE payment_methods DROP CONSTRAINT payment_methods_organization_id_default_account_id_accounts_org;--> statement-breakpoint
ALTER TABLE products DROP CONSTRAINT products_organization_id_classification_id_classifications_orga;--> statement-breakpoint
ALTER TABLE purchase_order_attachments DROP CONSTRAINT purchase_order_attachments_organization_id_order_id_purchase_or;--> statement-breakpoint
ALTER TABLE purchase_order_events DROP CONSTRAINT purchase_order_events_organization_id_order_id_purchase_orders_;--> statement-breakpoint
ALTER TABLE purchase_order_items DROP CONSTRAINT purchase_order_items_organization_id_order_id_purchase_orders_o;--> statement-breakpoint
ALTER TABLE purchase_order_items DROP CONSTRAINT purchase_order_items_organization_id_product_id_products_organi;--> statement-breakpoint
ALTER TABLE purchase_orders DROP CONSTRAINT purchase_orders_organization_id_classification_id_classificatio;--> statement-breakpoint
ALTER TABLE purchase_orders DROP CONSTRAINT purchase_orders_organization_id_cost_centre_id_cost_centres_org;--> statement-breakpoint
ALTER TABLE purchase_orders DROP CONSTRAINT purchase_orders_organization_id_department_id_departments_organ;--> statement-breakpoint
ALTER TABLE purchase_orders DROP CONSTRAINT purchase_orders_organization_id_payable_id_ledger_documents_org;--> statement-breakpoint
ALTER TABLE purchase_orders DROP CONSTRAINT purchase_orders_organization_id_supplier_id_parties_organizatio;--> statement-breakpoint
ALTER TABLE purchase_orders DROP CONSTRAINT purchase_orders_organization_id_unit_id_units_organization_id_i;--> statement-breakpoint
ALTER TABLE report_monthly_flows DROP CONSTRAINT report_monthly_flows_organization_id_classification_id_classifi;--> statement-breakpoint
ALTER TABLE report_monthly_flows DROP CONSTRAINT report_monthly_flows_organization_id_cost_centre_id_cost_centre;--> statement-breakpoint
ALTER TABLE report_monthly_flows DROP CONSTRAINT report_monthly_flows_organization_id_unit_id_units_organization;--> statement-breakpoint
ALTER TABLE split_configs DROP CONSTRAINT split_configs_organization_id_classification_id_classifications;--> statement-breakpoint
ALTER TABLE split_configs DROP CONSTRAINT split_configs_organization_id_contract_id_contracts_organizatio;--> statement-breakpoint
ALTER TABLE split_configs DROP CONSTRAINT split_configs_organization_id_covered_party_id_parties_organiza;--> statement-breakpoint
ALTER TABLE split_configs DROP CONSTRAINT split_configs_organization_id_product_id_products_organization_;--> statement-breakpoint
ALTER TABLE split_run_receipts DROP CONSTRAINT split_run_receipts_organization_id_document_id_ledger_documents;--> statement-breakpoint
ALTER TABLE split_run_receipts DROP CONSTRAINT split_run_receipts_organization_id_run_id_split_runs_organizati;--> statement-breakpoint
ALTER TABLE split_run_receipts DROP CONSTRAINT split_run_receipts_organization_id_settlement_id_ledger_settlem;--> statement-breakpoint
ALTER TABLE split_run_shares DROP CONSTRAINT split_run_shares_organization_id_party_id_parties_organization_;--> statement-breakpoint
ALTER TABLE split_run_shares DROP CONSTRAINT split_run_shares_organization_id_payable_id_ledger_documents_or;--> statement-breakpoint
ALTER TABLE split_run_shares DROP CONSTRAINT split_run_shares_organization_id_run_id_split_runs_organization;--> statement-breakpoint
ALTER TABLE split_runs DROP CONSTRAINT split_runs_organization_id_config_id_split_configs_organization;--> statement-breakpoint
ALTER TABLE split_runs DROP CONSTRAINT split_runs_organization_id_unit_id_units_organization_id_id_fk;--> statement-breakpoint
ALTER TABLE account_movements DROP CONSTRAINT account_movements_pkey;--> statement-breakpoint
ALTER TABLE account_movements DROP CONSTRAINT account_movements_org_id_key;--> statement-breakpoint
ALTER TABLE account_movements DROP CONSTRAINT account_movements_reversal_of_key;--> statement-breakpoint
ALTER TABLE account_types DROP CONSTRAINT account_types_pkey;--> statement-breakpoint
ALTER TABLE account_types DROP CONSTRAINT account_types_org_id_key;--> statement-breakpoint
ALTER TABLE accounts DROP CONSTRAINT accounts_pkey;--> statement-breakpoint
ALTER TABLE accounts DROP CONSTRAINT accounts_org_id_key;--> statement-breakpoint
ALTER TABLE apportionment_templates DROP CONSTRAINT apportionment_templates_pkey;--> statement-breakpoint
ALTER TABLE apportionment_templates DROP CONSTRAINT apportionment_templates_org_id_key;--> statement-breakpoint
ALTER TABLE bank_csv_mappings DROP CONSTRAINT bank_csv_mappings_pkey;--> statement-breakpoint
ALTER TABLE bank_reconciliation_links DROP CONSTRAINT bank_reconciliation_links_pkey;--> statement-breakpoint
ALTER TABLE bank_reconciliation_rules DROP CONSTRAINT bank_reconciliation_rules_pkey;--> statement-breakpoint
ALTER TABLE bank_reconciliation_rules DROP CONSTRAINT bank_reconciliation_rules_org_id_key;--> statement-breakpoint
ALTER TABLE bank_statement_imports DROP CONSTRAINT bank_statement_imports_pkey;--> statement-breakpoint
ALTER TABLE bank_statement_imports DROP CONSTRAINT bank_statement_imports_org_id_key;--> statement-breakpoint
ALTER TABLE bank_statement_lines DROP CONSTRAINT bank_statement_lines_pkey;--> statement-breakpoint
ALTER TABLE bank_statement_lines DROP CONSTRAINT bank_statement_lines_org_id_key;--> statement-breakpoint
ALTER TABLE banks DROP CONSTRAINT banks_pkey;--> statement-breakpoint
ALTER TABLE banks DROP CONSTRAINT banks_org_id_key;--> statement-breakpoint
ALTER TABLE classifications DROP CONSTRAINT classifications_pkey;--> statement-breakpoint
ALTER TABLE classifications DROP CONSTRAINT classifications_org_id_key;--> statement-breakpoint
ALTER TABLE contract_attachments DROP CONSTRAINT contract_attachments_pkey;--> statement-breakpoint
ALTER TABLE contracts DROP CONSTRAINT contracts_pkey;--> statement-breakpoint
ALTER TABLE contracts DROP CONSTRAINT contracts_org_id_key;--> statement-breakpoint
ALTER TABLE cost_centres DROP CONSTRAINT cost_centres_pkey;--> statement-breakpoint
ALTER TABLE cost_centres DROP CONSTRAINT cost_centres_org_id_key;--> statement-breakpoint
ALTER TABLE departments DROP CONSTRAINT departments_pkey;--> statement-breakpoint
ALTER TABLE departments DROP CONSTRAINT departments_org_id_key;--> statement-breakpoint
ALTER TABLE departments DROP CONSTRAINT departments_unit_slug_key;--> statement-breakpoint
ALTER TABLE event_log DROP CONSTRAINT event_log_pkey;--> statement-breakpoint
ALTER TABLE last_access DROP CONSTRAINT last_access_org_user_key;--> statement-breakpoint
ALTER TABLE ledger_attachments DROP CONSTRAINT ledger_attachments_pkey;--> statement-breakpoint
ALTER TABLE ledger_document_lines DROP CONSTRAINT ledger_document_lines_pkey;--> statement-breakpoint
ALTER TABLE ledger_document_lines DROP CONSTRAINT ledger_document_lines_document_key;--> statement-breakpoint
ALTER TABLE ledger_document_taxes DROP CONSTRAINT ledger_document_taxes_pkey;--> statement-breakpoint
ALTER TABLE ledger_document_taxes DROP CONSTRAINT ledger_document_taxes_document_key;--> statement-breakpoint
ALTER TABLE ledger_documents DROP CONSTRAINT ledger_documents_pkey;--> statement-breakpoint
ALTER TABLE ledger_documents DROP CONSTRAINT ledger_documents_org_id_key;--> statement-breakpoint
ALTER TABLE ledger_installments DROP CONSTRAINT ledger_installments_pkey;--> statement-breakpoint
ALTER TABLE ledger_installments DROP CONSTRAINT ledger_installments_document_number_key;--> statement-breakpoint
ALTER TABLE ledger_installments DROP CONSTRAINT ledger_installments_org_id_key;--> statement-breakpoint
ALTER TABLE ledger_payments DROP CONSTRAINT ledger_payments_pkey;--> statement-breakpoint
ALTER TABLE ledger_payments DROP CONSTRAINT ledger_payments_org_id_key;--> statement-breakpoint
ALTER TABLE ledger_payments DROP CONSTRAINT ledger_payments_reversal_of_key;--> statement-breakpoint
ALTER TABLE ledger_recurrences DROP CONSTRAINT ledger_recurrences_pkey;--> statement-breakpoint
ALTER TABLE ledger_recurrences DROP CONSTRAINT ledger_recurrences_org_id_key;--> statement-breakpoint
ALTER TABLE ledger_settlements DROP CONSTRAINT ledger_settlements_pkey;--> statement-breakpoint
ALTER TABLE ledger_settlements DROP CONSTRAINT ledger_settlements_org_id_key;--> statement-breakpoint
ALTER TABLE ledger_settlements DROP CONSTRAINT ledger_settlements_payment_installment_key;--> statement-breakpoint
ALTER TABLE memberships DROP CONSTRAINT memberships_pkey;--> statement-breakpoint
ALTER TABLE mercadopago_credentials DROP CONSTRAINT mercadopago_credentials_pkey;--> statement-breakpoint
ALTER TABLE mercadopago_credentials DROP CONSTRAINT mercadopago_credentials_org_id_key;--> statement-breakpoint
ALTER TABLE mercadopago_reconciliation_entries DROP CONSTRAINT mercadopago_reconciliation_entries_pkey;--> statement-breakpoint
ALTER TABLE mercadopago_reconciliations DROP CONSTRAINT mercadopago_reconciliations_pkey;--> statement-breakpoint
ALTER TABLE mercadopago_reconciliations DROP CONSTRAINT mercadopago_reconciliations_org_id_key;--> statement-breakpoint
ALTER TABLE mercadopago_release_bookings DROP CONSTRAINT mercadopago_release_bookings_pkey;--> statement-breakpoint
ALTER TABLE mercadopago_release_bookings DROP CONSTRAINT mercadopago_release_bookings_org_id_key;--> statement-breakpoint
ALTER TABLE mercadopago_releases DROP CONSTRAINT mercadopago_releases_pkey;--> statement-breakpoint
ALTER TABLE mercadopago_releases DROP CONSTRAINT mercadopago_releases_org_id_key;--> statement-breakpoint
ALTER TABLE mercadopago_report_imports DROP CONSTRAINT mercadopago_report_imports_pkey;--> statement-breakpoint
ALTER TABLE mercadopago_report_imports DROP CONSTRAINT mercadopago_report_imports_org_id_key;--> statement-breakpoint
ALTER TABLE mercadopago_settings DROP CONSTRAINT mercadopago_settings_pkey;--> statement-breakpoint
ALTER TABLE mercadopago_settlements DROP CONSTRAINT mercadopago_settlements_pkey;--> statement-breakpoint
ALTER TABLE mercadopago_settlements DROP CONSTRAINT mercadopago_settlements_org_id_key;--> statement-breakpoint
ALTER TABLE parties DROP CONSTRAINT parties_pkey;--> statement-breakpoint
ALTER TABLE parties DROP CONSTRAINT parties_org_id_key;--> statement-breakpoint
ALTER TABLE payment_methods DROP CONSTRAINT payment_methods_pkey;--> statement-breakpoint
ALTER TABLE payment_methods DROP CONSTRAINT payment_methods_org_id_key;--> statement-breakpoint
ALTER TABLE products DROP CONSTRAINT products_pkey;--> statement-breakpoint
ALTER TABLE products DROP CONSTRAINT products_org_id_key;--> statement-breakpoint
ALTER TABLE profiles DROP CONSTRAINT profiles_pkey;--> statement-breakpoint
ALTER TABLE profiles DROP CONSTRAINT profiles_org_id_key;--> statement-breakpoint
ALTER TABLE purchase_order_attachments DROP CONSTRAINT purchase_order_attachments_pkey;--> statement-breakpoint
ALTER TABLE purchase_order_events DROP CONSTRAINT purchase_order_events_pkey;--> statement-breakpoint
ALTER TABLE purchase_order_items DROP CONSTRAINT purchase_order_items_pkey;--> statement-breakpoint
ALTER TABLE purchase_orders DROP CONSTRAINT purchase_orders_pkey;--> statement-breakpoint
ALTER TABLE purchase_orders DROP CONSTRAINT purchase_orders_org_id_key;--> statement-breakpoint
ALTER TABLE purchasing_centres DROP CONSTRAINT purchasing_centres_pkey;--> statement-breakpoint
ALTER TABLE split_configs DROP CONSTRAINT split_configs_pkey;--> statement-breakpoint
ALTER TABLE split_configs DROP CONSTRAINT split_configs_org_id_key;--> statement-breakpoint
ALTER TABLE split_run_receipts DROP CONSTRAINT split_run_receipts_pkey;--> statement-breakpoint
ALTER TABLE split_run_receipts DROP CONSTRAINT split_run_receipts_run_settlement_key;--> statement-breakpoint
ALTER TABLE split_run_shares DROP CONSTRAINT split_run_shares_pkey;--> statement-breakpoint
ALTER TABLE split_run_shares DROP CONSTRAINT split_run_shares_run_party_key;--> statement-breakpoint
ALTER TABLE split_runs DROP CONSTRAINT split_runs_pkey;--> statement-breakpoint
ALTER TABLE split_runs DROP CONSTRAINT split_runs_org_id_key;--> statement-breakpoint
ALTER TABLE tax_types DROP CONSTRAINT tax_types_pkey;--> statement-breakpoint
ALTER TABLE tax_types DROP CONSTRAINT tax_types_org_id_key;--> statement-breakpoint
ALTER TABLE units DROP CONSTRAINT units_pkey;--> statement-breakpoint
ALTER TABLE units DROP CONSTRAINT units_org_id_key;--> statement-breakpoint
ALTER TABLE account_movements ADD CONSTRAINT account_movements_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE account_movements ADD CONSTRAINT account_movements_reversal_of_key UNIQUE (organization_id, reversal_of);--> statement-breakpoint
ALTER TABLE account_types ADD CONSTRAINT account_types_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE accounts ADD CONSTRAINT accounts_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE apportionment_templates ADD CONSTRAINT apportionment_templates_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE bank_csv_mappings ADD CONSTRAINT bank_csv_mappings_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE bank_reconciliation_links ADD CONSTRAINT bank_reconciliation_links_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE bank_reconciliation_rules ADD CONSTRAINT bank_reconciliation_rules_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE bank_statement_imports ADD CONSTRAINT bank_statement_imports_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE bank_statement_lines ADD CONSTRAINT bank_statement_lines_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE banks ADD CONSTRAINT banks_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE classifications ADD CONSTRAINT classifications_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE contract_attachments ADD CONSTRAINT contract_attachments_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE contracts ADD CONSTRAINT contracts_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE cost_centres ADD CONSTRAINT cost_centres_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE departments ADD CONSTRAINT departments_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE departments ADD CONSTRAINT departments_unit_slug_key UNIQUE (organization_id, unit_id, slug);--> statement-breakpoint
ALTER TABLE event_log ADD CONSTRAINT event_log_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE last_access ADD CONSTRAINT last_access_pkey PRIMARY KEY (organization_id, user_id);--> statement-breakpoint
ALTER TABLE ledger_attachments ADD CONSTRAINT ledger_attachments_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_document_lines ADD CONSTRAINT ledger_document_lines_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_document_lines ADD CONSTRAINT ledger_document_lines_document_key UNIQUE (organization_id, document_id, classification_id, cost_centre_id);--> statement-breakpoint
ALTER TABLE ledger_document_taxes ADD CONSTRAINT ledger_document_taxes_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_document_taxes ADD CONSTRAINT ledger_document_taxes_document_key UNIQUE (organization_id, document_id, tax_type_id);--> statement-breakpoint
ALTER TABLE ledger_documents ADD CONSTRAINT ledger_documents_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_installments ADD CONSTRAINT ledger_installments_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_installments ADD CONSTRAINT ledger_installments_document_number_key UNIQUE (organization_id, document_id, number);--> statement-breakpoint
ALTER TABLE ledger_payments ADD CONSTRAINT ledger_payments_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_payments ADD CONSTRAINT ledger_payments_reversal_of_key UNIQUE (organization_id, reversal_of);--> statement-breakpoint
ALTER TABLE ledger_recurrences ADD CONSTRAINT ledger_recurrences_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_settlements ADD CONSTRAINT ledger_settlements_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_settlements ADD CONSTRAINT ledger_settlements_payment_installment_key UNIQUE (organization_id, payment_id, installment_id);--> statement-breakpoint
ALTER TABLE memberships ADD CONSTRAINT memberships_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_credentials ADD CONSTRAINT mercadopago_credentials_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_reconciliation_entries ADD CONSTRAINT mercadopago_reconciliation_entries_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_reconciliations ADD CONSTRAINT mercadopago_reconciliations_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_release_bookings ADD CONSTRAINT mercadopago_release_bookings_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_releases ADD CONSTRAINT mercadopago_releases_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_report_imports ADD CONSTRAINT mercadopago_report_imports_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_settings ADD CONSTRAINT mercadopago_settings_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_settlements ADD CONSTRAINT mercadopago_settlements_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE parties ADD CONSTRAINT parties_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE payment_methods ADD CONSTRAINT payment_methods_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE products ADD CONSTRAINT products_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE profiles ADD CONSTRAINT profiles_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE purchase_order_attachments ADD CONSTRAINT purchase_order_attachments_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE purchase_order_events ADD CONSTRAINT purchase_order_events_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE purchase_order_items ADD CONSTRAINT purchase_order_items_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE purchase_orders ADD CONSTRAINT purchase_orders_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE purchasing_centres ADD CONSTRAINT purchasing_centres_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE split_configs ADD CONSTRAINT split_configs_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE split_run_receipts ADD CONSTRAINT split_run_receipts_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE split_run_receipts ADD CONSTRAINT split_run_receipts_run_settlement_key UNIQUE (organization_id, run_id, settlement_id);--> statement-breakpoint
ALTER TABLE split_run_shares ADD CONSTRAINT split_run_shares_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE split_run_shares ADD CONSTRAINT split_run_shares_run_party_key UNIQUE (organization_id, run_id, party_id);--> statement-breakpoint
ALTER TABLE split_runs ADD CONSTRAINT split_runs_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE tax_types ADD CONSTRAINT tax_types_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE units ADD CONSTRAINT units_pkey PRIMARY KEY (organization_id, id);--> statement-breakpoint
ALTER TABLE account_movements ADD CONSTRAINT account_movements_organization_id_account_id_accounts_organizat FOREIGN KEY (organization_id, account_id) REFERENCES accounts(organization_id, id);--> statement-breakpoint
ALTER TABLE account_movements ADD CONSTRAINT account_movements_organization_id_classification_id_classificat FOREIGN KEY (organization_id, classification_id) REFERENCES classifications(organization_id, id);--> statement-breakpoint
ALTER TABLE account_movements ADD CONSTRAINT account_movements_organization_id_cost_centre_id_cost_centres_o FOREIGN KEY (organization_id, cost_centre_id) REFERENCES cost_centres(organization_id, id);--> statement-breakpoint
ALTER TABLE account_movements ADD CONSTRAINT account_movements_organization_id_payment_id_ledger_payments_or FOREIGN KEY (organization_id, payment_id) REFERENCES ledger_payments(organization_id, id);--> statement-breakpoint
ALTER TABLE account_movements ADD CONSTRAINT account_movements_organization_id_reversal_of_account_movements FOREIGN KEY (organization_id, reversal_of) REFERENCES account_movements(organization_id, id);--> statement-breakpoint
ALTER TABLE account_movements ADD CONSTRAINT account_movements_organization_id_unit_id_units_organization_id FOREIGN KEY (organization_id, unit_id) REFERENCES units(organization_id, id);--> statement-breakpoint
ALTER TABLE accounts ADD CONSTRAINT accounts_organization_id_account_type_id_account_types_organiza FOREIGN KEY (organization_id, account_type_id) REFERENCES account_types(organization_id, id);--> statement-breakpoint
ALTER TABLE accounts ADD CONSTRAINT accounts_organization_id_bank_id_banks_organization_id_id_fk FOREIGN KEY (organization_id, bank_id) REFERENCES banks(organization_id, id);--> statement-breakpoint
ALTER TABLE bank_csv_mappings ADD CONSTRAINT bank_csv_mappings_organization_id_bank_id_banks_organization_id FOREIGN KEY (organization_id, bank_id) REFERENCES banks(organization_id, id);--> statement-breakpoint
ALTER TABLE bank_reconciliation_links ADD CONSTRAINT bank_reconciliation_links_organization_id_account_id_accounts_o FOREIGN KEY (organization_id, account_id) REFERENCES accounts(organization_id, id);--> statement-breakpoint
ALTER TABLE bank_reconciliation_links ADD CONSTRAINT bank_reconciliation_links_organization_id_line_id_bank_statemen FOREIGN KEY (organization_id, line_id) REFERENCES bank_statement_lines(organization_id, id);--> statement-breakpoint
ALTER TABLE bank_reconciliation_links ADD CONSTRAINT bank_reconciliation_links_organization_id_movement_id_account_m FOREIGN KEY (organization_id, movement_id) REFERENCES account_movements(organization_id, id);--> statement-breakpoint
ALTER TABLE bank_reconciliation_rules ADD CONSTRAINT bank_reconciliation_rules_organization_id_account_id_accounts_o FOREIGN KEY (organization_id, account_id) REFERENCES accounts(organization_id, id);--> statement-breakpoint
ALTER TABLE bank_reconciliation_rules ADD CONSTRAINT bank_reconciliation_rules_organization_id_classification_id_cla FOREIGN KEY (organization_id, classification_id) REFERENCES classifications(organization_id, id);--> statement-breakpoint
ALTER TABLE bank_reconciliation_rules ADD CONSTRAINT bank_reconciliation_rules_organization_id_cost_centre_id_cost_c FOREIGN KEY (organization_id, cost_centre_id) REFERENCES cost_centres(organization_id, id);--> statement-breakpoint
ALTER TABLE bank_statement_imports ADD CONSTRAINT bank_statement_imports_organization_id_account_id_accounts_orga FOREIGN KEY (organization_id, account_id) REFERENCES accounts(organization_id, id);--> statement-breakpoint
ALTER TABLE bank_statement_lines ADD CONSTRAINT bank_statement_lines_organization_id_account_id_accounts_organi FOREIGN KEY (organization_id, account_id) REFERENCES accounts(organization_id, id);--> statement-breakpoint
ALTER TABLE bank_statement_lines ADD CONSTRAINT bank_statement_lines_organization_id_import_id_bank_statement_i FOREIGN KEY (organization_id, import_id) REFERENCES bank_statement_imports(organization_id, id);--> statement-breakpoint
ALTER TABLE classifications ADD CONSTRAINT classifications_organization_id_apportionment_template_id_appor FOREIGN KEY (organization_id, apportionment_template_id) REFERENCES apportionment_templates(organization_id, id);--> statement-breakpoint
ALTER TABLE classifications ADD CONSTRAINT classifications_organization_id_parent_id_classifications_organ FOREIGN KEY (organization_id, parent_id) REFERENCES classifications(organization_id, id);--> statement-breakpoint
ALTER TABLE contract_attachments ADD CONSTRAINT contract_attachments_organization_id_contract_id_contracts_orga FOREIGN KEY (organization_id, contract_id) REFERENCES contracts(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE contracts ADD CONSTRAINT contracts_organization_id_classification_id_classifications_org FOREIGN KEY (organization_id, classification_id) REFERENCES classifications(organization_id, id);--> statement-breakpoint
ALTER TABLE contracts ADD CONSTRAINT contracts_organization_id_cost_centre_id_cost_centres_organizat FOREIGN KEY (organization_id, cost_centre_id) REFERENCES cost_centres(organization_id, id);--> statement-breakpoint
ALTER TABLE contracts ADD CONSTRAINT contracts_organization_id_party_id_parties_organization_id_id_f FOREIGN KEY (organization_id, party_id) REFERENCES parties(organization_id, id);--> statement-breakpoint
ALTER TABLE cost_centres ADD CONSTRAINT cost_centres_organization_id_parent_id_cost_centres_organizatio FOREIGN KEY (organization_id, parent_id) REFERENCES cost_centres(organization_id, id);--> statement-breakpoint
ALTER TABLE departments ADD CONSTRAINT departments_organization_id_unit_id_units_organization_id_id_fk FOREIGN KEY (organization_id, unit_id) REFERENCES units(organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_attachments ADD CONSTRAINT ledger_attachments_organization_id_document_id_ledger_documents FOREIGN KEY (organization_id, document_id) REFERENCES ledger_documents(organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_attachments ADD CONSTRAINT ledger_attachments_organization_id_payment_id_ledger_payments_o FOREIGN KEY (organization_id, payment_id) REFERENCES ledger_payments(organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_document_lines ADD CONSTRAINT ledger_document_lines_organization_id_classification_id_classif FOREIGN KEY (organization_id, classification_id) REFERENCES classifications(organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_document_lines ADD CONSTRAINT ledger_document_lines_organization_id_cost_centre_id_cost_centr FOREIGN KEY (organization_id, cost_centre_id) REFERENCES cost_centres(organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_document_lines ADD CONSTRAINT ledger_document_lines_organization_id_document_id_ledger_docume FOREIGN KEY (organization_id, document_id) REFERENCES ledger_documents(organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_document_taxes ADD CONSTRAINT ledger_document_taxes_organization_id_document_id_ledger_docume FOREIGN KEY (organization_id, document_id) REFERENCES ledger_documents(organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_document_taxes ADD CONSTRAINT ledger_document_taxes_organization_id_tax_document_id_ledger_do FOREIGN KEY (organization_id, tax_document_id) REFERENCES ledger_documents(organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_document_taxes ADD CONSTRAINT ledger_document_taxes_organization_id_tax_type_id_tax_types_org FOREIGN KEY (organization_id, tax_type_id) REFERENCES tax_types(organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_documents ADD CONSTRAINT ledger_documents_organization_id_account_id_accounts_organizati FOREIGN KEY (organization_id, account_id) REFERENCES accounts(organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_documents ADD CONSTRAINT ledger_documents_organization_id_contract_id_contracts_organiza FOREIGN KEY (organization_id, contract_id) REFERENCES contracts(organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_documents ADD CONSTRAINT ledger_documents_organization_id_party_id_parties_organization_ FOREIGN KEY (organization_id, party_id) REFERENCES parties(organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_documents ADD CONSTRAINT ledger_documents_organization_id_payment_method_id_payment_meth FOREIGN KEY (organization_id, payment_method_id) REFERENCES payment_methods(organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_documents ADD CONSTRAINT ledger_documents_organization_id_recurrence_id_ledger_recurrenc FOREIGN KEY (organization_id, recurrence_id) REFERENCES ledger_recurrences(organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_documents ADD CONSTRAINT ledger_documents_organization_id_tax_of_document_id_ledger_docu FOREIGN KEY (organization_id, tax_of_document_id) REFERENCES ledger_documents(organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_documents ADD CONSTRAINT ledger_documents_organization_id_unit_id_units_organization_id_ FOREIGN KEY (organization_id, unit_id) REFERENCES units(organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_installments ADD CONSTRAINT ledger_installments_organization_id_document_id_ledger_document FOREIGN KEY (organization_id, document_id) REFERENCES ledger_documents(organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_installments ADD CONSTRAINT ledger_installments_organization_id_party_id_parties_organizati FOREIGN KEY (organization_id, party_id) REFERENCES parties(organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_installments ADD CONSTRAINT ledger_installments_organization_id_unit_id_units_organization_ FOREIGN KEY (organization_id, unit_id) REFERENCES units(organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_payments ADD CONSTRAINT ledger_payments_organization_id_account_id_accounts_organizatio FOREIGN KEY (organization_id, account_id) REFERENCES accounts(organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_payments ADD CONSTRAINT ledger_payments_organization_id_payment_method_id_payment_metho FOREIGN KEY (organization_id, payment_method_id) REFERENCES payment_methods(organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_payments ADD CONSTRAINT ledger_payments_organization_id_reversal_of_ledger_payments_org FOREIGN KEY (organization_id, reversal_of) REFERENCES ledger_payments(organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_payments ADD CONSTRAINT ledger_payments_organization_id_unit_id_units_organization_id_i FOREIGN KEY (organization_id, unit_id) REFERENCES units(organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_recurrences ADD CONSTRAINT ledger_recurrences_organization_id_account_id_accounts_organiza FOREIGN KEY (organization_id, account_id) REFERENCES accounts(organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_recurrences ADD CONSTRAINT ledger_recurrences_organization_id_party_id_parties_organizatio FOREIGN KEY (organization_id, party_id) REFERENCES parties(organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_recurrences ADD CONSTRAINT ledger_recurrences_organization_id_payment_method_id_payment_me FOREIGN KEY (organization_id, payment_method_id) REFERENCES payment_methods(organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_recurrences ADD CONSTRAINT ledger_recurrences_organization_id_unit_id_units_organization_i FOREIGN KEY (organization_id, unit_id) REFERENCES units(organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_settlements ADD CONSTRAINT ledger_settlements_organization_id_installment_id_ledger_instal FOREIGN KEY (organization_id, installment_id) REFERENCES ledger_installments(organization_id, id);--> statement-breakpoint
ALTER TABLE ledger_settlements ADD CONSTRAINT ledger_settlements_organization_id_payment_id_ledger_payments_o FOREIGN KEY (organization_id, payment_id) REFERENCES ledger_payments(organization_id, id);--> statement-breakpoint
ALTER TABLE memberships ADD CONSTRAINT memberships_organization_id_profile_id_profiles_organization_id FOREIGN KEY (organization_id, profile_id) REFERENCES profiles(organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_credentials ADD CONSTRAINT mercadopago_credentials_organization_id_account_id_accounts_org FOREIGN KEY (organization_id, account_id) REFERENCES accounts(organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_reconciliation_entries ADD CONSTRAINT mercadopago_reconciliation_entries_organization_id_movement_id_ FOREIGN KEY (organization_id, movement_id) REFERENCES account_movements(organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_reconciliation_entries ADD CONSTRAINT mercadopago_reconciliation_entries_organization_id_reconciliati FOREIGN KEY (organization_id, reconciliation_id) REFERENCES mercadopago_reconciliations(organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_reconciliations ADD CONSTRAINT mercadopago_reconciliations_organization_id_account_id_accounts FOREIGN KEY (organization_id, account_id) REFERENCES accounts(organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_reconciliations ADD CONSTRAINT mercadopago_reconciliations_organization_id_document_id_ledger_ FOREIGN KEY (organization_id, document_id) REFERENCES ledger_documents(organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_reconciliations ADD CONSTRAINT mercadopago_reconciliations_organization_id_payment_id_ledger_p FOREIGN KEY (organization_id, payment_id) REFERENCES ledger_payments(organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_reconciliations ADD CONSTRAINT mercadopago_reconciliations_organization_id_reversed_payment_id FOREIGN KEY (organization_id, reversed_payment_id) REFERENCES ledger_payments(organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_reconciliations ADD CONSTRAINT mercadopago_reconciliations_organization_id_sale_id_mercadopago FOREIGN KEY (organization_id, sale_id) REFERENCES mercadopago_reconciliations(organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_reconciliations ADD CONSTRAINT mercadopago_reconciliations_organization_id_settlement_id_merca FOREIGN KEY (organization_id, settlement_id) REFERENCES mercadopago_settlements(organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_reconciliations ADD CONSTRAINT mercadopago_reconciliations_organization_id_unit_id_units_organ FOREIGN KEY (organization_id, unit_id) REFERENCES units(organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_release_bookings ADD CONSTRAINT mercadopago_release_bookings_organization_id_account_id_account FOREIGN KEY (organization_id, account_id) REFERENCES accounts(organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_release_bookings ADD CONSTRAINT mercadopago_release_bookings_organization_id_movement_id_accoun FOREIGN KEY (organization_id, movement_id) REFERENCES account_movements(organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_release_bookings ADD CONSTRAINT mercadopago_release_bookings_organization_id_unit_id_units_orga FOREIGN KEY (organization_id, unit_id) REFERENCES units(organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_releases ADD CONSTRAINT mercadopago_releases_organization_id_account_id_accounts_organi FOREIGN KEY (organization_id, account_id) REFERENCES accounts(organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_releases ADD CONSTRAINT mercadopago_releases_organization_id_import_id_mercadopago_repo FOREIGN KEY (organization_id, import_id) REFERENCES mercadopago_report_imports(organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_report_imports ADD CONSTRAINT mercadopago_report_imports_organization_id_account_id_accounts_ FOREIGN KEY (organization_id, account_id) REFERENCES accounts(organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_settings ADD CONSTRAINT mercadopago_settings_organization_id_account_id_accounts_organi FOREIGN KEY (organization_id, account_id) REFERENCES accounts(organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_settings ADD CONSTRAINT mercadopago_settings_organization_id_cost_centre_id_cost_centre FOREIGN KEY (organization_id, cost_centre_id) REFERENCES cost_centres(organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_settings ADD CONSTRAINT mercadopago_settings_organization_id_customer_id_parties_organi FOREIGN KEY (organization_id, customer_id) REFERENCES parties(organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_settings ADD CONSTRAINT mercadopago_settings_organization_id_fee_classification_id_clas FOREIGN KEY (organization_id, fee_classification_id) REFERENCES classifications(organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_settings ADD CONSTRAINT mercadopago_settings_organization_id_payment_method_id_payment_ FOREIGN KEY (organization_id, payment_method_id) REFERENCES payment_methods(organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_settings ADD CONSTRAINT mercadopago_settings_organization_id_payout_account_id_accounts FOREIGN KEY (organization_id, payout_account_id) REFERENCES accounts(organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_settings ADD CONSTRAINT mercadopago_settings_organization_id_pending_account_id_account FOREIGN KEY (organization_id, pending_account_id) REFERENCES accounts(organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_settings ADD CONSTRAINT mercadopago_settings_organization_id_receivable_classification_ FOREIGN KEY (organization_id, receivable_classification_id) REFERENCES classifications(organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_settlements ADD CONSTRAINT mercadopago_settlements_organization_id_account_id_accounts_org FOREIGN KEY (organization_id, account_id) REFERENCES accounts(organization_id, id);--> statement-breakpoint
ALTER TABLE mercadopago_settlements ADD CONSTRAINT mercadopago_settlements_organization_id_import_id_mercadopago_r FOREIGN KEY (organization_id, import_id) REFERENCES mercadopago_report_imports(organization_id, id);--> statement-breakpoint
ALTER TABLE parties ADD CONSTRAINT parties_organization_id_apportionment_template_id_apportionment FOREIGN KEY (organization_id, apportionment_template_id) REFERENCES apportionment_templates(organization_id, id);--> statement-breakpoint
ALTER TABLE parties ADD CONSTRAINT parties_organization_id_bank_id_banks_organization_id_id_fk FOREIGN KEY (organization_id, bank_id) REFERENCES banks(organization_id, id);--> statement-breakpoint
ALTER TABLE payment_methods ADD CONSTRAINT payment_methods_organization_id_default_account_id_accounts_org FOREIGN KEY (organization_id, default_account_id) REFERENCES accounts(organization_id, id);--> statement-breakpoint
ALTER TABLE products ADD CONSTRAINT products_organization_id_classification_id_classifications_orga FOREIGN KEY (organization_id, classification_id) REFERENCES classifications(organization_id, id);--> statement-breakpoint
ALTER TABLE purchase_order_attachments ADD CONSTRAINT purchase_order_attachments_organization_id_order_id_purchase_or FOREIGN KEY (organization_id, order_id) REFERENCES purchase_orders(organization_id, id);--> statement-breakpoint
ALTER TABLE purchase_order_events ADD CONSTRAINT purchase_order_events_organization_id_order_id_purchase_orders_ FOREIGN KEY (organization_id, order_id) REFERENCES purchase_orders(organization_id, id);--> statement-breakpoint
ALTER TABLE purchase_order_items ADD CONSTRAINT purchase_order_items_organization_id_order_id_purchase_orders_o FOREIGN KEY (organization_id, order_id) REFERENCES purchase_orders(organization_id, id);--> statement-breakpoint
ALTER TABLE purchase_order_items ADD CONSTRAINT purchase_order_items_organization_id_product_id_products_organi FOREIGN KEY (organization_id, product_id) REFERENCES products(organization_id, id);--> statement-breakpoint
ALTER TABLE purchase_orders ADD CONSTRAINT purchase_orders_organization_id_classification_id_classificatio FOREIGN KEY (organization_id, classification_id) REFERENCES classifications(organization_id, id);--> statement-breakpoint
ALTER TABLE purchase_orders ADD CONSTRAINT purchase_orders_organization_id_cost_centre_id_cost_centres_org FOREIGN KEY (organization_id, cost_centre_id) REFERENCES cost_centres(organization_id, id);--> statement-breakpoint
ALTER TABLE purchase_orders ADD CONSTRAINT purchase_orders_organization_id_department_id_departments_organ FOREIGN KEY (organization_id, department_id) REFERENCES departments(organization_id, id);--> statement-breakpoint
ALTER TABLE purchase_orders ADD CONSTRAINT purchase_orders_organization_id_payable_id_ledger_documents_org FOREIGN KEY (organization_id, payable_id) REFERENCES ledger_documents(organization_id, id);--> statement-breakpoint
ALTER TABLE purchase_orders ADD CONSTRAINT purchase_orders_organization_id_supplier_id_parties_organizatio FOREIGN KEY (organization_id, supplier_id) REFERENCES parties(organization_id, id);--> statement-breakpoint
ALTER TABLE purchase_orders ADD CONSTRAINT purchase_orders_organization_id_unit_id_units_organization_id_i FOREIGN KEY (organization_id, unit_id) REFERENCES units(organization_id, id);--> statement-breakpoint
ALTER TABLE report_monthly_flows ADD CONSTRAINT report_monthly_flows_organization_id_classification_id_classifi FOREIGN KEY (organization_id, classification_id) REFERENCES classifications(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE report_monthly_flows ADD CONSTRAINT report_monthly_flows_organization_id_cost_centre_id_cost_centre FOREIGN KEY (organization_id, cost_centre_id) REFERENCES cost_centres(organization_id, id) ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE report_monthly_flows ADD CONSTRAINT report_monthly_flows_organization_id_unit_id_units_organization FOREIGN KEY (organization_id, unit_id) REFERENCES units(organization_id, id);--> statement-breakpoint
ALTER TABLE split_configs ADD CONSTRAINT split_configs_organization_id_classification_id_classifications FOREIGN KEY (organization_id, classification_id) REFERENCES classifications(organization_id, id);--> statement-breakpoint
ALTER TABLE split_configs ADD CONSTRAINT split_configs_organization_id_contract_id_contracts_organizatio FOREIGN KEY (organization_id, contract_id) REFERENCES contracts(organization_id, id);--> statement-breakpoint
ALTER TABLE split_configs ADD CONSTRAINT split_configs_organization_id_covered_party_id_parties_organiza FOREIGN KEY (organization_id, covered_party_id) REFERENCES parties(organization_id, id);--> statement-breakpoint
ALTER TABLE split_configs ADD CONSTRAINT split_configs_organization_id_product_id_products_organization_ FOREIGN KEY (organization_id, product_id) REFERENCES products(organization_id, id);--> statement-breakpoint
ALTER TABLE split_run_receipts ADD CONSTRAINT split_run_receipts_organization_id_document_id_ledger_documents FOREIGN KEY (organization_id, document_id) REFERENCES ledger_documents(organization_id, id);--> statement-breakpoint
ALTER TABLE split_run_receipts ADD CONSTRAINT split_run_receipts_organization_id_run_id_split_runs_organizati FOREIGN KEY (organization_id, run_id) REFERENCES split_runs(organization_id, id);--> statement-breakpoint
ALTER TABLE split_run_receipts ADD CONSTRAINT split_run_receipts_organization_id_settlement_id_ledger_settlem FOREIGN KEY (organization_id, settlement_id) REFERENCES ledger_settlements(organization_id, id);--> statement-breakpoint
ALTER TABLE split_run_shares ADD CONSTRAINT split_run_shares_organization_id_party_id_parties_organization_ FOREIGN KEY (organization_id, party_id) REFERENCES parties(organization_id, id);--> statement-breakpoint
ALTER TABLE split_run_shares ADD CONSTRAINT split_run_shares_organization_id_payable_id_ledger_documents_or FOREIGN KEY (organization_id, payable_id) REFERENCES ledger_documents(organization_id, id);--> statement-breakpoint
ALTER TABLE split_run_shares ADD CONSTRAINT split_run_shares_organization_id_run_id_split_runs_organization FOREIGN KEY (organization_id, run_id) REFERENCES split_runs(organization_id, id);--> statement-breakpoint
ALTER TABLE split_runs ADD CONSTRAINT split_runs_organization_id_config_id_split_configs_organization FOREIGN KEY (organization_id, config_id) REFERENCES split_configs(organization_id, id);--> statement-breakpoint
ALTER TABLE split_runs ADD CONSTRAINT split_runs_organization_id_unit_id_units_organization_id_id_fk FOREIGN KEY (organization_id, unit_id) REFERENCES units(organization_id, id);
