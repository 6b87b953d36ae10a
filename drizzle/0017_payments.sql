CREATE TABLE `order_refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`cause` text NOT NULL,
	`amount_oere` integer NOT NULL,
	`created_at` text NOT NULL,
	`stripe_refund_id` text,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "order_refunds_amount_positive" CHECK("order_refunds"."amount_oere" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_refunds_cause_idx` ON `order_refunds` (`order_id`,`cause`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`request_key` text,
	`booking_id` integer,
	`session_type_id` text NOT NULL,
	`session_name` text NOT NULL,
	`minutes` integer NOT NULL,
	`amount_oere` integer NOT NULL,
	`currency` text DEFAULT 'dkk' NOT NULL,
	`payment` text NOT NULL,
	`status` text DEFAULT 'awaiting_payment' NOT NULL,
	`customer_name` text NOT NULL,
	`customer_email` text NOT NULL,
	`stripe_session_id` text,
	`checkout_url` text,
	`stripe_payment_intent` text,
	`livemode` integer,
	`hold_until` text,
	`terms_version` text NOT NULL,
	`terms_snapshot` text NOT NULL,
	`express_start` integer DEFAULT false NOT NULL,
	`receipt_number` integer,
	`refunded_oere` integer DEFAULT 0 NOT NULL,
	`withdrawn_at` text,
	`problem` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`paid_at` text,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "orders_amount_positive" CHECK("orders"."amount_oere" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_public_id_unique` ON `orders` (`public_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_token_hash_unique` ON `orders` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_request_key_unique` ON `orders` (`request_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_stripe_session_id_unique` ON `orders` (`stripe_session_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_receipt_number_unique` ON `orders` (`receipt_number`);--> statement-breakpoint
CREATE INDEX `orders_booking_idx` ON `orders` (`booking_id`);--> statement-breakpoint
CREATE INDEX `orders_status_hold_idx` ON `orders` (`status`,`hold_until`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`order_id` integer,
	`received_at` text NOT NULL
);
--> statement-breakpoint
DROP INDEX `bookings_confirmed_start_idx`;--> statement-breakpoint
ALTER TABLE `bookings` ADD `session_type_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_taken_start_idx` ON `bookings` (`starts_at`) WHERE status in ('bekraeftet', 'holdt');