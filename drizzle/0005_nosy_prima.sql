CREATE TABLE `booking_emails` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`kind` text NOT NULL,
	`role` text NOT NULL,
	`sequence` integer NOT NULL,
	`starts_at` text NOT NULL,
	`ends_at` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`created_at` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`next_attempt_at` text,
	`sent_at` text,
	`claim_token` text,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `booking_emails_idempotency_key_unique` ON `booking_emails` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `booking_emails_status_next_idx` ON `booking_emails` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `booking_emails_booking_idx` ON `booking_emails` (`booking_id`);--> statement-breakpoint
CREATE TABLE `bookings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`starts_at` text NOT NULL,
	`ends_at` text NOT NULL,
	`local_date` text NOT NULL,
	`mode` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`email_key` text NOT NULL,
	`phone` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'bekraeftet' NOT NULL,
	`cancelled_at` text,
	`cancelled_by` text,
	`outcome` text,
	`sequence` integer DEFAULT 0 NOT NULL,
	`move_count` integer DEFAULT 0 NOT NULL,
	`manage_token_hash` text NOT NULL,
	`ip_hash` text NOT NULL,
	CONSTRAINT "bookings_ends_after_start" CHECK("bookings"."ends_at" > "bookings"."starts_at")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_public_id_unique` ON `bookings` (`public_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_manage_token_hash_unique` ON `bookings` (`manage_token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_confirmed_start_idx` ON `bookings` (`starts_at`) WHERE status = 'bekraeftet';--> statement-breakpoint
CREATE INDEX `bookings_status_start_idx` ON `bookings` (`status`,`starts_at`);--> statement-breakpoint
CREATE INDEX `bookings_email_status_idx` ON `bookings` (`email_key`,`status`);--> statement-breakpoint
CREATE INDEX `bookings_ip_created_idx` ON `bookings` (`ip_hash`,`created_at`);