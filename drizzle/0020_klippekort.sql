CREATE TABLE `package_cards` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`order_id` integer NOT NULL,
	`package_type_id` text NOT NULL,
	`name` text NOT NULL,
	`session_type_id` text NOT NULL,
	`total` integer NOT NULL,
	`remaining` integer NOT NULL,
	`customer_name` text NOT NULL,
	`customer_email` text NOT NULL,
	`email_key` text NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`expired_at` text,
	`withdrawn_at` text,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "package_cards_remaining_not_negative" CHECK("package_cards"."remaining" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `package_cards_public_id_unique` ON `package_cards` (`public_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `package_cards_token_hash_unique` ON `package_cards` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `package_cards_order_id_unique` ON `package_cards` (`order_id`);--> statement-breakpoint
CREATE INDEX `package_cards_email_idx` ON `package_cards` (`email_key`);--> statement-breakpoint
CREATE INDEX `package_cards_expiry_idx` ON `package_cards` (`expired_at`,`expires_at`);--> statement-breakpoint
CREATE TABLE `package_ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`card_id` integer NOT NULL,
	`change` integer NOT NULL,
	`cause` text NOT NULL,
	`booking_id` integer,
	`reason` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`card_id`) REFERENCES `package_cards`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `package_ledger_card_idx` ON `package_ledger` (`card_id`,`id`);--> statement-breakpoint
ALTER TABLE `bookings` ADD `package_card_id` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `package_type_id` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `customer_phone` text;