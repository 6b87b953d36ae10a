CREATE TABLE `bookkeeping_documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`kind` text NOT NULL,
	`order_id` integer NOT NULL,
	`refund_id` integer,
	`credited_number` text,
	`issued_at` text NOT NULL,
	`total_oere` integer NOT NULL,
	`vat_oere` integer NOT NULL,
	`excl_vat_oere` integer NOT NULL,
	`stripe_payment_id` text,
	`snapshot` text NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`refund_id`) REFERENCES `order_refunds`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "bookkeeping_documents_amounts" CHECK("bookkeeping_documents"."total_oere" > 0 and "bookkeeping_documents"."vat_oere" >= 0 and "bookkeeping_documents"."excl_vat_oere" + "bookkeeping_documents"."vat_oere" = "bookkeeping_documents"."total_oere")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bookkeeping_documents_number_unique` ON `bookkeeping_documents` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `bookkeeping_documents_refund_id_unique` ON `bookkeeping_documents` (`refund_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `bookkeeping_documents_one_receipt_idx` ON `bookkeeping_documents` (`order_id`) WHERE kind = 'kvittering';--> statement-breakpoint
CREATE INDEX `bookkeeping_documents_issued_idx` ON `bookkeeping_documents` (`issued_at`);--> statement-breakpoint
CREATE TABLE `document_series` (
	`year` integer PRIMARY KEY NOT NULL,
	`last_number` integer NOT NULL
);
--> statement-breakpoint
DROP INDEX `orders_receipt_number_unique`;--> statement-breakpoint
ALTER TABLE `orders` DROP COLUMN `receipt_number`;--> statement-breakpoint
-- An issued receipt or credit note is never changed (a correction is a credit note and a new receipt): the database refuses it, whatever the code does.
CREATE TRIGGER `bookkeeping_documents_frozen` BEFORE UPDATE ON `bookkeeping_documents` BEGIN SELECT RAISE(ABORT, 'an issued receipt or credit note is never changed'); END;
