CREATE TABLE "idempotency_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"organization_id" uuid,
	"procedure" text NOT NULL,
	"key" uuid NOT NULL,
	"input_hash" text NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_claim_key" UNIQUE NULLS NOT DISTINCT("user_id","organization_id","procedure","key")
);
